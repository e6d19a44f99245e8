// Lessons: each game's guided lessons, played on the game's own board with the lesson's dice.
// The server keeps no table for a lesson: it replays the learner's moves so far on the lesson's
// position each time, so a lesson can be started again at any moment.
import { api, el, clear, toast, setWhere, Picker } from "./common.js";
import { loadBoard } from "./table.js";
import { actionButton, createHelp, hintBox, logLine, markSuggestion, ruleLink, showOdds } from "./help.js";

/** The lobby's "Learn" page: every game's lessons. */
export async function showLessons(page) {
  setWhere("Learn");
  const games = (await api("/api/games")).filter((game) => !game.name.startsWith("test-"));
  const found = await Promise.all(games.map((game) => api(`/api/games/${game.name}/lessons`)));
  page.append(el("h1", {}, "Learn a game"),
    el("p", { class: "hint" }, "Short lessons, one rule each, with the dice set up so the rule happens. Each takes a few minutes."),
    ...games.map((game, i) => el("section", { class: "lesson-list" }, el("h2", {}, game.title),
      el("ol", {}, found[i].map((lesson) => el("li", {},
        el("a", { href: `#/learn/${game.name}/${lesson.id}`, "data-lesson": `${game.name}/${lesson.id}` }, lesson.title),
        " ", el("span", { class: "hint" }, lesson.rule)))))));
}

/** One lesson: guidance above the board, the moves on offer, the log with its rules. */
export async function showLesson(page, game, lessonId) {
  const games = await api("/api/games");
  const info = games.find((entry) => entry.name === game);
  if (!info) throw new Error(`there is no game ${game}`);
  const module = await loadBoard(game);
  const base = `/api/games/${encodeURIComponent(game)}/lessons/${encodeURIComponent(lessonId)}`;
  const url = `${base}/play${info.pictures && module.wantsPicture ? "?svg=true" : ""}`;
  const help = createHelp((action) => api(`${base}/odds`, { method: "POST", body: { actions: moves, action } }),
    () => api(`${base}/hint`, { method: "POST", body: { actions: moves } }));
  const hints = hintBox(help, (answer) => markSuggestion(actions, picker, answer));
  const guide = el("section", { class: "lesson-guide", id: "lesson-guide", "aria-live": "polite" });
  const boardRoot = el("div", { class: `board board-${game}`, id: "board" });
  const menu = el("div", { class: "pick-menu", hidden: true, role: "menu" });
  const oddsLine = el("p", { class: "odds-line", id: "odds-line", hidden: true, "aria-live": "polite" });
  const actions = el("div", { class: "legal-list", id: "legal" });
  const log = el("ol", { class: "log", id: "log" });
  page.append(el("div", { class: "table-page" }, guide,
    el("div", { class: "play" },
      el("div", { class: "board-wrap" }, oddsLine, boardRoot, menu),
      el("aside", { class: "side" },
        el("section", { class: "moves" }, el("h2", {}, "Moves"), hints.node, actions),
        el("section", { class: "log-box" }, el("h2", {}, "Log"), log),
        el("p", { class: "extras" }, el("a", { href: "#/learn" }, "All lessons"), " · ", el("a", { href: "#/" }, "Lobby"))))));

  let moves = [];
  let seat = null;
  let shown = 0;
  const play = async (action) => {
    try {
      const update = await api(url, { method: "POST", body: { actions: [...moves, action] } });
      moves = [...moves, action];
      draw(update);
    } catch (error) {
      toast(error.message, true);
    }
  };
  const picker = new Picker(menu, play);
  picker.explain = (entry, node) => showOdds(help, entry, node, oddsLine);
  let board = null;

  function draw(update) {
    const lesson = update.lesson;
    setWhere(`${info.title} · Lesson: ${lesson.title}`);
    clear(guide).append(el("h1", {}, lesson.title),
      el("p", { class: "lesson-rule" }, ruleLink(game, lesson.rule), " ", lesson.rule_text),
      moves.length ? "" : el("p", {}, lesson.intro),
      lesson.after ? el("p", { class: "lesson-after" }, lesson.after) : "",
      lesson.say ? el("p", { class: "lesson-step" }, el("strong", {}, `Step ${lesson.step_number} of ${lesson.steps}: `), lesson.say) : "",
      lesson.expect ? el("p", { class: "lesson-do", id: "lesson-do" }, "Do it: ", el("strong", {}, lesson.expect.label),
        " — marked on the board and among the moves.") : "",
      lesson.done ? el("p", { class: "lesson-done" }, el("strong", {}, "Well done. "), lesson.done, " ",
        el("a", { href: "#/learn", class: "button" }, "More lessons")) : "");
    help.newPosition(update);
    oddsLine.hidden = true;
    hints.reset(update.your_turn);
    clear(actions).append(...update.legal.map((entry) => actionButton(help, entry, oddsLine, () => play(entry.action), false)));
    const fresh = update.events.slice(shown);
    shown = update.events.length;
    log.append(...fresh.map((event) => logLine(game, event)));
    seat = update.seat;
    board = board || module.createBoard(boardRoot, { act: play, picker, preview: null, seat, info });
    board.update(update, fresh);
    if (lesson.expect) markSuggestion(actions, picker, { best: lesson.expect.text, best_action: lesson.expect.action });
    document.body.dataset.lessonStep = lesson.done ? "done" : String(lesson.step_number);
  }

  draw(await api(url, { method: "POST", body: { actions: [] } }));
  return () => { board?.destroy?.(); delete document.body.dataset.lessonStep; };
}
