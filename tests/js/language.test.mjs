import assert from "node:assert/strict";
import { test } from "node:test";

import { fakeBrowser } from "./browser.mjs";

// A browser asking for Norwegian ("no", as many do) with nothing chosen before.
fakeBrowser({ languages: ["de-DE", "no"] });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
await i18n.start();

test("without a choice, the first of the browser's languages the page speaks; no is nb", () => {
  assert.equal(i18n.language(), "nb");
});
