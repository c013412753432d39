import assert from "node:assert/strict";
import { test } from "node:test";

import { catalogue, fakeBrowser } from "./browser.mjs";

const storage = fakeBrowser({ search: "?lang=it", languages: ["nb-NO"] });
const i18n = await import("../../src/chickenfoot/server/static/js/i18n.js");
await i18n.start();

test("the language asked for in the address wins, and is remembered", () => {
  assert.equal(i18n.language(), "it");
  assert.equal(storage.get("chickenfoot.lang"), "it");
  assert.equal(globalThis.document.documentElement.lang, "it");
});

test("a text is the language's, its placeholders filled", async () => {
  const italian = await catalogue("it");
  assert.equal(i18n.t("turn.of", { who: "Ann" }), italian["turn.of"].replace("{who}", "Ann"));
  assert.equal(i18n.fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("a key no catalogue has is said as the key itself, and has() says so", () => {
  const logged = console.error;
  console.error = () => {};
  try {
    assert.equal(i18n.t("no.such.key"), "no.such.key");
  } finally {
    console.error = logged;
  }
  assert.ok(!i18n.has("no.such.key"));
  assert.ok(i18n.has("app.name"));
});

test("a count picks the language's plural form: Italian has one, many and other", async () => {
  const italian = await catalogue("it");
  assert.equal(i18n.tn("seats.tiles", 1), italian["seats.tiles.one"].replace("{n}", "1"));
  assert.equal(i18n.tn("seats.tiles", 3), italian["seats.tiles.other"].replace("{n}", "3"));
  assert.equal(
    i18n.tn("seats.tiles", 1000000),
    italian["seats.tiles.many"].replace("{n}", "1000000"),
  );
});

test("another language is loaded when chosen; a text it lacks is said in English", async () => {
  const english = await catalogue("en");
  const heard = [];
  i18n.onLanguage((code) => heard.push(code));
  await i18n.setLanguage("sv");
  assert.equal(i18n.language(), "sv");
  assert.deepEqual(heard, ["sv"]);
  assert.equal(storage.get("chickenfoot.lang"), "sv");
  await i18n.setLanguage("en");
  assert.equal(i18n.t("app.name"), english["app.name"]);
});
