// @ts-check
// The replay viewer: a record (a finished table's, or a file) stepped through forwards and
// back, every hand shown at every step.

import { advance, emptySnapshot } from "./advance.js";
import { AnalysisPanel } from "./analysis.js";
import { BoardView } from "./board.js";
import { describe, gameName, presetName, roundName, seatName } from "./describe.js";
import { $, api, h, postJSON } from "./dom.js";
import { kindOf, loadMeta } from "./games.js";
import { handsAt } from "./hands.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";
import { scoreTable } from "./scores.js";
import { tileSVG } from "./tiles.js";

const AUTO_MS = 700;

/**
 * @typedef {import("./advance.js").View} View
 * @typedef {object} Replay a record as /api/replay gives it
 * @property {string} game
 * @property {string} preset
 * @property {string[]} players
 * @property {number[]} sides
 * @property {import("./advance.js").Event[]} entries every entry of the log, as a spectator
 *   sees it but for each draw's tile, named
 * @property {string[][][]} dealt each round's hands as its entry stands (`dealt[round][seat]`)
 * @property {number[]} [stand_ins] the versions of the actions the computer played for a person
 */

/** @type {BoardView} */
let board;
/** @type {AnalysisPanel} */
let analysis;
/** @type {Replay | null} */
let replay = null;
/** @type {View[]} */
let views = [];
/** @type {string[][][]} every hand at every version */
let hands = [];
let at = 0;
/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;

/** @type {HTMLInputElement} */
const slider = $("#slider");

/** @param {unknown} e */
const said = (e) => (e instanceof Error ? e.message : String(e));

/** @param {string} recordText */
async function load(recordText) {
  $("#load-error").hidden = true;
  try {
    replay = /** @type {Replay} */ (
      await postJSON(`/api/replay?lang=${i18n.language()}`, recordText)
    );
  } catch (e) {
    $("#load-error").textContent = said(e);
    $("#load-error").hidden = false;
    return;
  }
  views = [emptySnapshot(replay.game, replay.preset, replay.players, replay.sides)];
  for (const entry of replay.entries) views.push(advance(views[views.length - 1], entry));
  hands = handsAt(replay.dealt, replay.entries);
  slider.max = String(views.length - 1);
  analysis.load(replay, views, recordText);
  go(0);
}

/** @param {number} step */
function go(step) {
  if (!replay) return;
  at = Math.max(0, Math.min(views.length - 1, step));
  if (at === views.length - 1) stopAuto();
  render();
}

function roundStarts() {
  if (!replay) return [];
  return replay.entries.filter((e) => e.kind === "round").map((e) => e.v);
}

/** @param {number} direction */
function jumpRound(direction) {
  const starts = roundStarts();
  const target =
    direction > 0 ? starts.find((v) => v > at) : [...starts].reverse().find((v) => v < at);
  go(target ?? (direction > 0 ? views.length - 1 : 0));
}

function toggleAuto() {
  if (timer) return stopAuto();
  if (at === views.length - 1) go(0);
  timer = setInterval(() => go(at + 1), AUTO_MS);
  $("#auto").classList.add("playing");
}

function stopAuto() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("#auto").classList.remove("playing");
}

function render() {
  if (!replay) {
    $("#current").textContent = t("replay.none");
    return;
  }
  const view = views[at];
  const entry = at > 0 ? replay.entries[at - 1] : null;
  const parts = [gameName(view.game)];
  if (kindOf(view.game).preset) parts.push(presetName(view.preset));
  if (view.round) parts.push(roundName(view.game, view.round));
  if (view.public) parts.push(t("info.boneyard", { n: view.public.boneyard }));
  $("#info").textContent = parts.join(" · ");
  const names = new Map();
  for (const e of view.history)
    if (e.placed) names.set(e.placed.id, seatName(view.players, e.seat));
  board.render({
    board: view.board,
    pub: view.public,
    layout: kindOf(view.game).layout,
    last: entry && "placed" in entry ? (entry.placed?.id ?? null) : null,
    names,
    emptyText: t("replay.start"),
  });
  const standIn = !!entry && (replay.stand_ins ?? []).includes(entry.v);
  $("#current").textContent = entry
    ? describe(entry, view, view.board, standIn)
    : t("replay.start");
  slider.value = String(at);
  const position = $("#position");
  position.dataset.version = String(at);
  position.textContent = t("replay.position", { n: at, total: views.length - 1 });
  const turn = view.public && !view.end ? view.public.turn : null;
  const held = hands[at] || [];
  $("#hands").replaceChildren(
    ...view.players.map((_, s) => {
      const tiles = held[s] || [];
      return h(
        "li",
        { class: s === turn ? "turn" : "", "data-seat": s },
        h(
          "span",
          { class: "name" },
          h("span", { class: `swatch seat-${s % 8}` }),
          " ",
          seatName(view.players, s),
          " · ",
          tn("seats.tiles", tiles.length),
          " · ",
          t("seats.total_points", { n: view.totals[s] }),
        ),
        h(
          "span",
          { class: "tiles" },
          tiles.map((tile) => tileSVG(tile, { unit: 17, vertical: true })),
        ),
      );
    }),
  );
  $("#score-table").replaceChildren(scoreTable(view));
  for (const id of ["#first", "#back"])
    /** @type {HTMLButtonElement} */ ($(id)).disabled = at === 0;
  for (const id of ["#forward", "#last"])
    /** @type {HTMLButtonElement} */ ($(id)).disabled = at === views.length - 1;
  analysis.update(at);
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  const target = event.target instanceof Element ? event.target : null;
  if (!replay || target?.closest("input[type=file], select")) return;
  /** @type {Record<string, () => void>} */
  const keys = {
    ArrowLeft: () => go(at - 1),
    ArrowRight: () => go(at + 1),
    Home: () => go(0),
    End: () => go(views.length - 1),
    PageUp: () => jumpRound(-1),
    PageDown: () => jumpRound(1),
    " ": toggleAuto,
  };
  const action = keys[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

async function main() {
  await i18n.start();
  await loadMeta(i18n.language());
  i18n.languageSwitch($("#lang"));
  board = new BoardView($("#board"));
  analysis = new AnalysisPanel({ go });
  $("#first").addEventListener("click", () => go(0));
  $("#back").addEventListener("click", () => go(at - 1));
  $("#forward").addEventListener("click", () => go(at + 1));
  $("#last").addEventListener("click", () => go(views.length - 1));
  $("#auto").addEventListener("click", toggleAuto);
  slider.addEventListener("input", () => go(Number(slider.value)));
  /** @type {HTMLInputElement} */
  const chosen = $("#file");
  chosen.addEventListener("change", async () => {
    const file = chosen.files?.[0];
    if (!file) return;
    $("#file-name").textContent = file.name;
    await load(await file.text());
  });
  document.addEventListener("keydown", onKey);
  i18n.onLanguage(() => analysis.draw());
  i18n.onLanguage(render);
  render();
  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    try {
      const record = await api(
        `/api/tables/${encodeURIComponent(table)}/record?lang=${i18n.language()}`,
      );
      await load(JSON.stringify(record));
    } catch (e) {
      $("#load-error").textContent = said(e);
      $("#load-error").hidden = false;
    }
  }
}

main();
