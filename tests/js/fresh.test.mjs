import assert from "node:assert/strict";
import { test } from "node:test";

import { freshTiles } from "../../src/chickenfoot/server/static/js/fresh.js";
import { cuesOf } from "../../src/chickenfoot/server/static/js/sound.js";
import { startTransform } from "../../src/chickenfoot/server/static/js/motion.js";

const placed = (id, tile) => ({ id, tile, on: 0, open: [] });
const entry = (v, seat, action, tile = null) => ({
  kind: "action",
  v,
  seat,
  action,
  placed: tile === null ? null : placed(v, tile),
  changed: [],
});
const viewOf = (history, extra = {}) => ({
  history,
  legal: null,
  end: null,
  public: null,
  ...extra,
});

test("every tile placed since the viewer last played is fresh, with the seat that placed it", () => {
  const history = [
    entry(1, 0, { play: "9-8", on: 0 }, "9-8"),
    entry(2, 1, { play: "9-7", on: 0 }, "9-7"),
    entry(3, 2, { draw: true }),
    entry(4, 2, { play: "9-6", on: 0 }, "9-6"),
    entry(5, 3, { pass: true }),
  ];
  assert.deepEqual([...freshTiles(viewOf(history), 0)], [
    [2, 1],
    [4, 2],
  ]);
  assert.deepEqual([...freshTiles(viewOf(history), 3)], [], "seat 3 passed last: none since");
});

test("a draw does not end the viewer's turn; a play or a pass clears the marks", () => {
  const history = [entry(1, 1, { play: "9-7", on: 0 }, "9-7"), entry(2, 0, { draw: true })];
  assert.deepEqual([...freshTiles(viewOf(history), 0)], [[1, 1]]);
  const passed = [...history, entry(3, 0, { pass: true })];
  assert.equal(freshTiles(viewOf(passed), 0).size, 0);
  const played = [...history, entry(3, 0, { play: "7-7", on: 1 }, "7-7")];
  assert.equal(freshTiles(viewOf(played), 0).size, 0);
});

test("before the viewer's first turn of the round every tile played in it is fresh", () => {
  const history = [
    entry(1, 1, { play: "9-7", on: 0 }, "9-7"),
    entry(2, 2, { play: "9-1", on: 0 }, "9-1"),
  ];
  assert.equal(freshTiles(viewOf(history), 3).size, 2);
  assert.equal(freshTiles(viewOf([]), 0).size, 0);
});

test("the sounds: a play, a foot for a double that opens one, the viewer's turn, a round's end", () => {
  const before = viewOf([]);
  const play = entry(1, 1, { play: "9-7", on: 0 }, "9-7");
  assert.deepEqual(cuesOf(play, before, viewOf([play], { public: { foot: null } })), ["play"]);
  const double = entry(2, 1, { play: "7-7", on: 1 }, "7-7");
  const foot = { public: { foot: { id: 2, need: 3, number: 7 } } };
  assert.deepEqual(cuesOf(double, before, viewOf([double], foot)), ["foot"]);
  const yours = viewOf([play], { legal: [{ draw: true }] });
  assert.deepEqual(cuesOf(play, before, yours), ["play", "turn"]);
  assert.deepEqual(cuesOf(entry(3, 0, { draw: true }), yours, yours), [], "still the same turn");
  const end = { kind: "round-end", v: 4 };
  assert.deepEqual(cuesOf(end, yours, { ...yours, end: "out", legal: null }), ["round-end"]);
});

test("a flight starts over its origin, centre on centre, scaled to its height", () => {
  const from = { left: 0, top: 500, width: 20, height: 40 };
  const to = { left: 100, top: 100, width: 40, height: 80 };
  assert.equal(startTransform(from, to), "translate(-110px, 380px) scale(0.500)");
  assert.equal(startTransform(to, to), "translate(0px, 0px) scale(1.000)");
});
