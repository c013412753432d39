// The replay page's hands, stepped by static/js/hands.js from what POST /api/replay answers;
// tests/test_server_replay.py sends the answers on standard input (a list of them) and
// compares every hand at every version with the engine's.

import { text } from "node:stream/consumers";

import { handsAt } from "../../src/chickenfoot/server/static/js/hands.js";

const answers = JSON.parse(await text(process.stdin));
const stepped = answers.map(({ dealt, entries }) => handsAt(dealt, entries));
process.stdout.write(JSON.stringify(stepped));
