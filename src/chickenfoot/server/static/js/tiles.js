// @ts-check
import { s } from "./dom.js";

// A tile is written "a-b", larger number first (the engine's name for it).
/**
 * @param {string} tile
 * @returns {[number, number]}
 */
export function parse(tile) {
  const [a, b] = tile.split("-").map(Number);
  return [a, b];
}

// The engine's order of tiles: 0-0, 1-0, 1-1, 2-0, ...
/** @param {string} tile */
export function tileIndex(tile) {
  const [hi, lo] = parse(tile);
  return (hi * (hi + 1)) / 2 + lo;
}

/** @param {string[]} tiles */
export function byIndex(tiles) {
  return [...tiles].sort((x, y) => tileIndex(x) - tileIndex(y));
}

/** @param {string} tile */
export function pips(tile) {
  const [a, b] = parse(tile);
  return a + b;
}

/** @param {string} tile */
export function isDouble(tile) {
  const [a, b] = parse(tile);
  return a === b;
}

// Pips on a 3×3 grid (column, row), for 1 to 9; larger numbers are written as digits.
/** @type {Record<number, [number, number][]>} */
const GRID = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
  7: [
    [0, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
  8: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  9: [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
};

/**
 * One half of a tile: its pips in a `size` square at (x, y).
 * @param {number} n
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @returns {SVGElement[]}
 */
function half(n, x, y, size) {
  const colour = `var(--pip-${Math.min(n, 10)})`;
  if (n > 9) {
    return [
      s(
        "text",
        {
          x: x + size / 2,
          y: y + size / 2,
          class: "pip-number",
          "font-size": size * 0.5,
          fill: colour,
        },
        String(n),
      ),
    ];
  }
  const step = size * 0.27;
  return (GRID[n] || []).map(([col, row]) =>
    s("circle", {
      cx: x + size / 2 + (col - 1) * step,
      cy: y + size / 2 + (row - 1) * step,
      r: size * 0.09,
      fill: colour,
    }),
  );
}

/**
 * @typedef {object} TilePlace
 * @property {number} [x]
 * @property {number} [y]
 * @property {number} [unit] the side of a half
 * @property {boolean} [vertical]
 * @property {Record<string, string>} [attrs] the group's own attributes
 */

// A tile as an SVG group at (x, y): `first` on the left (or on top when vertical).
/**
 * @param {number} first
 * @param {number} second
 * @param {TilePlace} [place]
 */
export function tileGroup(
  first,
  second,
  { x = 0, y = 0, unit = 40, vertical = false, attrs = {} } = {},
) {
  const w = vertical ? unit : 2 * unit;
  const h = vertical ? 2 * unit : unit;
  const [x2, y2] = vertical ? [x, y + unit] : [x + unit, y];
  const divider = vertical
    ? s("line", {
        x1: x + unit * 0.15,
        y1: y + unit,
        x2: x + unit * 0.85,
        y2: y + unit,
        class: "divider",
      })
    : s("line", {
        x1: x + unit,
        y1: y + unit * 0.15,
        x2: x + unit,
        y2: y + unit * 0.85,
        class: "divider",
      });
  return s(
    "g",
    { class: "tile", ...attrs },
    s("rect", {
      x: x + 0.5,
      y: y + 0.5,
      width: w - 1,
      height: h - 1,
      rx: unit * 0.14,
      class: "face",
    }),
    divider,
    half(first, x, y, unit),
    half(second, x2, y2, unit),
  );
}

// A stand-alone <svg> of one tile (a hand, a shown hand).
/**
 * @param {string} tile
 * @param {{unit?: number, vertical?: boolean}} [size]
 */
export function tileSVG(tile, { unit = 26, vertical = true } = {}) {
  const [a, b] = parse(tile);
  const w = vertical ? unit : 2 * unit;
  const h = vertical ? 2 * unit : unit;
  return s(
    "svg",
    { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "tile-svg", "aria-hidden": "true" },
    tileGroup(a, b, { unit, vertical }),
  );
}
