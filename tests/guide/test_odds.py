"""Odds before a roll: counted against every scripted die, never changing the state, never
depending on what the asking seat may not see."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import tabletop
from tabletop.core import Action, Randomness, State
from tabletop.core.odds import Odds
from tabletop.core.record import state_digest
from tabletop.guide import lessons
from tabletop.titles.cagway_bay.actions import Douse
from tabletop.titles.friendly_competition.actions import DontTry, Tackle, Try
from tabletop.titles.friendly_competition.actions import Pass as KickPass
from tests.cagway_bay.helpers import make, ship
from tests.cargo_bay_ball.helpers import position as bay_position
from tests.friendly_competition.helpers import position as pitch_position

FILLER = [1] * 12


def counted(build: Callable[[list[int]], State], dice: int, act: Callable[[State], None],
            happened: Callable[[State], bool]) -> Fraction:
    """The share of all ``dice``-long scripts (then ones) for which ``happened`` holds."""
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=dice):
        state = build(list(faces) + FILLER)
        act(state)
        hits += happened(state)
    return Fraction(hits, 6**dice)


def fingerprint(state: State) -> tuple[object, ...]:
    """The log, every view, the history and where chance stands."""
    rng = state.rng.clone()
    return state_digest(state), len(state.history), getattr(rng, "remaining_rolls", None), rng.random()


def untouched(state: State, seat: str, action: Action) -> Odds | None:
    before = fingerprint(state)
    odds = state.odds(seat, action)
    assert fingerprint(state) == before
    return odds


def shooter(dice: list[int], where: str = "C6") -> State:
    crew = [{"crew": "simon", "side": 1, "at": where}, {"crew": "wash", "side": 1, "at": "B2"},
            {"crew": "jayne", "side": 2, "at": "M9"}, {"crew": "kaylee", "side": 2, "at": "N10"}]
    return bay_position(crew, dice=dice, ball="simon", turn={"crew": "simon"})


def test_cargo_bay_ball_shot_odds_match_every_scripted_roll() -> None:
    shoot = tabletop.load("cargo-bay-ball").parse_action("shoot")
    state = shooter([])
    odds = untouched(state, state.to_act[0], shoot)
    assert odds is not None and odds.exact
    for label, kind in (("scores", "goal"), ("falls short", "short")):
        share = counted(shooter, 2, lambda s: s.apply(s.to_act[0], shoot),
                        lambda s, kind=kind: any(e.kind == kind for e in s.events))
        assert odds.chance(label) == share, label
    assert Fraction(0) < odds.chance("scores") < odds.chance("reaches the goal") < 1


def test_cargo_bay_ball_steal_and_slobberknock_odds_are_counted_exactly() -> None:
    crew = [{"crew": "simon", "side": 1, "at": "H4"}, {"crew": "wash", "side": 1, "at": "B2"},
            {"crew": "jayne", "side": 2, "at": "H5"}, {"crew": "kaylee", "side": 2, "at": "N10"}]

    def build(dice: list[int]) -> State:
        return bay_position(crew, dice=dice, ball="jayne", turn={"crew": "simon"})

    steal = tabletop.load("cargo-bay-ball").parse_action("steal target=jayne")
    state = build([])
    odds = untouched(state, state.to_act[0], steal)
    assert odds is not None and odds.exact
    share = counted(build, 2, lambda s: s.apply(s.to_act[0], steal), lambda s: s.holder == s.crew_by_slug("simon"))
    assert odds.chance("takes the ball") == share and 0 < share < 1


def test_friendly_competition_tackle_odds_match_every_scripted_roll() -> None:
    def build(dice: list[int]) -> State:
        return pitch_position(["f19", "j3"], ["r6", "j2"], ball={"holder": "seat2:2"}, dice=dice)

    odds = untouched(build([]), "seat1", Tackle(2))
    assert odds is not None and odds.exact
    won = counted(build, 2, lambda s: s.apply("seat1", Tackle(2)),
                  lambda s: any(e.kind == "tackle" and e.data["result"] == "won" for e in s.events))
    assert odds.chance("wins the ball") == won == Fraction(15, 36)
    assert odds.chance("knocks the ball free") == Fraction(1, 6)


def test_friendly_competition_pass_odds_add_up_and_name_interceptions() -> None:
    state = pitch_position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[])
    odds = untouched(state, "seat1", KickPass("short", "n"))
    assert odds is not None and odds.exact
    ends = ("the ball ends loose", "a teammate has it", "the other side has it", "a goal",
            "an own goal: the other side scores")
    assert sum(odds.chance(label) for label in ends) == 1
    assert odds.chance("intercepted up to") > 0


def test_friendly_competition_pass_odds_call_an_own_goal_one() -> None:
    # FSC-GOAL-2: a pass into the passer's own goal scores for the other side
    state = pitch_position(["f19", "j17"], ["r6"], ball={"holder": "seat1:2"}, dice=[])
    odds = untouched(state, "seat1", KickPass("short", "s"))
    assert odds is not None and odds.chance("an own goal: the other side scores") > 0
    assert odds.chance("a goal") == 0


def test_cagway_bay_douse_odds_match_every_roll() -> None:
    def build(dice: list[int]) -> State:
        return make([ship("hms", "frigate", 0, 50, 50, 90, ap=1, fires=[5]),
                      ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1, dice=dice)

    odds = untouched(build([]), "red", Douse("hms"))
    assert odds is not None and odds.exact
    share = counted(build, 1, lambda s: s.apply("red", Douse("hms")), lambda s: not s.ships["hms"].fires)
    assert odds.chance("puts a fire out") == share == Fraction(1, 3)


def test_actions_without_chance_have_no_odds() -> None:
    state = shooter([])
    step = state.legal_actions(state.to_act[0])[0]
    assert step.kind == "step" and state.odds(state.to_act[0], step) is None


def travel_allocating(seed: int) -> State:
    state = tabletop.load("travel-sfb").new_state(seed=seed)
    while state.legal_actions("seat1")[0].kind != "place":
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    return state


def test_travel_sfb_odds_ignore_the_other_ships_real_cards() -> None:
    from tabletop.titles.travel_sfb.odds import action_odds

    real = travel_allocating(4)
    for _ in range(3):  # put three cards down so the allocation means something
        real.apply("seat1", real.legal_actions("seat1")[1])
    twin = real.determinize("seat1", Randomness(99))
    assert twin.view("seat1") == real.view("seat1") and twin.view("seat2") != real.view("seat2")
    finish = next(a for a in real.legal_actions("seat1") if a.kind == "finish")
    mine = action_odds(real, "seat1", finish, samples=40)
    assert mine is not None and not mine.exact and "estimated" in mine.text()
    assert mine == action_odds(twin, "seat1", finish, samples=40)
    untouched(real, "seat1", finish)


def test_odds_refuse_an_illegal_action() -> None:
    import pytest

    state = pitch_position(["f19", "j3"], ["r6", "j2"], ball={"holder": "seat2:2"}, dice=[])
    with pytest.raises(tabletop.IllegalAction):
        state.odds("seat2", Tackle(2))


def test_fightball_draw_odds_count_what_is_left_in_the_deck() -> None:
    game = tabletop.load("fightball")
    state = game.new_state(seed=1, scenario={"decks": {"home": ["blue-ball", "jump-shot"]}, "exact_decks": True})
    draw = game.parse_action("draw")
    odds = untouched(state, "home", draw)
    assert odds is not None and odds.exact and odds.cases == 2
    assert odds.chance("a Ball") == odds.chance("a Shot") == Fraction(1, 2) and odds.chance("the Buzz") == 0
    other = game.new_state(seed=1, scenario={"decks": {"home": ["blue-ball", "jump-shot"]}, "exact_decks": True,
                                             "held": {"away": "kage"}})
    assert other.odds("home", draw) == odds  # the other coach's hidden card changes nothing


def test_friendly_competition_try_odds_match_every_scripted_roll() -> None:
    # FSC-INT-1: Red kicks a short pass south that flies past Blue 2 (the intercept lesson's table)
    lesson = next(item for item in lessons("friendly-competition") if item.id == "intercept")
    game = tabletop.load("friendly-competition", **lesson.options)

    def build(dice: list[int]) -> State:
        state = game.new_state(seed=lesson.seed, scenario=lesson.scenario, dice=[4, 3, *dice])
        for seat, text in lesson.setup:
            state.apply(seat, game.parse_action(text))
        return state

    def go_for_it(state: State) -> None:
        state.apply("seat1", Try(2))
        while state.flight is not None and not any(e.kind == "intercept-roll" for e in state.events):
            seat = state.to_act[0]
            state.apply(seat, next(a for a in state.legal_actions(seat) if isinstance(a, DontTry)))

    odds = untouched(build([]), "seat1", Try(2))
    assert odds is not None and odds.exact and "needs 5+" in odds.action
    caught = counted(build, 1, go_for_it, lambda s: any(e.kind == "intercept" for e in s.events))
    assert odds.chance("catches it") == caught == Fraction(1, 3)
    assert odds.chance("misses") == Fraction(2, 3)
