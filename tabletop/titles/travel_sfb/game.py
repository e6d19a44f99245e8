"""Travel SFB: two starships duel with a shared deck of playing cards.

Each turn both ships are dealt cards equal to their generation, allocate them face down to
Offense, Movement and Defense, reveal Movement (which earns advantage cards for next turn),
then Offense and Defense; every ten points of offense beyond the enemy's defense costs the
enemy one point of generation for good. A ship at zero generation explodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from tabletop.core import (
    Action,
    BadScenario,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    Randomness,
    State,
    register,
)
from tabletop.core.odds import Odds

from .actions import (
    CANCEL,
    CODEC,
    FINISH,
    KEEP,
    PLACE,
    ROW_INDEX,
    ROWS,
    Cancel,
    Finish,
    Keep,
    Pair,
    Place,
    Power,
    pair_action,
)
from .cards import CODES, DECK_SIZE, VALUES, code, label
from .features import FITTED, fitted_value, fitted_values
from .features import features as position_features
from .flow import BOTH, TurnFlow, open_rows
from .heuristic import suggest as heuristic_suggest
from .knowledge import Hidden, counts_visible, row_visible, unseen_advantage
from .knowledge import determinize as redraw_hidden
from .plans import ERRATIC_PLANS, OPPONENT_PLANS, allocation_plans
from .render import describe_action as action_label
from .render import render_text as picture
from .rules import ALLOCATE, PAIR, PHASE_NAMES, POWER, READY, RESERVE_NAMES, SETTLE, SPENT, UNAVAILABLE, Rules
from .scenario import read_scenario
from .ships import SHIP_SLUGS, SHIPS, ShipSpec

__all__ = ["INFO", "TravelSFBGame", "TravelState"]

INFO = GameInfo(
    name="travel-sfb",
    title="Travel SFB",
    summary="A starship duel with one deck of cards: allocate power in secret to offense, movement "
    "and defense; out-manoeuvre for advantage cards and burn down the enemy's generation.",
    min_seats=2,
    max_seats=2,
    options=(
        Option("ship1", "federation", "seat1's ship", choices=SHIP_SLUGS),
        Option("ship2", "klingon", "seat2's ship", choices=SHIP_SLUGS),
        Option("batteries", False, "optional reserve-power rule: batteries give one extra card, can be "
               "recharged by taking one card fewer; the Orion's engines give two extra cards once"),
        Option("open_allocation", False, "no screen: draw for initiative and place one card at a time, "
               "the lower card first, with roles reversing when the first placer scores damage"),
        Option("turn_limit", 60, "a duel still going after this many turns ends (see limit_result)",
               minimum=1, maximum=10_000),
        Option("limit_result", "draw", "the result at the turn limit: a draw, or a win for the ship that "
               "has lost less generation", choices=("draw", "less-damage")),
        Option("cancel_rule", "one-for-one", "how the resolver cancels mutual advantage points: one point "
               "of each side against each other, or all of both sides' points", choices=("one-for-one", "all")),
        Option("ace_rule", "either-ship", "an Ace in either movement row sends both ships' advantage "
               "cards to the hand, or only the Ace holder's", choices=("either-ship", "own-ship")),
        Option("pair_points", "resolver", "who scores a won comparison pair: only the resolving ship (the "
               "rulebook's text), or whichever ship's card is higher", choices=("resolver", "both")),
        Option("advantage_cards", "face-down", "advantage cards dealt straight into Offense stay face down "
               "until the reveal, or their owner may look at them", choices=("face-down", "owner-looks")),
        Option("orion_engines", "with-batteries", "the Orion's engines are part of the reserve-power rule, "
               "or always available", choices=("with-batteries", "always")),
    ),
    hidden_information=True,
    turn_style="simultaneous",
    rulebook="004_89a2c14145f27d48.txt",
)

SEATS = ("seat1", "seat2")
CARD_BY_CODE = {text: c for c, text in enumerate(CODES)}
HINT_LIMIT = 12  # legal actions a refusal lists, as the engine's own messages do
# The card and row of each shared placement (``actions.PLACE``), found by the action's identity:
# the shared actions live as long as the module, and hashing an action by value costs a call.
_SHARED_PLACES: dict[int, tuple[int, int]] = {id(PLACE[c][r]): (c, r) for c in range(DECK_SIZE) for r in range(3)}


class Refused(IllegalAction):
    """An action the rules do not allow now. Its message, which lists the legal actions, is
    written only when read: a search tries many plans that no longer fit a re-drawn hand and
    reads none of the messages."""

    def __init__(self, action: Action, seat: str, why: str | Callable[[], str],
                 legal: Sequence[Action] | Callable[[], Sequence[Action]]) -> None:
        super().__init__()
        self.action = action
        self.seat = seat
        self._why = why
        self._legal = legal
        self._message: str | None = None

    @property
    def why(self) -> str:
        """The rule the action breaks, in words."""
        if not isinstance(self._why, str):
            self._why = self._why()
        return self._why

    def __str__(self) -> str:
        if self._message is None:
            legal = self._legal if isinstance(self._legal, Sequence) else self._legal()
            shown = "; ".join(map(str, legal[:HINT_LIMIT]))
            more = f" (and {len(legal) - HINT_LIMIT} more)" if len(legal) > HINT_LIMIT else ""
            hint = f"legal now: {shown}{more}" if legal else "it has no legal actions"
            self._message = f"{self.action} is not legal for {self.seat} now ({self.why}); {hint}"
        return self._message

    @property
    def args(self) -> tuple[Any, ...]:
        return (str(self),)

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        self._message = str(value[0]) if value else ""

    def __repr__(self) -> str:
        return f"IllegalAction({str(self)!r})"

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str]]:
        return IllegalAction, (str(self),)


def placements(hand: Sequence[int], rooms: tuple[int, ...]) -> list[Action]:
    """The allocation moves of a ship holding ``hand`` with room in ``rooms``: each card to each
    such row, then finishing."""
    legal: list[Action] = [PLACE[c][r] for c in hand for r in rooms]
    legal.append(FINISH)
    return legal


def _placing_refusal(action: Place, hand: Sequence[int]) -> str:
    """Why a placement is refused while allocating with ``hand``."""
    if action.row not in ROW_INDEX:
        return f"the rows are {', '.join(ROWS)}"
    if CARD_BY_CODE.get(action.card) not in hand:
        return f"{action.card} is not in your hand"
    return f"{action.row.capitalize()} is full for this ship"


@register
class TravelSFBGame(Game):
    """Travel SFB with its options fixed: the two ships and the rule settings."""

    info = INFO
    codec = CODEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.ships: tuple[ShipSpec, ShipSpec] = (SHIPS[self.options["ship1"]], SHIPS[self.options["ship2"]])
        self.rules = Rules.from_options(self.options)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> TravelState:
        state = TravelState(self, rng)
        state.setup(scenario)
        return state

    def render_text(self, view: Any) -> str:
        return picture(view)


class TravelState(TurnFlow, State):
    """A duel in progress. Seat index 0 is seat1, 1 is seat2."""

    def __init__(self, game: TravelSFBGame, rng: Randomness) -> None:
        State.__init__(self, game, rng)
        self.rules = game.rules
        self.ships = game.ships
        self.seat_names = SEATS
        # a player knows the duel by its ships; the seats tell two ships of one class apart
        mirror = game.ships[0].name == game.ships[1].name
        first, second = (f"{ship.name} ({seat})" if mirror else ship.name for ship, seat in zip(game.ships, SEATS, strict=True))
        self.names = (first, second)
        self.only = (frozenset(("seat1",)), frozenset(("seat2",)))
        self.gen = [game.ships[0].generation, game.ships[1].generation]
        self.hands = [[], []]
        self.rooms = [(), ()]
        self.placements = [None, None]
        self.rows = [[[], [], []], [[], [], []]]
        self.adv_offense = [0, 0]
        self.bonus = [0, 0]
        self.deck = []
        self.known = []
        self.phase = POWER
        self.turn = 1
        self.finished = [False, False]
        self.placer = 0
        self.first_placer = 0
        self.adv_points = [0, 0]
        self.adv_to_hand = [False, False]
        self.reserve = [self._reserve_start(i) for i in (0, 1)]
        self.calls = [None, None]
        self.revealed = 0
        self.resolver = -1
        self.walk = []
        self.walk_owner = 0
        self.pool = []
        self.pairs = []
        self.unpaired = []
        self.resolve_reason = "empty"
        self.settled = None
        self.points = [0, 0]
        self.idle = [0, 0]
        self.unsorted = [0, 0]
        self._turn_record = None
        # The seat a determinized copy was drawn for (None in the real game): see plans.py.
        self.searcher: int | None = None
        self.to_act = ()
        self.outcome = None
        self.is_over = False
        self._seen: dict[str | None, tuple[list[Event], int, list[Event]]] = {}
        self._hidden: dict[int | None, tuple[Any, ...]] = {}

    def _reserve_start(self, i: int) -> int:
        kind = self.ships[i].reserve.kind
        in_play = self.rules.engines if kind == "engines" else self.rules.batteries
        return READY if in_play else UNAVAILABLE

    # -- setting up -----------------------------------------------------------------------------

    def setup(self, data: dict[str, Any] | None) -> None:
        """Shuffle the deck once for the whole duel, draw for initiative if asked, and start turn 1."""
        top: list[int] = []
        if data is not None:
            in_play = (self.reserve[0] != UNAVAILABLE, self.reserve[1] != UNAVAILABLE)
            scenario = read_scenario(data, SEATS, self.ships, self.rules.turn_limit, in_play)
            top = scenario.deck_top
            for i, value in scenario.generation.items():
                self.gen[i] = value
            for i, value in scenario.advantage.items():
                self.adv_points[i] = value
            for i, flag in scenario.advantage_to_hand.items():
                self.adv_to_hand[i] = flag
            for i, word in scenario.reserve.items():
                self.reserve[i] = READY if word == "ready" else SPENT
            self.turn = scenario.turn
            if scenario.first_placer is not None:
                if not self.rules.open_allocation:
                    raise BadScenario("'first_placer' only applies with the open_allocation option")
                self.first_placer = scenario.first_placer
        on_top = set(top)
        rest = [CODES[c] for c in range(DECK_SIZE) if c not in on_top]
        self.rng.shuffle(rest, "deck")
        self.deck = top + [CARD_BY_CODE[text] for text in rest]
        self.known = [0] * DECK_SIZE
        self._say("shuffle", "The deck of 52 cards is shuffled; it will not be shuffled again this duel.")
        if self.rules.open_allocation and (data is None or data.get("first_placer") is None):
            self._draw_initiative()
        self._begin_turn()

    def _draw_initiative(self) -> None:
        """Each side turns up a card until the values differ (J, Q, K and A count 10, so a Jack
        against a King is drawn again); the lower card places first."""
        drawn: list[int] = []
        while True:
            first, second = self._draw(2)
            drawn += [first, second]
            if VALUES[first] != VALUES[second]:
                break
            self._say("initiative", f"Initiative draw: {label(first)} against {label(second)} is a tie (both "
                      f"count {VALUES[first]}); both draw again.", cards=[code(first), code(second)])
        self.first_placer = 0 if VALUES[first] < VALUES[second] else 1
        low = self.first_placer
        self._say("initiative", f"Initiative draw: seat1 turns up {label(first)}, seat2 {label(second)}; "
                  f"{self.names[low]} has the lower card and places first, {self.names[1 - low]} "
                  "places after it.", cards=[code(first), code(second)], first_placer=SEATS[low])
        self.deck.extend(drawn)
        self.known.extend([BOTH] * len(drawn))

    # -- the engine contract ----------------------------------------------------------------------

    def _legal_actions(self, seat: str) -> list[Action]:
        i = 0 if seat == "seat1" else 1
        phase = self.phase
        if phase == ALLOCATE:
            legal = self.placements[i]
            if legal is None:
                rooms = self.rooms[i]
                legal = self.placements[i] = placements(self.hands[i], rooms)
            return legal
        if phase == PAIR:
            return list(self._pair_actions())
        if phase == SETTLE:
            return [KEEP, CANCEL]
        if phase == POWER:
            return list(self._power_options(i))
        return []

    def _pair_actions(self) -> list[Pair]:
        walked = self.walk[0]
        if self.walk_owner == self.resolver:
            return [pair_action(walked, p) for p in self._partner_choices()]
        return [pair_action(p, walked) for p in self._partner_choices()]

    def check(self, seat: str, action: Action) -> None:
        if self.phase == ALLOCATE and seat in self.to_act:
            # The common case in play and search, answered without building the legal list.
            kind = type(action)
            if kind is Finish:
                return
            if kind is Place:
                assert isinstance(action, Place)
                i = 0 if seat == "seat1" else 1
                card, row = _SHARED_PLACES.get(id(action)) or (CARD_BY_CODE.get(action.card), ROW_INDEX.get(action.row))
                if card in self.hands[i] and row in self.rooms[i]:
                    return
                # Every legal placement names a card in hand and a row with room. A search tries
                # many plans that no longer fit a re-drawn hand, so the reason is worked out when read.
                hand, rooms = tuple(self.hands[i]), self.rooms[i]
                raise Refused(action, seat, lambda: _placing_refusal(action, hand),
                              lambda: placements(hand, rooms))
        legal = self._cached_legal(seat)
        for candidate in legal:
            if candidate is action:
                return
        if action not in legal:
            raise Refused(action, seat, self._why_not(seat, action), legal)

    def _why_not(self, seat: str, action: Action) -> str:
        i = 0 if seat == "seat1" else 1
        phase = PHASE_NAMES[self.phase]
        if isinstance(action, Place):
            if self.phase != ALLOCATE:
                return f"cards are placed only while allocating, and this is the {phase} step"
            return _placing_refusal(action, self.hands[i])
        if isinstance(action, Pair):
            return "pairs are chosen only by the resolving ship, card by card, from unpaired movement cards"
        if isinstance(action, (Keep, Cancel)):
            return "keep or cancel is decided only when both ships scored advantage points"
        if isinstance(action, Power):
            return "power calls are made before the deal, and only for reserve power that can be called"
        return f"this is the {phase} step"

    def _apply(self, seat: str, action: Action) -> None:
        i = 0 if seat == "seat1" else 1
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            card, row = _SHARED_PLACES.get(id(action)) or (CARD_BY_CODE[action.card], ROW_INDEX[action.row])
            self._place(i, card, row)
        elif kind is Finish:
            self._finish_allocation(i)
        elif kind is Pair:
            assert isinstance(action, Pair)
            own_walk = self.walk_owner == self.resolver
            self._make_pair(CARD_BY_CODE[action.theirs if own_walk else action.mine])
            self._advance_pairing()
        elif kind is Keep:
            self._settle(keep=True)
        elif kind is Cancel:
            self._settle(keep=False)
        elif kind is Power:
            assert isinstance(action, Power)
            self._call_power(i, action.call)

    def apply_all(self, seat: str, actions: Sequence[Action]) -> list[Event]:
        # A whole allocation behind the screen (a search's plan) crosses the boundary once: each
        # placement is checked against the hand and rows it will meet before any is made. Any
        # other run of actions, or one that would be refused, takes the engine's own path.
        if not isinstance(actions, (tuple, list)):
            return super().apply_all(seat, actions)
        i = 0 if seat == "seat1" else 1
        allowed = self._allowed_run(seat, i, actions)
        if allowed is None:
            return super().apply_all(seat, actions)
        start = len(self.events)
        self._place_run(i, *allowed)
        self.history.extend([(seat, action) for action in actions])
        self._legal_cache.clear()
        return self.events[start:]

    def _allowed_run(self, seat: str, i: int, actions: Sequence[Action]) -> tuple[
            list[tuple[int, int]], tuple[int, ...], bool] | None:
        """For placements behind the screen (the shared actions, a ``finish`` last if any) that
        the rules allow one after another, what ``_place_run`` takes: each (card, row), the rows
        with room after the last, and whether the run finishes. None for anything else."""
        if len(actions) < 2 or self.phase != ALLOCATE or seat not in self.to_act or self.rules.open_allocation \
                or self.rng.scripted:
            return None
        finish = type(actions[-1]) is Finish
        found = list(map(_SHARED_PLACES.get, map(id, actions[:-1] if finish else actions)))
        if None in found or not all(map(self.game.codec.well_formed, actions)):
            return None
        moves = cast("list[tuple[int, int]]", found)
        hand = list(self.hands[i])
        rows = self.rows[i]
        counts = [len(rows[0]) - self.adv_offense[i], len(rows[1]), len(rows[2])]
        limits, bonus = self.ships[i].limits, self.bonus[i]
        room = self.rooms[i]
        for card, row in moves:
            if card not in hand or (bonus and row not in room):
                return None
            hand.remove(card)
            counts[row] += 1
            if bonus:
                room = open_rows(counts[0], counts[1], counts[2], limits, bonus) if hand else ()
        if not bonus:
            # Without free placements a row takes cards while it holds fewer than its limit, so
            # the placements fit, in whatever order, when each row ends within its limit.
            if counts[0] > limits[0] or counts[1] > limits[1] or counts[2] > limits[2]:
                return None
            room = open_rows(counts[0], counts[1], counts[2], limits, 0) if hand else ()
        if finish and not room:  # a ship that cannot place more has finished already
            return None
        return moves, room, finish

    def clone(self) -> TravelState:
        twin = self.copy_position(list(self.events), list(self.history))
        twin.rng = self.rng.clone()
        return twin

    def copy_position(self, events: list[Event], history: list[tuple[str, Action]]) -> TravelState:
        """An independent copy of the position with the given log, sharing this state's chance
        generator (the caller gives the copy its own)."""
        twin = TravelState.__new__(TravelState)
        twin.__dict__.update(self.__dict__)
        twin.events = events
        twin.history = history
        twin._legal_cache = {}
        twin._seen = {}
        twin._hidden = {}
        twin.gen = list(self.gen)
        twin.hands = [list(self.hands[0]), list(self.hands[1])]
        twin.rows = [[list(r) for r in self.rows[0]], [list(r) for r in self.rows[1]]]
        twin.adv_offense = list(self.adv_offense)
        twin.bonus = list(self.bonus)
        twin.deck = list(self.deck)
        twin.known = list(self.known)
        twin.finished = list(self.finished)
        twin.adv_points = list(self.adv_points)
        twin.adv_to_hand = list(self.adv_to_hand)
        twin.reserve = list(self.reserve)
        twin.calls = list(self.calls)
        twin.walk = list(self.walk)
        twin.pool = list(self.pool)
        twin.pairs = list(self.pairs)
        twin.unpaired = list(self.unpaired)
        twin.points = list(self.points)
        twin.idle = list(self.idle)
        twin.unsorted = list(self.unsorted)
        twin.rooms = list(self.rooms)
        twin.placements = list(self.placements)
        return twin

    def seen_by(self, seat: str | None) -> list[Event]:
        """The log as ``seat`` saw it, as a new list. The filtering is remembered, since a search
        asks for it in every world it draws and the log only ever grows."""
        events = self.events
        memo = self._seen.get(seat)
        if memo is None or memo[0] is not events or memo[1] > len(events):
            memo = (events, 0, [])
        _events, done, seen = memo
        if done < len(events):
            seen.extend([e for e in events[done:] if e.visible(seat)])
            self._seen[seat] = (events, len(events), seen)
        return list(seen)

    def __getstate__(self) -> dict[str, Any]:
        # The memos of legal moves and of the log's views are derived data, like the engine's own
        # legal-move cache.
        data = super().__getstate__()
        data["placements"] = [None, None]
        data["_seen"] = {}
        data["_hidden"] = {}
        return data

    def hidden_from(self, viewer: int | None) -> Hidden:
        """What ship ``viewer`` (None: a spectator) cannot see here, laid out for re-drawing. Kept
        for the next world a search draws, with a copy of everything it was worked out from: it
        serves only while all of that is unchanged."""
        signature = (self.phase, self.revealed, self.finished[0], self.finished[1], self.adv_offense[0],
                     self.adv_offense[1], self.calls[0] is None, self.calls[1] is None)
        kept = self._hidden.get(viewer)
        if kept is not None and kept[0] == signature and kept[1] == self.deck and kept[2] == self.known \
                and kept[3] == self.hands and kept[4] == self.rows:
            hidden: Hidden = kept[5]
            return hidden
        hidden = Hidden(self, viewer)
        self._hidden[viewer] = (signature, list(self.deck), list(self.known), [list(hand) for hand in self.hands],
                                [[list(row) for row in rows] for rows in self.rows], hidden)
        return hidden

    def describe_action(self, seat: str, action: Action) -> str:
        return action_label(self, seat, action)

    def suggest(self, seat: str, rng: Randomness) -> Action:
        return heuristic_suggest(self, seat, rng)

    def _explain(self, seat: str, action: Action) -> str | None:
        if isinstance(action, Place):
            i = 0 if seat == "seat1" else 1
            full = self.phase == ALLOCATE and CARD_BY_CODE.get(action.card) in self.hands[i]
            return "TSFB-ALLOC-2" if full and action.row in ROW_INDEX else "TSFB-ALLOC-1"
        return super()._explain(seat, action)

    def _odds(self, seat: str, action: Action) -> Odds | None:
        from .odds import action_odds

        return action_odds(self, seat, action)

    def evaluate(self, seat: str) -> float:
        if self.outcome is not None:
            return self.outcome.returns(seat)
        if FITTED is not None:
            return fitted_value(FITTED, self, seat)
        i = 0 if seat == "seat1" else 1
        share = [self.gen[k] / self.ships[k].generation for k in (0, 1)]
        return max(-1.0, min(1.0, share[i] - share[1 - i]))

    def evaluations(self) -> dict[str, float]:
        if self.outcome is not None or FITTED is None:
            return {seat: self.evaluate(seat) for seat in SEATS}
        first, second = fitted_values(FITTED, self)
        return {"seat1": first, "seat2": second}

    def features(self, seat: str) -> dict[str, float]:
        return position_features(self, seat)

    def rollout_settled(self, rounds: int) -> bool:
        # While allocating, the evaluation reads only what placing cannot change: generations,
        # coming advantage points and the cards each ship holds, in hand and rows alike. It
        # stays as it is until both ships have finished, and a ship with more than ``rounds``
        # cards in hand and free places under its limits does not finish in ``rounds``
        # suggestions: each places a card of the rules of thumb's plan, which fills every free
        # place it can (``heuristic.best_plan``). Placing draws no chance.
        if self.phase != ALLOCATE or self.is_over:
            return False
        for i in (0, 1):
            if self.finished[i] or len(self.hands[i]) <= rounds:
                continue
            (offense, movement, defense), limits = self.rows[i], self.ships[i].limits
            free = (max(0, limits[0] - len(offense) + self.adv_offense[i]) + max(0, limits[1] - len(movement))
                    + max(0, limits[2] - len(defense)))
            if free > rounds:
                return True
        return False

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        i = 0 if seat == "seat1" else 1
        if self.searcher is not None and self.searcher != i:
            return allocation_plans(self, seat, OPPONENT_PLANS)
        if self.idle[1 - i] or self.unsorted[1 - i]:
            # An erratic opponent (see ``idle`` and ``unsorted``) is met with the rules of thumb,
            # which model the opponent as placing cards at random; the search's model of a sound
            # reply misleads.
            return allocation_plans(self, seat, ERRATIC_PLANS)
        return allocation_plans(self, seat)

    def determinize(self, seat: str | None, rng: Randomness) -> TravelState:
        return redraw_hidden(self, seat, rng)

    def _view(self, seat: str | None) -> dict[str, Any]:
        return build_view(self, None if seat is None else SEATS.index(seat))


# -- views -----------------------------------------------------------------------------------------


def build_view(state: TravelState, viewer: int | None) -> dict[str, Any]:
    counted = counts_visible(state, viewer)
    ships: dict[str, Any] = {}
    for i in (0, 1):
        ship = state.ships[i]
        own = viewer == i
        rows = {}
        unseen = unseen_advantage(state, i, viewer)
        for r, name in enumerate(ROWS):
            cards = state.rows[i][r]
            shown: list[str | None] | None = None
            if row_visible(state, i, viewer, r):
                shown = [None if r == 0 and k < unseen else CODES[c] for k, c in enumerate(cards)]
            rows[name] = {"count": len(cards) if own or counted else None, "cards": shown}
        held = len(state.hands[i]) + sum(len(r) for r in state.rows[i])
        ships[SEATS[i]] = {
            "ship": ship.slug,
            "name": ship.name,
            "limits": dict(zip(ROWS, ship.limits, strict=True)),
            "generation": state.gen[i],
            "max_generation": ship.generation,
            "reserve": {"kind": ship.reserve.kind, "cards": ship.reserve.cards,
                        "state": RESERVE_NAMES[state.reserve[i]]},
            "power_call": state.calls[i] if own or state.phase != POWER else None,
            "power_called": state.calls[i] is not None,
            "cards_held": held,
            "hand": [CODES[c] for c in state.hands[i]] if own else None,
            "hand_count": len(state.hands[i]) if own or counted else None,
            "rows": rows,
            "advantage_in_offense": state.adv_offense[i],
            "free_placements": state.bonus[i],
            "finished_allocating": state.finished[i],
            "advantage_next_turn": {"points": state.adv_points[i], "into_hand": state.adv_to_hand[i]},
        }
    view: dict[str, Any] = {
        "turn": state.turn,
        "turn_limit": state.rules.turn_limit,
        "phase": PHASE_NAMES[state.phase],
        "deck_count": len(state.deck),
        "ships": ships,
        "open_allocation": state.rules.open_allocation,
        "last_turn": state.last_turn,
    }
    if state.rules.open_allocation:
        view["initiative"] = {"first_placer": SEATS[state.first_placer],
                              "placing_now": SEATS[state.placer] if state.phase == ALLOCATE else None}
    if state.phase in (PAIR, SETTLE):
        view["movement"] = {
            "resolver": SEATS[state.resolver],
            "pairs": [[CODES[a], CODES[b]] for a, b in state.pairs],
            "next_to_pair": CODES[state.walk[0]] if state.walk else None,
            "next_to_pair_owner": SEATS[state.walk_owner] if state.walk else None,
            "points": {SEATS[i]: state.points[i] for i in (0, 1)},
        }
    return view
