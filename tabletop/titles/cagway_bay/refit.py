"""Refitting a scenario's evaluation with each weight held to the sense its feature has.

``tabletop fit`` fits every feature freely; in the runs' scenarios several features move together
(the runners' progress, the work left and the ships lost), and a free fit can give one of them
the wrong sign, which a search would then push the wrong way. This refit drops any feature whose
weight comes out against its sense and fits again, until every weight agrees::

    .venv/bin/python -m tabletop.titles.cagway_bay.refit the-ruins --games 300

It writes the scenario's ``data/evaluation*.json`` and prints the held-out log-loss beside the
evaluation it replaces.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from tabletop.lab.fitting import EvaluationFit, Positions, collect_positions, fit_evaluation

from .features import DATA, DEFAULT_SCENARIO

#: +1 where more is better for the seat asked, -1 where more is worse (the hunters' reach and
#: hold on the runners are signed by the runner's side, so they count against the seat asked).
SENSE = {
    "progress": 1, "weakest": 1, "runner_hp": 1, "margin": 1, "margin_late": 1, "strength": 1, "actions": 1,
    "lost": -1, "pace": -1, "hunted": -1, "guns": -1, "danger": -1, "caught": -1, "hunter_hp": -1,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    positions = collect_positions("cagway-bay", games=args.games, seed=args.seed, jobs=args.jobs,
                                  options={"scenario": args.scenario})
    fit = signed_fit(positions)
    for name, score in fit.scores.items():
        print(f"{name:24} log-loss {score.log_loss:.4f}  Brier {score.brier:.4f}")
    path = DATA / ("evaluation.json" if args.scenario == DEFAULT_SCENARIO else f"evaluation-{args.scenario}.json")
    path.write_text(json.dumps(fit.model.to_json(), indent=1) + "\n")
    print(f"wrote {path}: " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(fit.model.names, fit.model.weights,
                                                                        strict=True)))


if __name__ == "__main__":
    main()
