// Cargo Bay Ball: the hex bay from the view's geometry. Click a crew member to give it its turn,
// then the lit hexes to move, pass or hand off; crew to steal from or slobberknock; the goal to shoot.
import { el, svg, clear, seatName } from "../common.js";

const SIZE = 40; // pixels per hex width
const ROOT3 = Math.sqrt(3);
const ANGLE = { E: 0, NE: -60, NW: -120, W: 180, SW: 120, SE: 60 };
const KIND_FILL = { floor: "#c9ccd2", grating: "#9aa3ad", half: "#b7bcc4", goal: "#f2c14e", door: "#8b6b4a", airlock: "#5b6270", arrow: "#e07a5f" };
const SIDE_FILL = { 1: "#1f5fbf", 2: "#c2410c" };
const STATUS_TEXT = { down: "down", "penalty-box": "in the penalty box", "arrow-space": "on the arrow space", "at-door": "at the door", "off-field": "off the field" };

/** Every space as an object, whether the view lists it as an object or as a short array named by ``space_fields``. */
function spacesOf(board) {
  const fields = board.space_fields || ["label", "kind", "col", "row", "neighbours"];
  return board.spaces.map((space) => {
    const named = Array.isArray(space) ? Object.fromEntries(fields.map((field, i) => [field, space[i]])) : space;
    return { ...named, number: named.number ?? board.numbers?.[named.label] ?? null };
  });
}

function centre(space) {
  return [(space.col + (space.row % 2) / 2 + 0.5) * SIZE, (space.row * ROOT3 / 2 + 0.6) * SIZE];
}

function hexPoints(x, y) {
  const r = SIZE / ROOT3;
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 90);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** The board things an action is about: a space label or a crew id. */
function keysOf(action, selected) {
  switch (action.kind) {
    case "place": return selected === action.crew ? [action.at] : [];
    case "step": case "step-over": case "pass": case "handoff": return [action.to];
    case "obstacle": return [action.at];
    case "take": return [action.giver];
    case "slobberknock": case "steal": return [action.target];
    case "push": return [action.to ?? "push:nowhere"];
    case "shoot": return ["shoot"];
    case "skip": return ["skip"];
    default: return action.crew ? [action.crew] : [];
  }
}

/** What the acting crew member has left: a move under way counts its steps; otherwise a step starts one. */
function turnText(turn) {
  const actions = `${turn.actions_left} action${turn.actions_left === 1 ? "" : "s"} left`;
  if (turn.move_left > 0) return `${actions}, ${turn.move_left} step${turn.move_left === 1 ? "" : "s"} left in this move`;
  return turn.actions_left > 0 ? `${actions} (a step starts a move)` : actions;
}

export function createBoard(root, { picker }) {
  let selected = null;
  let last = null;

  function drawBay(view) {
    const board = view.board;
    const width = (board.columns + 1) * SIZE;
    const height = (board.rows * ROOT3 / 2 + 0.8) * SIZE;
    const spaces = spacesOf(board);
    const where = Object.fromEntries(spaces.map((space) => [space.label, space]));
    const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": board.title, id: "bay" });
    const obstacles = new Set(view.obstacles);
    for (const space of spaces) {
      const [x, y] = centre(space);
      const hex = svg("polygon", { points: hexPoints(x, y), fill: KIND_FILL[space.kind] || "#ccc", stroke: "#6b7280", "stroke-width": 1,
        "data-key": space.label, "data-space": space.label, class: `hex ${space.kind}` });
      picture.append(hex);
      if (obstacles.has(space.label)) picture.append(svg("rect", { x: x - 11, y: y - 11, width: 22, height: 22, rx: 3, fill: "#4a3f35", class: "obstacle", "pointer-events": "none" }));
      const label = space.number ?? (space.kind === "goal" ? "" : space.label);
      picture.append(svg("text", { x, y: y + SIZE * 0.42, "font-size": 8, "text-anchor": "middle", fill: "#374151", "pointer-events": "none" }, String(label)));
    }
    // The goal and the two arrows that say which way its ring faces.
    const goal = where[view.goal.at];
    if (goal) {
      const [gx, gy] = centre(goal);
      picture.append(svg("circle", { cx: gx, cy: gy, r: SIZE * 0.3, fill: "none", stroke: "#7c2d12", "stroke-width": 3, "data-key": "shoot", class: "goal-ring" }));
      for (const number of view.goal.arrows) {
        const angle = (ANGLE[board.directions[String(number)]] ?? 0) * Math.PI / 180;
        const x2 = gx + Math.cos(angle) * SIZE * 0.75;
        const y2 = gy + Math.sin(angle) * SIZE * 0.75;
        picture.append(svg("line", { x1: gx, y1: gy, x2, y2, stroke: "#7c2d12", "stroke-width": 3, "marker-end": "url(#arrow)", "pointer-events": "none" }));
      }
    }
    picture.prepend(svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#7c2d12" }))));
    // The crew on the field, and the ball.
    const acting = view.turn?.crew;
    for (const member of view.crew) {
      const space = member.at && where[member.at];
      if (!space) continue;
      const [x, y] = centre(space);
      const down = member.status === "down";
      const token = svg("g", { class: `crew${member.crew === acting ? " acting" : ""}`, "data-key": member.crew, "data-crew": member.crew },
        svg("circle", { cx: x, cy: y, r: SIZE * 0.34, fill: SIDE_FILL[member.side], stroke: member.crew === acting ? "#facc15" : "#111", "stroke-width": member.crew === acting ? 4 : 1.5, opacity: down ? 0.55 : 1 }),
        svg("text", { x, y: y + 4, "font-size": 11, "font-weight": 700, "text-anchor": "middle", fill: "#fff", "pointer-events": "none" }, member.code),
        down ? svg("line", { x1: x - 12, y1: y + 12, x2: x + 12, y2: y - 12, stroke: "#fff", "stroke-width": 2, "pointer-events": "none" }) : "",
        svg("title", {}, `${member.name} (side ${member.side})${down ? ", down" : ""}${member.has_ball ? ", has the ball" : ""}`));
      picture.append(token);
    }
    const ball = view.ball.at && where[view.ball.at];
    if (ball) {
      const [x, y] = centre(ball);
      const holder = view.ball.holder;
      picture.append(svg("circle", { cx: x + (holder ? 10 : 0), cy: y - (holder ? 10 : 0), r: 6, fill: "#fff", stroke: "#111", "stroke-width": 1.5, class: "ball", "pointer-events": "none" }));
    }
    return picture;
  }

  function crewStrip(view, legal) {
    const drafted = new Set(view.crew.map((member) => member.crew));
    const people = [...view.crew.filter((member) => !member.at || member.status !== "standing"),
      ...view.cards.filter((card) => view.phase === "draft" && !drafted.has(card.crew) && view.undrafted.includes(card.crew)).map((card) => ({ ...card, side: null, status: "undrafted" }))];
    const placeable = new Set(legal.filter((l) => l.action.kind === "place").map((l) => l.action.crew));
    return el("div", { class: "crew-strip", id: "crew-strip" }, people.map((member) => {
      const text = `${member.name}${member.side ? ` · side ${member.side}` : ""}${member.status && STATUS_TEXT[member.status] ? ` · ${STATUS_TEXT[member.status]}` : member.status === "undrafted" ? " · free to draft" : ""}`;
      const skills = Object.entries(member.skills || {}).map(([k, v]) => `${k} ${v}`).join(" ");
      if (placeable.has(member.crew)) {
        const button = el("button", { type: "button", class: `crew-card legal${selected === member.crew ? " selected" : ""}`, title: skills,
          onclick: () => { selected = selected === member.crew ? null : member.crew; this_update(); } }, text, el("small", {}, skills));
        return button;
      }
      return el("button", { type: "button", class: `crew-card side-${member.side ?? 0}`, "data-key": member.crew, title: skills }, text, el("small", {}, skills));
    }));
  }

  function this_update() { if (last) board.update(last); }

  const board = {
    update(update) {
      last = update;
      const view = update.view;
      if (selected && !update.legal.some((l) => l.action.kind === "place" && l.action.crew === selected)) selected = null;
      clear(root);
      const turn = view.turn || {};
      const actor = view.crew.find((member) => member.crew === turn.crew);
      const pending = view.pending ? ` · waiting: ${view.pending.kind}${view.pending.flight ? ` (${view.pending.flight})` : ""}` : "";
      root.append(el("div", { class: "board-info" },
        el("span", {}, "Score ", el("strong", { class: "side1" }, String(view.score["1"])), " : ", el("strong", { class: "side2" }, String(view.score["2"]))),
        el("span", {}, `Chop ${view.chop} · Round ${view.round}${view.sudden_death ? " · sudden death" : ""}`),
        el("span", {}, `Phase: ${view.phase}`),
        el("span", { id: "turn-info" }, turn.side ? `Side ${turn.side}${actor ? `: ${actor.name}, ${turnText(turn)}` : ""}` : ""),
        el("span", {}, view.official ? `Official: ${view.official.name} (OFF ${view.official.OFF})` : ""),
        el("span", { class: "pending" }, pending)));
      root.append(drawBay(view));
      const extras = update.legal.filter((l) => ["skip"].includes(l.action.kind) || (l.action.kind === "push" && !l.action.to));
      root.append(el("div", { class: "controls" }, extras.map((l) => el("button", { type: "button", "data-key": keysOf(l.action, selected)[0] }, l.label)),
        selected ? el("span", { class: "hint" }, `Click a lit space to place ${selected}.`) : ""));
      root.append(crewStrip(view, update.legal));
      picker.use(update.legal, (action) => keysOf(action, selected));
      picker.bind(root);
      // Tokens nobody can act on let clicks through to the space beneath them.
      for (const token of root.querySelectorAll("g.crew")) token.style.pointerEvents = token.classList.contains("legal") ? "" : "none";
    },
  };
  return board;
}
