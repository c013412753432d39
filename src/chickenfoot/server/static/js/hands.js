// @ts-check
// Every hand at every step of a replay, stepped from the hands each round was dealt and the
// log: a tile played leaves its player's hand, a tile drawn joins it.

import { byIndex } from "./tiles.js";

/**
 * `hands[v][seat]` from version 0 (before the first deal: no hands). A step that changes no
 * hand shares the hands before it, so the whole takes memory in proportion to the log.
 * @param {string[][][]} dealt each round's hands as its entry stands (`dealt[round][seat]`)
 * @param {import("./advance.js").Event[]} entries the log, each draw naming its tile
 * @returns {string[][][]}
 */
export function handsAt(dealt, entries) {
  /** @type {string[][][]} */
  const hands = [[]];
  /** @type {string[][]} */
  let now = [];
  let round = -1;
  for (const entry of entries) {
    if (entry.kind === "round") {
      round += 1;
      now = dealt[round] ?? [];
    } else if (entry.kind === "action") {
      const action = entry.action;
      const hand = now[entry.seat] ?? [];
      let changed = hand;
      if ("play" in action) changed = hand.filter((tile) => tile !== action.play);
      else if (entry.drawn) changed = byIndex([...hand, entry.drawn]);
      if (changed !== hand) now = now.map((h, seat) => (seat === entry.seat ? changed : h));
    }
    hands.push(now);
  }
  return hands;
}
