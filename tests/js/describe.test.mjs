import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeBrowser } from "./browser.mjs";

// What /api/meta says of a game played in rounds on feet, and of one played in hands on a
// line (the server's own answer is tested in tests/test_server_protocol.py).
const META = {
  choices: { chickenfoot: { preset: true, length: true }, draw: { preset: false, length: false } },
  nouns: { chickenfoot: "round", draw: "hand" },
  layouts: { chickenfoot: "feet", draw: "line" },
};
fakeBrowser({ search: "?lang=en", answers: { "/api/meta?lang=en": META } });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
const { loadMeta } = await import("../../src/chickenfoot/server/static/js/games.js");
const { describe, matchOver, roundName, roundOver, seatName } =
  await import("../../src/chickenfoot/server/static/js/describe.js");
await i18n.start();
await loadMeta("en");

const VIEW = {
  game: "chickenfoot",
  players: ["Ann", "bot:hard", "Cy"],
  viewer: 0,
  round: 2,
  sides: [0, 1, 2],
};
const BOARD = [
  { id: 0, tile: "8-8", on: null, open: [8], at: { near: 8, line: 0, fork: true } },
];

test("a computer player is named by its seat and level, a person by their name", () => {
  assert.equal(seatName(VIEW.players, 1), "Bot 2 (hard)");
  assert.equal(seatName(VIEW.players, 0), "Ann");
});

test("a play on a tile names both tiles; the viewer's own is said to them", () => {
  const play = { kind: "action", seat: 2, action: { play: "8-3", on: 0 }, drawn: null, score: 0 };
  assert.equal(describe(play, VIEW, BOARD), "Cy plays 8-3 on 8-8");
  assert.equal(describe({ ...play, seat: 0 }, VIEW, BOARD), "You play 8-3 on 8-8");
});

test("a tile drawn is named only to the one who drew it", () => {
  const draw = { kind: "action", seat: 0, action: { draw: true }, drawn: "4-1", score: 0 };
  assert.equal(describe(draw, VIEW, BOARD), "You draw 4-1.");
  assert.equal(
    describe({ ...draw, seat: 1, drawn: null }, VIEW, BOARD),
    "Bot 2 (hard) draws a tile.",
  );
});

test("a round's end names who went out, or says it is blocked", () => {
  assert.equal(
    roundOver(VIEW, "out", [["1-0"], [], ["2-0"]]),
    "Round 2 is over: Bot 2 (hard) went out.",
  );
  assert.equal(
    roundOver(VIEW, "blocked", [["1-0"], ["2-0"], []]),
    "Round 2 is over: blocked, nobody can play.",
  );
});

test("the match's end: the viewer's win, another's, a tie", () => {
  assert.equal(matchOver(VIEW, [0], [12, 30, 40]), "The match is over: you won with 12 points.");
  assert.equal(matchOver(VIEW, [2], [50, 30, 4]), "The match is over: Cy won with 4 points.");
  assert.match(matchOver(VIEW, [0, 2], [5, 30, 5]), /Ann and Cy/);
});

test("a round or a hand, as the server names what the game is played in", () => {
  assert.equal(roundName("chickenfoot", 3), "Round 3");
  assert.equal(roundName("draw", 3), "Hand 3");
});

test("a game laid out in feet starts at its centre double; one laid out in a line, at a lead", () => {
  const dealt = { kind: "round", round: 1, first: 2, double: "9-9", board: [BOARD[0]] };
  assert.equal(describe(dealt, VIEW, []), "Round 1: 9-9 in the centre; Cy starts.");
  const hand = { ...VIEW, game: "draw", round: 1 };
  assert.equal(describe({ ...dealt, double: null, board: [] }, hand, []), "Hand 1: Cy leads.");
  const first = { kind: "action", seat: 2, action: { play: "6-6", on: null }, drawn: null, score: 0 };
  assert.equal(describe(first, VIEW, []), "Cy places 6-6 in the centre");
  assert.equal(describe(first, hand, []), "Cy leads 6-6");
});
