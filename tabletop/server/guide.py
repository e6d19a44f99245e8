"""Help at the table over HTTP: hints and odds for the seat to act, the players' rulebook, lessons.

Everything here answers from the asker's own seat only: a hint searches positions in which all
that seat cannot see is re-drawn, and odds count only over what the seat does not know, so the
answers are the same whatever the other seats really hold. The search runs in a worker thread on
a copy of the position, never on the event loop and never on the live game (the copy is taken
on the loop, where tables change). Rulebooks and lessons touch no live table: a lesson is replayed
from its scripted start on every call, so those routes are plain functions, served off the loop.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

import tabletop
from tabletop.core import IllegalAction, State, UnknownGame
from tabletop.guide import Lesson, hint, lesson_state, lessons, players_rules, rule_text, rules_table
from tabletop.guide.lessons import LessonStep, asked_for, matches, play_on, play_others

from .hub import Hub
from .tables import LiveTable, TableError, event_json

__all__ = ["HINT_ITERATIONS", "HINT_SECONDS", "router"]

#: A hint thinks at most this long (seconds) and this many simulated games, whichever ends first.
HINT_SECONDS: float | None = 1.5
HINT_ITERATIONS = 400

router = APIRouter(tags=["help"])

#: Seats whose hint is being worked out: one at a time each, so repeated clicks cannot fill the threads.
_THINKING: set[tuple[str, str]] = set()


class OddsQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: dict[str, Any] = Field(description="one legal move in its JSON form", examples=[{"kind": "roll"}])


class LessonMoves(BaseModel):
    model_config = ConfigDict(extra="forbid")

    actions: list[dict[str, Any]] = Field(default_factory=list, max_length=64,
                                          description="the learner's moves so far, in their JSON form")


class LessonOdds(LessonMoves):
    action: dict[str, Any] = Field(description="one legal move in its JSON form")


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _seat_to_act(table: LiveTable, authorization: str | None, token: str | None, what: str) -> str:
    """The asker's seat, which must be one whose decision it is now."""
    given = authorization[7:].strip() if authorization and authorization.lower().startswith("bearer ") else token
    if not given:
        raise TableError("not_a_player", f"only the seat whose decision it is can ask for {what}; "
                         "send its token", 403)
    seat = table.seat_for_token(given)
    if table.status != "running":
        raise TableError("game_over" if table.state.is_over else "not_started",
                         "the game has ended" if table.state.is_over else "the table still waits for players")
    if seat not in table.state.to_act:
        raise TableError("not_your_turn", f"it is not {seat}'s decision now", 409)
    return seat


def _game_class(name: str) -> type[tabletop.Game]:
    try:
        return tabletop.game_class(name)
    except UnknownGame as exc:
        raise TableError("unknown_game", str(exc), 404) from None


@router.get("/api/tables/{table_id}/hint")
async def table_hint(
    request: Request,
    table_id: str,
    authorization: Annotated[str | None, Header()] = None,
    token: Annotated[str | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    """What the strongest computer player would do for the asking seat, and each legal move's
    estimated chance to win, from that seat's information only. Only for the seat to act."""
    table = _hub(request).table(table_id)
    seat = _seat_to_act(table, authorization, token, "a hint")
    # A copy taken here, on the event loop, so moves made while the search runs do not touch it.
    position, step = table.state.clone(), table.step_for(seat)
    asking = (table.id, seat)
    if asking in _THINKING:
        raise TableError("hint_pending", "a hint for this seat is already being worked out; it comes in a moment", 429)
    _THINKING.add(asking)
    try:
        return {"table": table.id, "step": step, **await _hint_answer(position, seat)}
    finally:
        _THINKING.discard(asking)


async def _hint_answer(position: State, seat: str) -> dict[str, Any]:
    answer = await run_in_threadpool(hint, position, seat, iterations=HINT_ITERATIONS, seconds=HINT_SECONDS)
    return {**answer.to_json(), "best_action": answer.best.to_json(), "lines": answer.lines()}


async def _odds_answer(position: State, seat: str, data: dict[str, Any]) -> dict[str, Any]:
    try:
        action = position.game.action_from_json(data)
    except IllegalAction as exc:
        raise TableError("bad_action", str(exc), 422) from None
    try:
        odds = await run_in_threadpool(position.odds, seat, action)
    except IllegalAction as exc:
        raise TableError("illegal_action", str(exc), 422) from None
    return {"action": action.to_json(), "label": position.describe_action(seat, action),
            "odds": None if odds is None else {**odds.to_json(), "text": odds.text()}}


@router.post("/api/tables/{table_id}/odds")
async def table_odds(
    request: Request,
    table_id: str,
    body: OddsQuestion,
    authorization: Annotated[str | None, Header()] = None,
    token: Annotated[str | None, Query(max_length=200)] = None,
) -> dict[str, Any]:
    """The chance of each outcome that matters of one legal move of the seat to act (``odds`` is
    null for a move no die or card decides)."""
    table = _hub(request).table(table_id)
    seat = _seat_to_act(table, authorization, token, "odds")
    position, step = table.state.clone(), table.step_for(seat)
    return {"table": table.id, "step": step, **await _odds_answer(position, seat, body.action)}


@router.get("/api/games/{name}/rules")
def game_rules(name: str) -> dict[str, Any]:
    """The players' rulebook of a game (plain text, 80 columns), each rule ID's wording, and the
    rule behind each kind of log line."""
    game_class = _game_class(name)
    info = game_class.info
    return {"game": info.name, "title": info.title, "text": players_rules(info.name),
            "rules": rules_table(info.name), "event_rules": dict(game_class.event_rules)}


@router.get("/api/games/{name}/lessons")
def game_lessons(name: str) -> list[dict[str, Any]]:
    """A game's guided lessons, in teaching order."""
    info = _game_class(name).info
    return [lesson.model_dump(mode="json") for lesson in lessons(info.name)]


def _lesson(name: str, lesson_id: str) -> tuple[str, Lesson]:
    info = _game_class(name).info
    found = {lesson.id: lesson for lesson in lessons(info.name)}
    if lesson_id not in found:
        raise TableError("unknown_lesson", f"{info.title} has no lesson {lesson_id!r}; its lessons are: "
                         f"{', '.join(found) or 'none'}", 404)
    return info.name, found[lesson_id]


@router.post("/api/games/{name}/lessons/{lesson_id}/play")
def play_lesson(name: str, lesson_id: str, body: LessonMoves, svg: bool = False) -> dict[str, Any]:
    """A lesson's table after the learner's moves so far: the lesson's position and scripted dice,
    each move checked against its step, the other seats answering as the lesson scripts. The answer
    is an ``update`` for the learner's seat (as the socket sends) with the lesson's guidance."""
    name, lesson, state = _lesson_position(name, lesson_id, body.actions)
    seat = lesson.seat
    done = len(body.actions) == len(lesson.steps)
    if done and lesson.play_on_until:
        play_on(state, lesson.play_on_until)
    legal = [] if done or state.is_over else state.legal_actions(seat)
    step_now = None if done else lesson.steps[len(body.actions)]
    said = lesson.steps[len(body.actions) - 1].after if body.actions else ""
    view = state.view(seat)
    answer: dict[str, Any] = {
        "type": "update", "table": None, "status": "finished" if done or state.is_over else "running",
        "epoch": 0, "step": len(state.history), "seat": seat, "to_act": list(state.to_act),
        "your_turn": bool(legal), "view": view, "events_from": 0, "reset": True,
        "events": [event_json(state.game, event, n) for n, event in enumerate(state.events_for(seat), 1)],
        "legal": [{"action": a.to_json(), "text": str(a), "label": state.describe_action(seat, a)} for a in legal],
        "outcome": state.outcome.to_json() if state.outcome else None, "players": [], "undo": None,
        "lesson": {"id": lesson.id, "title": lesson.title, "rule": lesson.rule,
                   "rule_text": rule_text(name, lesson.rule), "intro": lesson.intro,
                   "step_number": len(body.actions) + 1, "steps": len(lesson.steps),
                   "say": step_now.say if step_now else "", "expect": _asked_for(state, seat, step_now),
                   "after": said, "done": lesson.done if done else ""},
    }
    if svg:
        answer["svg"] = state.game.render_svg(view)
    return answer


def _asked_for(state: State, seat: str, step: LessonStep | None) -> dict[str, Any] | None:
    """The step's one action, as the legal list gives its entries (so a client can point at it)."""
    asked = asked_for(state, seat, step) if step is not None else None
    if asked is None:
        return None
    action, label = asked
    return {"action": action.to_json(), "text": str(action), "label": label}


@router.post("/api/games/{name}/lessons/{lesson_id}/odds")
async def lesson_odds(name: str, lesson_id: str, body: LessonOdds) -> dict[str, Any]:
    """The odds of one of the learner's legal moves at this point of the lesson."""
    _name, lesson, state = _lesson_position(name, lesson_id, body.actions)
    return await _odds_answer(state, lesson.seat, body.action)


@router.post("/api/games/{name}/lessons/{lesson_id}/hint")
async def lesson_hint(name: str, lesson_id: str, body: LessonMoves) -> dict[str, Any]:
    """A hint for the learner at this point of the lesson."""
    _name, lesson, state = _lesson_position(name, lesson_id, body.actions)
    if len(body.actions) >= len(lesson.steps) or lesson.seat not in state.to_act:
        raise TableError("lesson_over", "the lesson is over; start it again to repeat it")
    return await _hint_answer(state, lesson.seat)


def _lesson_position(name: str, lesson_id: str, actions: list[dict[str, Any]]) -> tuple[str, Lesson, State]:
    """The lesson's table after the learner's moves, each checked against its step."""
    name, lesson = _lesson(name, lesson_id)
    state = lesson_state(name, lesson)
    seat = lesson.seat
    for number, data in enumerate(actions):
        if number >= len(lesson.steps):
            raise TableError("lesson_over", "the lesson is over; start it again to repeat it")
        step = lesson.steps[number]
        try:
            action = state.game.action_from_json(data)
            reason = state.explain(seat, action)
        except IllegalAction as exc:
            raise TableError("bad_action", str(exc), 422) from None
        if reason is not None:
            raise TableError("illegal_action", f"Not allowed: {reason}", 422)
        if not matches(state, seat, step, action):
            asked = asked_for(state, seat, step)
            wanted = asked[1] if asked is not None else f"a {step.expect_kind} action"
            raise TableError("not_this_lesson", f"That is legal, but this lesson is about something else: {wanted}.", 422)
        state.apply(seat, action)
        play_others(state, seat, step)
    return name, lesson, state
