// Friendly Sporting Competition: the octagonal pitch from the view's bitmap. Click one of your
// teamsters, then a lit square to move, an arrow to pass (its path is previewed before you commit),
// or its buttons to tackle, jostle, pick up or try for the ball.
import { el, svg, clear, seatName } from "../common.js";

const CELL = 30;
const STEP = { n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1] };
const BITMAP_FILL = { "#": null, ".": "#3f8f3f", z: "#357a35", o: "#4c9c4c", "*": "#4c9c4c", "-": "#3f8f3f" };
const TEAM_FILL = { seat1: "#1f5fbf", seat2: "#c2410c" };

const REACH = { short: 12, medium: 18, long: 24 }; // the most a pass can travel: 2d6, 3d6, 4d6 squares

/**
 * The squares a kicked ball would pass through, rebounding off the walls as the rules say
 * (FSC-PASS-2), out to ``distance``; it stops where it crosses a goal line. Drawn before a pass
 * is committed, since how far it goes is rolled only then.
 */
export function reboundPath(pitch, from, dir, distance) {
  const columns = pitch.columns;
  const mouths = { north: new Set(pitch.goals.north.mouth), south: new Set(pitch.goals.south.mouth) };
  const kind = (x, y) => {
    if (x < 0 || x >= pitch.width) return "wall";
    if (y === -1 && mouths.north.has(columns[x])) return "goal";
    if (y === pitch.height && mouths.south.has(columns[x])) return "goal";
    if (y < 0 || y >= pitch.height) return "wall";
    return pitch.rows[y][x] === "#" ? "wall" : "open";
  };
  const open = (x, y) => kind(x, y) === "open";
  const bounce = (x, y, dx, dy) => {
    if (dx && dy) {
      const alongX = open(x + dx, y);
      const alongY = open(x, y + dy);
      if (alongX && !alongY) return [dx, -dy];
      if (alongY && !alongX) return [-dx, dy];
      return [-dx, -dy];
    }
    const turns = dx ? [[0, -1], [0, 1]] : [[-1, 0], [1, 0]];
    const ahead = turns.map(([tx, ty]) => open(x + dx + tx, y + dy + ty));
    if (ahead[0] !== ahead[1]) {
      const turn = ahead[0] ? turns[0] : turns[1];
      if (open(x + turn[0], y + turn[1])) return turn;
    }
    return [-dx, -dy];
  };
  let [x, y] = parse(from, columns);
  let [dx, dy] = STEP[dir];
  const path = [];
  for (let i = 0; i < distance; i += 1) {
    if (kind(x + dx, y + dy) === "wall") [dx, dy] = bounce(x, y, dx, dy);
    x += dx;
    y += dy;
    path.push([x, y]);
    if (kind(x, y) === "goal") break;
  }
  return path;
}

function parse(square, columns) {
  return [columns.indexOf(square[0]), Number(square.slice(1)) - 1];
}

function name(x, y, columns) {
  return `${columns[x]}${y + 1}`;
}

export function createBoard(root, { picker }) {
  let selected = null; // the number of the picked teamster
  let last = null;
  let pathLayer = null;

  const acting = (view) => view.flight?.deciding ?? view.side ?? view.deploying;

  function keysOf(action, view) {
    const columns = view.pitch.columns;
    const side = acting(view);
    switch (action.kind) {
      case "deploy": return [action.at];
      case "move": {
        if (action.who !== selected) return [];
        const teamster = view.teams[side].find((t) => t.number === action.who);
        const [x, y] = parse(teamster.at, columns);
        const [dx, dy] = STEP[action.dir];
        return [name(x + dx, y + dy, columns)];
      }
      case "pass": {
        const carrier = view.teams[side].find((t) => t.carrying);
        return carrier && carrier.number === selected ? [`pass:${action.dir}`] : [];
      }
      case "jostle": return action.who === selected ? [`act:${action.kind}:${action.who}:${action.target}`] : [];
      case "tackle": case "pick-up": return action.who === selected ? [`act:${action.kind}:${action.who}`] : [];
      case "try": return [`act:try:${action.who}`];
      default: return [`act:${action.kind}`];
    }
  }

  function pickable(update, number) {
    return update.legal.some((l) => l.action.who === number && l.action.kind !== "try");
  }

  function showPath(dir) {
    if (!pathLayer || !last) return;
    clear(pathLayer);
    const view = last.view;
    const carrier = view.ball.at;
    const longest = Math.max(...last.legal.filter((l) => l.action.kind === "pass" && l.action.dir === dir).map((l) => REACH[l.action.length] || 12));
    const squares = reboundPath(view.pitch, carrier, dir, longest);
    const [x0, y0] = parse(carrier, view.pitch.columns);
    const points = [[x0, y0], ...squares].map(([x, y]) => `${(x + 0.5) * CELL},${(y + 0.5) * CELL}`);
    pathLayer.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: "#fde047", "stroke-width": 3, "stroke-dasharray": "6 4", class: "pass-path" }));
    for (const [length, reach] of Object.entries(REACH)) {
      const end = squares[Math.min(reach, squares.length) - 1];
      if (!end || !last.legal.some((l) => l.action.kind === "pass" && l.action.dir === dir && l.action.length === length)) continue;
      pathLayer.append(svg("text", { x: (end[0] + 0.5) * CELL, y: (end[1] + 0.5) * CELL - 6, "font-size": 10, fill: "#fde047", "text-anchor": "middle" }, `${length} max`));
    }
  }

  function drawPitch(update) {
    const view = update.view;
    const pitch = view.pitch;
    const columns = pitch.columns;
    const picture = svg("svg", { viewBox: `${-CELL / 2} ${-CELL / 2} ${(pitch.width + 1) * CELL} ${(pitch.height + 1) * CELL}`, role: "img", "aria-label": "the pitch", id: "pitch" });
    const grey = new Set(pitch.grey_area?.squares || []);
    pitch.rows.forEach((row, y) => [...row].forEach((mark, x) => {
      const fill = BITMAP_FILL[mark];
      if (!fill) return;
      const square = name(x, y, columns);
      picture.append(svg("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill: grey.has(square) && view.phase === "deploy" ? "#6b8f6b" : fill,
        stroke: "#2d6a2d", "stroke-width": 0.6, "data-key": square, class: "square" }));
    }));
    for (const goal of Object.values(pitch.goals)) {
      for (const square of goal.line) {
        const [x, y] = parse(square, columns);
        const outside = y === 0 ? -0.35 : 1;
        picture.append(svg("rect", { x: x * CELL, y: (y + outside) * CELL, width: CELL, height: CELL * 0.35, fill: "#e5e7eb", "pointer-events": "none" }));
      }
    }
    const spot = parse(pitch.centre_spot, columns);
    picture.append(svg("circle", { cx: (spot[0] + 0.5) * CELL, cy: (spot[1] + 0.5) * CELL, r: 3, fill: "#fff", "pointer-events": "none" }));
    pathLayer = svg("g", { class: "paths", "pointer-events": "none" });
    picture.append(pathLayer);
    const side = acting(view);
    for (const [seat, team] of Object.entries(view.teams)) {
      for (const teamster of team) {
        if (!teamster.at) continue;
        const [x, y] = parse(teamster.at, columns);
        const cx = (x + 0.5) * CELL;
        const cy = (y + 0.5) * CELL;
        const mine = seat === side && update.seat === side && pickable(update, teamster.number);
        const token = svg("g", { class: `teamster${mine ? " legal" : ""}${mine && selected === teamster.number ? " selected" : ""}`, "data-teamster": `${seat}:${teamster.number}` },
          svg("circle", { cx, cy, r: CELL * 0.4, fill: TEAM_FILL[seat], stroke: teamster.carrying ? "#fde047" : "#111", "stroke-width": teamster.carrying ? 3 : 1, opacity: teamster.floored ? 0.5 : 1 }),
          svg("text", { x: cx, y: cy + 4, "font-size": 11, "font-weight": 700, "text-anchor": "middle", fill: "#fff", "pointer-events": "none" }, teamster.goalie ? "G" : String(teamster.number)),
          svg("title", {}, `${teamster.name}${teamster.floored ? ", floored" : ""}${teamster.carrying ? ", with the ball" : ""}`));
        if (mine) {
          token.setAttribute("tabindex", "0");
          token.setAttribute("role", "button");
          const choose = () => { selected = selected === teamster.number ? null : teamster.number; board.update(last); };
          token.addEventListener("click", choose);
          token.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); } });
        } else {
          token.style.pointerEvents = "none";
        }
        picture.append(token);
      }
    }
    if (view.ball.at && !view.ball.holder) {
      const [x, y] = parse(view.ball.at, columns);
      picture.append(svg("circle", { cx: (x + 0.5) * CELL, cy: (y + 0.5) * CELL, r: 6, fill: "#fff", stroke: "#111", "pointer-events": "none", class: "ball" }));
    }
    if (view.flight?.path) {
      const points = view.flight.path.map((sq) => parse(sq, columns)).map(([x, y]) => `${(x + 0.5) * CELL},${(y + 0.5) * CELL}`);
      picture.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "4 3", "pointer-events": "none" }));
    }
    // Pass arrows round the carrier when it is picked.
    const carrier = view.teams[side]?.find((t) => t.carrying && t.number === selected);
    if (carrier) {
      const [x, y] = parse(carrier.at, columns);
      for (const [dir, [dx, dy]] of Object.entries(STEP)) {
        if (!update.legal.some((l) => l.action.kind === "pass" && l.action.dir === dir)) continue;
        const ax = (x + 0.5 + dx * 1.05) * CELL;
        const ay = (y + 0.5 + dy * 1.05) * CELL;
        const angle = Math.atan2(dy, dx) * 180 / Math.PI;
        const arrow = svg("path", { d: "M-9,-7 L9,0 L-9,7 z", transform: `translate(${ax},${ay}) rotate(${angle})`, fill: "#fde047", stroke: "#111", "data-key": `pass:${dir}`, class: "pass-arrow" });
        arrow.addEventListener("mouseenter", () => showPath(dir));
        arrow.addEventListener("focus", () => showPath(dir));
        picture.append(arrow);
      }
    }
    return picture;
  }

  const board = {
    update(update) {
      last = update;
      const view = update.view;
      if (selected !== null && !pickable(update, selected)) selected = null;
      clear(root);
      const names = view.team_names || {};
      root.append(el("div", { class: "board-info" },
        el("span", {}, Object.entries(view.score).map(([seat, goals], i) => [i ? " : " : "", el("strong", { class: seat === "seat1" ? "side1" : "side2" }, `${names[seat] || seatName(seat)} ${goals}`)])),
        el("span", {}, view.is_over ? `Full time (${view.match_turns} turns)` : `Turn ${view.turn} of ${view.match_turns}`),
        el("span", {}, view.phase === "deploy" ? `Deploying: ${names[view.deploying] || view.deploying}` : view.side ? `${names[view.side] || view.side} to play` : ""),
        el("span", { class: "ap" }, view.ap !== null && view.ap !== undefined ? `Action points left: ${view.ap}` : ""),
        el("span", {}, view.flight ? `Ball in flight: ${names[view.flight.deciding] || view.flight.deciding} decides` : "")));
      root.append(drawPitch(update));
      const buttons = update.legal.filter((l) => keysOf(l.action, view).some((key) => key.startsWith("act:")));
      const seen = new Set();
      root.append(el("div", { class: "controls" },
        buttons.filter((l) => { const key = keysOf(l.action, view)[0]; if (seen.has(key)) return false; seen.add(key); return true; })
          .map((l) => el("button", { type: "button", "data-key": keysOf(l.action, view)[0] }, l.label)),
        update.legal.some((l) => l.action.who !== undefined && l.action.kind !== "try") && selected === null ? el("span", { class: "hint" }, "Click one of your teamsters.") : ""));
      picker.use(update.legal, (action) => keysOf(action, view));
      picker.bind(root);
    },
  };
  return board;
}
