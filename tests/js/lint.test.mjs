import assert from "node:assert/strict";
import { test } from "node:test";

import { ESLint } from "eslint";

const ROOT = new URL("../../", import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

/** The rules `code` breaks (each once), read as one of the page's modules. */
async function broken(code) {
  const [result] = await eslint.lintText(code, {
    filePath: `${ROOT}src/chickenfoot/server/static/js/probe.js`,
  });
  return [...new Set(result.messages.map((m) => m.ruleId))];
}

test("the page's modules may not ask which game it is", async () => {
  for (const code of [
    'export const a = (view) => view.game === "chickenfoot";\n',
    'export const a = (game) => "chickenfoot" !== game;\n',
    'export const a = (view) => view.game == "draw";\n',
    "export function a(view) {\n  switch (view.game) {\n    default:\n      return 1;\n  }\n}\n",
    'export function a(game) {\n  switch (game) {\n    case "bergen":\n      return 1;\n  }\n  return 0;\n}\n',
  ])
    assert.deepEqual(await broken(code), ["no-restricted-syntax"], code);
});

test("an action or an end named like a game is no game", async () => {
  assert.deepEqual(await broken('export const a = (kind) => kind === "draw";\n'), []);
  assert.deepEqual(await broken('export const a = (end) => end === "blocked";\n'), []);
});
