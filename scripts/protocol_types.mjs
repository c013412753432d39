// The server's JSON as TypeScript declarations, for the page's JSDoc types: the game socket's
// frames from docs/protocol.schema.json, an analysis from docs/analysis.schema.json (both
// made from the Python code by scripts/regen_golden).
//
//     node scripts/protocol_types.mjs          # write static/js/types/protocol.d.ts and analysis.d.ts
//     node scripts/protocol_types.mjs --check  # change nothing; exit 1 if either would change

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { compile } from "json-schema-to-typescript";

const STATIC = "src/chickenfoot/server/static/js";
const MADE = [
  { schema: "docs/protocol.schema.json", types: `${STATIC}/types/protocol.d.ts`, name: "Frame" },
  { schema: "docs/analysis.schema.json", types: `${STATIC}/types/analysis.d.ts`, name: "Analysis" },
];
const ROOT = new URL("../", import.meta.url);

// The schema as the server's code makes it types an action entry's action as any object
// (core/wire.py's ActionEntry holds the action's JSON as a dict), where it is an Action: mended
// here while it lasts; once the schema says so itself, this does nothing.
function mended(schema) {
  const entry = schema.$defs.ActionEntry;
  const action = entry?.properties.action;
  if (action && action.type === "object" && !action.properties) {
    entry.properties.action = { $ref: "#/$defs/Action" };
  }
  return schema;
}

/**
 * The declarations of one schema, as they are to be committed.
 * @param {{schema: string, types: string, name: string}} made
 */
export async function declarations(made) {
  const schema = JSON.parse(await readFile(new URL(made.schema, ROOT), "utf8"));
  const banner = `// Made by scripts/protocol_types.mjs from ${made.schema}: do not edit;
// run \`npm run types\` after the schema changes.`;
  return compile(made.schema.includes("protocol") ? mended(schema) : schema, made.name, {
    bannerComment: banner,
    additionalProperties: false,
    unreachableDefinitions: true,
    format: true,
    style: { printWidth: 100 },
  });
}

const check = process.argv.includes("--check");
let stale = false;
for (const made of MADE) {
  const text = await declarations(made);
  const path = new URL(made.types, ROOT);
  const committed = await readFile(path, "utf8").catch(() => null);
  if (text === committed) continue;
  if (check) {
    console.error(`${made.types} is not what ${made.schema} gives: run npm run types`);
    stale = true;
  } else {
    await mkdir(new URL(".", path), { recursive: true });
    await writeFile(path, text);
    console.log(`wrote ${made.types}`);
  }
}
if (stale) process.exit(1);
