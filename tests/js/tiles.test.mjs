import assert from "node:assert/strict";
import { test } from "node:test";

import {
  byIndex,
  isDouble,
  parse,
  pips,
  tileIndex,
} from "../../src/chickenfoot/server/static/js/tiles.js";

test("a tile is read from its name, larger number first", () => {
  assert.deepEqual(parse("9-4"), [9, 4]);
  assert.deepEqual(parse("12-0"), [12, 0]);
});

test("tiles are numbered in the engine's order: 0-0, 1-0, 1-1, 2-0 ...", () => {
  const order = ["0-0", "1-0", "1-1", "2-0", "2-1", "2-2", "3-0"];
  assert.deepEqual(order.map(tileIndex), [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(tileIndex("9-9"), 54);
});

test("a hand is sorted in that order, and the hand given is left as it was", () => {
  const hand = ["9-9", "3-0", "2-2", "10-1"];
  assert.deepEqual(byIndex(hand), ["2-2", "3-0", "9-9", "10-1"]);
  assert.deepEqual(hand, ["9-9", "3-0", "2-2", "10-1"]);
});

test("a tile's pips are its two numbers added, and a double has the same number twice", () => {
  assert.equal(pips("9-4"), 13);
  assert.equal(pips("0-0"), 0);
  assert.ok(isDouble("6-6"));
  assert.ok(!isDouble("6-5"));
});
