// A table: the board, whose turn, the moves you may make, the log, live over the WebSocket.
import { api, el, clear, copyText, toast, optionChanges, seatKey, seatName, setWhere, withSeatNames, Picker } from "./common.js";
import { actionButton, hintBox, logLine, markSuggestion, showOdds, tableHelp } from "./help.js";

const BOARDS = ["cagway-bay", "cargo-bay-ball", "fightball", "friendly-competition", "travel-sfb"];

export async function loadBoard(game) {
  const name = BOARDS.includes(game) ? game : "generic";
  return import(`./boards/${name}.js`);
}

function storedSeat(tableId) {
  try { return JSON.parse(localStorage.getItem(seatKey(tableId)) || "null"); } catch { return null; }
}

// The server's errors that mean the table itself is not there any more.
const TABLE_GONE = ["no_table", "unreadable_table"];

// The address a table is watched at after its seat link turned out wrong; the page says so.
const WRONG_LINK = "wrong-link";

export async function showTable(page, tableId, seatFromLink, tokenFromLink) {
  let mine = null;
  const watching = seatFromLink === "watch";
  if (watching) {
    // a spectator's address carries no token
  } else if (tokenFromLink) {
    mine = { seat: seatFromLink, token: tokenFromLink };
    localStorage.setItem(seatKey(tableId), JSON.stringify(mine));
  } else {
    mine = storedSeat(tableId);
  }
  const summary = await api(`/api/tables/${tableId}`);
  const games = await api("/api/games");
  const info = games.find((game) => game.name === summary.game) || { name: summary.game, title: summary.title, pictures: false };
  setWhere(`${info.title} · ${mine ? seatName(mine.seat) : "watching"}`);
  const module = await loadBoard(info.name);

  const status = el("p", { class: "status", id: "status", "aria-live": "polite" }, "Connecting…");
  const boardRoot = el("div", { class: `board board-${info.name}`, id: "board" });
  const latest = el("ol", { class: "latest", id: "latest", "aria-live": "polite", "aria-label": "What just happened" });
  const menu = el("div", { class: "pick-menu", hidden: true, role: "menu" });
  const oddsLine = el("p", { class: "odds-line", id: "odds-line", hidden: true, "aria-live": "polite" });
  const actions = el("div", { class: "legal-list", id: "legal" });
  const filter = el("input", { type: "search", class: "legal-filter", placeholder: "Filter moves", "aria-label": "Filter moves" });
  const players = el("ul", { class: "players", id: "players" });
  const log = el("ol", { class: "log", id: "log" });
  const outcome = el("section", { class: "outcome", id: "outcome", hidden: true });
  const share = el("div", { class: "share", id: "share" });
  const undoBox = el("div", { class: "undo-box", id: "undo" });
  const help = tableHelp(tableId, mine?.token);
  let suggested = null; // the hinted action's text form, for this position
  const hints = hintBox(help, (answer) => { suggested = answer.best; markSuggestion(actions, picker, answer); });
  const extras = el("p", { class: "extras" },
    el("a", { href: `/api/tables/${tableId}/record${mine ? `?token=${encodeURIComponent(mine.token)}` : ""}`, download: "" }, "Download the record"),
    " · ", el("a", { href: "#/" }, "Lobby"));
  const notice = watching && tokenFromLink === WRONG_LINK
    ? el("p", { class: "problem", id: "link-problem" }, "That seat link is not valid at this table (wrong or out of date), so you are watching as a spectator. Ask for a fresh link to play.")
    : "";
  page.append(el("div", { class: "table-page" }, notice, status,
    el("div", { class: "play" },
      el("div", { class: "board-wrap" }, latest, oddsLine, boardRoot, menu),
      el("aside", { class: "side" },
        el("section", { class: "moves" }, el("h2", {}, "Moves"), hints.node, filter, actions, undoBox),
        outcome,
        el("section", {}, el("h2", {}, "Players"), players, share, optionChanges(info, summary.options)),
        el("section", { class: "log-box" }, el("h2", { class: "log-heading" }, "Log"), log),
        extras))));

  let socket = null;
  let closed = false;
  let retry = 0;
  let last = null; // the latest update
  let events = [];
  let epoch = null;
  let counter = 0;

  const send = (message) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) { toast("Not connected; the move was not sent. Reconnecting…", true); return false; }
    socket.send(JSON.stringify(message));
    return true;
  };
  // The position this page has sent a move for and awaits the answer to: a second move from there
  // (a double click, a key pressed twice) would be refused by the server as already overtaken, in
  // real time too, so it is not sent. Any newer position, the others' moves included, opens it again.
  let sentFrom = null;
  let undoWaiting = false; // an undo request is shown
  const position = (update) => `${update.epoch}|${update.step}`;
  const act = (action) => {
    if (!last || (sentFrom !== null && sentFrom === position(last))) return;
    counter += 1;
    if (send({ type: "act", action, id: `${Date.now().toString(36)}-${counter}`, step: last.step })) {
      sentFrom = position(last);
      help.leaving();
    }
  };
  const picker = new Picker(menu, act);
  picker.explain = (entry, node) => showOdds(help, entry, node, oddsLine);
  const preview = (action) => api(`/api/tables/${tableId}/preview`, { method: "POST", body: { action }, token: mine?.token });
  const board = module.createBoard(boardRoot, { act, picker, preview, seat: mine?.seat ?? null, info });

  filter.addEventListener("input", () => drawLegal());

  function drawLegal() {
    clear(actions);
    if (!last) return;
    const wanted = filter.value.trim().toLowerCase();
    const shown = last.legal.filter((entry) => !wanted || entry.label.toLowerCase().includes(wanted) || entry.text.toLowerCase().includes(wanted));
    filter.hidden = last.legal.length < 12;
    if (!last.legal.length) {
      actions.append(el("p", { class: "hint" }, last.status === "finished" ? "The game is over."
        : !mine ? "You are watching." : last.status === "open" ? "Waiting for players to sit down." : "Nothing to do now; waiting for the others."));
      return;
    }
    actions.append(...shown.map((entry) => actionButton(help, entry, oddsLine, () => act(entry.action), entry.text === suggested)));
  }

  function drawPlayers(list) {
    clear(players);
    for (const player of list) {
      const you = mine && player.seat === mine.seat;
      // This page knows its own connection at once; the server's list may say so a moment later.
      const connected = you ? Boolean(socket && socket.readyState === WebSocket.OPEN) : player.connected;
      const who = player.kind === "human" ? (player.player && player.player !== player.seat ? player.player : player.taken ? "a person" : "open seat") : `computer (${player.agent || player.kind})`;
      players.append(el("li", { class: `${connected || player.kind !== "human" ? "online" : "offline"}${you ? " you" : ""}` },
        el("strong", {}, seatName(player.seat)), ` ${who}${you ? " — you" : ""}`,
        player.kind === "human" && player.taken ? el("span", { class: "dot", title: connected ? "connected" : "not connected" }) : ""));
    }
    clear(share);
    if (summary.settings?.private) {
      share.append(el("p", { class: "hint private-table" }, "A private table: the lobby does not list it, so only these links lead here."));
    }
    const open = list.filter((player) => player.kind === "human" && !player.taken);
    for (const player of open) {
      const link = `${location.origin}${location.pathname}#/join/${tableId}/${player.seat}`;
      share.append(el("p", { class: "seat-link" }, `Send this link to the person for ${seatName(player.seat)}: `,
        el("input", { type: "text", readonly: true, value: link, "aria-label": `link for ${player.seat}` }),
        el("button", { type: "button", onclick: () => copyText(link, "Link copied") }, "Copy")));
    }
    if (mine) {
      const link = `${location.origin}${location.pathname}#/table/${tableId}/${mine.seat}/${mine.token}`;
      share.append(el("p", { class: "seat-link mine" }, "Your own seat link (keep it to come back from another device): ",
        el("button", { type: "button", onclick: () => copyText(link, "Your seat link is copied") }, "Copy my link")));
    }
  }

  function drawLog(fresh) {
    for (const event of fresh) {
      log.append(logLine(info.name, event));
    }
    if (fresh.length) log.parentElement.scrollTop = log.parentElement.scrollHeight;
    // The newest lines stay in sight above the board: dice as they are rolled, the other side's moves.
    clear(latest);
    latest.append(...events.slice(-2).map((event) => el("li", { class: event.private ? "private" : "" }, withSeatNames(event.text))));
  }

  function drawStatus(update) {
    status.className = "status";
    if (update.outcome) {
      status.textContent = `Game over: ${withSeatNames(update.outcome.reason)}`;
      status.classList.add("over");
    } else if (update.status === "open") {
      status.textContent = "Waiting for players to sit down.";
    } else if (update.your_turn) {
      status.textContent = info.turn_style === "real-time" ? "Play! Both coaches act whenever they like." : "Your turn.";
      status.classList.add("yours");
    } else {
      // A person who left is told apart from one who is thinking: the wait may be long.
      const away = (seat) => update.players.some((player) => player.seat === seat && player.kind === "human" && !player.connected);
      const gone = update.to_act.filter(away).length;
      status.textContent = `Waiting for ${update.to_act.map((seat) => `${seatName(seat)}${away(seat) ? " (not connected)" : ""}`).join(", ") || "nobody"}.`
        + (gone ? " They can come back by their own seat link." : "");
    }
  }

  function drawOutcome(update) {
    if (!update.outcome) { outcome.hidden = true; return; }
    const result = update.outcome;
    const headline = result.draw ? "A draw"
      : mine && result.winners.includes(mine.seat) ? "You win!"
        : mine ? "You lose" : `${result.winners.map(seatName).join(" and ")} win${result.winners.length === 1 ? "s" : ""}`;
    clear(outcome);
    outcome.append(el("h2", {}, headline), el("p", {}, withSeatNames(result.reason)),
      el("ul", { class: "scores" }, Object.entries(result.scores || {}).map(([seat, score]) => el("li", {}, `${seatName(seat)}: ${score}`))),
      el("p", {}, el("a", { href: `#/replay/${tableId}`, class: "button" }, "Watch the replay"), " ",
        el("a", { href: "#/", class: "button" }, "Back to the lobby")));
    outcome.hidden = false;
  }

  /**
   * The undo as the latest update has it. One that went without a word (no answer, no move: the
   * server restarted and forgot it) is said to have lapsed, so nobody waits for it.
   */
  function followUndo(request) {
    if (undoWaiting && !request) toast("The undo request lapsed (the server restarted); ask again if you still want it.");
    drawUndo(request);
  }

  function drawUndo(request) {
    undoWaiting = Boolean(request);
    clear(undoBox);
    // Offered only where the server would grant the request (it says so in each update).
    if (mine && last && last.can_undo && !request) {
      undoBox.append(el("button", { type: "button", class: "quiet", onclick: () => send({ type: "undo" }) }, "Ask to undo my last move"));
    }
    if (request && mine && request.waiting_for.includes(mine.seat)) {
      // The maker's own words are quoted; where they would name a hidden card, the others read that it is hidden.
      const what = request.label_hidden ? "their last decision (which is hidden from you)" : `“${request.label}”`;
      undoBox.append(el("div", { class: "undo-request" }, `${seatName(request.by)} asks to take back ${what}. `,
        el("button", { type: "button", onclick: () => send({ type: "undo_reply", accept: true }) }, "Allow"),
        el("button", { type: "button", onclick: () => send({ type: "undo_reply", accept: false }) }, "Refuse")));
    } else if (request) {
      undoBox.append(el("p", { class: "hint" }, `${seatName(request.by)} asked to undo; waiting for ${request.waiting_for.map(seatName).join(", ")}.`));
    }
  }

  function onUpdate(update) {
    if (sentFrom !== position(update)) sentFrom = null;
    if (update.reset) { events = []; clear(log); }
    const fresh = update.events.filter((event) => event.seq > events.length);
    events.push(...fresh);
    epoch = update.epoch;
    // The same position again (after a reconnect, say): keep the board as it is, so nothing under
    // the pointer moves.
    const same = last && !update.reset && !fresh.length && last.step === update.step && last.epoch === update.epoch
      && last.status === update.status && JSON.stringify(last.legal) === JSON.stringify(update.legal);
    last = update;
    // The undo box follows the server even then: an undo asked before a restart is gone after it.
    if (same) { help.newPosition(update); drawPlayers(update.players); followUndo(update.undo); return; }
    help.newPosition(update);
    oddsLine.hidden = true;
    const hinted = hints.update(Boolean(mine && update.your_turn), JSON.stringify(update.legal));
    suggested = hinted ? hinted.best : null;
    drawStatus(update);
    drawLog(fresh);
    drawPlayers(update.players);
    drawLegal();
    drawOutcome(update);
    followUndo(update.undo);
    board.update(update, fresh);
    if (hinted) markSuggestion(actions, picker, hinted);
    // Where the table stands, for people's tools and the browser tests: the step and whose turn.
    Object.assign(document.body.dataset, { step: update.step, yourTurn: update.your_turn, status: update.status, epoch: update.epoch });
  }

  function onMessage(message) {
    switch (message.type) {
      case "update": onUpdate(message); break;
      case "players": if (last) { last.players = message.players; drawPlayers(message.players); drawStatus(last); } break;
      case "error":
        if (message.code === "bad_token" && message.about === "hello") { forgetSeat(); break; }
        if (TABLE_GONE.includes(message.code)) { tableGone(message.message); break; }
        if (message.about === "act" && last) { sentFrom = null; help.newPosition(last); } // refused: the position stays
        toast(message.message, true); break;
      case "undo_request": drawUndo(message); break;
      case "undo_declined": toast("The undo was refused."); drawUndo(null); break;
      case "undo_cancelled": toast("The undo request lapsed: someone moved."); drawUndo(null); break;
      case "undo_done": toast("The move was taken back."); undoWaiting = false; break;
      case "welcome": if (mine && message.role !== "player") { toast("That seat link is not valid here; you are watching.", true); } break;
      default: break;
    }
  }

  /** The server no longer has the table (its database was replaced, or the game changed): say so
   * and stop, where reconnecting would only be refused again and again. */
  function tableGone(why) {
    closed = true;
    if (socket) socket.close();
    const connection = document.getElementById("connection");
    connection.textContent = "○ table gone";
    connection.className = "connection lost";
    status.className = "status problem";
    status.textContent = `${why}. The position shown is the last one this page had.`;
    clear(actions);
    actions.append(el("p", { class: "hint" }, el("a", { href: "#/" }, "Back to the lobby")));
  }

  /** The seat link was wrong or is stale: forget its token and watch the table instead. */
  function forgetSeat() {
    localStorage.removeItem(seatKey(tableId));
    location.replace(`#/table/${encodeURIComponent(tableId)}/watch/${WRONG_LINK}`);
  }

  // A link that dies without a word (a laptop asleep, a network gone) leaves the socket looking open
  // for minutes. When nothing has been heard for a while a ping asks, and no answer counts as lost.
  const QUIET_MS = 10_000;
  const ANSWER_MS = 5_000;
  let heard = 0;
  let pinged = 0;
  const watchdog = setInterval(() => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (pinged && now - pinged > ANSWER_MS) { drop(socket); return; }
    if (!pinged && now - heard > QUIET_MS) { pinged = now; socket.send(JSON.stringify({ type: "ping" })); }
  }, 1000);

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    const connection = document.getElementById("connection");
    socket.onopen = () => {
      retry = 0;
      heard = Date.now();
      pinged = 0;
      sentFrom = null; // a move sent as the link dropped may be lost: the position is open again
      connection.textContent = "● live";
      connection.className = "connection live";
      socket.send(JSON.stringify({ type: "hello", token: mine?.token, last_event: events.length, epoch, svg: Boolean(info.pictures && module.wantsPicture) }));
    };
    socket.onmessage = (event) => { heard = Date.now(); pinged = 0; onMessage(JSON.parse(event.data)); };
    socket.onclose = () => reconnect();
  }

  /** The socket went silent: let it go (its close may never come) and connect afresh. */
  function drop(dead) {
    dead.onclose = null;
    dead.onmessage = null;
    dead.close();
    reconnect();
  }

  function reconnect() {
    if (closed) return;
    if (last) drawPlayers(last.players);
    const connection = document.getElementById("connection");
    connection.textContent = "○ reconnecting…";
    connection.className = "connection lost";
    retry = Math.min(retry + 1, 5);
    setTimeout(() => { if (!closed) connect(); }, 400 * retry);
  }
  connect();

  return () => {
    closed = true;
    clearInterval(watchdog);
    for (const key of ["step", "yourTurn", "status", "epoch"]) delete document.body.dataset[key];
    board.destroy?.();
    if (socket) socket.close();
    document.getElementById("connection").textContent = "";
  };
}
