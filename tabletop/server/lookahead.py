"""Looking away from the present position: replays of finished games and previews of a move.

A replay shows a finished game at any step from one seat's eyes (or the spectator's); it is
offered only where the whole record is public anyway (a finished table that reveals at the end).
A preview shows what a move would lead to before it is taken, for the seat whose move it is;
only in games without hidden information and only for moves that involve no chance, so it
tells nothing the player could not work out from the rules.
"""

from __future__ import annotations

import pickle
from typing import Any

import tabletop
from tabletop.core import Action, IllegalAction
from tabletop.core.record import cut_record

from .tables import LiveTable, TableError, event_json

__all__ = ["preview", "replay_step"]


def replay_step(table: LiveTable, seat: str | None, step: int, *, svg: bool = False) -> dict[str, Any]:
    """The finished game at ``step`` (0: the start) as ``seat`` saw it: view, whole log so far, picture."""
    state = table.state
    if not state.is_over:
        raise TableError("no_replay", "the game is still being played, and its past stays hidden until it ends; "
                         "watch it live instead", 403)
    if not table.settings.reveal_at_end:
        raise TableError("no_replay", "this table keeps its record private, so its game cannot be replayed; each "
                         "player may download the record of what they saw", 403)
    if seat is not None and seat not in state.seats:
        raise TableError("bad_seat", f"there is no seat {seat!r}; the seats are: {', '.join(state.seats)}", 422)
    total = len(state.history)
    if not 0 <= step <= total:
        raise TableError("bad_step", f"step must be between 0 and {total}, not {step}", 422)
    then = tabletop.replay(cut_record(state.record(), step), verify=False)
    view = then.view(seat)
    answer: dict[str, Any] = {
        "table": table.id, "seat": seat, "step": step, "steps": total, "view": view,
        "to_act": list(then.to_act), "outcome": view["outcome"],
        "events": [event_json(then.game, event, number) for number, event in enumerate(then.events_for(seat), 1)],
        "last": {"seat": then.history[-1][0], "label": then.describe_action(then.history[-1][0], then.history[-1][1])}
        if then.history else None,
    }
    if svg:
        answer["svg"] = table.game.render_svg(view)
    return answer


def preview(table: LiveTable, seat: str | None, action: Action) -> dict[str, Any]:
    """What ``action`` would lead to for ``seat`` (its view, new log lines, picture); nothing changes."""
    if seat is None:
        raise TableError("not_a_player", "only the seat whose move it is can preview it", 403)
    if table.game.info.hidden_information:
        raise TableError("no_preview", f"{table.game.info.title} hides information, so moves are not previewed", 403)
    if table.status != "running" or seat not in table.state.to_act:
        raise TableError("not_your_turn", f"it is not {seat}'s decision now", 409)
    trial = table.state.clone()
    chance = pickle.dumps(trial.rng)
    try:
        events = trial.apply(seat, action)
    except IllegalAction as exc:
        raise TableError("illegal_action", str(exc), 422) from None
    if pickle.dumps(trial.rng) != chance:
        raise TableError("no_preview", "this move involves chance, so it cannot be previewed", 409)
    view = trial.view(seat)
    return {"action": action.to_json(), "label": table.state.describe_action(seat, action), "view": view,
            "events": [event.text for event in events if event.visible(seat)],
            "svg": table.game.render_svg(view)}
