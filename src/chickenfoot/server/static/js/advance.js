// @ts-check
// Following a table: a viewer's snapshot and the log entries after it, as the game socket
// names them (round, action, round-end, match-end). A port of
// chickenfoot.core.projection.advance.

import { byIndex } from "./tiles.js";

/**
 * @typedef {import("./types/protocol").Snapshot} View a viewer's snapshot, followed by the
 *   events after it
 * @typedef {import("./types/protocol").EventFrame["event"]} Event a log entry: a round dealt,
 *   an action, a round's or the match's end
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
    plays: null,
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
  if (entry.kind === "round") {
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
      plays: entry.plays ?? null,
      history: [],
      end: null,
      shown: null,
    };
  }
  if (entry.kind === "action") {
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
      plays: entry.plays ?? null,
      history: [...view.history, entry],
    };
  }
  if (entry.kind === "round-end") {
    return {
      ...view,
      end: entry.end,
      shown: entry.hands,
      legal: null,
      plays: null,
      round_points: [...view.round_points, entry.points],
      totals: entry.totals,
    };
  }
  return { ...view, winners: entry.winners, totals: entry.totals };
}
