// @ts-check
// The board laid out: every placed tile says where it lies (`at`, docs/TABLE.md "The
// board"): the line it lies in, which of a fork's lines that line is, whether lines start
// from it, and the number facing the tile it was played on. `tree()` only groups the tiles
// by those, as the terminal does (chickenfoot.terminal.board); `geometry()` draws them.
//
// Chicken Foot is drawn sideways: the centre stands upright, its lines run out to the right
// and to the left (alternately), stacked; a double ending a line stands upright and its
// toes fan out beyond it. A standard game lays one line with two ends (the lead in the
// middle), and All Fives' spinner takes an arm above and one below.

import { parse } from "./tiles.js";

/**
 * @typedef {import("./types/protocol").WirePlaced & {phantom?: boolean}} Placed a placed tile, or a
 *   phantom: where a chosen tile would lie
 * @typedef {import("./types/protocol").Public} Public
 * @typedef {object} Shown a placed tile as it lies: `near` is the number it touches
 * @property {number} id
 * @property {string} tile
 * @property {number} near
 * @property {number} far
 * @property {boolean} phantom
 * @typedef {object} Line tiles out from a double (Chicken Foot's toe) or the lead
 * @property {Shown[]} tiles
 * @property {Foot | null} foot the double that ends it, with its own lines
 * @typedef {object} Foot a double and the lines that start from it
 * @property {Shown} tile
 * @property {Line[]} lines
 * @property {number} [need] the toes it still waits for
 * @typedef {object} Layout
 * @property {import("./games.js").LayoutKind} kind
 * @property {number | null} root
 * @property {Foot | null} centre
 * @property {Shown | null} middle
 * @property {Shown[]} left
 * @property {Shown[]} right
 * @property {Line[]} arms
 * @property {Shown | null} spinner
 * @typedef {object} TileAt a tile drawn: `first` is the number on its left (or on top)
 * @property {Shown} shown
 * @property {number} x
 * @property {number} y
 * @property {boolean} vertical
 * @property {number} first
 * @property {number} second
 * @typedef {{x1: number, y1: number, x2: number, y2: number}} Link
 * @typedef {{x: number, y: number, foot: Foot & {need: number}}} Note
 * @typedef {(shown: Shown, x: number, y: number, vertical: boolean, first: number,
 *   second: number) => void} Put
 * @typedef {object} Geometry
 * @property {TileAt[]} tiles
 * @property {Link[]} links
 * @property {Note[]} notes
 * @property {{x: number, y: number, w: number, h: number}} bounds
 * @property {boolean} upright
 */

export const UNIT = 40;
// A note on a foot waiting for toes, drawn beside its double, clear of its pips.
export const NOTE = { w: UNIT * 1.2, h: UNIT * 0.56, gap: 4 };
const GAP = 4;
const ROW = 14;
const FAN = 30;

/**
 * @param {Placed} placed
 * @returns {Shown}
 */
function shownOf(placed) {
  const [hi, lo] = parse(placed.tile);
  const near = placed.at.near;
  const far = hi === near ? lo : hi;
  return { id: placed.id, tile: placed.tile, near, far, phantom: !!placed.phantom };
}

/** @param {Shown} shown */
const isDouble = (shown) => shown.near === shown.far;

// The board as lines, as the terminal's Layout: {kind, root (its id), centre (laid out in
// feet), middle, left, right (laid out in a line: the lead, and the line's two halves out
// from it, each tile's near number towards the lead), arms, spinner}.
/**
 * @param {Placed[]} board
 * @param {Public | null | undefined} pub
 * @param {import("./games.js").LayoutKind} kind
 * @returns {Layout}
 */
export function tree(board, pub, kind) {
  /** @type {Layout} */
  const layout = {
    kind,
    root: null,
    centre: null,
    middle: null,
    left: [],
    right: [],
    arms: [],
    spinner: null,
  };
  if (!board.length) return layout;
  const root = board[0];
  layout.root = root.id;
  /** @type {Map<number, Placed[]>} each line's tiles in the order laid, by its first tile's id */
  const lines = new Map();
  /** @type {Map<number, Placed[]>} the first tiles of the lines from each fork, by branch */
  const starts = new Map();
  /**
   * @param {Map<number, Placed[]>} map
   * @param {number} key
   * @param {Placed} placed
   */
  const add = (map, key, placed) => {
    const found = map.get(key);
    if (found) found.push(placed);
    else map.set(key, [placed]);
  };
  for (const placed of board) {
    add(lines, placed.at.line, placed);
    if (placed.on !== null && placed.at.line === placed.id) add(starts, placed.on, placed);
  }
  /** @param {Placed} p */
  const branch = (p) => p.at.branch ?? 0;
  for (const firsts of starts.values()) firsts.sort((a, b) => branch(a) - branch(b));
  const waiting = pub?.foot;

  /**
   * @param {Placed} placed
   * @returns {Foot}
   */
  const foot = (placed) => ({
    tile: shownOf(placed),
    lines: (starts.get(placed.id) ?? []).map(line),
    need: waiting && waiting.id === placed.id ? waiting.need : 0,
  });

  /**
   * @param {Placed} first
   * @returns {Line}
   */
  function line(first) {
    const tiles = lines.get(first.id) ?? [first];
    const last = tiles[tiles.length - 1];
    if (kind === "feet" && last.at.fork)
      return { tiles: tiles.slice(0, -1).map(shownOf), foot: foot(last) };
    return { tiles: tiles.map(shownOf), foot: null };
  }

  if (kind === "feet") {
    layout.centre = foot(root);
    return layout;
  }
  /** @type {Map<number, Line>} */
  const sides = new Map((starts.get(root.id) ?? []).map((first) => [branch(first), line(first)]));
  layout.middle = shownOf(root);
  layout.left = sides.get(0)?.tiles ?? [];
  layout.right = sides.get(1)?.tiles ?? [];
  layout.arms = [...sides].filter(([b]) => b > 1).map(([, arm]) => arm);
  layout.spinner = pub?.spinner === root.id ? layout.middle : null;
  for (const shown of [...layout.left, ...layout.right]) {
    const arms = (starts.get(shown.id) ?? []).filter((first) => branch(first) > 1);
    if (arms.length) {
      layout.arms.push(...arms.map(line));
      layout.spinner = shown;
    }
  }
  return layout;
}

// Where everything goes: tiles {shown, x, y, vertical, first, second} (first: the number on
// the left, or on top), links between a double and its toes, and notes on a foot still
// waiting for toes. `aspect` is the board's width over its height: a tall board gets
// Chicken Foot's lines running up and down, and a standard game's line turns a corner
// sooner.
/**
 * @param {Layout} layout
 * @param {number} [aspect]
 * @returns {Geometry}
 */
export function geometry(layout, aspect = 1.5) {
  /** @type {TileAt[]} */
  const tiles = [];
  /** @type {Link[]} */
  const links = [];
  /** @type {Note[]} */
  const notes = [];
  /** @type {Put} */
  const put = (shown, x, y, vertical, first, second) => {
    tiles.push({ shown, x, y, vertical, first, second });
  };
  let upright = false;
  if (layout.centre) {
    feetGeometry(layout.centre, put, links, notes);
    upright = aspect < 0.9;
  } else if (layout.middle) {
    lineGeometry(layout, layout.middle, put, tiles, aspect);
  }
  if (upright) {
    for (const tile of tiles) [tile.x, tile.y, tile.vertical] = [tile.y, tile.x, !tile.vertical];
    for (const link of links)
      [link.x1, link.y1, link.x2, link.y2] = [link.y1, link.x1, link.y2, link.x2];
    for (const note of notes) [note.x, note.y] = [note.y, note.x];
  }
  const U = UNIT;
  for (const note of notes) {
    if (upright) note.x -= U + NOTE.w / 2 + NOTE.gap;
    else note.y -= U + NOTE.h / 2 + NOTE.gap;
  }
  const xs = tiles.flatMap((t) => [t.x, t.x + (t.vertical ? U : 2 * U)]);
  const ys = tiles.flatMap((t) => [t.y, t.y + (t.vertical ? 2 * U : U)]);
  for (const note of notes) {
    xs.push(note.x - NOTE.w / 2, note.x + NOTE.w / 2);
    ys.push(note.y - NOTE.h / 2, note.y + NOTE.h / 2);
  }
  const bounds = xs.length
    ? {
        x: Math.min(...xs),
        y: Math.min(...ys),
        w: Math.max(...xs) - Math.min(...xs),
        h: Math.max(...ys) - Math.min(...ys),
      }
    : { x: -U, y: -U, w: 2 * U, h: 2 * U };
  return { tiles, links, notes, bounds, upright };
}

/**
 * @param {Foot} centre
 * @param {Put} put
 * @param {Link[]} links
 * @param {Note[]} notes
 */
function feetGeometry(centre, put, links, notes) {
  const U = UNIT;
  const noteSpan = 2 * (U + NOTE.w / 2 + NOTE.gap);
  /**
   * @param {Line} line
   * @returns {number}
   */
  const lineHeight = (line) =>
    line.foot ? Math.max(U, footSpan(line.foot.lines), line.foot.need ? noteSpan : 0) : U;
  /**
   * @param {Line[]} lines
   * @returns {number}
   */
  const footSpan = (lines) =>
    Math.max(2 * U, lines.reduce((sum, l) => sum + lineHeight(l), 0) + ROW * (lines.length - 1));

  /**
   * @param {Line} line
   * @param {number} x0
   * @param {number} cy
   * @param {number} dir
   */
  const placeLine = (line, x0, cy, dir) => {
    let x = x0;
    for (const shown of line.tiles) {
      const [first, second] = dir > 0 ? [shown.near, shown.far] : [shown.far, shown.near];
      put(shown, dir > 0 ? x : x - 2 * U, cy - U / 2, false, first, second);
      x += dir * (2 * U + GAP);
    }
    if (line.foot) placeFoot(line.foot, x + (dir * U) / 2, cy, [[dir, line.foot.lines]]);
  };

  /**
   * @param {Foot} foot
   * @param {number} cx
   * @param {number} cy
   * @param {[number, Line[]][]} sides
   */
  const placeFoot = (foot, cx, cy, sides) => {
    put(foot.tile, cx - U / 2, cy - U, true, foot.tile.near, foot.tile.far);
    const need = foot.need ?? 0;
    if (need > 0) notes.push({ x: cx, y: cy, foot: { ...foot, need } });
    for (const [dir, lines] of sides) {
      if (!lines.length) continue;
      const total = lines.reduce((sum, l) => sum + lineHeight(l), 0) + ROW * (lines.length - 1);
      let y = cy - total / 2;
      for (const line of lines) {
        const height = lineHeight(line);
        const ly = y + height / 2;
        const x0 = cx + dir * (U / 2 + FAN);
        const from = Math.max(-0.7 * U, Math.min(0.7 * U, ly - cy));
        links.push({ x1: cx + (dir * U) / 2, y1: cy + from, x2: x0, y2: ly });
        placeLine(line, x0, ly, dir);
        y += height + ROW;
      }
    }
  };

  const lines = centre.lines;
  placeFoot(centre, 0, 0, [
    [1, lines.filter((_, i) => i % 2 === 0)],
    [-1, lines.filter((_, i) => i % 2 === 1)],
  ]);
}

// A standard game: the lead in the middle, the right half running right and turning down at
// a corner (then back left, and so on), the left half the same way turned about the lead.
// A double lies crosswise. All Fives' spinner takes a straight line up and one down, so
// with a spinner the line runs straight.
/**
 * @param {Layout} layout
 * @param {Shown} middle the lead
 * @param {Put} put
 * @param {TileAt[]} tiles
 * @param {number} aspect
 */
function lineGeometry(layout, middle, put, tiles, aspect) {
  const U = UNIT;
  const rootWidth = isDouble(middle) ? U : 2 * U;
  if (isDouble(middle)) put(middle, -U / 2, -U, true, middle.near, middle.far);
  else put(middle, -U, -U / 2, false, middle.near, middle.far);
  const half = layout.spinner ? Infinity : (aspect >= 1 ? 5 : 3) * (2 * U + GAP);
  const start = rootWidth / 2 + GAP;
  snake(layout.right, start, half, put);
  snake(layout.left, start, half, (shown, x, y, vertical, first, second) => {
    const [w, h] = vertical ? [U, 2 * U] : [2 * U, U];
    put(shown, -(x + w), -(y + h), vertical, second, first);
  });
  const spinnerShown = layout.spinner;
  const spinner = spinnerShown && tiles.find((t) => t.shown.id === spinnerShown.id);
  if (!spinner) return;
  const sx = spinner.x + U / 2;
  layout.arms.slice(0, 2).forEach((arm, i) => {
    const dir = i === 0 ? -1 : 1;
    let y = dir * (U + GAP);
    for (const shown of arm.tiles) {
      if (isDouble(shown)) {
        put(shown, sx - U, dir > 0 ? y : y - U, false, shown.near, shown.far);
        y += dir * (U + GAP);
      } else {
        const [first, second] = dir > 0 ? [shown.near, shown.far] : [shown.far, shown.near];
        put(shown, sx - U / 2, dir > 0 ? y : y - 2 * U, true, first, second);
        y += dir * (2 * U + GAP);
      }
    }
  });
}

// Tiles laid outwards along +x from x = start on the row y = 0; past x = ±half a tile turns
// the corner (upright, beside the row's end) and the row below runs back the other way.
/**
 * @param {Shown[]} tiles
 * @param {number} start
 * @param {number} half
 * @param {Put} put
 */
function snake(tiles, start, half, put) {
  const U = UNIT;
  let dir = 1;
  let x = start;
  let y = 0;
  let afterCorner = false;
  for (const shown of tiles) {
    const double = isDouble(shown);
    const crosswise = double && !afterCorner;
    const length = crosswise ? U : 2 * U;
    afterCorner = false;
    if (!double && Math.abs(x + dir * length) > half) {
      const cx = dir > 0 ? x : x - U;
      put(shown, cx, y - U / 2, true, shown.near, shown.far);
      dir = -dir;
      x = dir > 0 ? cx : cx + U;
      y += 2 * U;
      afterCorner = true;
      continue;
    }
    const left = dir > 0 ? x : x - length;
    if (crosswise) put(shown, left, y - U, true, shown.near, shown.far);
    else
      put(
        shown,
        left,
        y - U / 2,
        false,
        dir > 0 ? shown.near : shown.far,
        dir > 0 ? shown.far : shown.near,
      );
    x += dir * (length + GAP);
  }
}
