// Small helpers every page and board shares: elements, SVG, the API, messages to the user.

export const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", onclick: f}, "text", child, [more]). */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || (typeof data.detail === "string" ? data.detail : `the server answered ${response.status}`));
    error.code = data.error; // the server's reason, for pages that offer a way on
    throw error;
  }
  return data;
}

let toastTimer = null;
export function toast(message, problem = false) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.classList.toggle("problem", problem);
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), problem ? 6000 : 3000);
}

/**
 * Put text on the clipboard and say so. The clipboard API is only there on https or localhost, so
 * a server reached at a LAN address (http://192.168.1.5:8000) copies the older way; failing that,
 * the text is shown selected for the person to copy.
 */
export async function copyText(text, done) {
  try {
    if (navigator.clipboard) { await navigator.clipboard.writeText(text); toast(done); return; }
  } catch { /* refused: the older way below */ }
  const box = el("textarea", { readonly: true, style: "position: fixed; top: 0; left: 0; opacity: 0" });
  box.value = text;
  document.body.append(box);
  box.select();
  let copied = false;
  try { copied = document.execCommand("copy"); } catch { copied = false; }
  box.remove();
  toast(copied ? done : `Copy this by hand: ${text}`, !copied);
}

export function setWhere(text) {
  document.getElementById("where").textContent = text;
  document.title = text ? `${text} · Tabletop` : "Tabletop";
}

export const seatKey = (tableId) => `tabletop:seat:${tableId}`;

/** A seat's name as people read it: "seat1" becomes "Seat 1"; other names get a capital. */
export function seatName(seat) {
  if (seat === null || seat === undefined) return "Spectator";
  const match = /^seat(\d+)$/.exec(seat);
  return match ? `Seat ${match[1]}` : seat.charAt(0).toUpperCase() + seat.slice(1);
}

/**
 * The options a table was opened with that differ from the rulebook's, as a line people can read
 * ("turn limit 2; ship1 romulan"), each with its explanation on hover; null when it plays by the book.
 */
export function optionChanges(info, options) {
  const changed = (info.options || []).filter((option) => option.name in (options || {})
    && JSON.stringify(options[option.name]) !== JSON.stringify(option.default));
  if (!changed.length) return null;
  return el("p", { class: "table-options", id: "table-options" }, "Options changed from the rulebook: ",
    changed.map((option, index) => [index ? "; " : "", el("span", { title: withSeatNames(option.help) },
      `${option.name.replaceAll("_", " ")} ${String(options[option.name])}`)]));
}

/** A line from the server with each raw seat id ("seat1") as people read it ("Seat 1"). */
export function withSeatNames(text) {
  return String(text ?? "").replace(/\bseat(\d+)\b/g, "Seat $1");
}

/**
 * Clicking a board: each legal action names the board things it is about (its "keys": a space,
 * a card, a crew member, a stack). A thing is clickable exactly when some legal action names it;
 * a click takes the one action it names, or offers a small menu when it names several.
 */
export class Picker {
  constructor(menu, act) {
    this.menu = menu;
    this.act = act;
    this.legal = [];
    this.keysOf = () => [];
    this.selected = null;
    this.root = null;
    // Called with (entry, element) when a person points at one action, to show its odds.
    this.explain = () => {};
  }

  use(legal, keysOf) {
    this.legal = legal;
    this.keysOf = keysOf;
    this.closeMenu();
  }

  candidates(key) {
    return this.legal.filter((entry) => this.keysOf(entry.action).map(String).includes(String(key)));
  }

  isLegal(key) {
    return this.candidates(key).length > 0;
  }

  /** Mark every element with data-key inside root: legal ones get class "legal" and a click handler. */
  bind(root) {
    this.root = root;
    for (const node of root.querySelectorAll("[data-key]")) {
      const legal = this.isLegal(node.dataset.key);
      node.classList.toggle("legal", legal);
      if (legal) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        const label = this.candidates(node.dataset.key).map((c) => c.label).join("; ");
        node.setAttribute("aria-label", label);
        if (!node.querySelector?.("title") && node instanceof SVGElement) node.append(svg("title", {}, label));
      }
      node.onclick = legal ? (event) => this.click(node.dataset.key, event) : null;
      const only = legal ? this.candidates(node.dataset.key) : [];
      node.onmouseenter = only.length === 1 ? () => this.explain(only[0], null) : null;
      node.onkeydown = legal ? (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); this.click(node.dataset.key, event); }
      } : null;
    }
  }

  click(key, event) {
    const options = this.candidates(key);
    if (options.length === 1) { this.closeMenu(); this.act(options[0].action); return; }
    this.openMenu(options, event);
  }

  openMenu(options, event) {
    const menu = this.menu;
    clear(menu);
    menu.append(...options.map((entry) => {
      const item = el("button", {
        type: "button", class: "menu-item", onclick: () => { this.closeMenu(); this.act(entry.action); },
      }, entry.label);
      item.addEventListener("mouseenter", () => this.explain(entry, item));
      item.addEventListener("focus", () => this.explain(entry, item));
      return item;
    }), el("button", { type: "button", class: "menu-item cancel", onclick: () => this.closeMenu() }, "Cancel"));
    const box = menu.parentElement.getBoundingClientRect();
    const x = event && event.clientX ? event.clientX - box.left : box.width / 2;
    const y = event && event.clientY ? event.clientY - box.top : box.height / 2;
    menu.style.left = `${Math.max(0, Math.min(x, box.width - 220))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, box.height - 40))}px`;
    menu.hidden = false;
    // Keep the whole menu on the screen: lift it above the screen's foot, pull it in from the side.
    const placed = menu.getBoundingClientRect();
    const below = placed.bottom - (window.innerHeight - 8);
    if (below > 0) menu.style.top = `${menu.offsetTop - Math.min(below, placed.top - 8)}px`;
    const beside = placed.right - (document.documentElement.clientWidth - 4);
    if (beside > 0) menu.style.left = `${Math.max(menu.offsetLeft - beside, -box.left + 4)}px`;
    document.addEventListener("keydown", this.onEscape);
    menu.querySelector("button").focus();
  }

  onEscape = (event) => {
    if (event.key === "Escape") { event.preventDefault(); this.closeMenu(); }
  };

  /** Mark the board things the suggested action is about (a hint). */
  suggest(action) {
    if (!this.root) return;
    const keys = this.keysOf(action).map(String);
    for (const node of this.root.querySelectorAll("[data-key]")) node.classList.toggle("suggested", keys.includes(node.dataset.key));
  }

  closeMenu() {
    document.removeEventListener("keydown", this.onEscape);
    this.menu.hidden = true;
    clear(this.menu);
  }
}

/** Every string or number anywhere in an action's fields except its kind. */
export function actionValues(action) {
  return Object.entries(action).filter(([key]) => key !== "kind").map(([, value]) => value);
}
