"""Balance reports over a game's dimension (matrix, heatmap, HTML, fitted costs) and ladders."""

from __future__ import annotations

import json

import pytest

import tabletop
import tests.pig  # noqa: F401
from tabletop.lab.balance import NO_RANGE, fit_costs, run_balance
from tabletop.lab.dimensions import DimensionUnavailable, dimension_for, generic_dimension
from tabletop.lab.ladder import run_ladder
from tabletop.lab.render import write_report
from tests.agents import fixtures  # noqa: F401

LANDED = [info.name for info in tabletop.games() if not info.name.startswith("test-")]


def test_matchup_matrix_heatmap_and_html(tmp_path):
    dimension = dimension_for("test-high-card")
    assert dimension.kind == "matchup" and dimension.entries == ("plain", "strong")
    report = run_balance("test-high-card", games=12, seed=4, agent="heuristic")
    strong = report.cells[("strong", "plain")]
    assert strong.n == 12 and strong.value > 0.5
    assert report.cells[("plain", "strong")].value == pytest.approx(1 - strong.value)
    paths = write_report(report, tmp_path)
    assert paths["png"].read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in paths["svg"].read_bytes()
    page = paths["html"].read_text()
    assert "data:image/png;base64," in page and "http://" not in page.replace("http://www.w3.org", "")
    assert "strong" in page and "Wilson" in page
    assert json.loads(paths["json"].read_text())["matrix"][0][0] is None


def test_house_rule_variants(tmp_path):
    dimension = generic_dimension("test-high-card", prefer="variants")
    assert set(dimension.entries) == {"as-written", "hand=4", "hand=5", "ties=on", "deck1=strong", "deck2=strong"}
    report = run_balance("test-high-card", dimension=dimension, games=6, seed=1, entries=["as-written", "ties=on"])
    assert set(report.variants) == {"as-written", "ties=on"}
    assert report.variants["ties=on"].draws.n == 6
    assert write_report(report, tmp_path)["html"].exists()


def test_fitted_costs_move_towards_the_results():
    # The sloop (30 points) holds the brig (60) level, and the frigate (90) beats both.
    scored = [(0, 1, 1.0)] * 15 + [(0, 1, 0.0)] * 5 + [(1, 2, 0.5)] * 10 + [(0, 2, 1.0)] * 14 + [(0, 2, 0.0)] * 6
    fit = fit_costs(["frigate", "sloop", "brig"], scored, {"frigate": 90, "sloop": 30, "brig": 60}, bootstrap=40)
    frigate, sloop, brig = fit.suggested
    assert sloop > 30 and brig < 60 and frigate > max(sloop, brig)
    assert sum(fit.suggested) / 3 == pytest.approx(60)
    assert all(lo <= s <= hi for s, lo, hi in zip(fit.suggested, fit.low, fit.high, strict=True))
    unpriced = fit_costs(["frigate", "sloop", "brig"], scored, {}, bootstrap=10)
    assert unpriced.current == (None, None, None) and unpriced.suggested[0] > 100


def test_missing_games_and_dimensions_are_skipped_with_a_reason():
    with pytest.raises(DimensionUnavailable, match="no game 'no-such-game'"):
        dimension_for("no-such-game")
    with pytest.raises(DimensionUnavailable, match="nothing to balance"):
        dimension_for("test-pig")


@pytest.mark.parametrize(
    "name", LANDED or [pytest.param("none", marks=pytest.mark.skip(reason="no game has landed yet"))]
)
def test_every_landed_game_has_its_dimension_or_says_why(name):
    try:
        dimension = dimension_for(name)
    except DimensionUnavailable as exc:
        pytest.skip(str(exc))
    assert dimension.entries
    expected = {"travel-sfb": 11, "fightball": 6}
    if name in expected:
        assert len(dimension.entries) == expected[name]


def test_ladder_rates_the_stronger_agent_higher():
    ladder = run_ladder("test-high-card", ["random", "heuristic"], games=16, seed=3, bootstrap=30)
    heuristic = ladder.agents.index("heuristic")
    assert ladder.standings()[0] == heuristic
    assert ladder.head_to_head(heuristic, 0).value > 0.5
    data = json.loads(ladder.to_json_text())
    assert sum(data["ratings"][0][k] for k in ("wins", "draws", "losses")) == 16
    with pytest.raises(ValueError, match="at least two"):
        run_ladder("test-pig", ["random"])


def test_a_cost_whose_every_pairing_went_one_way_has_no_range(tmp_path):
    # Two games a pairing, the bigger ship winning each: every re-sample repeats them, and the
    # bootstrap gave each class a range as wide as a point ("30–30").
    scored = [(0, 1, 0.0), (1, 0, 1.0), (0, 2, 0.0), (2, 0, 1.0), (1, 2, 0.0), (2, 1, 1.0)]
    fit = fit_costs(["sloop", "brig", "frigate"], scored, {"sloop": 30, "brig": 60, "frigate": 90}, bootstrap=20)
    assert [(row["low"], row["high"]) for row in fit.to_json()] == [(None, None)] * 3
    report = run_balance("test-high-card", games=2, seed=1)
    report.fit = fit
    page = write_report(report, tmp_path)["html"].read_text()
    assert NO_RANGE in page and "30–30" not in page
