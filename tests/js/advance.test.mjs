import assert from "node:assert/strict";
import { test } from "node:test";

import { advance, emptySnapshot } from "../../src/chickenfoot/server/static/js/advance.js";

const CENTRE = {
  id: 0,
  tile: "9-9",
  on: null,
  open: [9, 9, 9, 9],
  at: { near: 9, line: 0, fork: true },
};
const TOE = { id: 1, tile: "9-4", on: 0, open: [4], at: { near: 9, line: 1 } };
const PUBLIC = { boneyard: 20, drawable: 20, drew: false, hand_sizes: [7, 7], turn: 1 };

function dealt(v, hand) {
  return {
    kind: "round",
    v,
    round: 1,
    double: "9-9",
    first: 0,
    start_draw: [],
    lot: null,
    hand,
    board: [CENTRE],
    public: PUBLIC,
    legal: null,
  };
}

function acted(v, seat, action, more = {}) {
  return {
    kind: "action",
    v,
    seat,
    action,
    drawn: null,
    score: 0,
    placed: null,
    changed: [],
    public: { ...PUBLIC, turn: 1 - seat },
    legal: null,
    ...more,
  };
}

const start = () => ({
  ...emptySnapshot("chickenfoot", "classic", ["Ann", "bot:easy"], [0, 1]),
  viewer: 0,
});

test("before the first deal the view has nothing on the table and every total at 0", () => {
  const view = emptySnapshot("chickenfoot", "classic", ["Ann", "Bob", "Cy"], [0, 1, 2]);
  assert.equal(view.v, 0);
  assert.equal(view.round, 0);
  assert.deepEqual(view.board, []);
  assert.deepEqual(view.totals, [0, 0, 0]);
  assert.equal(view.winners, null);
});

test("a deal starts the round: its board, the viewer's hand, no history", () => {
  const view = advance(start(), dealt(1, ["9-4", "5-0"]));
  assert.equal(view.v, 1);
  assert.equal(view.round, 1);
  assert.equal(view.double, "9-9");
  assert.deepEqual(view.hand, ["9-4", "5-0"]);
  assert.deepEqual(view.history, []);
  assert.equal(view.board.length, 1);
});

test("the viewer's play leaves its hand, and the tile lies on the table", () => {
  let view = advance(start(), dealt(1, ["9-4", "5-0"]));
  const placed = TOE;
  const changed = [{ ...CENTRE, open: [9, 9, 9] }];
  view = advance(view, acted(2, 0, { play: "9-4", on: 0 }, { placed, changed }));
  assert.deepEqual(view.hand, ["5-0"]);
  assert.deepEqual(view.board, [changed[0], placed]);
  assert.equal(view.history.length, 1);
  assert.equal(view.public.turn, 1);
});

test("the seat to act has its plays, each with where the tile would lie, until it acts", () => {
  const plays = [{ tile: "9-4", number: 9, on: [0], at: [{ near: 9, line: 1 }] }];
  const legal = [{ play: "9-4", on: 0 }];
  let view = advance(start(), { ...dealt(1, ["9-4", "5-0"]), legal, plays });
  assert.deepEqual(view.plays, plays);
  view = advance(view, acted(2, 0, { play: "9-4", on: 0 }, { placed: TOE }));
  assert.equal(view.plays, null);
});

test("a tile the viewer draws joins its hand in the engine's order; another's draw does not", () => {
  let view = advance(start(), dealt(1, ["9-4", "5-0"]));
  view = advance(view, acted(2, 0, { draw: true }, { drawn: "3-1" }));
  assert.deepEqual(view.hand, ["3-1", "5-0", "9-4"]);
  view = advance(view, acted(3, 1, { draw: true }));
  assert.deepEqual(view.hand, ["3-1", "5-0", "9-4"]);
  assert.equal(view.history.length, 2);
});

test("a spectator has no hand to change", () => {
  let view = advance({ ...start(), viewer: null }, dealt(1, null));
  view = advance(view, acted(2, 0, { play: "9-4", on: 0 }));
  assert.equal(view.hand, null);
});

test("the round's end shows every hand, adds its points and ends the turns", () => {
  let view = advance(start(), dealt(1, ["9-4"]));
  const end = {
    kind: "round-end",
    v: 2,
    end: "out",
    hands: [[], ["5-0"]],
    points: [0, 5],
    totals: [0, 5],
  };
  view = advance(view, end);
  assert.equal(view.end, "out");
  assert.deepEqual(view.shown, [[], ["5-0"]]);
  assert.deepEqual(view.round_points, [[0, 5]]);
  assert.deepEqual(view.totals, [0, 5]);
  assert.equal(view.legal, null);
});

test("the match's end names its winners", () => {
  const view = advance(start(), { kind: "match-end", v: 9, totals: [3, 40], winners: [0] });
  assert.deepEqual(view.winners, [0]);
  assert.deepEqual(view.totals, [3, 40]);
  assert.equal(view.v, 9);
});

test("following a table never changes the view it started from", () => {
  const before = advance(start(), dealt(1, ["9-4", "5-0"]));
  const copy = structuredClone(before);
  advance(
    before,
    acted(2, 0, { play: "9-4", on: 0 }, { placed: TOE }),
  );
  assert.deepEqual(before, copy);
});
