// The page's following of a table and grouping of the board, run on what
// tests/test_web_ports.py sends on standard input (positions of real games, made by the
// Python engine); prints what the JavaScript makes of them, for the test to compare with the
// Python's own answers. Either part may be left out.
//   {"advance": [{"start": snapshot, "entries": [event, ...]}, ...],
//    "layout": [{"board": [...], "public": {...} | null, "layout": "feet" | "line"}, ...]}

import { text } from "node:stream/consumers";

import { advance } from "../../src/chickenfoot/server/static/js/advance.js";
import { tree } from "../../src/chickenfoot/server/static/js/layout.js";

const asked = JSON.parse(await text(process.stdin));

// Each view after each entry; its history whole only where the round's actions end (before a
// round's end or the next deal, or at the last entry), elsewhere its length.
const ACTED = new Set(["play", "draw", "pass"]);
const followed = (asked.advance ?? []).map(({ start, entries }) => {
  const views = [];
  let view = start;
  entries.forEach((entry, k) => {
    view = advance(view, entry);
    const whole = k === entries.length - 1 || !ACTED.has(entries[k + 1].kind);
    views.push(whole ? view : { ...view, history: view.history.length });
  });
  return views;
});

const laidOut = (asked.layout ?? []).map(({ board, public: pub, layout }) => tree(board, pub, layout));

process.stdout.write(JSON.stringify({ advance: followed, layout: laidOut }));
