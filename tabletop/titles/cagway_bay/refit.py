"""Refitting a scenario's evaluation with each weight held to the sense its feature has.

``tabletop fit`` fits every feature freely; in the runs' scenarios several features move together
(the runners' progress, the work left and the ships lost), and a free fit can give one of them
the wrong sign, which a search would then push the wrong way. This refit drops any feature whose
weight comes out against its sense and fits again, until every weight agrees::

    .venv/bin/python -m tabletop.titles.cagway_bay.refit the-ruins --games 300

It writes the scenario's ``data/evaluation*.json`` and prints the held-out log-loss beside the
evaluation it replaces.

The rules of thumb never take a treasure with a hunter, so their self-play never shows one in
enemy hands. ``--chase-games N`` adds the positions where a hunter holds one from N games of the
strongest player's raiders against a navy that plays at random (which now and then docks at a
ruin and explores), so the fit learns what a seized treasure, and the distance to it, are worth::

    .venv/bin/python -m tabletop.titles.cagway_bay.refit the-ruins --games 300 --chase-games 200
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from tabletop.lab.fitting import EvaluationFit, Positions, collect_positions, fit_evaluation

from .features import DATA, DEFAULT_SCENARIO

#: Game numbers of the chase positions start here, clear of the self-play's (and a multiple of 4,
#: so the held-out quarter stays a quarter).
CHASE_GAMES = 1_000_000

#: +1 where more is better for the seat asked, -1 where more is worse (the hunters' reach and
#: hold on the runners are signed by the runner's side, so they count against the seat asked).
SENSE = {
    "progress": 1, "weakest": 1, "runner_hp": 1, "margin": 1, "margin_late": 1, "strength": 1, "actions": 1,
    "lost": -1, "pace": -1, "seized": -1, "chase": -1, "hunted": -1, "guns": -1, "danger": -1, "caught": -1, "hunter_hp": -1,
}


def signed_fit(positions: Positions) -> EvaluationFit:
    """Fit, then drop features fitted against their sense and fit again until none is."""
    dropped: set[str] = set()
    while True:
        rows = [{k: v for k, v in row.items() if k not in dropped} for row in positions.rows]
        fit = fit_evaluation(replace(positions, rows=rows))
        wrong = {name for name, w in zip(fit.model.names, fit.model.weights, strict=True)
                 if SENSE.get(name, 0) * w < 0}
        if not wrong:
            return fit
        dropped |= wrong


def chase_positions(scenario: str, games: int, seed: int, jobs: int) -> Positions:
    """The positions with a treasure in the hunters' hands, from ``games`` games of ``hard``
    against ``random`` (seats taken in turn; only the raids of ``hard`` meet such a treasure)."""
    found = collect_positions("cagway-bay", games=games, seed=seed, jobs=jobs, agents=("hard", "random"),
                              options={"scenario": scenario})
    kept = [k for k, row in enumerate(found.rows) if row.get("seized", 0.0)]
    return Positions(rows=[found.rows[k] for k in kept], current=[found.current[k] for k in kept],
                     labels=[found.labels[k] for k in kept], games=[CHASE_GAMES + found.games[k] for k in kept],
                     description=f"the seized-treasure positions of {games} games of hard/random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--chase-games", type=int, default=0,
                        help="games of hard against random whose seized-treasure positions are added")
    args = parser.parse_args()
    positions = collect_positions("cagway-bay", games=args.games, seed=args.seed, jobs=args.jobs,
                                  options={"scenario": args.scenario})
    if args.chase_games:
        extra = chase_positions(args.scenario, args.chase_games, args.seed, args.jobs)
        print(f"{len(extra.rows)} positions with a seized treasure added")
        positions.extend(extra)
        positions.description += f"; {extra.description}"
    fit = signed_fit(positions)
    for name, score in fit.scores.items():
        print(f"{name:24} log-loss {score.log_loss:.4f}  Brier {score.brier:.4f}")
    path = DATA / ("evaluation.json" if args.scenario == DEFAULT_SCENARIO else f"evaluation-{args.scenario}.json")
    path.write_text(json.dumps(fit.model.to_json(), indent=1) + "\n")
    print(f"wrote {path}: " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(fit.model.names, fit.model.weights,
                                                                        strict=True)))


if __name__ == "__main__":
    main()
