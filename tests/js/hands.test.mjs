import assert from "node:assert/strict";
import { test } from "node:test";

import { handsAt } from "../../src/chickenfoot/server/static/js/hands.js";

const dealt = (v) => ({ kind: "round", v });
const acted = (v, seat, action, drawn = null) => ({ kind: "action", v, seat, action, drawn });

test("before the first deal nobody holds a hand; a deal gives each seat its tiles", () => {
  const hands = handsAt([[["1-0", "2-2"], ["3-1"]]], [dealt(1)]);
  assert.deepEqual(hands, [[], [["1-0", "2-2"], ["3-1"]]]);
});

test("a tile played leaves its player's hand, a tile drawn joins it in the engine's order", () => {
  const entries = [
    dealt(1),
    acted(2, 0, { play: "2-2", on: 0 }),
    acted(3, 1, { draw: true }, "2-0"),
    acted(4, 1, { pass: true }),
  ];
  const hands = handsAt([[["1-0", "2-2"], ["3-1"]]], entries);
  assert.deepEqual(hands[2], [["1-0"], ["3-1"]]);
  assert.deepEqual(hands[3], [["1-0"], ["2-0", "3-1"]]);
  assert.deepEqual(hands[4], hands[3]);
  assert.deepEqual(hands[1], [["1-0", "2-2"], ["3-1"]], "an earlier step is left as it was");
});

test("each round starts from its own deal, and the ends of rounds and match change nothing", () => {
  const entries = [
    dealt(1),
    acted(2, 0, { play: "1-0", on: 0 }),
    { kind: "round-end", v: 3 },
    dealt(4),
    { kind: "match-end", v: 5 },
  ];
  const hands = handsAt([[["1-0"], ["3-1"]], [["6-6"], ["5-0"]]], entries);
  assert.deepEqual(hands[3], [[], ["3-1"]]);
  assert.deepEqual(hands[4], [["6-6"], ["5-0"]]);
  assert.deepEqual(hands[5], hands[4]);
  assert.equal(hands.length, entries.length + 1);
});
