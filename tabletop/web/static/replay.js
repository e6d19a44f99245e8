// Replays: a finished game step by step, forwards and backwards, through one seat's eyes or a spectator's.
import { api, el, clear, seatName, setWhere, withSeatNames, Picker } from "./common.js";
import { loadBoard } from "./table.js";
import { logLine } from "./help.js";

export async function showReplay(page, tableId) {
  const summary = await api(`/api/tables/${tableId}`);
  const games = await api("/api/games");
  const info = games.find((game) => game.name === summary.game) || { name: summary.game, title: summary.title };
  setWhere(`${info.title} · replay`);
  if (summary.status !== "finished") {
    page.append(el("p", { class: "problem" }, "This game is still being played. "), el("a", { href: `#/table/${tableId}` }, "Watch it live"));
    return null;
  }
  if (!summary.settings.reveal_at_end) {
    page.append(el("p", { class: "problem", id: "replay-problem" }, "This table keeps its record private, so its game cannot be replayed. "),
      el("a", { href: `#/table/${tableId}`, class: "button" }, "See how it ended"));
    return null;
  }
  const module = await loadBoard(info.name);
  const total = summary.step;
  let step = total;
  let seat = "";
  let busy = 0;
  const eyes = el("select", { id: "replay-seat", "aria-label": "Whose eyes" },
    el("option", { value: "" }, "Spectator"), summary.seats.map((s) => el("option", { value: s.seat }, seatName(s.seat))));
  const slider = el("input", { type: "range", min: 0, max: total, value: step, id: "replay-step", "aria-label": "Step" });
  const where = el("span", { class: "replay-where", id: "replay-where" });
  const last = el("p", { class: "status", id: "replay-last" });
  const boardRoot = el("div", { class: `board board-${info.name}`, id: "board" });
  const menu = el("div", { class: "pick-menu", hidden: true });
  const log = el("ol", { class: "log", id: "log" });
  const go = (to) => { step = Math.max(0, Math.min(total, to)); slider.value = step; show(); };
  const button = (text, label, to) => el("button", { type: "button", "aria-label": label, "data-step": label, onclick: () => go(to()) }, text);
  page.append(el("div", { class: "table-page replay" },
    el("div", { class: "replay-controls" }, el("label", {}, "Through the eyes of ", eyes),
      button("« First", "first", () => 0), button("◀ Back", "back", () => step - 1), button("Forward ▶", "forward", () => step + 1), button("Last »", "last", () => total),
      slider, where),
    last,
    el("div", { class: "play" }, el("div", { class: "board-wrap" }, boardRoot, menu),
      el("aside", { class: "side" }, el("section", { class: "log-box" }, el("h2", { class: "log-heading" }, "Log so far"), log),
        el("p", { class: "extras" }, el("a", { href: `/api/tables/${tableId}/record`, download: "" }, "Download the record"), " · ", el("a", { href: "#/" }, "Lobby"))))));
  const picker = new Picker(menu, () => {});
  const board = module.createBoard(boardRoot, { act: () => {}, picker, preview: null, seat: null, info, replay: true });
  eyes.addEventListener("change", () => { seat = eyes.value; show(); });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const keys = (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    if (event.key === "ArrowRight") { event.preventDefault(); go(step + 1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); go(step - 1); }
    if (event.key === "Home") go(0);
    if (event.key === "End") go(total);
  };
  document.addEventListener("keydown", keys);

  async function show() {
    const ticket = ++busy;
    const query = new URLSearchParams({ step: String(step), svg: String(Boolean(module.wantsPicture)) });
    if (seat) query.set("seat", seat);
    const frame = await api(`/api/tables/${tableId}/replay?${query}`);
    if (ticket !== busy) return;
    where.textContent = `Step ${frame.step} of ${frame.steps}`;
    // The label is the mover's own menu line ("Pair your 7♥ …"), so it is quoted as theirs.
    last.textContent = frame.last ? `${seatName(frame.last.seat)} chose “${frame.last.label}”` : "The start of the game.";
    if (frame.outcome) last.textContent += ` — Game over: ${withSeatNames(frame.outcome.reason)}`;
    clear(log);
    log.append(...frame.events.map((event) => logLine(info.name, event)));
    log.parentElement.scrollTop = log.parentElement.scrollHeight;
    board.update({ view: frame.view, svg: frame.svg, legal: [], seat: frame.seat, to_act: frame.to_act, outcome: frame.outcome, step: frame.step, status: "replay" }, []);
  }
  await show();
  return () => { document.removeEventListener("keydown", keys); board.destroy?.(); };
}
