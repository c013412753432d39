import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeBrowser } from "./browser.mjs";

fakeBrowser({ search: "?lang=en" });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
const { boardWords } = await import("../../src/chickenfoot/server/static/js/spoken.js");
await i18n.start();

// A placed tile as the server sends it, with where it lies (`at`).
const placed = (id, tile, on, at, open = []) => ({ id, tile, on, open, at });

test("an empty board says so", () => {
  assert.deepEqual(boardWords([], null, "feet"), ["Nothing on the table yet."]);
});

test("Chicken Foot: the centre, its lines out, and a later double's lines after its own", () => {
  const board = [
    placed(0, "9-9", null, { near: 9, line: 0, fork: true }, [9, 9]),
    placed(1, "9-4", 0, { near: 9, line: 1 }),
    placed(2, "4-4", 1, { near: 4, line: 1, fork: true }),
    placed(3, "4-1", 2, { near: 4, line: 3 }, [1]),
    placed(4, "9-7", 0, { near: 9, line: 4, branch: 1 }, [7]),
  ];
  const pub = { foot: { id: 2, need: 2 } };
  assert.deepEqual(boardWords(board, pub, "feet"), [
    "Centre: 9-9",
    "Line 1: 9-4, then the double 4-4, needs 2 more toes of 4",
    "Line 1 from 4-4: 4-1, open end 1",
    "Line 2: 9-7, open end 7",
  ]);
});

test("the centre still waiting for lines says how many", () => {
  const pub = { foot: { id: 0, need: 1 } };
  const centre = placed(0, "6-6", null, { near: 6, line: 0, fork: true }, [6]);
  assert.deepEqual(boardWords([centre], pub, "feet"), [
    "Centre: 6-6, needs 1 more toe of 6",
  ]);
});

test("a standard game: the line from end to end, and its open ends", () => {
  const board = [
    placed(0, "6-6", null, { near: 6, line: 0, fork: true }),
    placed(1, "6-3", 0, { near: 6, line: 1 }, [3]),
    placed(2, "6-2", 0, { near: 6, line: 2, branch: 1 }),
    placed(3, "2-5", 2, { near: 2, line: 2 }, [5]),
  ];
  assert.deepEqual(boardWords(board, null, "line"), [
    "The line: 3-6 6-6 6-2 2-5",
    "Open ends: 3, 5",
  ]);
});
