// Fightball: the 24-stack court, live. Draw, then click a stack to play your card there (or type its
// number); D draws, T takes your discard top, X discards, B throws the Buzz, P passes.
import { el, clear, seatName } from "../common.js";

const ZONE_ORDER = ["away-red", "away-blue", "green", "home-blue", "home-red"];
const KEYS = { d: "draw", t: "take", x: "discard", b: "buzz", p: "pass" };
const COLOUR = { red: "#fde2e1", blue: "#dfe9fb", green: "#dff3e1" };

function cardText(card) {
  if (!card) return "";
  if (card.kind === "player") return `${card.name} (${card.position || "player"}) shot ${card.shot.join("/")} · block ${card.block.join("/")}`;
  if (card.kind === "shot") return `${card.name} shot ${card.shot.join("/")}`;
  if (card.kind === "ball") return card.name;
  if (card.kind === "effect") return `${card.name}: ${card.text}`;
  return card.name;
}

function cardChip(card, owner) {
  if (!card) return el("span", { class: "fb-card empty" }, "—");
  return el("span", { class: `fb-card ${card.kind} owner-${card.owner || owner}`, title: cardText(card) },
    el("b", {}, card.name), card.kind === "player" ? el("small", {}, ` ${card.shot.join("/")}`) : card.kind === "shot" ? el("small", {}, ` ${card.shot.join("/")}`) : "");
}

/**
 * Who a stack's play scores for, saying which points come from the other side's fouls: "Away +2,
 * for Home's foul" (the points go to Away), "Home +5 (2 for Away's fouls)".
 */
function scoreText(play, seats) {
  return seats.filter((seat) => play.points?.[seat]).map((seat) => {
    const points = play.points[seat];
    const fouls = play.fouls?.[seat] || 0;
    const fouler = seatName(seats.find((other) => other !== seat));
    const why = !fouls ? "" : fouls === points ? `, for ${fouler}'s foul` : ` (${fouls} for ${fouler}'s fouls)`;
    return `${seatName(seat)} +${points}${why}`;
  }).join(" · ");
}

export function createBoard(root, { picker, seat, replay }) {
  let digits = "";
  let digitTimer = null;
  let last = null;

  const keysOf = (action) => action.kind === "play" ? [`stack:${action.stack}`] : action.kind === "choose" ? [`choose:${action.points}`] : [action.kind];

  function onKey(event) {
    if (!last || replay || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const key = event.key.toLowerCase();
    if (KEYS[key]) {
      const entry = last.legal.find((l) => l.action.kind === KEYS[key]);
      if (entry) { event.preventDefault(); picker.act(entry.action); }
      return;
    }
    if (/^[0-9]$/.test(key)) {
      digits += key;
      clearTimeout(digitTimer);
      const playNow = () => {
        const stack = Number(digits);
        digits = "";
        const entry = last.legal.find((l) => l.action.kind === "play" && l.action.stack === stack);
        if (entry) picker.act(entry.action);
      };
      if (digits.length >= 2 || Number(digits) > 2) playNow();
      else digitTimer = setTimeout(playNow, 450);
    }
  }
  document.addEventListener("keydown", onKey);

  function coachPanel(owner, coach, mine) {
    const top = coach.discard.length ? coach.discard[coach.discard.length - 1] : null;
    return el("div", { class: `coach${mine ? " mine" : ""}`, "data-seat": owner },
      el("strong", {}, `${coach.name}${mine ? " (you)" : ` (${seatName(owner)})`}`),
      el("span", {}, `Deck ${coach.deck}`),
      el("span", { class: "held" }, "Holding: ", coach.held ? cardChip(coach.held, owner) : coach.holding ? el("span", { class: "fb-card back" }, "a card") : "nothing"),
      el("span", {}, "Discard top: ", cardChip(top, owner), ` (${coach.discard.length})`));
  }

  function stackButton(stack, seats) {
    const top = stack.cards.length ? stack.cards[stack.cards.length - 1] : null;
    const play = stack.play;
    return el("button", { type: "button", class: `stack ${stack.colour}`, "data-key": `stack:${stack.stack}`, "data-stack": stack.stack,
      style: `background:${COLOUR[stack.colour] || "#fff"}`, title: `${stack.zone_name}, stack ${stack.stack}, worth ${stack.worth}` },
    el("span", { class: "stack-no" }, String(stack.stack)),
    el("span", { class: "stack-top" }, top ? cardChip(top) : el("span", { class: "empty" }, "empty")),
    el("span", { class: "stack-meta" }, `${stack.cards.length} card${stack.cards.length === 1 ? "" : "s"}`,
      play.value !== null && play.value !== undefined ? ` · value ${play.value}` : "", play.status === "complete" ? " · complete" : play.status === "false-start" ? " · false start" : ""),
    el("span", { class: "stack-score" }, scoreText(play, seats) || " "));
  }

  return {
    update(update) {
      last = update;
      const view = update.view;
      clear(root);
      const me = update.seat ?? seat;
      const others = view.seats.filter((s) => s !== me);
      root.append(el("div", { class: "board-info" },
        el("span", {}, view.seats.map((s, i) => [i ? " – " : "", el("strong", {}, `${view.coaches[s].name} ${view.score[s]}`)])),
        el("span", {}, `Quarter ${view.quarter} of ${view.quarters}`),
        el("span", {}, `Phase: ${view.phase}`),
        el("span", {}, view.buzzer_beater ? `Buzzer-beater: ${seatName(view.buzzer_beater)} may still shoot` : ""),
        el("span", {}, view.choice ? `Go, Team! on stack ${view.choice.stack}: ${seatName(view.choice.seat)} chooses` : "")));
      for (const owner of others) root.append(coachPanel(owner, view.coaches[owner], false));
      const court = el("div", { class: "court", id: "court" });
      for (const zone of ZONE_ORDER) {
        const stacks = view.court.filter((stack) => stack.zone === zone);
        if (!stacks.length) continue;
        // A zone's stacks stay one row (two even rows for the long Green zone on a phone).
        court.append(el("div", { class: `zone zone-${zone}` }, el("div", { class: "zone-name" }, stacks[0].zone_name),
          el("div", { class: `zone-stacks${stacks.length > 4 ? " many" : ""}`, style: `--stacks:${stacks.length}` }, stacks.map((stack) => stackButton(stack, view.seats)))));
      }
      root.append(court);
      const controls = update.legal.filter((l) => l.action.kind !== "play");
      // The coach's own card and buttons stay in sight at the screen's foot while the court scrolls.
      root.append(el("div", { class: "bench", id: "bench" },
        me && view.coaches[me] ? coachPanel(me, view.coaches[me], true) : "",
        el("div", { class: "controls" }, controls.map((l) => el("button", { type: "button", "data-key": keysOf(l.action)[0] }, l.label)),
          !replay && me ? el("span", { class: "keys" }, "Keys: D draw · T take · X discard · B buzz · P pass · a stack's number plays there") : "")));
      if (view.last_scoring?.length) root.append(el("details", { class: "scoring", open: view.phase === "scoring" }, el("summary", {}, "The scoring round, stack by stack"), el("ol", {}, view.last_scoring.map((line) => el("li", {}, line)))));
      picker.use(update.legal, keysOf);
      picker.bind(root);
    },
    destroy() { document.removeEventListener("keydown", onKey); },
  };
}
