// @ts-check
// The board in words, a line per line of tiles, as the terminal says it
// (chickenfoot.terminal.describe.board_lines): read from the layout the board is drawn from,
// so that a screen reader hears what the picture shows.

import { t, tn } from "./i18n.js";
import { tree } from "./layout.js";

/**
 * @typedef {import("./layout.js").Line} Line
 * @typedef {import("./layout.js").Foot} Foot
 * @typedef {import("./layout.js").Shown} Shown
 * @typedef {import("./types/protocol").WirePlaced} WirePlaced
 */

/** @param {Shown} shown */
const oriented = (shown) => `${shown.near}-${shown.far}`;

/**
 * The board's lines in words.
 * @param {WirePlaced[]} board
 * @param {import("./types/protocol").Public | null | undefined} pub
 * @param {import("./games.js").LayoutKind} kind
 * @returns {string[]}
 */
export function boardWords(board, pub, kind) {
  const layout = tree(board, pub, kind);
  if (layout.root === null) return [t("board.empty")];
  const open = new Map(board.map((placed) => [placed.id, placed.open]));
  /** @param {Shown} shown */
  const ends = (shown) => open.get(shown.id) ?? [];
  /** @param {Foot} foot */
  const need = (foot) =>
    foot.need ? `, ${tn("board.needs_toes", foot.need, { number: foot.tile.far })}` : "";
  /** @param {Line} line */
  const lineText = (line) => {
    const parts = [line.tiles.map(oriented).join(" ")];
    if (line.foot) {
      parts.push(t("board.spoken.foot", { tile: oriented(line.foot.tile) }) + need(line.foot));
    } else {
      const last = line.tiles[line.tiles.length - 1];
      const free = last ? ends(last) : [];
      if (free.length) parts.push(t("board.spoken.open", { ends: free.join(", ") }));
    }
    return parts.filter(Boolean).join(", ");
  };
  /** @type {string[]} */
  const words = [];
  /**
   * @param {Foot} foot
   * @param {boolean} centre
   */
  const footWords = (foot, centre) => {
    foot.lines.forEach((line, i) => {
      const params = { k: i + 1, double: oriented(foot.tile), tiles: lineText(line) };
      words.push(t(centre ? "board.spoken.line" : "board.spoken.branch", params));
      if (line.foot) footWords(line.foot, false);
    });
  };
  if (layout.centre) {
    const centre = layout.centre;
    words.push(t("board.spoken.centre", { tile: oriented(centre.tile) }) + need(centre));
    footWords(centre, true);
    return words;
  }
  const middle = /** @type {Shown} */ (layout.middle);
  const left = [...layout.left].reverse().map((shown) => `${shown.far}-${shown.near}`);
  const whole = [...left, oriented(middle), ...layout.right.map(oriented)];
  words.push(t("board.spoken.whole", { tiles: whole.join(" ") }));
  const free = board.flatMap((placed) => placed.open);
  if (free.length) words.push(t("board.spoken.ends", { ends: free.join(", ") }));
  layout.arms.forEach((arm, i) => {
    const double = layout.spinner ? oriented(layout.spinner) : "";
    words.push(t("board.spoken.branch", { k: i + 1, double, tiles: lineText(arm) }));
  });
  return words;
}
