// Travel SFB: both ships with generation, reserve and rows; your hand; place a card by clicking it
// and then a row (or by dragging it onto the row); pair movement cards by clicking yours.
import { el, clear, seatName } from "../common.js";

const ROWS = ["offense", "movement", "defense"];
const SUITS = { H: "♥", D: "♦", S: "♠", C: "♣" };

/** A card code as printed: "6H" is 6♥. */
const cardName = (code) => `${code.slice(0, -1)}${SUITS[code.slice(-1)] || code.slice(-1)}`;

function cardFace(code, attrs = {}) {
  if (code === null || code === undefined) return el("span", { class: "card back", title: "face down", ...attrs }, "");
  const suit = code.slice(-1);
  const red = suit === "H" || suit === "D";
  return el("span", { class: `card${red ? " red" : ""}`, "data-card": code, ...attrs },
    el("span", { class: "rank" }, code.slice(0, -1)), el("span", { class: "suit" }, SUITS[suit] || suit));
}

function meter(label, value, most) {
  const pips = [];
  for (let i = 1; i <= most; i += 1) pips.push(el("span", { class: `pip${i <= value ? " on" : ""}` }));
  return el("span", { class: "meter", title: `${label} ${value} of ${most}` }, `${label} `, pips, ` ${value}/${most}`);
}

function reserveText(reserve) {
  if (!reserve || reserve.kind === "none" || !reserve.cards) return "no reserve";
  const state = { ready: "ready", spent: "spent", none: "not yet charged" }[reserve.state] || reserve.state;
  return `${reserve.kind} (+${reserve.cards}): ${state}`;
}

export function createBoard(root, { picker, act, replay }) {
  let selected = null;
  let last = null;

  function place(row) {
    const entry = last.legal.find((l) => l.action.kind === "place" && l.action.card === selected && l.action.row === row);
    if (entry) { selected = null; act(entry.action); }
  }

  function shipPanel(owner, ship, view, mine) {
    const rows = el("div", { class: "rows" }, ROWS.map((row) => {
      const info = ship.rows[row];
      const count = info.count === null ? "?" : info.count;
      const cards = info.cards === null ? Array.from({ length: info.count || 0 }, () => null) : info.cards;
      const zone = el("div", { class: "row-zone", "data-row": row, ...(mine ? { "data-key": `row:${row}` } : {}) },
        el("div", { class: "row-name" }, row, el("span", { class: "limit" }, ` ${count}/${ship.limits[row]}`)),
        el("div", { class: "row-cards" }, cards.length ? cards.map((code) => cardFace(code, mine && row === "movement" && code ? { "data-key": `pair:${code}` } : {}))
          : info.count === null ? el("span", { class: "hidden-row" }, "behind the screen") : el("span", { class: "empty" }, "empty")));
      if (mine) {
        zone.addEventListener("dragover", (event) => { if (selected) event.preventDefault(); });
        zone.addEventListener("drop", (event) => { event.preventDefault(); place(row); });
      }
      return zone;
    }));
    const flags = [];
    if (ship.power_called) flags.push(ship.power_call ? `power: ${ship.power_call}` : "power called");
    if (ship.finished_allocating) flags.push("finished placing");
    if (ship.advantage_in_offense) flags.push(`${ship.advantage_in_offense} advantage in offense`);
    if (ship.free_placements) flags.push(`${ship.free_placements} free placements`);
    if (ship.advantage_next_turn?.points) flags.push(`advantage next turn: ${ship.advantage_next_turn.points}`);
    return el("section", { class: `ship${mine ? " mine" : ""}`, "data-seat": owner },
      el("h3", {}, `${ship.name} `, el("span", { class: "who" }, mine && !replay ? "(you)" : `(${seatName(owner)})`)),
      el("div", { class: "ship-stats" }, meter("Generation", ship.generation, ship.max_generation),
        el("span", {}, reserveText(ship.reserve)),
        el("span", {}, `holding ${ship.hand_count === null ? "?" : ship.hand_count} of ${ship.cards_held}`)),
      el("div", { class: "flags" }, flags.join(" · ") || " "),
      rows);
  }

  function lastTurn(view) {
    const turn = view.last_turn;
    const box = el("section", { class: "last-turn" }, el("h3", {}, view.movement ? "Movement now" : "Last turn"));
    if (view.movement) {
      const m = view.movement;
      box.append(el("p", {}, `Resolver: ${m.resolver ? seatName(m.resolver) : "nobody"}. Next card to pair: `,
        m.next_to_pair ? cardFace(m.next_to_pair) : "none", m.next_to_pair_owner ? ` (${seatName(m.next_to_pair_owner)})` : ""),
      el("p", {}, "Pairs so far: ", m.pairs.length ? m.pairs.map(([a, b]) => el("span", { class: "pair" }, cardFace(a), " v ", cardFace(b))) : "none",
        ` · points ${Object.entries(m.points).map(([s, p]) => `${seatName(s)} ${p}`).join(", ")}`));
      return box;
    }
    if (!turn) { box.append(el("p", { class: "hint" }, "The first turn: nothing has happened yet.")); return box; }
    const seats = Object.keys(turn.damage_dealt || {});
    box.append(el("table", { class: "turn-table" },
      el("tr", {}, el("th", {}, ""), seats.map((s) => el("th", {}, seatName(s)))),
      ["offense", "defense"].map((key) => el("tr", {}, el("th", {}, key), seats.map((s) => el("td", {}, String(turn[key]?.[s] ?? "–"))))),
      el("tr", {}, el("th", {}, "damage dealt"), seats.map((s) => el("td", {}, String(turn.damage_dealt[s])))),
      el("tr", {}, el("th", {}, "advantage"), seats.map((s) => el("td", {}, String(turn.advantage?.[s] ?? 0))))));
    for (const s of Object.keys(turn.revealed || {})) {
      const rows = turn.revealed[s];
      box.append(el("p", { class: "revealed" }, `${seatName(s)} turned up: `,
        ["offense", "movement", "defense"].map((row) => el("span", { class: "pair" }, `${row} `,
          rows[row].length ? rows[row].map((c) => cardFace(c)) : "none", " "))));
    }
    const move = turn.movement;
    if (move) {
      box.append(el("p", {}, `Movement: ${move.resolver ? `${seatName(move.resolver)} resolved` : "nobody resolved"} (${move.why})`,
        move.pairs?.length ? ": " : "", (move.pairs || []).map((p) => el("span", { class: "pair" }, cardFace(p.seat1), " v ", cardFace(p.seat2),
          p.point_to ? ` → ${seatName(p.point_to)}` : "")),
        move.settled ? ` · ${move.settled}` : ""));
    }
    return box;
  }

  return {
    update(update) {
      last = update;
      const view = update.view;
      const me = update.seat;
      if (selected && !update.legal.some((l) => l.action.card === selected)) selected = null;
      clear(root);
      const order = me ? [view.seats.find((s) => s !== me), me] : view.seats;
      const info = el("div", { class: "board-info" }, el("span", {}, `Turn `, el("strong", {}, `${view.turn}`), ` of ${view.turn_limit}`),
        el("span", {}, `Phase: ${view.phase}`), el("span", {}, `Deck: ${view.deck_count} cards`));
      const panels = order.map((owner) => shipPanel(owner, view.ships[owner], view, owner === me));
      const hand = el("div", { class: "hand", id: "hand" });
      const handCards = me ? view.ships[me].hand || [] : [];
      for (const code of handCards) {
        const placeable = update.legal.some((l) => l.action.kind === "place" && l.action.card === code);
        const card = cardFace(code, { draggable: placeable ? "true" : "false", tabindex: placeable ? 0 : -1, role: placeable ? "button" : null,
          "aria-label": `${code}${placeable ? ": choose a row for it" : ""}`, "data-hand": code });
        card.classList.toggle("legal-card", placeable);
        card.classList.toggle("legal", placeable);
        card.classList.toggle("selected", code === selected);
        const choose = () => { selected = selected === code ? null : code; this.update(last); };
        if (placeable) {
          card.addEventListener("click", choose);
          card.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); } });
          card.addEventListener("dragstart", () => { selected = code; });
        }
        hand.append(card);
      }
      const controls = el("div", { class: "controls" }, update.legal.filter((l) => !["place", "pair"].includes(l.action.kind))
        .map((l) => el("button", { type: "button", class: "control", "data-key": `${l.action.kind}:${l.action.call ?? ""}` }, l.label)));
      root.append(info, panels[0], lastTurn(view), panels[1] || "",
        me ? el("section", { class: "hand-box" }, el("h3", {}, "Your hand ", el("span", { class: "hint" },
          selected ? `— now click a row for ${cardName(selected)}` : update.legal.some((l) => l.action.kind === "place") ? "— click a card, then a row (or drag it)" : "")), hand, controls) : "");
      picker.use(update.legal, (action) => {
        if (action.kind === "place") return selected && action.card === selected ? [`row:${action.row}`] : [];
        if (action.kind === "pair") return [`pair:${action.mine}`];
        return [`${action.kind}:${action.call ?? ""}`];
      });
      picker.bind(root);
    },
  };
}
