// @ts-check
// The board as SVG, with pan (drag), zoom (wheel, pinch, +/- buttons) and fit.
// A chosen tile's places are drawn as see-through tiles where it would lie, each carrying
// data-target (the id of the tile it would be played on, "none" for the first tile).
// A still board (`still: true`, the Rules page's pictures) is only fitted to its box.

import { h, s } from "./dom.js";
import { tn } from "./i18n.js";
import { NOTE, UNIT, geometry, tree } from "./layout.js";
import { hitArea } from "./hit.js";
import { tileGroup } from "./tiles.js";

const PAD = 24;
const MAX_FIT = 1.4;
// A place to play on is never a smaller target than this on the screen, however far out.
const MIN_TARGET_PX = 40;

/**
 * @typedef {import("./layout.js").Placed} Placed
 * @typedef {object} Drawn what render() draws
 * @property {import("./types/protocol").WirePlaced[]} board the placed tiles
 * @property {import("./types/protocol").Public | null} pub the public state
 * @property {import("./games.js").LayoutKind} layout
 * @property {{tile: string, on: number | null, at: import("./types/protocol").WirePlace}[]}
 *   [phantoms] places to offer the chosen tile, each with where it would lie there
 * @property {number | null} [last] the id of the tile placed last
 * @property {Map<number, number>} [fresh] the tiles played since the viewer's turn, each with
 *   the seat that played it
 * @property {number | null} [cursor] the place the keys have chosen
 * @property {Map<number, string>} [names] who placed each tile
 * @property {string} [emptyText] what an empty board says
 */

export class BoardView {
  /**
   * @param {HTMLElement} container
   * @param {{onTarget?: (target: string) => void, still?: boolean}} [options] onTarget: a
   *   place clicked (the id of the tile it is on, "none" for the first tile)
   */
  constructor(container, { onTarget = () => {}, still = false } = {}) {
    this.onTarget = onTarget;
    this.world = s("g", { class: "world" });
    this.svg = s("svg", { class: "board-svg", role: "img" }, this.world);
    this.empty = h("p", { class: "board-empty" });
    /**
     * @param {string} label
     * @param {string} title
     * @param {() => void} action
     */
    const button = (label, title, action) =>
      h(
        "button",
        { type: "button", "data-i18n-title": title, "data-i18n-label": title, onclick: action },
        label,
      );
    this.controls = h(
      "div",
      { class: "zoom" },
      button("+", "board.zoom_in", () => this.zoomBy(1.25)),
      button("−", "board.zoom_out", () => this.zoomBy(0.8)),
      button("⤢", "board.fit", () => this.fit(true)),
    );
    container.classList.add("board");
    container.append(this.svg, this.empty);
    if (!still) container.append(this.controls);
    this.view = { k: 1, x: 0, y: 0 };
    this.auto = true;
    /** @type {import("./layout.js").Geometry["bounds"] | null} */
    this.bounds = null;
    /** @type {number[][]} the middles of the places offered, in the board's own units */
    this.places = [];
    /** @type {Map<number, [number, number]>} */
    this.pointers = new Map();
    if (!still) this.listen();
    /** @type {Drawn | null} */
    this.drawn = null;
    /** @type {[number, number] | null} the board's size on screen, kept until it changes */
    this.measured = null;
    /** @type {number | null} the zoom buttons' width, kept until it changes */
    this.controlsWidth = null;
    const resized = new ResizeObserver(() => {
      this.measured = null;
      this.controlsWidth = null;
      if (this.drawn) this.render(this.drawn);
    });
    resized.observe(this.svg);
    resized.observe(this.controls);
  }

  /** @param {Drawn} drawn */
  render(drawn) {
    this.drawn = drawn;
    const {
      board,
      pub,
      layout,
      phantoms = [],
      last = null,
      fresh = new Map(),
      cursor = null,
      names = new Map(),
      emptyText = "",
    } = drawn;
    /** @type {(Placed & {target?: number | null})[]} */
    let placed = board.map((p) => ({ ...p }));
    phantoms.forEach((p, i) => {
      const id = -1 - i;
      // A line it would start is named by its own id: the next one, here the phantom's.
      const at = p.at.line === board.length ? { ...p.at, line: id } : p.at;
      const phantom = { id, tile: p.tile, on: p.on, open: [], at, phantom: true, target: p.on };
      placed = p.on === null ? [phantom] : [...placed, phantom];
    });
    const [width, height] = this.size();
    const geo = geometry(tree(placed, pub, layout), width / height);
    const byId = new Map(placed.map((p) => [p.id, p]));
    const links = geo.links.map(({ x1, y1, x2, y2 }) => {
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const bend = geo.upright ? `${x1},${my} ${x2},${my}` : `${mx},${y1} ${mx},${y2}`;
      return s("path", { class: "link", d: `M${x1},${y1} C${bend} ${x2},${y2}` });
    });
    this.places = geo.tiles
      .filter((g) => byId.get(g.shown.id)?.phantom)
      .map((g) => [g.x, g.y]);
    const tiles = geo.tiles.map((g) => {
      const p = /** @type {Placed & {target?: number | null}} */ (byId.get(g.shown.id));
      /** @type {Record<string, string>} */
      const attrs = {};
      if (p.phantom) {
        const n = -p.id;
        attrs.class = `tile phantom${cursor === n - 1 ? " cursor" : ""}`;
        attrs["data-target"] = p.target === null ? "none" : String(p.target);
        attrs.tabindex = "-1";
      } else {
        attrs["data-id"] = String(p.id);
        const classes = ["tile"];
        if (p.id === last) classes.push("last");
        const by = fresh.get(p.id);
        if (by !== undefined) {
          classes.push("fresh", `seat-${by % 8}`);
          attrs["data-fresh"] = String(by);
        }
        if (classes.length > 1) attrs.class = classes.join(" ");
      }
      const group = tileGroup(g.first, g.second, {
        x: g.x,
        y: g.y,
        unit: UNIT,
        vertical: g.vertical,
        attrs,
      });
      const who = names.get(p.id);
      group.prepend(s("title", {}, who ? `${p.tile} · ${who}` : p.tile));
      if (p.phantom) {
        const [cx, cy] = [g.x, g.y];
        group.append(
          s("polygon", { class: "target-hit", "data-x": cx, "data-y": cy }),
          s("circle", { class: "target-badge", cx, cy, r: UNIT * 0.3 }),
          s("text", { class: "target-number", x: cx, y: cy }, String(-p.id)),
        );
      }
      return group;
    });
    const notes = geo.notes.map(({ x, y, foot }) =>
      s(
        "g",
        { class: "foot-note" },
        s("title", {}, tn("board.needs_toes", foot.need, { number: foot.tile.near })),
        s("rect", {
          x: x - NOTE.w / 2,
          y: y - NOTE.h / 2,
          width: NOTE.w,
          height: NOTE.h,
          rx: NOTE.h / 2,
        }),
        s("text", { x, y }, `${foot.need}×${foot.tile.near}`),
      ),
    );
    this.world.replaceChildren(...links, ...tiles, ...notes);
    this.empty.textContent = placed.length ? "" : emptyText;
    this.bounds = geo.bounds;
    if (this.auto || (phantoms.length && (!this.targetsInView() || this.placesCrowded())))
      this.fit(this.auto);
    else this.apply();
  }

  targetsInView() {
    const box = this.svg.getBoundingClientRect();
    return [...this.world.querySelectorAll("[data-target]")].every((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom
      );
    });
  }

  /** The least distance between two places offered, in the board's own units. */
  placesApart() {
    let least = Infinity;
    this.places.forEach(([x, y], i) => {
      for (const [ox, oy] of this.places.slice(i + 1))
        least = Math.min(least, Math.hypot(ox - x, oy - y));
    });
    return least;
  }

  placesCrowded() {
    return this.placesApart() * this.view.k < MIN_TARGET_PX;
  }

  /** Measured once while it stays the same size: reading it after the page changed would
   * make the browser lay the whole page out again at once. */
  size() {
    if (!this.measured) {
      const r = this.svg.getBoundingClientRect();
      this.measured = [r.width || 1, r.height || 1];
    }
    return this.measured;
  }

  fit(auto = true) {
    this.auto = auto;
    if (!this.bounds) return;
    const [w, h] = this.size();
    const b = this.bounds;
    // The zoom buttons keep a strip of the board's right side to themselves.
    this.controlsWidth ??= this.controls.isConnected ? this.controls.offsetWidth : 0;
    const right = this.controlsWidth + PAD;
    const room = (/** @type {{w: number, h: number}} */ box) =>
      Math.min((w - PAD - right) / box.w, (h - 2 * PAD) / box.h);
    const centred = (/** @type {typeof b} */ box, /** @type {number} */ k) => ({
      k,
      x: (w - right + PAD) / 2 - k * (box.x + box.w / 2),
      y: h / 2 - k * (box.y + box.h / 2),
    });
    const k = Math.min(room(b), MAX_FIT);
    this.view = centred(b, k);
    // Places too close to tap apart: nearer, on the places alone, as far as they all still show.
    const apart = this.placesApart();
    if (Number.isFinite(apart) && k * apart < MIN_TARGET_PX) {
      const xs = this.places.map(([x]) => x);
      const ys = this.places.map(([, y]) => y);
      const near = {
        x: Math.min(...xs) - UNIT,
        y: Math.min(...ys) - UNIT,
        w: Math.max(...xs) - Math.min(...xs) + 2 * UNIT,
        h: Math.max(...ys) - Math.min(...ys) + 2 * UNIT,
      };
      const closer = Math.min(MIN_TARGET_PX / apart, room(near), 6);
      if (closer > k) this.view = centred(near, closer);
    }
    this.apply();
  }

  apply() {
    const { k, x, y } = this.view;
    this.world.setAttribute("transform", `translate(${x} ${y}) scale(${k})`);
    const r = Math.max(UNIT * 0.5, MIN_TARGET_PX / 2 / k);
    for (const hit of this.world.querySelectorAll(".target-hit")) {
      const at = [Number(hit.getAttribute("data-x")), Number(hit.getAttribute("data-y"))];
      hit.setAttribute("points", hitArea(at, this.places, r, MIN_TARGET_PX / k).join(" "));
    }
  }

  /**
   * @param {number} factor
   * @param {number} [px] the point that stays where it is (the middle if not given)
   * @param {number} [py]
   */
  zoomBy(factor, px, py) {
    const [w, h] = this.size();
    const [cx, cy] = [px ?? w / 2, py ?? h / 2];
    const k = Math.min(6, Math.max(0.05, this.view.k * factor));
    const ratio = k / this.view.k;
    this.view = { k, x: cx - (cx - this.view.x) * ratio, y: cy - (cy - this.view.y) * ratio };
    this.auto = false;
    this.apply();
  }

  listen() {
    const svg = this.svg;
    /**
     * @param {MouseEvent} e
     * @returns {[number, number]}
     */
    const local = (e) => {
      const r = svg.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    svg.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        this.zoomBy(Math.exp(-e.deltaY * 0.0015), ...local(e));
      },
      { passive: false },
    );
    /** @param {Event} e */
    const targetOf = (e) =>
      e.target instanceof Element ? e.target.closest("[data-target]") : null;
    svg.addEventListener("click", (e) => {
      const target = targetOf(e);
      if (target) this.onTarget(target.getAttribute("data-target") ?? "none");
    });
    svg.addEventListener("pointerdown", (e) => {
      if (targetOf(e)) return;
      svg.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, local(e));
    });
    svg.addEventListener("pointermove", (e) => {
      const before = this.pointers.get(e.pointerId);
      if (!before) return;
      const now = local(e);
      if (this.pointers.size === 2) {
        const [other] = [...this.pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
        /** @param {[number, number]} a */
        const spread = (a) => Math.hypot(a[0] - other[0], a[1] - other[1]) || 1;
        this.zoomBy(spread(now) / spread(before), (now[0] + other[0]) / 2, (now[1] + other[1]) / 2);
      } else {
        this.view.x += now[0] - before[0];
        this.view.y += now[1] - before[1];
        this.auto = false;
        this.apply();
      }
      this.pointers.set(e.pointerId, now);
    });
    /** @param {PointerEvent} e */
    const release = (e) => this.pointers.delete(e.pointerId);
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
  }
}
