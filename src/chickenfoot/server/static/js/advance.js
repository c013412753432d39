// @ts-check
// Following a table: a viewer's snapshot and the log entries after it, as the game socket
// names them (dealt, play, draw, pass, round_end, match_end). A port of
// chickenfoot.core.projection.advance.

import { byIndex } from "./tiles.js";

/**
 * @typedef {import("./types/protocol").Snapshot} Snapshot
 * @typedef {import("./types/protocol").Event} Event
 * @typedef {import("./types/protocol").ActionEntry} ActionEntry
 * @typedef {import("./types/protocol").PlayEvent | import("./types/protocol").DrawEvent
 *   | import("./types/protocol").PassEvent} ActionEvent
 * @typedef {ActionEntry | ActionEvent} Acted an action, as a snapshot's history names it
 *   (kind "action") or as an event does (kind "play", "draw" or "pass")
 * @typedef {Omit<Snapshot, "history"> & {history: Acted[]}} View a viewer's snapshot, followed
 *   by the events after it
 */

// The view before the first deal (the replay viewer starts here).
/**
 * @param {string} game
 * @param {string} preset
 * @param {string[]} players
 * @param {number[]} sides
 * @returns {View}
 */
export function emptySnapshot(game, preset, players, sides) {
  return {
    v: 0,
    game,
    preset,
    players,
    sides,
    viewer: null,
    round: 0,
    double: null,
    first: null,
    start_draw: [],
    lot: null,
    hand: null,
    board: [],
    public: null,
    legal: null,
    history: [],
    end: null,
    shown: null,
    round_points: [],
    totals: players.map(() => 0),
    winners: null,
  };
}

/**
 * @param {View} snapshot
 * @param {Event} entry
 * @returns {View}
 */
export function advance(snapshot, entry) {
  const view = { ...snapshot, v: entry.v };
  if (entry.kind === "dealt") {
    return {
      ...view,
      round: entry.round,
      double: entry.double,
      first: entry.first,
      start_draw: entry.start_draw,
      lot: entry.lot,
      hand: entry.hand,
      board: [...entry.board],
      public: entry.public,
      legal: entry.legal,
      history: [],
      end: null,
      shown: null,
    };
  }
  if (entry.kind === "play" || entry.kind === "draw" || entry.kind === "pass") {
    const board = [...view.board];
    for (const tile of entry.changed) board[tile.id] = tile;
    if (entry.placed) board.push(entry.placed);
    let hand = view.hand;
    if (hand && entry.seat === view.viewer) {
      const action = entry.action;
      if ("play" in action) hand = hand.filter((t) => t !== action.play);
      else if (entry.drawn) hand = byIndex([...hand, entry.drawn]);
    }
    return {
      ...view,
      board,
      hand,
      public: entry.public,
      legal: entry.legal,
      history: [...view.history, entry],
    };
  }
  if (entry.kind === "round_end") {
    return {
      ...view,
      end: entry.end,
      shown: entry.hands,
      legal: null,
      round_points: [...view.round_points, entry.points],
      totals: entry.totals,
    };
  }
  return { ...view, winners: entry.winners, totals: entry.totals };
}
