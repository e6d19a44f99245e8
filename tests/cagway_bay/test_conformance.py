"""Seeded random games of every scenario, with the game's invariants checked after every step."""

from __future__ import annotations

import os

import pytest

import tabletop
from tabletop.core import Randomness
from tabletop.testing import assert_replays, random_playthrough
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.view import CagwayView

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))
SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")


def invariants(state: CagwayState) -> None:
    table = state.table
    for ship in state.ships.values():
        assert 0 <= ship.hp <= ship.cls.hp, f"{ship.id} HP {ship.hp} out of 0..{ship.cls.hp}"
        assert ship.ap >= 0, f"{ship.id} has negative AP"
        assert 0 <= ship.supplies <= ship.max_supplies, f"{ship.id} supplies {ship.supplies}"
        assert ship.treasure >= 0
        if ship.afloat:
            assert table.land.intersection(ship.hull).area < 0.05, f"{ship.id} is on land"
            assert not table.overlaps_land(ship.hull)
    assert state.turn <= state.turn_limit
    # only one gun (or one hand-to-hand blow) per ship in the turn so far
    attackers = []
    for event in reversed(state.events):
        if event.kind == "turn":
            break
        if event.kind in ("fire", "melee"):
            attackers.append(event.data["ship"])
    assert len(attackers) == len(set(attackers)), f"a ship attacked twice this turn: {attackers}"


def one_gun_per_turn(state: CagwayState) -> None:
    """Walk the history: no ship fires (or fights hand to hand) twice in a turn."""
    turn_of = []
    turn = 1
    for event in state.events:
        if event.kind == "turn":
            turn = event.data["turn"]
        if event.kind in ("fire", "melee"):
            turn_of.append((event.data["ship"], turn))
    assert len(turn_of) == len(set(turn_of)), "a ship attacked twice in one turn"


WEIGHTS = {"fire": 6.0, "melee": 6.0, "commandeer": 6.0, "grapple": 6.0, "dock": 4.0, "explore": 6.0,
           "scuttle": 1.0, "share": 0.5, "drift": 0.1, "done": 0.3}


def combative(rng, state, seat, legal):
    """Play that mixes the heuristic with random moves that seldom drift or stop early and usually
    take a fight when one is on offer, so captures, fires, repairs and boarding all come up."""
    if rng.random() < 0.6:
        return state.suggest(seat, Randomness(int(rng.random() * 1e9)))
    weights = [WEIGHTS.get(action.kind, 1.0) for action in legal]
    pick = rng.random() * sum(weights)
    for action, weight in zip(legal, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return action
    return legal[-1]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("edges", ("open-sea", "land"))
def test_random_games_keep_the_invariants(scenario, edges):
    game = tabletop.load("cagway-bay", scenario=scenario, edges=edges)
    for seed in range(16 * SWEEP):
        state = random_playthrough(game, seed, invariants)
        one_gun_per_turn(state)
        assert state.outcome is not None and state.outcome.reason
        assert len(state.history) < 2000


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("edges", ("open-sea", "land"))
def test_combative_random_games_keep_the_invariants(scenario, edges):
    game = tabletop.load("cagway-bay", scenario=scenario, edges=edges)
    for seed in range(100, 100 + 6 * SWEEP):
        state = random_playthrough(game, seed, invariants, choose=combative)
        one_gun_per_turn(state)
        assert state.outcome is not None and state.outcome.reason
        assert len(state.history) < 3000


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_replay_identically(scenario):
    game = tabletop.load("cagway-bay", scenario=scenario)
    state = random_playthrough(game, 5)
    assert_replays(state)


@pytest.mark.parametrize(("fleet1", "fleet2", "options", "games"), [
    ("bomb-ketch+witch-sloop", "", {}, 3),
    ("galleon", "brig+bomb-ketch", {}, 3),
    ("brig/marines/carpenter+sloop", "schooner/marines+xebec/fire-buckets", {"objective": "capture"}, 1),
    ("frigate/spare-stores/fire-buckets", "schooner/spare-stores+witch-sloop/marines", {"edges": "land"}, 1),
])
def test_designer_fleets_with_fire_keep_the_invariants(fleet1, fleet2, options, games):
    game = tabletop.load("cagway-bay", scenario="open-warfare", fleet1=fleet1, fleet2=fleet2, **options)
    kinds = set()
    for seed in range(200, 200 + games * SWEEP):
        state = random_playthrough(game, seed, invariants, choose=combative)
        one_gun_per_turn(state)
        kinds.update(e.kind for e in state.events)
    assert "fire" in kinds


def _check_view_schema(state: CagwayState) -> None:
    spectator = CagwayView.model_validate(state.view(None)).model_dump()
    for seat in state.seats:
        mine = CagwayView.model_validate(state.view(seat)).model_dump()
        assert mine["seat"] == seat and {**mine, "seat": None} == spectator  # nothing hidden, nothing added


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_view_matches_the_documented_schema(scenario):
    game = tabletop.load("cagway-bay", scenario=scenario, turns=4)
    steps = 0

    def sample(state: CagwayState) -> None:
        nonlocal steps
        steps += 1
        if steps % 25 == 1:
            _check_view_schema(state)

    state = random_playthrough(game, 7, sample, choose=combative)
    _check_view_schema(state)


def test_the_view_carries_every_ships_card_and_gun_arcs():
    view = tabletop.load("cagway-bay", scenario="open-warfare", fleet1="bomb-ketch/marines",
                         fleet2="brig/marines").new_state(seed=1).view(None)
    checked = CagwayView.model_validate(view)
    ketch = next(s for s in checked.ships if s.class_ == "bomb-ketch")
    card = checked.cards["bomb-ketch"]
    assert sorted(checked.cards) == ["bomb-ketch", "brig"]
    assert ketch.points == 70 and card.points == 60 and [f.slug for f in ketch.fittings] == ["marines"]
    assert [g.position for g in card.guns] == ["fore", "aft", "port", "starboard"]
    assert card.guns[0].chart == [0, 0, 2, 2, 2, 2, 1, 1] and card.guns[0].sets_fire == 3
    assert card.wheel[0].colour == "white" and card.wheel[-1].up_to == 180
    assert card.health[-1].min_hp == 0 and card.health[0].actions == 6
    assert ketch.guns["fore"].origin == [round(ketch.x, 2), round(ketch.y, 2)] and ketch.guns["port"].origin is None
    assert all(len(g.arc_outline) >= 4 for g in card.guns)
    fore = next(g for g in card.guns if g.position == "fore")  # a half disc ahead of the bow, 8 segments deep
    assert max(x for x, _ in fore.arc_outline) == pytest.approx(32, abs=0.01)
    assert min(x for x, _ in fore.arc_outline) == pytest.approx(0, abs=0.01)
    assert checked.table.sticks["range_segment_cm"] == 4.0 and checked.table.sticks["segment_cm"]["green"] == 6.25
    assert len(checked.table.islands) == 3 and checked.table.wind.kind == "parallel"
