"""Boards drawn from a given update in the browser: what their words say, checked without playing to the spot."""

from __future__ import annotations

from typing import Any

from .conftest import Server

# The Fightball board drawn with one stack where Home made a false start (the play's points go to Away).
FALSE_START = """async () => {
  const { createBoard } = await import('/boards/fightball.js');
  const root = document.createElement('div');
  const coach = { name: 'X', deck: 40, held: null, holding: false, discard: [] };
  const play = { status: 'false-start', value: null, points: { home: 0, away: 2 }, fouls: { home: 0, away: 2 } };
  const mixed = { status: 'complete', value: 12, points: { home: 5, away: 0 }, fouls: { home: 2, away: 0 } };
  const stack = (n, p) => ({ stack: n, zone: 'green', zone_name: 'Green zone', colour: 'green', worth: 3, cards: [], play: p });
  const board = createBoard(root, { picker: { use() {}, bind() {}, act() {} }, seat: 'home', replay: true });
  board.update({ seat: 'home', legal: [], view: { seats: ['home', 'away'], score: { home: 0, away: 0 }, quarter: 1, quarters: 1,
    phase: 'fast', coaches: { home: coach, away: coach }, court: [stack(9, play), stack(10, mixed)] } });
  board.destroy();
  return [...root.querySelectorAll('.stack-score')].map((node) => node.textContent);
}"""


def test_fightball_says_whose_foul_gave_a_stacks_points(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    assert page.evaluate(FALSE_START) == ["Away +2, for Home's foul", "Home +5 (2 for Away's fouls)"]
