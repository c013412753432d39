import assert from "node:assert/strict";
import { test } from "node:test";

import {
  tileRefusal,
  turnRefusal,
  withNames,
} from "../../src/chickenfoot/server/static/js/refusals.js";

const PUBLIC = { boneyard: 10, drawable: 10, drew: false, hand_sizes: [3, 3], turn: 0 };
const CENTRE = { id: 0, tile: "9-9", on: null, open: [9, 9, 9] };

function view(more = {}) {
  return {
    game: "chickenfoot",
    viewer: 0,
    double: "9-9",
    hand: ["9-4", "5-0", "3-3"],
    board: [CENTRE],
    public: PUBLIC,
    legal: [{ play: "9-4", on: 0 }],
    ...more,
  };
}

test("a tile the viewer does not hold", () => {
  assert.deepEqual(tileRefusal(view(), "8-8"), {
    code: "not-held",
    params: { seat: 0, tile: "8-8" },
  });
});

test("a tile played out of turn", () => {
  const refusal = tileRefusal(view({ public: { ...PUBLIC, turn: 1 } }), "9-4");
  assert.deepEqual(refusal, { code: "not-your-turn", params: { turn: 1, seat: 0 } });
});

test("anything before the centre double is placed", () => {
  const refusal = tileRefusal(view({ public: { ...PUBLIC, centre_placed: false } }), "5-0");
  assert.deepEqual(refusal, { code: "place-centre-first", params: { tile: "9-9" } });
});

test("anything but a toe while a foot is waiting", () => {
  const pub = { ...PUBLIC, foot: { id: 0, number: 9, need: 2 } };
  assert.deepEqual(tileRefusal(view({ public: pub }), "5-0"), {
    code: "foot-waiting",
    params: { foot: 0, double: "9-9", need: 2 },
  });
});

test("a standard game's lead: the one tile that must lead, or any lead first", () => {
  const empty = { game: "draw", double: null, board: [] };
  assert.deepEqual(tileRefusal(view({ ...empty, legal: [{ play: "6-6", on: null }] }), "5-0"), {
    code: "must-lead",
    params: { seat: 0, tile: "6-6" },
  });
  const leads = [
    { play: "9-4", on: null },
    { play: "5-0", on: null },
  ];
  assert.deepEqual(tileRefusal(view({ ...empty, legal: leads }), "3-3"), {
    code: "lead-first",
    params: {},
  });
});

test("a tile matching an open end that the rules do not allow now, or matching none", () => {
  assert.deepEqual(tileRefusal(view({ hand: ["9-4", "9-1"] }), "9-1"), {
    code: "not-legal-now",
    params: { tile: "9-1", on: 0 },
  });
  assert.deepEqual(tileRefusal(view(), "5-0"), { code: "fits-nowhere", params: { tile: "5-0" } });
});

test("a spectator's refusals speak of seat 0", () => {
  assert.equal(tileRefusal(view({ viewer: null, hand: null }), "9-4").params.seat, 0);
});

test("drawing or passing out of turn, or with a tile to play", () => {
  assert.deepEqual(turnRefusal(view({ public: { ...PUBLIC, turn: 1 } }), "draw"), {
    code: "not-your-turn",
    params: { turn: 1, seat: 0 },
  });
  assert.deepEqual(turnRefusal(view(), "pass"), { code: "must-play", params: { seat: 0 } });
});

test("drawing twice, where the game has no drawing, or from an empty boneyard", () => {
  const none = { legal: [{ pass: true }] };
  assert.deepEqual(turnRefusal(view({ ...none, public: { ...PUBLIC, drew: true } }), "draw"), {
    code: "drawn-already",
    params: { seat: 0 },
  });
  assert.deepEqual(turnRefusal(view({ ...none, game: "block" }), "draw"), {
    code: "no-drawing",
    params: { game: "block", seat: 0 },
  });
  assert.deepEqual(turnRefusal(view({ ...none, public: { ...PUBLIC, drawable: 0 } }), "draw"), {
    code: "nothing-to-draw",
    params: {},
  });
});

test("passing while the boneyard still has tiles to draw", () => {
  assert.deepEqual(turnRefusal(view({ legal: [{ draw: true }] }), "pass"), {
    code: "must-draw",
    params: { seat: 0 },
  });
});

test("a refusal is sent with the tile its id names and the name of the seat to play", () => {
  const players = ["Ada", "bot:medium"];
  const played = { id: 1, tile: "9-4", on: 0, open: [4] };
  const board = { ...view({ players, board: [CENTRE, played] }) };
  const named = withNames({ code: "not-legal-now", params: { tile: "4-4", on: 1 } }, board);
  assert.deepEqual(named.params, { tile: "4-4", on: 1, on_tile: "9-4" });
  const turn = withNames({ code: "not-your-turn", params: { turn: 0, seat: 1 } }, board);
  assert.deepEqual(turn.params, { turn: 0, seat: 1, name: "Ada" });
  const none = withNames({ code: "fits-nowhere", params: { tile: "4-4" } }, board);
  assert.deepEqual(none.params, { tile: "4-4" });
});
