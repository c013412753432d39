import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeBrowser } from "./browser.mjs";

fakeBrowser({ search: "?lang=en" });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
const { describeTable } = await import("../../src/chickenfoot/server/static/js/tables.js");
await i18n.start();

const SEATS = [
  { seat: 0, name: "Ann", joined: true },
  { seat: 1, name: "bot:easy", joined: true },
];
const summary = (more) => ({ table: "t1", status: "playing", seats: SEATS, created: 0, ...more });

test("a table's summary names its preset and length where the server sends them", () => {
  const chosen = summary({ game: "chickenfoot", preset: "classic", length: "single" });
  assert.equal(describeTable(chosen).what, "Chicken Foot · Classic · one round · playing");
});

test("a game with no preset or length to choose is summed up without them", () => {
  const plain = summary({ game: "draw", preset: null, length: null });
  assert.equal(describeTable(plain).what, "Draw game · playing");
});

test("a practice table says it was dealt from a chosen seed; a table never dealt says why", () => {
  const practice = summary({ game: "draw", preset: null, seeded: true });
  const said = "Draw game · playing · practice (a chosen seed, not rated)";
  assert.equal(describeTable(practice).what, said);
  const cancelled = summary({ game: "draw", preset: null, status: "cancelled", seeded: false });
  assert.equal(describeTable(cancelled).what, "Draw game · cancelled");
  const expired = summary({ game: "draw", preset: null, status: "expired" });
  assert.equal(describeTable(expired).what, "Draw game · expired: the players did not all come");
});
