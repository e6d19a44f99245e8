// Help at the table: a hint for the seat to act, odds before a roll or a draw, the rule behind
// each log line, and each game's rulebook page. The server answers from this seat's view only.
import { api, el, clear, setWhere, withSeatNames } from "./common.js";

const RULE_LINE = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)(?:\s{2,}(.*))?$/;

/** The address of a rule on its game's rulebook page (opened beside the table). */
export function ruleHref(game, rule) {
  return `${location.pathname}#/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}`;
}

/** One log line, with the ID of the rule that produced it linked to the rulebook. */
export function logLine(game, event) {
  return el("li", { class: `event kind-${event.kind}${event.private ? " private" : ""}`, "data-seq": event.seq, "data-rule": event.rule },
    withSeatNames(event.text), event.rule ? [" ", ruleLink(game, event.rule)] : "");
}

/** A log line's rule ID as a link to its place in the rulebook. */
export function ruleLink(game, rule) {
  return el("a", { class: "rule-ref", href: ruleHref(game, rule), target: "_blank", rel: "noopener", title: `Rule ${rule} in the rulebook` }, rule);
}

const percent = (p) => (p > 0 && p < 0.01 ? "<1%" : p < 1 && p > 0.99 ? ">99%" : `${Math.round(p * 100)}%`);

/** The odds as one short line: "reaches the goal 83%, scores 42% (exact)". */
export function oddsText(odds) {
  const parts = odds.outcomes.map((chance) => `${chance.label} ${percent(chance.probability)}`).join(", ") || "no chance involved";
  return `${parts} (${odds.exact ? "exact" : "estimate"})`;
}

/**
 * Hint and odds for one seat. `askOdds(action)` and `askHint()` put the questions to the server;
 * `odds(entry)` resolves to the odds of a legal action (null when no die or card decides it),
 * asked once per position.
 */
export function createHelp(askOdds, askHint) {
  const asked = new Map();
  let position = null; // the position the odds are for: epoch, step and this seat's choices
  let settled = true; // false from sending a move until the next position arrives
  return {
    newPosition(update) {
      const now = `${update.epoch}|${update.step}|${update.legal.map((entry) => entry.text).join("|")}`;
      if (now !== position) asked.clear();
      position = now;
      settled = true;
    },
    /** A move was sent: the position shown is about to go, so no odds are asked for it any more. */
    leaving() {
      settled = false;
      asked.clear();
    },
    odds(entry) {
      if (!settled) return Promise.resolve(null);
      const at = position;
      if (!asked.has(entry.text)) asked.set(entry.text, askOdds(entry.action).then((answer) => answer.odds).catch(() => null));
      // an answer that arrives after the position changed is about a position no longer shown
      return asked.get(entry.text).then((odds) => (settled && at === position ? odds : null));
    },
    hint: askHint,
  };
}

/** The help of a seat at a live table (none for a spectator). */
export function tableHelp(tableId, token) {
  return createHelp(
    (action) => (token ? api(`/api/tables/${tableId}/odds`, { method: "POST", body: { action }, token }) : Promise.resolve({ odds: null })),
    () => api(`/api/tables/${tableId}/hint`, { token }));
}

/** A legal action's button that shows its odds beside it when pointed at. */
export function actionButton(help, entry, line, onclick, suggested) {
  const button = el("button", {
    type: "button", class: `legal-action${suggested ? " suggested" : ""}`, "data-text": entry.text, title: entry.text, onclick,
  }, entry.label);
  const point = () => showOdds(help, entry, button, line);
  button.addEventListener("mouseenter", point);
  button.addEventListener("focus", point);
  return button;
}

/** Mark the suggested action in a list of action buttons and on the board. */
export function markSuggestion(list, picker, answer) {
  for (const button of list.querySelectorAll(".legal-action")) button.classList.toggle("suggested", button.dataset.text === answer.best);
  picker.suggest(answer.best_action);
}

/** Show an action's odds beside it (in `node`) once they arrive, and in `line` when given. */
export async function showOdds(help, entry, node, line) {
  const odds = await help.odds(entry);
  if (!odds) return;
  const text = oddsText(odds);
  if (node && node.isConnected && !node.querySelector(".odds")) node.append(el("span", { class: "odds" }, ` — ${text}`));
  if (line) { line.textContent = `${entry.label}: ${text}${odds.note ? `; ${odds.note}` : ""}`; line.hidden = false; }
}

// -- the rulebook page ------------------------------------------------------------------------

/** The players' rulebook of a game, with every rule ID a place to link to. */
export async function showRules(page, game, rule) {
  const book = await api(`/api/games/${encodeURIComponent(game)}/rules`);
  setWhere(`${book.title} · Rules`);
  const body = el("article", { class: "rulebook", id: "rulebook" });
  const lines = book.text.split("\n");
  let paragraph = null;
  const flush = () => { if (paragraph) body.append(paragraph); paragraph = null; };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const under = lines[i + 1] || "";
    if (line.trim() && /^[=~-]{3,}$/.test(under.trim())) {
      flush();
      body.append(el(under.startsWith("=") ? "h1" : under.startsWith("-") ? "h2" : "h3", {}, line.trim()));
      i += 1;
      continue;
    }
    const named = RULE_LINE.exec(line);
    if (named) {
      flush();
      paragraph = el("p", { class: "rule", id: `rule-${named[1]}` }, el("strong", {}, named[1]), " ", named[2]);
    } else if (!line.trim()) {
      flush();
    } else if (line.startsWith(" - ")) {
      flush();
      paragraph = el("p", { class: "bullet" }, line.slice(3));
    } else {
      paragraph = paragraph || el("p", {});
      paragraph.append(`${paragraph.textContent ? " " : ""}${line.trim()}`);
    }
  }
  flush();
  page.append(el("p", {}, el("a", { href: "#/" }, "Lobby")), body);
  if (rule) {
    const place = document.getElementById(`rule-${rule}`);
    if (place) { place.classList.add("target"); place.scrollIntoView({ block: "center" }); }
    // A rule the players' rulebook leaves out (a developer's detail) is still said, on top.
    else body.prepend(el("p", { class: "rule target", id: `rule-${rule}` }, el("strong", {}, rule), " ", book.rules[rule] || "This rule is in the game's full rules document."));
  }
}

/** The lobby's links to each game's rulebook. */
export function rulesLinks(games) {
  return el("p", { class: "rules-links" }, "Rules: ", games.flatMap((game, i) => [
    i ? " · " : "", el("a", { href: `#/rules/${encodeURIComponent(game.name)}`, "data-rules": game.name }, game.title)]));
}

/** One move's estimate, in the server's order, with how many simulated games it rests on: "58% · 310 games". */
function estimateText(estimate) {
  if (estimate.win_chance === null || !estimate.visits) return `not tried: ${estimate.label}`;
  return `${percent(estimate.win_chance)} · ${estimate.visits} game${estimate.visits === 1 ? "" : "s"}: ${estimate.label}`;
}

/**
 * The hint box: a button, and what the strongest computer player would do. A hint stays while the
 * seat's choices stay the same (a real-time game sends updates all the time); once they change it
 * is stale, goes, and the box says so.
 */
export function hintBox(help, onHint) {
  const out = el("div", { class: "hint-out", id: "hint-out", "aria-live": "polite" });
  const button = el("button", { type: "button", class: "quiet", id: "hint-button", hidden: true }, "Hint");
  let choices = null; // the seat's choices in the position shown
  let askedFor = null; // the choices a hint was asked for (or is shown for)
  let answer = null;
  button.addEventListener("click", async () => {
    button.disabled = true;
    const asking = askedFor = choices;
    answer = null;
    clear(out).append(el("p", { class: "hint" }, "Thinking…"));
    try {
      const answered = await help.hint();
      if (askedFor !== asking) return; // the position moved on while the hint was thought out
      answer = answered;
      // with nothing weighed (iterations 0) there are no estimates to show, only the note saying why
      clear(out).append(el("p", { class: "suggestion" }, `Suggested: ${answered.best_label}`),
        answered.iterations ? el("ul", { class: "estimates" }, answered.estimates.slice(0, 6).map((estimate) => el("li", {}, estimateText(estimate)))) : "",
        el("p", { class: "hint hint-note", id: "hint-note" }, answered.note));
      onHint(answered);
    } catch (error) {
      if (askedFor === asking) clear(out).append(el("p", { class: "problem" }, error.message));
    } finally {
      button.disabled = false;
    }
  });
  return {
    node: el("div", { class: "hint-box" }, button, out),
    /** A new position: `canAsk` whether this seat may ask, `now` its choices (as text). The hint shown, if still good. */
    update(canAsk, now) {
      button.hidden = !canAsk;
      choices = now;
      if (askedFor === null || askedFor === now) return answer;
      const hadOne = answer !== null;
      askedFor = answer = null;
      clear(out);
      if (hadOne) out.append(el("p", { class: "hint stale", id: "hint-stale" }, "The hint went: your choices changed since it was given."));
      return null;
    },
    /** Start afresh: no hint shown. */
    reset(canAsk) { button.hidden = !canAsk; choices = askedFor = answer = null; clear(out); },
  };
}
