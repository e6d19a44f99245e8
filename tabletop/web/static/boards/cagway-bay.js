// Cagway Bay: the gridless table with islands, wind and ships. Choose any turn angle the rules allow
// with the helm (the end pose and what the move costs are previewed before you commit); click ships
// and islands to fire, grapple, board or dock; the acting ship's card shows guns, health and AP.
import { el, svg, clear, seatName } from "../common.js";

const SEAT_FILLS = ["#9a3412", "#1e3a8a"]; // the first seat's ships, the second's
const SEGMENT = 4; // cm in one Red stick segment: a gun chart's range bands are this long

/** A class card's outline (in the ship's own frame, bow at the origin) placed on the table. */
function placeOutline(ship, outline) {
  const rad = ship.heading * Math.PI / 180;
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  return outline.map(([px, py]) => [ship.x + px * c - py * s, ship.y + px * s + py * c]);
}

/** A gun's arc out to its reach, in table centimetres (the rulebook's arcs: half-planes fore and aft, bands abeam). */
function arcOutline(ship, position, reach) {
  const length = ship.length;
  const local = {
    fore: [[0, -reach], [reach, -reach], [reach, reach], [0, reach]],
    aft: [[-length, -reach], [-length, reach], [-length - reach, reach], [-length - reach, -reach]],
    port: [[0, 0], [0, reach], [-length, reach], [-length, 0]],
    starboard: [[0, 0], [-length, 0], [-length, -reach], [0, -reach]],
  }[position];
  const rad = ship.heading * Math.PI / 180;
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  return local.map(([px, py]) => [ship.x + px * c - py * s, ship.y + px * s + py * c]);
}

function keysOf(action) {
  switch (action.kind) {
    case "dock": return [`island:${action.island}`];
    case "grapple": case "fire": case "melee": case "commandeer": case "scuttle": return [`ship:${action.target}`];
    case "share": return [`ship:${action.friend}`];
    case "sail": return [];
    default: return [`do:${action.kind}:${action.ship ?? ""}`];
  }
}

/** A control's button: its one action's label, or what it opens when it offers several ("drift (4 choices)"). */
function controlLabel(entry, controls) {
  const key = keysOf(entry.action)[0];
  const count = controls.filter((l) => keysOf(l.action)[0] === key).length;
  return count > 1 ? `${entry.action.kind.replaceAll("_", " ")} (${count} choices)` : entry.label;
}

export function createBoard(root, { picker, preview, act, replay }) {
  let last = null;
  let angle = 0;
  let ghost = null;
  let note = null;
  let previewTicket = 0;

  const Y = (view, y) => view.table.height - y;
  const pts = (view, points) => points.map(([x, y]) => `${x.toFixed(2)},${Y(view, y).toFixed(2)}`).join(" ");

  function drawTable(update) {
    const view = update.view;
    const { width, height } = view.table;
    const picture = svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, role: "img", "aria-label": view.title, id: "sea" });
    picture.append(svg("rect", { x: 0, y: 0, width, height, fill: view.darkness ? "#16324a" : "#2b6a8f" }));
    for (const exit of view.table.exits || []) {
      const bar = { south: [0, height - 1, width, 1], north: [0, 0, width, 1], west: [0, 0, 1, height], east: [width - 1, 0, 1, height] }[exit];
      if (bar) picture.append(svg("rect", { x: bar[0], y: bar[1], width: bar[2], height: bar[3], fill: "#facc15", opacity: 0.8 }, svg("title", {}, `treasure leaves by the ${exit} edge`)));
    }
    for (const island of view.table.islands) {
      const [cx, cy] = island.outline.reduce(([a, b], [x, y]) => [a + x / island.outline.length, b + y / island.outline.length], [0, 0]);
      picture.append(svg("polygon", { points: pts(view, island.outline), fill: island.treasure ? "#d9c58a" : "#a8a29e", stroke: "#6b5b2a", "stroke-width": 0.4, "data-key": `island:${island.id}`, class: "island" },
        svg("title", {}, `${island.name}${island.treasure ? `: ${island.treasure} treasure` : ""}${island.supplies ? `, ${island.supplies} supplies` : ""}`)));
      picture.append(svg("text", { x: cx, y: Y(view, cy) + 1, "font-size": 2.6, "text-anchor": "middle", fill: "#3b2f12", "pointer-events": "none" }, island.name));
    }
    const wind = view.table.wind;
    if (wind) {
      const heading = (wind.from_heading ?? 0) * Math.PI / 180;
      const x = 8;
      const y = 8;
      picture.append(svg("g", { class: "wind", "pointer-events": "none" },
        svg("line", { x1: x - Math.cos(heading) * 5, y1: y + Math.sin(heading) * 5, x2: x + Math.cos(heading) * 5, y2: y - Math.sin(heading) * 5, stroke: "#fff", "stroke-width": 0.8, "marker-end": "url(#wind-head)" }),
        svg("text", { x, y: y + 8, "font-size": 2.5, "text-anchor": "middle", fill: "#fff" }, `wind (${wind.kind})`)));
      picture.prepend(svg("defs", {}, svg("marker", { id: "wind-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" }, svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#fff" }))));
    }
    const active = view.active ?? view.choosable?.[0];
    for (const ship of view.ships) {
      if (ship.status !== "afloat" && ship.status !== "docked") continue;
      const heading = ship.heading * Math.PI / 180;
      picture.append(svg("polygon", { points: pts(view, ship.hull), fill: SEAT_FILLS[view.seats.indexOf(ship.seat)] || "#444", stroke: ship.id === active ? "#facc15" : "#111", "stroke-width": ship.id === active ? 0.8 : 0.3,
        "data-key": `ship:${ship.id}`, "data-ship": ship.id, class: "ship-hull" },
      svg("title", {}, `${ship.id} (${ship.class}, ${seatName(ship.seat)}): ${ship.hp}/${ship.max_hp} hull, ${ship.ap} AP${ship.treasure ? `, ${ship.treasure} treasure` : ""}${ship.fires.length ? ", on fire" : ""}`)));
      picture.append(svg("line", { x1: ship.x, y1: Y(view, ship.y), x2: ship.x + Math.cos(heading) * 3, y2: Y(view, ship.y) - Math.sin(heading) * 3, stroke: "#fff", "stroke-width": 0.4, "pointer-events": "none" }));
      picture.append(svg("text", { x: ship.x + 2, y: Y(view, ship.y) + 4, "font-size": 2.4, fill: "#fff", "pointer-events": "none" }, `${ship.id} ${ship.hp}/${ship.max_hp}`));
    }
    // Firing arcs with their range bands, while the acting ship may shoot.
    const aiming = update.legal.filter((l) => l.action.kind === "fire");
    const shooter = view.ships.find((s) => s.id === active);
    if (aiming.length && shooter) {
      for (const position of new Set(aiming.map((l) => l.action.gun))) {
        const gun = shooter.guns?.[position];
        if (!gun) continue;
        const printed = view.cards?.[shooter.class]?.guns?.find((g) => g.position === position)?.arc_outline;
        if (printed) {
          picture.append(svg("polygon", { points: pts(view, placeOutline(shooter, printed)), fill: "#fde047", "fill-opacity": 0.15,
            stroke: "#fde047", "stroke-width": 0.35, class: "arc", "data-gun": position, "pointer-events": "none" }));
          continue;
        }
        for (let band = gun.chart.length; band >= 1; band -= 1) {
          picture.append(svg("polygon", { points: pts(view, arcOutline(shooter, position, band * SEGMENT)), fill: "#fde047", "fill-opacity": 0.07,
            stroke: "#fde047", "stroke-width": 0.25, "stroke-opacity": 0.8, class: "arc", "data-gun": position, "pointer-events": "none" }));
        }
      }
    }
    if (ghost) {
      const ship = ghost.ships.find((s) => s.id === active);
      const before = view.ships.find((s) => s.id === active);
      if (ship && before) {
        picture.append(svg("line", { x1: before.x, y1: Y(view, before.y), x2: ship.x, y2: Y(view, ship.y), stroke: "#fde047", "stroke-width": 0.5, "stroke-dasharray": "1.5 1", "pointer-events": "none" }));
        picture.append(svg("polygon", { points: pts(view, ship.hull), fill: "none", stroke: "#fde047", "stroke-width": 0.6, "stroke-dasharray": "1 0.6", class: "ghost", "pointer-events": "none" }));
      }
    }
    return picture;
  }

  function wheelAndHealth(card, ship) {
    if (!card) return "";
    let from = 0;
    const wheel = (card.wheel || []).map((band) => { const text = `${from}–${band.up_to}°: ${band.colour}`; from = band.up_to; return el("span", { class: `stick stick-${band.colour}` }, text); });
    const rows = (card.health || []).map((row) => el("tr", { class: ship.hp >= row.min_hp && (row === card.health[0] || ship.hp < card.health[card.health.indexOf(row) - 1].min_hp) ? "now" : "" },
      el("td", {}, `${row.min_hp}+`), el("td", {}, String(row.actions)), el("td", {}, String(row.combat_value))));
    return el("div", { class: "card-parts" },
      el("div", {}, el("strong", {}, "Movement wheel "), el("span", { class: "hint" }, "(angle off the wind: stick)"), el("div", { class: "wheel" }, wheel)),
      el("table", { class: "health" }, el("tr", {}, el("th", {}, "hull"), el("th", {}, "AP"), el("th", {}, "combat")), rows));
  }

  function shipCard(view, ship) {
    if (!ship) return el("section", { class: "ship-card" }, el("p", { class: "hint" }, "No ship is acting."));
    return el("section", { class: "ship-card", id: "ship-card" },
      el("h3", {}, `${ship.id} — ${ship.class} (${seatName(ship.seat)})`),
      el("div", { class: "ship-stats" },
        el("span", {}, `Hull ${ship.hp}/${ship.max_hp}`), el("span", {}, `AP ${ship.ap}`),
        el("span", {}, `Supplies ${ship.supplies}/${ship.max_supplies}`), el("span", {}, `Treasure ${ship.treasure}`),
        el("span", {}, `Combat ${ship.combat_value}`), ship.fires.length ? el("span", { class: "problem" }, `Fires: ${ship.fires.length}`) : "",
        ship.docked ? el("span", {}, `Docked at ${ship.docked}`) : ""),
      wheelAndHealth(view.cards?.[ship.class], ship),
      el("table", { class: "guns" }, el("tr", {}, el("th", {}, "gun"), el("th", {}, "damage by range band")),
        Object.entries(ship.guns || {}).map(([side, gun]) => el("tr", {}, el("td", {}, `${side}: ${gun.name}`), el("td", {}, gun.chart.join(" · "), gun.sets_fire ? " (sets fire)" : "")))));
  }

  async function previewTurn() {
    if (!last || !preview) return;
    const sail = last.legal.find((l) => l.action.kind === "sail");
    if (!sail) return;
    const ticket = ++previewTicket;
    const action = { ...sail.action, turn: angle };
    try {
      const after = await preview(action);
      if (ticket !== previewTicket) return;
      ghost = after.view;
      note = `${after.label}: ${after.events.join(" ") || "no change"}`;
    } catch (error) {
      if (ticket !== previewTicket) return;
      ghost = null;
      note = `${angle}°: ${error.message}`;
    }
    draw();
  }

  function helm(update) {
    const sails = update.legal.filter((l) => l.action.kind === "sail");
    if (!sails.length) return "";
    const turns = sails.map((l) => l.action.turn);
    const low = Math.min(...turns);
    const high = Math.max(...turns);
    angle = Math.max(low, Math.min(high, angle));
    const slider = el("input", { type: "range", min: low, max: high, step: 1, value: angle, id: "helm-angle", "aria-label": "turn angle (negative: starboard)" });
    const shown = el("output", { for: "helm-angle", id: "helm-value" }, `${angle}°`);
    slider.addEventListener("input", () => { angle = Number(slider.value); shown.textContent = `${angle}°`; previewTurn(); });
    return el("section", { class: "helm", id: "helm" },
      el("h3", {}, "Helm"),
      el("label", {}, `Turn (starboard ${low}° … port ${high}°) `, slider, " ", shown),
      el("div", { class: "helm-steps" }, sails.map((l) => el("button", { type: "button", class: "quiet", onclick: () => { angle = l.action.turn; draw(); previewTurn(); } }, `${l.action.turn}°`))),
      el("p", { class: "preview-note", id: "helm-note" }, note || "Move the helm to see where the ship would end and what it costs."),
      el("button", { type: "button", class: "primary", id: "helm-sail", onclick: () => act({ ...sails[0].action, turn: angle }) }, `Sail, turning ${angle}°`));
  }

  function draw() {
    const update = last;
    const view = update.view;
    clear(root);
    const active = view.active ?? view.choosable?.[0];
    const ship = view.ships.find((s) => s.id === active);
    root.append(el("div", { class: "board-info" },
      el("span", {}, el("strong", {}, view.title)), el("span", {}, `Turn ${view.turn} of ${view.turn_limit}`), el("span", {}, `Phase: ${view.phase}`),
      el("span", {}, active ? `Acting: ${active}` : ""), view.darkness ? el("span", {}, "Night") : ""));
    root.append(el("p", { class: "hint objective" }, view.objective));
    root.append(drawTable(update));
    const controls = update.legal.filter((l) => keysOf(l.action)[0]?.startsWith("do:"));
    const seen = new Set();
    root.append(el("div", { class: "controls" }, controls.filter((l) => !seen.has(keysOf(l.action)[0]) && seen.add(keysOf(l.action)[0]))
      .map((l) => el("button", { type: "button", "data-key": keysOf(l.action)[0] }, controlLabel(l, controls)))));
    if (!replay) root.append(helm(update));
    root.append(shipCard(view, ship));
    picker.use(update.legal, keysOf);
    picker.bind(root);
  }

  return {
    update(update) {
      const moved = !last || last.step !== update.step;
      last = update;
      // A new position (another ship, or the same ship after acting) starts the helm amidships,
      // previewed at once: the Sail button never offers a turn nobody has seen.
      if (moved) { ghost = null; note = null; angle = 0; }
      draw();
      if (moved && !replay) previewTurn();
    },
  };
}
