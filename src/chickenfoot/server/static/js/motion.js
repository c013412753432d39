// @ts-check
// A tile played slides from its player's side (their row in the players' list, or the hand
// for the viewer's own) to its place on the board, unless the browser asks for reduced motion.
// The tile's place on the board stays hidden while it flies, and the board may be drawn anew
// meanwhile: `hideFlying` hides it again after each drawing. No tile flies over a dialog (the
// round's summary, the lobby): none starts while one is open, and `landAll` lands the tiles
// still flying when one opens.

import { h, s } from "./dom.js";

const DURATION = 450;

/** @type {Map<number, Element>} the flying tiles by the id of their place */
const flying = new Map();

export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

const dialogOpen = () => !!document.querySelector(".overlay:not([hidden])");

/**
 * Where a tile played by `seat` comes from on the page, read before the page is drawn anew
 * (the viewer's own tile is still in the hand then).
 * @param {number} seat
 * @param {string} tile
 * @param {boolean} own the viewer played it
 * @returns {DOMRect | null}
 */
export function origin(seat, tile, own) {
  const el = own
    ? document.querySelector(`#hand [data-tile="${tile}"]`)
    : document.querySelector(`#seats [data-seat="${seat}"] .swatch`);
  const rect = el?.getBoundingClientRect();
  if (!rect || rect.width === 0) return null;
  // A side scrolled out of sight (a phone's players' list, below the board): its nearest edge.
  const x = Math.min(Math.max(rect.x, 0), innerWidth - rect.width);
  const y = Math.min(Math.max(rect.y, 0), innerHeight - rect.height);
  return new DOMRect(x, y, rect.width, rect.height);
}

/**
 * The transform that puts a box of `to` over `from` (centre on centre, scaled to its height).
 * @param {{left: number, top: number, width: number, height: number}} from
 * @param {{left: number, top: number, width: number, height: number}} to
 */
export function startTransform(from, to) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = to.height > 0 ? Math.min(1.5, Math.max(0.2, from.height / to.height)) : 1;
  return `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(${scale.toFixed(3)})`;
}

/**
 * Fly the tile placed as `id` on the board from `from` to its place.
 * @param {HTMLElement} boardEl
 * @param {number} id
 * @param {string} tile
 * @param {DOMRect | null} from
 */
export function fly(boardEl, id, tile, from) {
  if (!from || document.hidden || reducedMotion() || dialogOpen()) return;
  const place = boardEl.querySelector(`[data-id="${id}"]`);
  const to = place?.getBoundingClientRect();
  if (!place || !to || to.width === 0) return;
  const box = /** @type {SVGGraphicsElement} */ (place).getBBox();
  const copy = /** @type {Element} */ (place.cloneNode(true));
  for (const name of ["data-id", "data-fresh"]) copy.removeAttribute(name);
  copy.setAttribute("class", "tile");
  const picture = s(
    "svg",
    { viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, width: "100%", height: "100%" },
    copy,
  );
  const ghost = h("div", { class: "flight", "data-flight": tile, "aria-hidden": "true" }, picture);
  // In the document's coordinates, so that it keeps to its place when the page scrolls.
  Object.assign(ghost.style, {
    left: `${to.left + scrollX}px`,
    top: `${to.top + scrollY}px`,
    width: `${to.width}px`,
    height: `${to.height}px`,
  });
  document.body.append(ghost);
  flying.get(id)?.remove();
  flying.set(id, ghost);
  hideFlying(boardEl);
  const animation = ghost.animate(
    [{ transform: startTransform(from, to) }, { transform: "none" }],
    { duration: DURATION, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
  );
  const land = () => {
    ghost.remove();
    if (flying.get(id) !== ghost) return; // landed by `landAll`, or flying again
    flying.delete(id);
    boardEl.querySelector(`[data-id="${id}"]`)?.classList.remove("flying");
  };
  animation.addEventListener("finish", land);
  animation.addEventListener("cancel", land);
}

/**
 * Land every tile still flying at once: each is shown in its place.
 * @param {HTMLElement} boardEl
 */
export function landAll(boardEl) {
  for (const [id, ghost] of flying) {
    ghost.remove();
    boardEl.querySelector(`[data-id="${id}"]`)?.classList.remove("flying");
  }
  flying.clear();
}

/** @param {HTMLElement} boardEl */
export function hideFlying(boardEl) {
  for (const id of flying.keys())
    boardEl.querySelector(`[data-id="${id}"]`)?.classList.add("flying");
}
