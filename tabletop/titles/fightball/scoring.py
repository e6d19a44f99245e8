"""Scoring one court stack: fouls, the complete play, its Shot Value and its points.

A pure function of the stack's cards (bottom to top), the court position and the two discard
piles, so the game can score at the Buzz and tests (and invariants) can re-score from scratch.
Cards are ids into a :class:`~.cards.CardTable`; who played a card is its owner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import BALL, COLOURS, EFFECT, PLAYER, SHOT, Card, CardTable, Court, Effect

__all__ = ["StackResult", "resolve_effects", "score_stack", "zone_name"]

EMPTY, FALSE_START, INCOMPLETE, COMPLETE = "empty", "false-start", "incomplete", "complete"
MINUS = "\u2212"


@dataclass(frozen=True, slots=True)
class StackResult:
    """What one stack is worth. ``points`` includes foul points; ``value`` is the Shot Value (so
    far, for an incomplete play). ``shooter`` is the Shooter's seat index or -1. ``prospect`` and
    ``prospect_scorer`` say what a play would give, and to whom, if it succeeded;
    ``prospect_fouls`` what its foul-causing effects would give once it is complete.
    ``choice_cards`` are the effects in a successful play whose coach chooses more or fewer
    points (Go, Team!), bottom to top: the scoring round asks each of them."""

    status: str
    points: tuple[int, int]
    fouls: tuple[int, int]
    shooter: int = -1
    value: int = 0
    has_ball: bool = False
    succeeded: bool = False
    scorer: int = -1
    play_points: int = 0
    colour: int = -1
    text: str = ""
    prospect: int = 0  # the points the play is worth if it succeeds, effects applied
    prospect_scorer: int = -1
    prospect_fouls: tuple[int, int] = (0, 0)
    choice_cards: tuple[int, ...] = ()


def zone_name(table: CardTable, side: int, colour: int) -> str:
    if side < 0 or colour == 2:
        return "Green zone"
    return f"{table.possessives[side]} {COLOURS[colour].capitalize()} zone"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _number(n: int) -> str:
    return str(n) if n >= 0 else f"{MINUS}{-n}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"{MINUS}{-n}"


def _applies(effect: Effect, colour: int) -> bool:
    """Whether an effect works in a play of this zone colour: an effect has the same value in any
    stack, whoever played it and whoever shoots (FB-DECK-3), so only its zone condition counts."""
    return effect.in_zones is None or colour in effect.in_zones


def _discard_bonus(effect: Effect, owner: int, discards: Sequence[Sequence[int]], cards: Sequence[Card]) -> int:
    assert effect.per_discard is not None
    pile_of, kind, each, most = effect.per_discard
    pile = discards[owner if pile_of == 0 else 1 - owner]
    count = len(pile) if kind < 0 else sum(1 for c in pile if cards[c].kind == kind)
    return max(-most, min(most, count * each))


def resolve_effects(effects: Sequence[Card], colour: int) -> tuple[list[bool], int]:
    """Which effects are cancelled (resolved top down, so a cancelled cancel does nothing), and
    the zone colour after zone changes (read bottom up; the Shooter always attacks a zone of
    the named colour, so every change is to a zone legal for the Shooter)."""
    n = len(effects)
    cancelled = [False] * n
    for i in range(n - 1, -1, -1):
        card = effects[i]
        effect = card.effect
        assert effect is not None
        if cancelled[i] or effect.cancel is None or not _applies(effect, colour):
            continue
        if effect.cancel == "all":
            for j in range(i):
                cancelled[j] = True
        else:
            j = i - 1
            while j >= 0 and cancelled[j]:
                j -= 1
            if j >= 0:
                cancelled[j] = True
    for i, card in enumerate(effects):
        effect = card.effect
        assert effect is not None
        if not cancelled[i] and effect.zone is not None and _applies(effect, colour):
            colour = effect.zone
    return cancelled, colour


def score_stack(
    table: CardTable,
    court: Court,
    index: int,
    stack: Sequence[int],
    discards: Sequence[Sequence[int]],
    narrate: bool = False,
    choices: Mapping[int, int] | None = None,
) -> StackResult:
    """Score the stack on court card ``index`` (0-based); ``narrate`` adds the words.

    ``choices`` maps a choice effect's card id (Go, Team!) to the change its coach chose; a
    choice not (yet) made counts in its coach's favour, which is what a coach plays for."""
    if not stack:
        return StackResult(EMPTY, (0, 0), (0, 0))
    cards = table.cards
    side = court.sides[index]
    colour = court.colours[index]
    fouls = [0, 0]
    notes: list[str] = []
    first = cards[stack[0]]
    where = zone_name(table, side, colour) if narrate else ""
    if first.kind != PLAYER or first.owner == side:
        # False Start: the other team scores a play's worth for this zone; the rest is ignored.
        fouls[1 - first.owner] += court.play_points[colour]
        text = ""
        if narrate:
            why = "cannot shoot from here" if first.kind == PLAYER else "is not a Player"
            above = len(stack) - 1
            rest = "" if not above else ("; the card above is ignored" if above == 1
                                          else f"; the {above} cards above are ignored")
            text = (f"{where}: {first.name} {why}, a False Start: {_count(court.play_points[colour], 'point')} to "
                    f"{table.names[1 - first.owner]}{rest}.")
        return StackResult(FALSE_START, (fouls[0], fouls[1]), (fouls[0], fouls[1]), text=text)

    shooter = first
    start = 0  # where the current Shooter sits
    blockers: dict[str, Card] = {}
    ball: Card | None = None
    effects: list[Card] = []
    shot: Card | None = None
    shot_at = -1
    early: list[Card] = []  # Early Shots since the current Shooter
    for i in range(1, len(stack)):
        card = cards[stack[i]]
        kind = card.kind
        if kind == PLAYER:
            if card.owner != shooter.owner:
                if card.character not in blockers:
                    blockers[card.character] = card
            elif card.character != shooter.character:
                shooter, start = card, i  # New Shooter: everything beneath is cancelled
                blockers = {}
                ball = None
                effects = []
                if not court.early_shot_foul_survives:
                    for late_shot in early:  # ... their fouls too, under that option
                        fouls[1 - late_shot.owner] -= court.early_shot_foul
                    early = []
        elif kind == BALL:
            ball = card
        elif kind == SHOT:
            if ball is None:
                fouls[1 - card.owner] += court.early_shot_foul
                early.append(card)
            else:
                shot, shot_at = card, i
                break
        elif kind == EFFECT:
            effects.append(card)
    if narrate:
        for card in early if not court.early_shot_foul_survives else _early_shots(cards, stack, shot_at):
            notes.append(f"Early Shot: {card.name} came before any Ball, "
                         f"{_count(court.early_shot_foul, 'foul point')} to {table.names[1 - card.owner]}")
    if shot is not None and shot_at + 1 < len(stack):
        late = cards[stack[shot_at + 1]]
        fouls[1 - late.owner] += court.after_shot_foul
        if narrate:
            above = len(stack) - shot_at - 2
            tail = "" if not above else ("; the card above it is ignored" if above == 1
                                         else f"; the {above} cards above it are ignored")
            notes.append(f"After the Shot: {late.name} landed on the finished play, "
                         f"{_count(court.after_shot_foul, 'foul point')} to {table.names[1 - late.owner]}{tail}")

    owner = shooter.owner
    cancelled, final = resolve_effects(effects, colour)
    active = [e for e, off in zip(effects, cancelled, strict=True) if not off]
    value = shooter.shot[final]
    effect_fouls = [0, 0]  # what foul-causing effects give once the play is complete
    for blocker in blockers.values():
        value -= blocker.block[final]
    if ball is not None and ball.colour == final:
        value += court.ball_bonus
    for card in active:
        effect = card.effect
        assert effect is not None
        if _applies(effect, final):
            value += effect.shot
            if effect.per_discard is not None:
                value += _discard_bonus(effect, card.owner, discards, cards)
            if effect.foul:
                effect_fouls[card.owner] += effect.foul
            if shot is not None and effect.foul:
                fouls[card.owner] += effect.foul
                if narrate:
                    notes.append(f"{card.name}: a foul is charged, {_count(effect.foul, 'foul point')} to "
                                 f"{table.names[card.owner]}")
    if shot is not None:
        value += shot.shot[final]

    succeeded = shot is not None and value >= court.threshold
    # The points (and who takes them) are worked out for unfinished plays too: what the play
    # would be worth if it succeeded is what a coach plays for.
    scorer = owner
    for card in active:
        effect = card.effect
        assert effect is not None
        if effect.takes_points and _applies(effect, final):
            scorer = card.owner
    play_points = court.play_points[final]
    point_notes: list[str] = []
    chosen: list[int] = []
    for card in active:
        effect = card.effect
        assert effect is not None
        if not _applies(effect, final):
            continue
        if effect.points:
            play_points += effect.points
            point_notes.append(f"{card.name} {_signed(effect.points)}")
        if effect.double:
            play_points *= 2
            point_notes.append(f"{card.name} \u00d72")
        if effect.points_choice:
            change = effect.points_choice if card.owner == scorer else -effect.points_choice
            if choices is not None:
                change = choices.get(card.id, change)
            chosen.append(card.id)
            play_points += change
            point_notes.append(f"{card.name} {_signed(change)}")
    play_points = max(0, play_points)
    prospect = play_points
    if not succeeded:
        play_points = 0
    points = [fouls[0], fouls[1]]
    if succeeded:
        points[scorer] += play_points

    text = ""
    if narrate:
        text = _narrate(table, court, stack, discards, side, colour, final, start, shot_at, ball,
                        cancelled, owner, value, shot is not None, succeeded, scorer, play_points,
                        point_notes, notes, choices)
    return StackResult(
        COMPLETE if shot is not None else INCOMPLETE,
        (points[0], points[1]),
        (fouls[0], fouls[1]),
        shooter=owner,
        value=value,
        has_ball=ball is not None,
        succeeded=succeeded,
        scorer=scorer if succeeded else -1,
        play_points=play_points,
        prospect=prospect,
        prospect_scorer=scorer,
        prospect_fouls=(effect_fouls[0], effect_fouls[1]),
        colour=final,
        text=text,
        choice_cards=tuple(chosen) if succeeded else (),
    )


def _early_shots(cards: Sequence[Card], stack: Sequence[int], shot_at: int) -> list[Card]:
    """Every Shot card below the closing Shot (or in an unfinished play): each came before a Ball
    of its Shooter, since a Shot after a Ball closes the play."""
    end = shot_at if shot_at >= 0 else len(stack)
    return [cards[c] for c in stack[1:end] if cards[c].kind == SHOT]


def _narrate(
    table: CardTable, court: Court, stack: Sequence[int], discards: Sequence[Sequence[int]], side: int,
    colour: int, final: int, start: int, shot_at: int, ball: Card | None, cancelled: list[bool],
    owner: int, value: int, complete: bool, succeeded: bool, scorer: int, play_points: int,
    point_notes: list[str], notes: list[str], choices: Mapping[int, int] | None,
) -> str:
    """The stack in words, card by card, the way the rulebook's scoring examples read."""
    cards = table.cards
    parts: list[str] = []
    if start:
        kept = court.early_shot_foul_survives
        gone = ", ".join(f"{cards[c].name} (an Early Shot: its foul still stands)"
                         if kept and cards[c].kind == SHOT else cards[c].name for c in stack[:start])
        parts.append(f"{gone} cancelled by New Shooter {cards[stack[start]].name};")
    end = shot_at if complete else len(stack) - 1
    words: list[str] = []
    counted: set[str] = set()
    effect_index = 0
    saw_ball = False
    for i in range(start, end + 1):
        card = cards[stack[i]]
        if i == start:
            words.append(f"{card.name} {_number(card.shot[final])}")
        elif card.kind == PLAYER:
            if card.owner == owner:
                words.append(f"{card.name} (same character as the Shooter, ignored)")
            elif card.character in counted:
                words.append(f"{card.name} (already blocking)")
            else:
                counted.add(card.character)
                words.append(f"{card.name} {_signed(-card.block[final])}")
        elif card.kind == BALL:
            if card is not ball:
                words.append(f"{card.name} (replaced)")
            else:
                words.append(f"{card.name} {_signed(court.ball_bonus if card.colour == final else 0)}")
            saw_ball = True
        elif card.kind == SHOT:
            if i == shot_at:
                words.append(f"{card.name} {_signed(card.shot[final])}")
            else:
                words.append(f"{card.name} (Early Shot, ignored)" if not saw_ball else card.name)
        elif card.kind == EFFECT:
            words.append(_effect_words(table, card, cancelled[effect_index], final, discards, choices))
            effect_index += 1
    where = zone_name(table, side, colour)
    if final != colour:
        where += f", moved to the {zone_name(table, 1 - owner, final)}"
    body = " ".join([*parts, ", ".join(words)])
    if not complete:
        missing = "Shot" if ball is not None else "Ball or Shot"
        sentence = f"{where}: {body} = {_number(value)} so far. No {missing}: the play is incomplete and scores nothing."
    elif succeeded:
        detail = f", {', '.join(point_notes)} = {play_points}" if point_notes else ""
        base = court.play_points[final]
        taken = " (intercepted)" if scorer != owner else ""
        sentence = (f"{where}: {body} = {_number(value)}. The play succeeds for {_count(base, 'point')}{detail}: "
                    f"{play_points} to {table.names[scorer]}{taken}.")
    else:
        sentence = f"{where}: {body} = {_number(value)}. Below {court.threshold}, the play fails."
    if notes:
        sentence += " " + " ".join(f"{n}." for n in notes)
    return sentence


def _effect_words(
    table: CardTable, card: Card, cancelled: bool, colour: int, discards: Sequence[Sequence[int]],
    choices: Mapping[int, int] | None = None,
) -> str:
    effect = card.effect
    assert effect is not None
    if cancelled:
        return f"{card.name} (cancelled)"
    if not _applies(effect, colour):
        return f"{card.name} (no effect here)"
    bits: list[str] = []
    if effect.zone is not None:
        bits.append(f"to the {COLOURS[effect.zone].capitalize()} zone")
    if effect.cancel is not None:
        bits.append("cancels every effect below" if effect.cancel == "all" else "cancels the effect below")
    if effect.points:
        bits.append(f"{_signed(effect.points)} points")
    if effect.double:
        bits.append("\u00d72 points")
    if effect.points_choice:
        made = choices.get(card.id) if choices is not None else None
        amount = f"\u00b1{effect.points_choice}" if made is None else _signed(made)
        bits.append(f"{amount} point{'' if effect.points_choice == 1 else 's'}, {table.possessives[card.owner]} choice")
    if effect.takes_points:
        bits.append(f"the points go to {table.names[card.owner]}")
    if effect.foul:
        bits.append(f"foul, {effect.foul} to {table.names[card.owner]}")
    shot = effect.shot
    if effect.per_discard is not None:
        read = _discard_bonus(effect, card.owner, discards, table.cards)
        shot += read
        pile = card.owner if effect.per_discard[0] == 0 else 1 - card.owner
        bits.append(f"{_signed(read)} from the {table.possessives[pile]} discard pile")
    if shot or effect.per_discard is not None:
        return f"{card.name} {_signed(shot)}" + (f" ({'; '.join(bits)})" if bits else "")
    return f"{card.name} ({'; '.join(bits)})" if bits else card.name
