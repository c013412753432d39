// @ts-check
// What the others did since this viewer's turn: the tiles played since the viewer last ended
// a turn (a play or a pass), each with the seat that played it.

/**
 * @typedef {import("./types/protocol").Snapshot} View
 */

/**
 * The tiles of the round placed since `seat` last played or passed (all of the round's if it
 * has not yet), as a map from each tile's id to the seat that placed it. `seat` null (a
 * spectator): since the seat whose turn it is last played or passed.
 * @param {View} view
 * @param {number | null} seat
 * @returns {Map<number, number>}
 */
export function freshTiles(view, seat) {
  /** @type {Map<number, number>} */
  const fresh = new Map();
  const history = view.history;
  let start = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry.seat === seat && ("play" in entry.action || "pass" in entry.action)) {
      start = i + 1;
      break;
    }
  }
  for (const entry of history.slice(start)) {
    if (entry.placed) fresh.set(entry.placed.id, entry.seat);
  }
  return fresh;
}
