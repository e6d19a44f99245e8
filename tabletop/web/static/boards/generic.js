// A board for any game: the server's picture where the game draws one, else the view's plain values.
import { el, clear } from "../common.js";

export const wantsPicture = true;

export function createBoard(root) {
  return {
    update(update) {
      clear(root);
      if (update.svg) {
        root.append(el("div", { class: "picture" }));
        root.firstChild.innerHTML = update.svg;
        return;
      }
      const plain = Object.entries(update.view).filter(([, value]) => value === null || typeof value !== "object");
      root.append(el("dl", { class: "plain-view" }, plain.flatMap(([key, value]) => [el("dt", {}, key), el("dd", {}, String(value))])));
    },
  };
}
