"""The turn, step by step: power calls, the deal, allocation, movement, damage and the return
of the cards. :class:`TurnFlow` holds the position; the engine-facing state derives from it.

Each procedure runs until a player must decide something, then leaves ``to_act`` set and
returns; the next action picks the turn up where it stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from tabletop.core import Action, Event, Outcome

from .actions import NO_CALL, POWER, RECHARGE_BATTERIES, ROWS, USE_BATTERIES, USE_ENGINES, Power
from .cards import ACE, CODES, DECK_SIZE, LABELS, RANKS, VALUES, code, label, labels, total
from .log import Draft, event, fill_draft, new_drafted
from .movement import REASONS, compare, resolver
from .rules import ALLOCATE, OVER, PAIR, READY, SETTLE, SPENT, UNAVAILABLE, Rules
from .rules import POWER as POWER_PHASE
from .ships import ShipSpec

__all__ = ["TurnFlow", "open_rows"]

BOTH = 3  # knowledge mask: a deck card whose identity both seats know
# Rows with room, indexed by a bit mask of offense (1), movement (2) and defense (4).
_ROOMS: tuple[tuple[int, ...], ...] = tuple(tuple(r for r in (0, 1, 2) if mask >> r & 1) for mask in range(8))
# The rows with room once a row fills up: _WITHOUT[rooms][row].
_WITHOUT: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    _ROOMS[mask]: tuple(_ROOMS[mask & ~(1 << row)] for row in (0, 1, 2)) for mask in range(8)}
# Seats still allocating behind the screen, indexed by a bit mask of who has finished.
_WAITING: tuple[tuple[str, ...], ...] = (("seat1", "seat2"), ("seat2",), ("seat1",), ())
_CALL_WORDS = {USE_BATTERIES: "on your batteries", RECHARGE_BATTERIES: "for a battery recharge",
               USE_ENGINES: "on your engines", NO_CALL: "for nothing"}
# Sorting by this puts the highest rank first (suits never matter), as -rank would.
_HIGHEST_FIRST: tuple[int, ...] = tuple(-RANKS[c] for c in range(DECK_SIZE))
_ACES = frozenset(c for c in range(DECK_SIZE) if RANKS[c] == ACE)
_PLACE_TEXT = tuple(tuple(f"You put {LABELS[c]} in {row.capitalize()}." for row in ROWS) for c in range(DECK_SIZE))


def in_runs(rows: tuple[tuple[int, ...], ...], advantage: int) -> bool:
    """Whether the cards a ship placed from its hand (its rows without the advantage cards dealt
    into Offense) could be its hand ranked high to low and cut into one run per row: no row holds
    a card ranked strictly between two cards of another row.

    >>> from .cards import parse_card as card
    >>> in_runs(((card("AS"), card("KD")), (card("QH"),), (card("5C"), card("2D"))), 0)
    True
    >>> in_runs(((card("AS"), card("5C")), (card("QH"),), (card("KD"), card("2D"))), 0)
    False
    """
    spans = []
    for r, cards in enumerate(rows):
        placed = cards[advantage:] if r == 0 else cards
        if placed:
            ranks = [RANKS[c] for c in placed]
            spans.append((min(ranks), max(ranks)))
    spans.sort()
    return all(low[1] <= high[0] for low, high in pairwise(spans))


def open_rows(offense: int, movement: int, defense: int, limits: tuple[int, int, int],
              bonus: int) -> tuple[int, ...]:
    """The rows that can take another card from a hand that is not empty, given the cards each
    row holds from hands (advantage cards dealt into Offense not counted), the ship's limits and
    its free placements (TSFB-ALLOC-2, TSFB-ADV-2)."""
    lo, lm, ld = limits
    if bonus and (max(0, offense - lo) + max(0, movement - lm) + max(0, defense - ld)) < bonus:
        return _ROOMS[7]
    return _ROOMS[(offense < lo) | (movement < lm) << 1 | (defense < ld) << 2]


class TurnFlow:
    """Position data and the procedures that move a turn along."""

    # The engine's State provides the log.
    events: list[Event]

    rules: Rules
    seat_names: tuple[str, str]
    ships: tuple[ShipSpec, ShipSpec]
    names: tuple[str, str]
    only: tuple[frozenset[str], frozenset[str]]
    gen: list[int]
    hands: list[list[int]]
    rooms: list[tuple[int, ...]]
    # Each seat's legal allocation moves, kept until its hand or rows change (None: to rebuild).
    placements: list[list[Action] | None]
    rows: list[list[list[int]]]
    adv_offense: list[int]
    bonus: list[int]
    deck: list[int]
    known: list[int]
    phase: int
    turn: int
    finished: list[bool]
    placer: int
    first_placer: int
    adv_points: list[int]
    adv_to_hand: list[bool]
    reserve: list[int]
    calls: list[str | None]
    revealed: int
    resolver: int
    walk: list[int]
    walk_owner: int
    pool: list[int]
    pairs: list[tuple[int, int]]
    unpaired: list[int]
    resolve_reason: str
    settled: str | None
    points: list[int]
    # Turns each ship ended with cards in hand while a row still had room for them: something no
    # sound allocation does (a card placed never hurts), so a sign of erratic play. Public: the
    # deal's count and the revealed rows tell it.
    idle: list[int]
    # Turns each ship's revealed rows were not runs of its hand ranked high to low (``in_runs``), as
    # every allocation of the rules of thumb and of the search is: another sign of erratic play.
    # Judged in the real duel only (see ``_resolve_damage``).
    unsorted: list[int]
    searcher: int | None
    _turn_record: TurnRecord | None
    # Plain attributes, not the engine's properties: search reads them at every step.
    to_act: tuple[str, ...] = ()
    outcome: Outcome | None = None
    is_over: bool = False

    @property
    def last_turn(self) -> dict[str, object] | None:
        """What the table saw of the turn before (kept until the next one ends); None before the first."""
        return None if self._turn_record is None else self._turn_record.view()

    def _say(self, kind: str, text: str, owner: int | None = None, **data: object) -> None:
        self.events.append(event(kind, text, data, None if owner is None else self.only[owner]))

    def _tell(self, kind: str, draft: Draft, values: tuple[object, ...], owner: int | None = None) -> None:
        """Log an event whose sentence and data ``draft(*values)`` writes when first read; the
        values are copied now, so the event tells what happened even after the state moves on."""
        made = new_drafted()
        fill_draft(made, (kind, None if owner is None else self.only[owner], draft, values))
        self.events.append(made)

    # -- reserve power ---------------------------------------------------------------------------

    def _power_options(self, i: int) -> list[Power]:
        state = self.reserve[i]
        if state == READY:
            call = USE_ENGINES if self.ships[i].reserve.kind == "engines" else USE_BATTERIES
            return [POWER[call], POWER[NO_CALL]]
        if state == SPENT and self.ships[i].reserve.rechargeable:
            return [POWER[RECHARGE_BATTERIES], POWER[NO_CALL]]
        return []

    def _begin_turn(self) -> None:
        self._tell("turn", _turn_begins, (self.turn,))
        self.phase = POWER_PHASE
        self.calls = [None, None]
        # Without the reserve-power rule (the usual duel) nobody has a call to make.
        reserve = self.reserve
        choosers = () if reserve[0] == reserve[1] == UNAVAILABLE else tuple(
            self.seat_names[i] for i in (0, 1) if self._power_options(i))
        if choosers:
            self.to_act = choosers
        else:
            self._deal()

    def _call_power(self, i: int, call: str) -> None:
        self.calls[i] = call
        self._say("power-call", f"You call {_CALL_WORDS[call]}; it stays secret until both ships have called.",
                  i, call=call)
        self.to_act = tuple(s for s in self.to_act if s != self.seat_names[i])
        if not self.to_act:
            self._deal()

    def _reserve_cards(self, i: int) -> int:
        """Cards the power call adds to (or, when recharging, takes from) this turn's deal."""
        call = self.calls[i]
        ship = self.ships[i]
        if call in (USE_BATTERIES, USE_ENGINES):
            self.reserve[i] = SPENT
            what = "its engines" if call == USE_ENGINES else "its batteries"
            self._say("power", f"{self.names[i]} calls on {what}: {ship.reserve.cards} extra card(s) this turn.",
                      seat=self.seat_names[i], call=call)
            return ship.reserve.cards
        if call == RECHARGE_BATTERIES:
            self.reserve[i] = READY
            self._say("power", f"{self.names[i]} recharges its batteries: one card fewer this turn.",
                      seat=self.seat_names[i], call=call)
            return -1
        self._say("power", f"{self.names[i]} makes no power call.", seat=self.seat_names[i], call=call)
        return 0

    # -- dealing and allocation ------------------------------------------------------------------

    def _draw(self, count: int) -> list[int]:
        cards = self.deck[:count]
        del self.deck[:count]
        del self.known[:count]
        return cards

    def _deal(self) -> None:
        self.phase = ALLOCATE
        self.revealed = 0
        for i in (0, 1):
            extra = self._reserve_cards(i) if self.calls[i] else 0
            advantage = self.adv_points[i]
            if advantage:
                cards = self._draw(advantage)
                if self.adv_to_hand[i]:
                    self.hands[i].extend(cards)
                    self.bonus[i] = len(cards)
                else:
                    self.rows[i][0].extend(cards)
                    self.adv_offense[i] = len(cards)
                self._tell("deal-advantage", _advantage_dealt,
                           (self.names[i], self.seat_names[i], len(cards), self.adv_to_hand[i]))
                if self.adv_to_hand[i] or self.rules.advantage_seen:
                    self._tell("deal-advantage-private", _advantage_shown, (tuple(cards),), i)
            wanted = max(0, self.gen[i] + extra)
            cards = self._draw(wanted)
            self.hands[i].extend(cards)
            self._tell("deal", _deal_told, (self.names[i], self.seat_names[i], len(cards), self.gen[i], wanted))
            self._tell("deal-private", _dealt, (cards,), i)
        self.adv_points = [0, 0]
        self.adv_to_hand = [False, False]
        self.finished = [False, False]
        if self.rules.open_allocation:
            self.placer = self.first_placer
        self.placements = [None, None]
        for i in (0, 1):
            room = self.rooms[i] = self._room(i)
            if not room:
                self._mark_finished(i, automatic=True)
        if self.finished[0] and self.finished[1]:
            self._reveal_movement()
        else:
            self._allocation_to_act()

    def _allocation_to_act(self) -> None:
        if self.rules.open_allocation:
            if self.finished[self.placer]:
                self.placer = 1 - self.placer
            self.to_act = (self.seat_names[self.placer],)
        else:
            self.to_act = _WAITING[self.finished[0] | self.finished[1] << 1]

    def _room(self, i: int) -> tuple[int, ...]:
        """Rows that can take another card from the hand (empty when nothing can be placed)."""
        if not self.hands[i]:
            return ()
        rows = self.rows[i]
        return open_rows(len(rows[0]) - self.adv_offense[i], len(rows[1]), len(rows[2]), self.ships[i].limits,
                         self.bonus[i])

    def _put(self, i: int, moves: Sequence[tuple[int, int]]) -> list[int]:
        """Move each card of ``moves`` (card, row) from the hand into its row, each told to its
        owner; the cards of the last one's row."""
        hand, rows, owner, append = self.hands[i], self.rows[i], self.only[i], self.events.append
        cards: list[int] = []
        for card, row in moves:
            hand.remove(card)
            cards = rows[row]
            cards.append(card)
            made = new_drafted()
            fill_draft(made, ("place", owner, _placed, (card, row)))
            append(made)
        return cards

    def _place(self, i: int, card: int, row: int) -> None:
        hand = self.hands[i]
        cards = self._put(i, ((card, row),))
        if self.rules.open_allocation:
            self._say("place-open", f"{self.names[i]} puts a card face down in {ROWS[row].capitalize()}.",
                      seat=self.seat_names[i], row=ROWS[row])
        self.placements[i] = None
        if hand and not self.bonus[i]:
            # Without free placements only the row that took the card can have run out of room.
            room = self.rooms[i]
            if len(cards) - (self.adv_offense[i] if row == 0 else 0) >= self.ships[i].limits[row]:
                room = self.rooms[i] = _WITHOUT[room][row]
        else:
            room = self.rooms[i] = self._room(i)
        if not room:
            self._finish_allocation(i, automatic=True)
            return
        if self.rules.open_allocation:
            if not self.finished[1 - i]:
                self.placer = 1 - i
            self._allocation_to_act()
        # Behind the screen the seats to act change only when one finishes.

    def _place_run(self, i: int, moves: list[tuple[int, int]], room: tuple[int, ...], finish: bool) -> None:
        """Place the cards of ``moves`` (card, row) in turn behind the screen, each known to be
        allowed when it comes, ``room`` being the rows with room after the last; then finish if
        asked. The very position and log that placing them one by one (``_place``) makes."""
        self._put(i, moves)
        self.placements[i] = None
        self.rooms[i] = room
        if not room:
            self._finish_allocation(i, automatic=True)
        elif finish:
            self._finish_allocation(i)

    def _finish_allocation(self, i: int, automatic: bool = False) -> None:
        self._mark_finished(i, automatic)
        if self.finished[1 - i]:
            self._reveal_movement()
        else:
            self._allocation_to_act()

    def _mark_finished(self, i: int, automatic: bool) -> None:
        self.finished[i] = True
        left = len(self.hands[i])
        # TSFB-RULING-SCREEN: the opponent learns only that this ship has finished, never why.
        self._tell("finish", _finished, (self.names[i], self.seat_names[i]))
        if automatic:
            self._say("finish-full", "You cannot place any more cards, so you have finished allocating.", i)
        if left:
            self._tell("finish-private", _unused, (tuple(self.hands[i]),), i)

    # -- movement ----------------------------------------------------------------------------------

    def _reveal_movement(self) -> None:
        self.revealed = 1
        moves = (self.rows[0][1], self.rows[1][1])
        self._tell("reveal-movement", _movement_shown, (self.names, self.seat_names, tuple(moves[0]), tuple(moves[1])))
        limits = (self.ships[0].limits[1], self.ships[1].limits[1])
        who, reason = resolver(moves, limits, (self.gen[0], self.gen[1]))
        self.points = [0, 0]
        self.pairs = []
        self.unpaired = []
        self.resolve_reason = reason
        self.settled = None
        if who is None:
            self.resolver = -1
            self._tell("resolver", _nobody_resolves, (reason,))
            self._finish_movement()
            return
        self.resolver = who
        self._tell("resolver", _resolves, (self.names[who], self.seat_names[who], reason))
        mine, theirs = moves[who], moves[1 - who]
        if len(mine) >= len(theirs):
            self.walk, self.walk_owner, self.pool = self._by_rank(theirs), 1 - who, list(mine)
        else:
            self.walk, self.walk_owner, self.pool = self._by_rank(mine), who, list(theirs)
        self._advance_pairing()

    @staticmethod
    def _by_rank(cards: list[int]) -> list[int]:
        return sorted(cards, key=_HIGHEST_FIRST.__getitem__)

    def _partner_choices(self) -> list[int]:
        """Cards the next walked card may be paired with, one per rank (suits never matter)."""
        seen: set[int] = set()
        choices = []
        for card in self._by_rank(self.pool):
            if RANKS[card] not in seen:
                seen.add(RANKS[card])
                choices.append(card)
        return choices

    def _advance_pairing(self) -> None:
        while self.walk:
            choices = self._partner_choices()
            if len(choices) > 1:
                self.phase = PAIR
                self.to_act = (self.seat_names[self.resolver],)
                return
            self._make_pair(choices[0], forced=True)
        self._score_unpaired()

    def _make_pair(self, partner: int, forced: bool = False) -> None:
        walked = self.walk.pop(0)
        self.pool.remove(partner)
        who = self.resolver
        mine, theirs = (walked, partner) if self.walk_owner == who else (partner, walked)
        self.pairs.append((mine, theirs))
        result = compare(mine, theirs)
        winner = pair_winner(result, who, self.rules.pair_points_both)
        if winner is not None:
            self.points[winner] += 1
        self._tell("pair", _paired, (self.names, who, mine, theirs, forced, result, winner))

    def movement_summary(self) -> dict[str, object]:
        """The movement of this turn as the table saw it: who resolved and why, every pair and who it
        scored for, cards left unpaired, and whether mutual points were kept or cancelled."""
        return _summary(*self._movement_facts())

    def _movement_facts(self) -> tuple[tuple[str, str], int, str, tuple[tuple[int, int], ...], tuple[int, ...],
                                       int, str | None, bool]:
        return (self.seat_names, self.resolver, self.resolve_reason, tuple(self.pairs), tuple(self.unpaired),
                self.walk_owner, self.settled, self.rules.pair_points_both)

    def _score_unpaired(self) -> None:
        if self.pool:
            owner = self.resolver if self.walk_owner != self.resolver else 1 - self.resolver
            self.points[owner] += len(self.pool)
            self._tell("unpaired", _unpaired, (tuple(self.pool), self.names[owner], self.seat_names[owner]))
        self.unpaired = self.pool
        self.pool = []
        if self.points[0] and self.points[1]:
            self.phase = SETTLE
            self.to_act = (self.seat_names[self.resolver],)
            return
        self._finish_movement()

    def _settle(self, keep: bool) -> None:
        who = self.resolver
        self.settled = "keep" if keep else "cancel"
        if keep:
            self._say("settle", f"{self.names[who]} lets both ships keep their advantage points "
                      f"({self.points[0]} and {self.points[1]}).", keep=True)
        else:
            cut = max(self.points) if self.rules.cancel_all else min(self.points)
            self.points = [max(0, p - cut) for p in self.points]
            left = " and ".join(f"{self.names[i]} {self.points[i]}" for i in (0, 1))
            self._say("settle", f"{self.names[who]} cancels the advantage points against each other, leaving "
                      f"{left}.", keep=False)
        self._finish_movement()

    def _finish_movement(self) -> None:
        moves = (self.rows[0][1], self.rows[1][1])
        aces = [not _ACES.isdisjoint(moves[i]) for i in (0, 1)]
        for i in (0, 1):
            points = self.points[i]
            self.adv_points[i] = points
            self.adv_to_hand[i] = aces[i] if self.rules.ace_own_ship else (aces[0] or aces[1])
            if points:
                self._tell("advantage", _advantage_ends, (self.names[i], self.seat_names[i], points, self.adv_to_hand[i]))
        self._resolve_damage()

    # -- damage and the end of the turn -------------------------------------------------------------

    def _resolve_damage(self) -> None:
        self.revealed = 2
        rows = self.rows
        shown = ((tuple(rows[0][0]), tuple(rows[0][1]), tuple(rows[0][2])),
                 (tuple(rows[1][0]), tuple(rows[1][1]), tuple(rows[1][2])))
        offense = [total(shown[0][0]), total(shown[1][0])]
        defense = [total(shown[0][2]), total(shown[1][2])]
        self._tell("reveal-combat", _combat_shown, (self.names, self.seat_names, (shown[0][0], shown[1][0]),
                                                    (shown[0][2], shown[1][2]), offense, defense))
        damage = [max(0, offense[i] - defense[1 - i]) // 10 for i in (0, 1)]
        before = (self.gen[0], self.gen[1])
        for i in (0, 1):
            self.gen[1 - i] = max(0, before[1 - i] - damage[i])
        self._tell("damage", _damage_done, (self.names, self.seat_names, offense, defense, damage, before,
                                            (self.gen[0], self.gen[1])))
        self._turn_record = TurnRecord((self.seat_names, self.turn, offense, defense, damage, tuple(self.adv_points),
                                        self._movement_facts(), *shown))
        if self.rules.open_allocation and damage[self.first_placer]:
            first = self.first_placer
            self.first_placer = 1 - first
            self._say("role-reversal", f"{self.names[first]} placed first and still scored damage, so the "
                      f"roles reverse: {self.names[1 - first]} places first from now on.",
                      first_placer=self.seat_names[1 - first])
        for i in (0, 1):
            if self.hands[i] and self.rooms[i]:
                self.idle[i] += 1
        if self.searcher is None:  # only the real duel: a search's worlds keep what it had seen
            for i in (0, 1):
                if self.rules.open_allocation or (self.adv_offense[i] and not self.rules.advantage_seen):
                    continue
                if not in_runs(shown[i], self.adv_offense[i]):
                    self.unsorted[i] += 1
        self._return_cards()
        if self._check_end():
            return
        self.turn += 1
        self._begin_turn()

    def _return_cards(self) -> None:
        for i in (0, 1):
            rows = self.rows[i]
            shown = rows[0] + rows[1] + rows[2]
            self.deck.extend(shown)
            self.known.extend([BOTH] * len(shown))
            self.deck.extend(self.hands[i])
            self.known.extend([1 << i] * len(self.hands[i]))
            self.rows[i] = [[], [], []]
            self.hands[i] = []
            self.adv_offense[i] = 0
            self.bonus[i] = 0
        self._tell("return", _returned, (len(self.deck),))

    def _check_end(self) -> bool:
        dead = [self.gen[i] == 0 for i in (0, 1)]
        if not (dead[0] or dead[1] or self.turn >= self.rules.turn_limit):
            return False
        scores = {self.seat_names[i]: float(self.gen[i]) for i in (0, 1)}
        if dead[0] or dead[1]:
            if dead[0] and dead[1]:
                winners: tuple[str, ...] = ()
                reason = "both ships exploded at zero generation: a draw"
            else:
                loser = 0 if dead[0] else 1
                winners = (self.seat_names[1 - loser],)
                reason = f"{self.names[loser]} exploded at zero generation; {self.names[1 - loser]} wins"
            self._end(winners, scores, reason)
            return True
        if self.turn >= self.rules.turn_limit:
            winners = ()
            reason = f"the turn limit ({self.rules.turn_limit}) was reached with both ships intact: a draw"
            if self.rules.limit_result == "less-damage":
                lost = [self.ships[i].generation - self.gen[i] for i in (0, 1)]
                if lost[0] != lost[1]:
                    best = 0 if lost[0] < lost[1] else 1
                    winners = (self.seat_names[best],)
                    reason = (f"the turn limit ({self.rules.turn_limit}) was reached; {self.names[best]} lost "
                              f"less generation ({lost[best]} against {lost[1 - best]}) and wins")
            self._end(winners, scores, reason)
            return True
        return False

    def _end(self, winners: tuple[str, ...], scores: dict[str, float], reason: str) -> None:
        self.phase = OVER
        self.to_act = ()
        self.outcome = Outcome(winners, scores, reason, self.seat_names)
        self.is_over = True
        self._say("game-over", f"The duel is over: {reason}.", winners=list(winners))


# -- drafts of the log's longer entries (see log.py): each writes (text, data) from copied values --


def _deal_told(name: str, seat: str, count: int, generation: int, wanted: int) -> tuple[str, dict[str, object]]:
    short = f" (the deck held only {count})" if count < wanted else ""
    return f"{name} is dealt {count} card(s) for generation {generation}{short}.", {"seat": seat, "count": count}


def _dealt(cards: list[int]) -> tuple[str, dict[str, object]]:
    return f"You are dealt {labels(cards)}.", {"cards": [CODES[c] for c in cards]}


def _unused(hand: tuple[int, ...]) -> tuple[str, dict[str, object]]:
    return f"You leave {labels(hand)} unused this turn.", {"unused": [code(c) for c in hand]}


def _movement_shown(names: tuple[str, str], seats: tuple[str, str], *moves: tuple[int, ...]) -> tuple[str, dict[str, object]]:
    shown = "; ".join(f"{names[i]} shows {labels(moves[i])} (total {sum([VALUES[c] for c in moves[i]])})"
                      for i in (0, 1))
    return f"Movement is revealed: {shown}.", {"movement": {seats[i]: [code(c) for c in moves[i]] for i in (0, 1)}}


def _advantage_dealt(name: str, seat: str, count: int, into_hand: bool) -> tuple[str, dict[str, object]]:
    where = ("into its hand (an Ace was in the movement), free of the row limits" if into_hand
             else "face down straight into its Offense, beyond the row limit")
    return (f"{name} is dealt {count} advantage card(s) {where}.",
            {"seat": seat, "count": count, "into_hand": into_hand})


def _advantage_shown(cards: tuple[int, ...]) -> tuple[str, dict[str, object]]:
    return f"Your advantage cards: {labels(cards)}.", {"cards": [CODES[c] for c in cards]}


def _placed(card: int, row: int) -> tuple[str, dict[str, object]]:
    return _PLACE_TEXT[card][row], {"card": CODES[card], "row": ROWS[row]}


def _turn_begins(turn: int) -> tuple[str, dict[str, object]]:
    return f"Turn {turn} begins.", {"turn": turn}


def _finished(name: str, seat: str) -> tuple[str, dict[str, object]]:
    return f"{name} has finished allocating.", {"seat": seat}


def _nobody_resolves(reason: str) -> tuple[str, dict[str, object]]:
    return (f"Nobody resolves movement: {REASONS[reason]}, so no advantage points are scored.",
            {"resolver": None, "reason": reason})


def _resolves(name: str, seat: str, reason: str) -> tuple[str, dict[str, object]]:
    return f"{name} resolves movement: {REASONS[reason]}.", {"resolver": seat, "reason": reason}


def _advantage_ends(name: str, seat: str, points: int, into_hand: bool) -> tuple[str, dict[str, object]]:
    where = "into its hand, because an Ace was in the movement" if into_hand else "straight into its Offense"
    return (f"{name} ends movement with {points} advantage point(s): next turn that many extra cards are dealt "
            f"{where}.", {"seat": seat, "points": points, "into_hand": into_hand})


def _returned(count: int) -> tuple[str, dict[str, object]]:
    return f"Every card goes back under the deck, which holds {count} cards again.", {}


def _paired(names: tuple[str, str], who: int, mine: int, theirs: int, forced: bool, result: int,
            winner: int | None) -> tuple[str, dict[str, object]]:
    if winner is not None:
        outcome = f"{names[winner]} gains an advantage point"
    elif result:
        outcome = (f"{names[1 - who]}'s card is higher, but only the resolving ship scores for a pair, "
                   "so nobody gains a point")
    else:
        outcome = "equal ranks, so nobody gains a point"
    how = " (no other pairing was possible)" if forced else ""
    return (f"{names[who]} pairs its {label(mine)} against {names[1 - who]}'s {label(theirs)}{how}: {outcome}.",
            {"mine": code(mine), "theirs": code(theirs), "forced": forced})


def _unpaired(pool: tuple[int, ...], name: str, seat: str) -> tuple[str, dict[str, object]]:
    return (f"{labels(pool)} of {name} had no partner: {len(pool)} advantage point(s) for the ship with more "
            "movement cards.", {"seat": seat, "count": len(pool)})


def _combat_shown(names: tuple[str, str], seats: tuple[str, str], offense_rows: tuple[tuple[int, ...], ...],
                  defense_rows: tuple[tuple[int, ...], ...], offense: list[int],
                  defense: list[int]) -> tuple[str, dict[str, object]]:
    shown = "; ".join(f"{names[i]} {labels(offense_rows[i])} = {offense[i]}" for i in (0, 1))
    guard = "; ".join(f"{names[i]} {labels(defense_rows[i])} = {defense[i]}" for i in (0, 1))
    return (f"Offense is revealed: {shown}. Then Defense: {guard}.",
            {"offense": {seats[i]: [CODES[c] for c in offense_rows[i]] for i in (0, 1)},
             "defense": {seats[i]: [CODES[c] for c in defense_rows[i]] for i in (0, 1)}})


def _damage_done(names: tuple[str, str], seats: tuple[str, str], offense: list[int], defense: list[int],
                 damage: list[int], before: tuple[int, int], after: tuple[int, int]) -> tuple[str, dict[str, object]]:
    results = []
    for i in (0, 1):
        j = 1 - i
        over = offense[i] - defense[j]
        if damage[i]:
            result = f"{damage[i]} point(s) of damage, so {names[j]} drops from generation {before[j]} to {after[j]}"
        else:
            result = "no damage"
        results.append(f"{names[i]}'s offense {offense[i]} beats {names[j]}'s defense {defense[j]} "
                       f"by {over}; a tenth of that, rounded down, is {result}" if over > 0 else
                       f"{names[i]}'s offense {offense[i]} does not exceed {names[j]}'s defense "
                       f"{defense[j]}: no damage")
    return ("Damage: " + ". ".join(results) + ".",
            {"dealt": {seats[i]: damage[i] for i in (0, 1)}, "generation": {seats[i]: after[i] for i in (0, 1)}})


# -- the turn before, as the view shows it ----------------------------------------------------------


class TurnRecord:
    """The facts of a finished turn, copied when it ends; the view's summary of it is written when
    first asked for (a search's copies of the duel finish many turns nobody looks at)."""

    __slots__ = ("_facts", "_view")

    def __init__(self, facts: tuple[Any, ...]) -> None:
        self._facts = facts
        self._view: dict[str, object] | None = None

    def view(self) -> dict[str, object]:
        if self._view is None:
            self._view = _turn_view(*self._facts)
        return self._view


def _turn_view(seats: tuple[str, str], turn: int, offense: list[int], defense: list[int], damage: list[int],
               advantage: tuple[int, int], movement: tuple[Any, ...], *rows: tuple[tuple[int, ...], ...]) -> dict[str, object]:
    return {
        "turn": turn,
        "offense": {seats[i]: offense[i] for i in (0, 1)},
        "defense": {seats[i]: defense[i] for i in (0, 1)},
        "damage_dealt": {seats[i]: damage[i] for i in (0, 1)},
        "advantage": {seats[i]: advantage[i] for i in (0, 1)},
        "movement": _summary(*movement),
        # Every row was turned up by now; the cards left in hand were never shown and stay out.
        "revealed": {seats[i]: {row: [code(c) for c in rows[i][k]] for k, row in enumerate(ROWS)} for i in (0, 1)},
    }


def pair_winner(result: int, resolver: int, both: bool) -> int | None:
    """Who scores a pair the resolver's card wins (1), loses (-1) or ties (0): the resolver for a
    win; for a loss the other ship only under ``pair_points=both`` (TSFB-RULING-PAIR-POINTS)."""
    if result > 0:
        return resolver
    if result < 0 and both:
        return 1 - resolver
    return None


def _summary(seats: tuple[str, str], who: int, reason: str, pairs: tuple[tuple[int, int], ...],
             unpaired: tuple[int, ...], walk_owner: int, settled: str | None, both: bool) -> dict[str, object]:
    """See :meth:`TurnFlow.movement_summary`."""
    if who < 0:
        return {"resolver": None, "reason": reason, "why": REASONS[reason], "pairs": [], "unpaired": None,
                "settled": None}
    shown = []
    for mine, theirs in pairs:
        result = compare(mine, theirs)
        higher = None if not result else seats[who if result > 0 else 1 - who]
        winner = pair_winner(result, who, both)
        shown.append({seats[who]: code(mine), seats[1 - who]: code(theirs), "higher": higher,
                      "point_to": None if winner is None else seats[winner]})
    left = None
    if unpaired:
        owner = who if walk_owner != who else 1 - who
        left = {"seat": seats[owner], "cards": [code(c) for c in unpaired], "points": len(unpaired)}
    return {"resolver": seats[who], "reason": reason, "why": REASONS[reason], "pairs": shown, "unpaired": left,
            "settled": settled}
