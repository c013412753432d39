// @ts-check
// The Rules page: "How to play" from /api/rules, in the page's language. It shows the rules
// of one table (?table=ID, from the table page) or of the game and preset chosen here; the
// sections a table's rules change are marked, and every picture is a seeded position drawn by
// the table's own board. A link to /rules#feet opens at that section.

import { BoardView } from "./board.js";
import { gameName, presetName } from "./describe.js";
import { $, api, h } from "./dom.js";
import { kindOf, loadMeta } from "./games.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./games.js").Meta} Meta
 * @typedef {import("./games.js").LayoutKind} LayoutKind
 * @typedef {{kind: "paragraph", text: string}} Paragraph
 * @typedef {{kind: "items", lead: string | null, texts: string[]}} Items
 * @typedef {{kind: "grid", header: string[], rows: string[][]}} Grid
 * @typedef {object} Picture a seeded position, drawn by the table's own board
 * @property {"picture"} kind
 * @property {string} name
 * @property {string} caption
 * @property {import("./types/protocol").WirePlaced[]} board
 * @property {import("./types/protocol").Public} public
 * @typedef {Paragraph | Items | Grid | Picture} Block
 * @typedef {{id: string, title: string, changed: boolean, blocks: Block[]}} Section
 * @typedef {object} Guide How to play, as /api/rules gives it
 * @property {string} title
 * @property {string} game
 * @property {string} preset
 * @property {string} changed_note
 * @property {Section[]} sections
 */

const params = new URLSearchParams(location.search);
/** @type {Meta | null} */
let meta = null;

function query() {
  const asked = new URLSearchParams({ lang: i18n.language() });
  for (const name of ["table", "game", "preset", "players"]) {
    const value = params.get(name);
    if (value) asked.set(name, value);
  }
  return asked;
}

/** @param {Guide} guide */
function renderChoice(guide) {
  if (!meta) return;
  /** @type {HTMLSelectElement} */
  const game = $("#rules-game");
  game.replaceChildren(...meta.games.map((g) => h("option", { value: g }, gameName(g))));
  game.value = guide.game;
  /** @type {HTMLSelectElement} */
  const preset = $("#rules-preset");
  preset.replaceChildren(
    ...meta.presets.map((p) => h("option", { value: p.name }, presetName(p.name))),
  );
  const presets = meta.choices[guide.game]?.preset ?? false;
  preset.value = presets ? guide.preset : "classic";
  for (const el of document.querySelectorAll("[data-choice='preset']")) {
    /** @type {HTMLElement} */ (el).hidden = !presets;
  }
}

function choose() {
  /** @type {HTMLSelectElement} */
  const game = $("#rules-game");
  /** @type {HTMLSelectElement} */
  const preset = $("#rules-preset");
  params.delete("table");
  params.delete("players");
  params.set("game", game.value);
  if (meta?.choices[game.value]?.preset) params.set("preset", preset.value);
  else params.delete("preset");
  history.replaceState(null, "", `${location.pathname}?${params}${location.hash}`);
  load();
}

/**
 * @param {Block} data
 * @param {LayoutKind} layout how the guide's game lays its board out
 */
function block(data, layout) {
  switch (data.kind) {
    case "paragraph":
      return h("p", {}, data.text);
    case "items":
      return h(
        "div",
        { class: "items" },
        data.lead ? h("p", { class: "lead" }, data.lead) : null,
        h("ul", {}, ...data.texts.map((text) => h("li", {}, text))),
      );
    case "grid":
      return h(
        "table",
        { class: "scores" },
        h("thead", {}, h("tr", {}, ...data.header.map((cell) => h("th", {}, cell)))),
        h(
          "tbody",
          {},
          ...data.rows.map((row) => h("tr", {}, ...row.map((cell) => h("td", {}, cell)))),
        ),
      );
    default:
      return picture(data, layout);
  }
}

/**
 * @param {Picture} data
 * @param {LayoutKind} layout
 */
function picture(data, layout) {
  const box = h("div", { class: "rules-board", "data-picture": data.name });
  const figure = h("figure", { class: "rules-picture" }, box, h("figcaption", {}, data.caption));
  requestAnimationFrame(() => {
    const board = new BoardView(box, { still: true });
    board.svg.setAttribute("aria-label", data.caption);
    board.render({ board: data.board, pub: data.public, layout });
  });
  return figure;
}

/** @param {Guide} guide */
function render(guide) {
  const { layout } = kindOf(guide.game);
  document.title = `${guide.title} · ${t("app.name")}`;
  $("#contents").replaceChildren(
    h(
      "ol",
      {},
      ...guide.sections.map((s) =>
        h("li", { class: s.changed ? "changed" : null }, h("a", { href: `#${s.id}` }, s.title)),
      ),
    ),
  );
  $("#guide").replaceChildren(
    ...guide.sections.map((s) =>
      h(
        "section",
        {
          id: s.id,
          class: `guide-section${s.changed ? " changed" : ""}`,
          "data-section": s.id,
          "data-changed": s.changed ? "true" : null,
        },
        h(
          "h2",
          {},
          s.title,
          s.changed ? h("span", { class: "changed-note" }, guide.changed_note) : null,
        ),
        ...s.blocks.map((b) => block(b, layout)),
      ),
    ),
  );
  $("#guide").removeAttribute("aria-busy");
  renderChoice(guide);
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted) document.getElementById(wanted)?.scrollIntoView();
}

async function load() {
  const error = $("#rules-error");
  try {
    const guide = await api(`/api/rules?${query()}`);
    error.hidden = true;
    render(guide);
  } catch (failure) {
    error.textContent = failure instanceof Error ? failure.message : String(failure);
    error.hidden = false;
    $("#guide").replaceChildren();
  }
}

async function main() {
  await i18n.start();
  i18n.languageSwitch($("#lang"));
  meta = await loadMeta(i18n.language());
  $("#rules-game").addEventListener("change", choose);
  $("#rules-preset").addEventListener("change", choose);
  i18n.onLanguage(load);
  await load();
}

main();
