// The page's log of a match, line by line, as static/js/describe.js says it: tests/
// test_play_board.py sends {lang, view, entries} on standard input (the entries as a seat
// receives them) and reads the lines back, one per entry.

import { text } from "node:stream/consumers";

import { fakeBrowser } from "./browser.mjs";

const { lang, view, entries, meta } = JSON.parse(await text(process.stdin));
fakeBrowser({ search: `?lang=${lang}`, answers: { [`/api/meta?lang=${lang}`]: meta } });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
const { loadMeta } = await import("../../src/chickenfoot/server/static/js/games.js");
const { describe } = await import("../../src/chickenfoot/server/static/js/describe.js");
await i18n.start();
await loadMeta(lang);

const board = [];
const lines = [];
for (const entry of entries) {
  lines.push(describe(entry, view, board));
  if (entry.kind === "round") {
    board.length = 0;
    for (const placed of entry.board) board[placed.id] = placed;
  } else if (entry.kind === "action") {
    for (const placed of [...entry.changed, ...(entry.placed ? [entry.placed] : [])])
      board[placed.id] = placed;
  }
}
process.stdout.write(JSON.stringify(lines));
