// Tabletop in the browser: the router and the lobby. Tables and replays live in their own modules.
import { api, el, clear, toast, optionChanges, seatKey, seatName, setWhere, withSeatNames } from "./common.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { rulesLinks, showRules } from "./help.js";
import { showLesson, showLessons } from "./lesson.js";

const page = document.getElementById("page");
let leave = null; // the open page's clean-up (closes its socket)
const TABLES_LISTED = 30; // the newest tables of each kind the lobby shows

async function route() {
  if (leave) { leave(); leave = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  clear(page);
  try {
    if (parts[0] === "table" && parts[1]) leave = await showTable(page, parts[1], parts[2], parts[3]);
    else if (parts[0] === "join" && parts[1]) await joinSeat(parts[1], parts[2]);
    else if (parts[0] === "replay" && parts[1]) leave = await showReplay(page, parts[1]);
    else if (parts[0] === "rules" && parts[1]) await showRules(page, parts[1], parts[2]);
    else if (parts[0] === "learn" && parts[2]) leave = await showLesson(page, parts[1], parts[2]);
    else if (parts[0] === "learn") await showLessons(page);
    else await showLobby();
  } catch (error) {
    page.append(el("p", { class: "problem" }, error.message));
  }
}

// -- the lobby --------------------------------------------------------------------------------

async function showLobby() {
  setWhere("Lobby");
  // Each list asks for its own tables: a pile of abandoned open tables must not push the games
  // being played, or the finished ones, off a single newest-first list.
  const listed = (status) => api(`/api/tables?status=${status}&limit=${TABLES_LISTED}`);
  const [games, agents, open, running, finished, hidden] = await Promise.all([api("/api/games"), api("/api/agents"),
    listed("open"), listed("running"), listed("finished"), myPrivateTables()]);
  const titles = Object.fromEntries(games.map((game) => [game.name, game.title]));
  const form = el("section", { class: "create", id: "create" });
  const list = el("ul", { class: "games" }, games.map((game) => el("li", {}, el("button", {
    class: "game-card", type: "button", "data-game": game.name,
    onclick: () => { markChosen(list, game.name); showCreateForm(form, game, agents); },
  }, el("img", { src: `pictures/${game.name}.svg`, alt: "", width: 96, height: 72 }),
  el("span", { class: "game-title" }, game.title),
  el("span", { class: "game-summary" }, game.summary || ""),
  el("span", { class: "game-seats" }, seatRange(game))))));
  page.append(
    el("h1", {}, "Play a game"),
    el("p", { class: "hint" }, "Choose a game, set it up, and play against the computer or send a friend the seat link. New to a game? ",
      el("a", { href: "#/learn", id: "learn-link" }, "Learn"), " it with short guided lessons."),
    list, rulesLinks(games), form,
    hidden.length ? tableSection("Your private tables", "Not in the lists below: only you and the people you sent a link to can find them.", hidden, titles, "mine") : "",
    tableSection("Open tables", "Seats are free: join one.", open, titles, "join"),
    tableSection("Being played", "Watch as a spectator.", running, titles, "watch"),
    tableSection("Finished", "Step through the game again.", finished, titles, "replay"),
  );
}

function markChosen(list, name) {
  for (const button of list.querySelectorAll("button")) button.classList.toggle("chosen", button.dataset.game === name);
}

function seatRange(game) {
  const { min, max } = game.seats;
  return min === max ? `${min} players` : `${min}–${max} players`;
}

function optionField(option) {
  const id = `option-${option.name}`;
  let input;
  if (option.choices && option.choices.length) {
    input = el("select", { id, name: option.name }, option.choices.map((choice) =>
      el("option", { value: choice, selected: String(choice) === String(option.default) }, String(choice))));
  } else if (option.type === "boolean") {
    input = el("select", { id, name: option.name }, ["true", "false"].map((choice) =>
      el("option", { value: choice, selected: choice === String(option.default) }, choice === "true" ? "yes" : "no")));
  } else if (option.type === "integer" || option.type === "number") {
    // a whole number steps by one (the browser then says at once that 2.5 is not one)
    input = el("input", { id, name: option.name, type: "number", value: option.default,
      step: option.type === "integer" ? 1 : "any", min: option.minimum ?? "", max: option.maximum ?? "" });
  } else {
    input = el("input", { id, name: option.name, type: "text", value: option.default ?? "", placeholder: "(default)" });
  }
  input.dataset.default = String(option.default);
  return el("label", { class: "field", for: id }, el("span", {}, withSeatNames(option.help || option.name)), input);
}

function seatsFor(game, form) {
  const players = form.querySelector("[name=players]");
  const count = players ? Number(players.value) : game.seats.min;
  return Math.max(game.seats.min, Math.min(game.seats.max, count || game.seats.min));
}

function showCreateForm(section, game, agents) {
  clear(section);
  const fields = el("div", { class: "options" }, game.options.map(optionField));
  const seats = el("div", { class: "seats" });
  const choices = [["human", "A person"], ...agents.strengths.map((s) => [s.name, `Computer: ${s.name}`]), ["random", "Computer: random"]];
  const drawSeats = () => {
    const names = game.seat_names || [];
    const count = seatsFor(game, section);
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    clear(seats);
    for (let index = 0; index < count; index += 1) {
      const value = before[index] ?? (index === 0 ? "human" : "medium");
      seats.append(el("label", { class: "field" }, el("span", {}, `Seat ${index + 1}${names[index] ? ` (${names[index]})` : ""}`),
        el("select", { name: `seat${index}`, "data-seat": index }, choices.map(([v, text]) =>
          el("option", { value: v, selected: v === value }, text)))));
    }
  };
  const name = el("input", { name: "player", type: "text", placeholder: "Your name", maxlength: 80,
    value: localStorage.getItem("tabletop:name") || "" });
  const form = el("form", { class: "create-form", onsubmit: (event) => { event.preventDefault(); createTable(game, section); } },
    el("h2", {}, `New table: ${game.title}`),
    el("fieldset", {}, el("legend", {}, "Seats"), seats, el("label", { class: "field" }, el("span", {}, "Your name"), name)),
    el("label", { class: "field check" }, el("input", { type: "checkbox", name: "private" }),
      el("span", {}, "Private table: leave it out of the lobby, so only people you send a link to can join or watch")),
    game.options.length ? el("details", { class: "option-box" }, el("summary", {}, "Game options (defaults are the rulebook's)"), fields) : "",
    el("button", { type: "submit", class: "primary", onclick: () => revealInvalid(form) }, "Create table and sit down"));
  section.append(form);
  section.querySelector("[name=players]")?.addEventListener("change", drawSeats);
  drawSeats();
  form.scrollIntoView({ block: "nearest" });
}

/** Open the folded boxes around invalid fields, so the browser can point at them and say why. */
function revealInvalid(form) {
  for (const field of form.querySelectorAll(":invalid")) {
    const box = field.closest("details");
    if (box) box.open = true;
  }
}

function readOptions(section) {
  const options = {};
  for (const input of section.querySelectorAll(".options [name]")) {
    if (input.value === input.dataset.default || (input.value === "" && input.dataset.default === "")) continue;
    options[input.name] = input.type === "number" ? Number(input.value)
      : input.value === "true" ? true : input.value === "false" ? false : input.value;
  }
  return options;
}

async function createTable(game, section) {
  const seats = [...section.querySelectorAll("[data-seat]")].map((select) => select.value);
  const player = section.querySelector("[name=player]").value.trim();
  if (player) localStorage.setItem("tabletop:name", player);
  try {
    const hidden = section.querySelector("[name=private]").checked;
    const table = await api("/api/tables", { method: "POST", body: { game: game.name, options: readOptions(section), seats, private: hidden } });
    const first = table.seats.find((seat) => seat.kind === "human");
    if (!first) { location.hash = `#/table/${table.id}`; return; }
    const joined = await api(`/api/tables/${table.id}/join`, { method: "POST", body: { seat: first.seat, name: player || undefined } });
    localStorage.setItem(seatKey(table.id), JSON.stringify({ seat: joined.seat, token: joined.token }));
    location.hash = `#/table/${table.id}/${joined.seat}/${joined.token}`;
  } catch (error) {
    toast(error.message, true);
  }
}

function tableSection(title, hint, tables, titles, verb) {
  const section = el("section", { class: "tables", "data-list": verb }, el("h2", {}, title));
  if (!tables.length) { section.append(el("p", { class: "hint" }, "None yet.")); return section; }
  section.append(el("p", { class: "hint" }, hint), el("ul", {}, tables.map((table) => {
    const who = table.seats.map((seat) => seat.kind === "human"
      ? (seat.player || `${seatName(seat.seat)} ${seat.taken ? "taken" : "open"}`) : seat.kind).join(" · ");
    const links = [];
    if (verb !== "replay" && mySeat(table.id)) {
      links.push(el("a", { href: `#/table/${table.id}` }, "Back to my seat"));
    } else if (verb === "join") {
      for (const seat of table.seats.filter((s) => !s.taken)) links.push(el("a", { href: `#/join/${table.id}/${seat.seat}` }, `Join as ${seatName(seat.seat)}`));
      links.push(el("a", { href: `#/table/${table.id}` }, "Watch"));
    } else if (verb === "watch") {
      links.push(el("a", { href: `#/table/${table.id}` }, "Watch"));
    } else if (table.settings.reveal_at_end) {
      links.push(el("a", { href: `#/replay/${table.id}` }, "Replay"));
    } else {
      // its record stays private: only the end shows, each player's through their own eyes
      links.push(el("a", { href: `#/table/${table.id}` }, "See how it ended"));
    }
    const title = titles[table.game] || table.title;
    return el("li", { class: "table-row" }, el("strong", {}, title),
      table.name && table.name !== title ? el("span", { class: "table-name" }, table.name) : "",
      el("span", { class: "who" }, who), el("span", { class: "links" }, links));
  })));
  return section;
}

/** The private tables this browser has a seat at and that are still being played (the lobby lists no private table). */
async function myPrivateTables() {
  const prefix = seatKey("");
  const ids = Object.keys(localStorage).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  const found = await Promise.all(ids.slice(0, TABLES_LISTED).map((id) => api(`/api/tables/${id}`).catch(() => null)));
  return found.filter((table) => table && table.settings.private && table.status !== "finished");
}

function mySeat(tableId) {
  try { return JSON.parse(localStorage.getItem(seatKey(tableId)) || "null"); } catch { return null; }
}

// -- a seat link: take the seat, then go to the table ------------------------------------------

async function joinSeat(tableId, seat) {
  setWhere("Joining");
  // This browser already sits here and the link was opened again (from the chat, after closing
  // the tab): back to that seat.
  const mine = mySeat(tableId);
  const back = mine ? `#/table/${tableId}/${mine.seat}/${mine.token}` : null;
  if (mine && (!seat || seat === mine.seat)) { location.replace(back); return; }
  const [table, games] = await Promise.all([api(`/api/tables/${tableId}`), api("/api/games")]);
  // Another seat's link, opened where a seat is held: on its way to a friend (checked by the host),
  // or for a second person at this same computer. The open seat is offered, and the way back.
  const also = mine && table.seats.some((s) => s.seat === seat && !s.taken);
  if (mine && !also) { location.replace(back); return; }
  const info = games.find((game) => game.name === table.game) || { options: [] };
  const wanted = seat ? table.seats.find((s) => s.seat === seat) : table.seats.find((s) => s.kind === "human" && !s.taken);
  if (seat && !wanted) { cannotJoin(tableId, `There is no ${seatName(seat)} at this table; the seats are ${table.seats.map((s) => seatName(s.seat)).join(", ")}.`, false); return; }
  if (table.status === "finished") { cannotJoin(tableId, "The game at this table is over, so nobody can sit down.", true); return; }
  if (!wanted || wanted.taken) { cannotJoin(tableId, `${seat ? seatName(seat) : "Every seat"} at this table is already taken.`, false); return; }
  // The others see this name beside the seat, so it is asked before sitting down.
  const name = el("input", { name: "player", id: "join-name", type: "text", maxlength: 80, autocomplete: "nickname",
    placeholder: seatName(wanted.seat), value: localStorage.getItem("tabletop:name") || "" });
  const others = table.seats.filter((s) => s.seat !== wanted.seat).map((s) =>
    `${seatName(s.seat)}: ${s.kind !== "human" ? `computer (${s.agent || s.kind})` : s.player || "open"}`).join(" · ");
  const sitDown = async (event) => {
    event.preventDefault();
    const player = name.value.trim();
    if (player) localStorage.setItem("tabletop:name", player);
    let joined;
    try {
      joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat: wanted.seat, name: player || undefined } });
    } catch (error) {
      if (!["seat_taken", "no_open_seat", "game_over"].includes(error.code)) { toast(error.message, true); return; }
      clear(page);
      cannotJoin(tableId, `${withSeatNames(error.message)}.`, error.code === "game_over");
      return;
    }
    localStorage.setItem(seatKey(tableId), JSON.stringify({ seat: joined.seat, token: joined.token }));
    location.replace(`#/table/${tableId}/${joined.seat}/${joined.token}`);
  };
  page.append(el("form", { class: "create-form join-form", id: "join-form", onsubmit: sitDown },
    el("h1", {}, `Join ${table.title} as ${seatName(wanted.seat)}`),
    also ? el("p", { class: "problem", id: "already-seated" }, `This browser already sits at this table as ${seatName(mine.seat)}: `,
      el("a", { href: back }, "back to my seat"), `. Send this page's link to the person for ${seatName(wanted.seat)}, `
      + "or, if they are here at this computer with you, they sit down below.") : "",
    table.name !== table.title ? el("p", { class: "table-name" }, table.name) : "",
    others ? el("p", { class: "hint" }, others) : "",
    optionChanges(info, table.options),
    el("label", { class: "field", for: "join-name" }, el("span", {}, "Your name (the others see it)"), name),
    el("p", {}, el("button", { type: "submit", class: "primary", id: "sit-down" }, "Sit down"), " ",
      el("a", { href: `#/table/${tableId}/watch` }, "Just watch"))));
  name.focus();
}

/** A seat link that cannot seat anyone here: say why, and offer to watch or go back. */
function cannotJoin(tableId, why, over) {
  page.append(el("p", { class: "problem", id: "join-problem" }, `${why} `,
    over ? "" : "If the seat is yours, open your own seat link (“Copy my link” at the table) on this device. "),
  el("p", {}, el("a", { href: `#/table/${tableId}/watch`, class: "button" }, over ? "See how it ended" : "Watch the game"),
    " ", el("a", { href: "#/", class: "button" }, "Back to the lobby")));
}

window.addEventListener("hashchange", route);
route();
