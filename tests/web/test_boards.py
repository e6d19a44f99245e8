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


def test_raw_seat_ids_in_the_servers_lines_read_as_seat_names(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    named = page.evaluate("""async () => (await import('/common.js')).withSeatNames('seat1 (Federation) exploded; seat12 and reseat1 stay')""")
    assert named == "Seat 1 (Federation) exploded; Seat 12 and reseat1 stay"


# The Travel SFB board after a turn whose movement seat1 resolved by having more cards, with 6♥ picked up.
SFB_TURN = """async () => {
  const { createBoard } = await import('/boards/travel-sfb.js');
  const root = document.createElement('div');
  document.body.append(root);
  const rows = { offense: { count: 0, cards: [] }, movement: { count: 0, cards: [] }, defense: { count: 0, cards: [] } };
  const ship = (hand) => ({ name: 'S', rows, limits: { offense: 3, movement: 3, defense: 3 }, generation: 3, max_generation: 5,
    reserve: null, hand_count: hand ? hand.length : 2, cards_held: 5, hand });
  const turn = { damage_dealt: { seat1: 0, seat2: 1 }, offense: {}, defense: {}, advantage: {}, revealed: {},
    movement: { resolver: 'seat1', reason: 'more-cards', why: 'it has more movement cards', pairs: [] } };
  const board = createBoard(root, { picker: { use() {}, bind() {} }, act() {} });
  board.update({ seat: 'seat1', legal: [{ action: { kind: 'place', card: '6H', row: 'offense' }, label: 'x', text: 'place 6H offense' }],
    view: { seats: ['seat1', 'seat2'], turn: 2, turn_limit: 5, phase: 'allocation', deck_count: 30, last_turn: turn,
      ships: { seat1: ship(['6H']), seat2: ship(null) } } });
  root.querySelector('[data-hand="6H"]').click();
  const text = root.textContent;
  root.remove();
  return text;
}"""


def test_travel_sfb_words_reasons_and_cards_as_people_read_them(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    text = page.evaluate(SFB_TURN)
    assert "(it has more movement cards)" in text and "more-cards" not in text
    assert "now click a row for 6♥" in text
