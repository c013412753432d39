#!/usr/bin/env node
// A chickenfoot bot over the line protocol (docs/BOT-PROTOCOL.md): it reads one JSON
// message per line and answers each "turn" with one action on one line. It lays its
// heaviest tile (0-0 weighs what the rules make it cost in hand) and, of two as heavy, the
// one that leaves the next player a number it is known to lack; with nothing to lay it
// draws or passes (the only legal action then).
"use strict";
const readline = require("readline");

let blank = 0;
const pips = (tile) => tile.split("-").reduce((sum, n) => sum + Number(n), 0);
const weight = (tile) => (tile === "0-0" ? blank : pips(tile));

function choose(view) {
  if (!view.plays) return view.legal[0];
  const next = (view.viewer + 1) % view.players.length;
  const lacks = new Set(view.public.lacks[next]);
  const worth = (play) => {
    const [a, b] = play.tile.split("-").map(Number);
    const left = play.number === null ? null : a + b - play.number;
    return weight(play.tile) * 2 + (lacks.has(left) ? 1 : 0);
  };
  const best = view.plays.reduce((x, y) => (worth(y) > worth(x) ? y : x));
  return { play: best.tile, on: best.on[0] };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    blank = message.rules.options.double_blank_points || 0;
    process.stderr.write(`heavy.js: seat ${message.seat}, ${message.game}\n`);
  } else if (message.type === "turn") {
    process.stdout.write(JSON.stringify(choose(message.view)) + "\n");
  }
});
