// @ts-check
// The home page: Play now, set up a table, and the lists of open seats, open tables and
// finished matches.

import { gameName, levelName, presetName } from "./describe.js";
import { $, api, h, postJSON } from "./dom.js";
import { loadMeta as askMeta } from "./games.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";
import { signedInAs, startAccount } from "./account.js";
import { describeTable, storeMade, storeToken, storedSeat } from "./tables.js";

const NAME = "chickenfoot.name";
const BOTS_AFTER = "chickenfoot.botsAfter";
// The waits Play now offers before bots take the seats nobody came for, in seconds (0:
// never); a minute unless this browser chose otherwise.
const WAITS = [0, 30, 60, 120, 300];
const WAIT = 60;
const REFRESH_MS = 5000;

/**
 * @typedef {import("./games.js").Meta} Meta
 * @typedef {{kind: "human" | "bot", name: string, level: string, open: boolean}} Seat
 *   a seat as set up here (open: anybody may take it from the list of open seats)
 * @typedef {import("./tables.js").Summary & {open: number[]}} Waiting a table with open seats
 */

/** @type {Meta | null} */
let meta = null;
/** @type {Seat[]} */
let seats = [];

/** @type {HTMLSelectElement} */
const gameSelect = $("#game");
/** @type {HTMLSelectElement} */
const presetSelect = $("#preset");
/** @type {HTMLSelectElement} */
const lengthSelect = $("#length");
/** @type {HTMLSelectElement} */
const playersSelect = $("#players");

/**
 * @param {string | number} value
 * @param {string} text
 */
function option(value, text) {
  return h("option", { value }, text);
}

/**
 * @template {string | number} V
 * @param {HTMLSelectElement} select
 * @param {V[]} values
 * @param {(value: V) => string} label
 */
function fillSelect(select, values, label) {
  const before = select.value;
  select.replaceChildren(...values.map((v) => option(v, label(v))));
  if (values.map(String).includes(before)) select.value = before;
}

/**
 * @param {number} i
 * @returns {Seat}
 */
function defaultSeat(i) {
  if (i === 0)
    return {
      kind: "human",
      name: localStorage.getItem(NAME) || "",
      level: "medium",
      open: false,
    };
  return { kind: "bot", name: "", level: "medium", open: false };
}

// The move clocks offered, in seconds (0: none, the default).
const CLOCKS = [0, 15, 30, 60, 120, 300];

/** @param {number} seconds */
function clockName(seconds) {
  if (!seconds) return t("home.clock_off");
  if (seconds < 60) return tn("home.clock_seconds", seconds);
  return tn("home.clock_minutes", seconds / 60);
}

/** @param {number} seconds */
function waitName(seconds) {
  if (!seconds) return t("home.bots_never");
  if (seconds < 60) return tn("home.bots_seconds", seconds);
  return tn("home.bots_minutes", seconds / 60);
}

function renderWait() {
  /** @type {HTMLSelectElement} */
  const select = $("#bots-after");
  const kept = Number(localStorage.getItem(BOTS_AFTER) ?? WAIT);
  fillSelect(select, WAITS, waitName);
  select.value = String(WAITS.includes(kept) ? kept : WAIT);
}

function renderForm() {
  if (!meta) return;
  renderWait();
  fillSelect(/** @type {HTMLSelectElement} */ ($("#clock")), CLOCKS, clockName);
  const { lengths } = meta;
  const game = gameSelect;
  fillSelect(game, meta.games, gameName);
  const choices = meta.choices[game.value];
  for (const el of document.querySelectorAll("[data-choice]")) {
    const choice = /** @type {HTMLElement} */ (el).dataset.choice;
    /** @type {HTMLElement} */ (el).hidden = !(choice === "preset"
      ? choices.preset
      : choices.length);
  }
  fillSelect(
    presetSelect,
    meta.presets.map((p) => p.name),
    presetName,
  );
  const preset =
    meta.presets.find((p) => p.name === presetSelect.value) ?? meta.presets[0];
  $("#preset-note").textContent = `${preset.origin} ${preset.summary}`;
  fillSelect(
    lengthSelect,
    ["single", "half", "full"].filter((l) => lengths.includes(l)),
    (l) => t(`length.${l}`),
  );
  $("#length-note").textContent = t(`length.${lengthSelect.value}.note`);
  const [low, high] = meta.players[game.value];
  const counts = [];
  for (let n = low; n <= high; n++) counts.push(n);
  const players = playersSelect;
  const wanted = Number(players.value) || 4;
  players.replaceChildren(...counts.map((n) => option(n, String(n))));
  players.value = String(Math.min(high, Math.max(low, wanted)));
  const n = Number(players.value);
  while (seats.length < n) seats.push(defaultSeat(seats.length));
  seats.length = n;
  renderSeats();
  const rules = new URLSearchParams({ game: game.value, players: String(n) });
  if (choices.preset) rules.set("preset", preset.name);
  /** @type {HTMLAnchorElement} */ ($("#rules-of-table")).href =
    `/rules?${rules}`;
}

function renderSeats() {
  if (!meta) return;
  const levels = meta.levels;
  const rows = seats.map((seat, i) => {
    const kind = h(
      "select",
      { "aria-label": t("home.seat_kind", { n: i + 1 }), "data-seat-kind": i },
      option("human", t("home.person")),
      option("bot", t("home.computer")),
    );
    kind.value = seat.kind;
    kind.addEventListener("change", () => {
      seat.kind = kind.value === "bot" ? "bot" : "human";
      renderSeats();
    });
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let detail;
    /** @type {HTMLElement | null} */
    let opener = null;
    if (seat.kind === "human") {
      const name = h("input", {
        type: "text",
        maxlength: 40,
        value: seat.name,
        "data-seat-name": i,
        placeholder: t("home.name_placeholder", { n: i + 1 }),
        "aria-label": t("home.seat_name", { n: i + 1 }),
      });
      name.addEventListener("input", () => {
        seat.name = name.value;
      });
      detail = name;
      if (i > 0) {
        const open = h("input", {
          type: "checkbox",
          "data-seat-open": i,
          "aria-label": t("home.seat_open", { n: i + 1 }),
        });
        open.checked = seat.open;
        open.addEventListener("change", () => {
          seat.open = open.checked;
        });
        opener = h("label", { class: "note" }, open, t("home.open_to_anybody"));
      }
    } else {
      const level = h(
        "select",
        {
          "data-seat-level": i,
          "aria-label": t("home.seat_level", { n: i + 1 }),
        },
        levels.map((l) => option(l.name, `${levelName(l.name)}: ${l.text}`)),
      );
      level.value = seat.level;
      level.addEventListener("change", () => {
        seat.level = level.value;
      });
      detail = level;
    }
    return h(
      "li",
      {},
      h("span", { class: `swatch seat-${i % 8}`, "aria-hidden": "true" }),
      kind,
      detail,
      opener,
    );
  });
  $("#seats").replaceChildren(...rows);
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  const error = $("#create-error");
  error.hidden = true;
  const game = gameSelect.value;
  /** @type {{game: string, seats: ({human: string, open?: boolean} | {bot: string})[],
   *   preset?: string,
   *   length?: string, seed?: number, clock?: number, rated?: boolean, chat?: boolean,
   *   sit?: number}} */
  const body = {
    game,
    seats: seats.map((seat, i) =>
      seat.kind === "human"
        ? {
            human: seat.name.trim() || t("home.name_placeholder", { n: i + 1 }),
            ...(i > 0 && seat.open ? { open: true } : {}),
          }
        : { bot: seat.level },
    ),
  };
  if (seats[0].kind === "human") body.sit = 0;
  const choices = meta?.choices[game];
  if (choices?.preset) body.preset = presetSelect.value;
  if (choices?.length) body.length = lengthSelect.value;
  const seed = /** @type {HTMLInputElement} */ ($("#seed")).value.trim();
  if (seed) body.seed = Number(seed);
  const clock = Number(/** @type {HTMLSelectElement} */ ($("#clock")).value);
  if (clock) body.clock = clock;
  if (signedInAs() && /** @type {HTMLInputElement} */ ($("#rated")).checked)
    body.rated = true;
  // A rated table has no free text in its chat; any other, as the person chose.
  if (!body.rated)
    body.chat = /** @type {HTMLInputElement} */ ($("#chat-free")).checked;
  /** @type {HTMLButtonElement} */
  const button = $("#create");
  button.disabled = true;
  try {
    const made = await postJSON(`/api/tables?lang=${i18n.language()}`, body);
    if (seats[0].kind === "human" && seats[0].name.trim())
      localStorage.setItem(NAME, seats[0].name.trim());
    storeMade(made);
    location.href = made.spectate;
  } catch (e) {
    error.textContent = e instanceof Error ? e.message : String(e);
    error.hidden = false;
    button.disabled = false;
  }
}

// The name this browser plays under at a table it sits down at from this page (the first
// seat's name, if a person's, is remembered for the next time).
function myName() {
  const typed = seats[0]?.kind === "human" ? seats[0].name.trim() : "";
  if (typed) localStorage.setItem(NAME, typed);
  return (
    typed || localStorage.getItem(NAME) || t("home.name_placeholder", { n: 1 })
  );
}

/**
 * Sit down at a seat the server gave this browser, or at the table it set up for it.
 * @param {{table: string, seat: number, token: string} | import("./tables.js").Made} given
 *   a seat taken, or (with its key) the table set up for this browser
 */
function sitDown(given) {
  if ("key" in given) storeMade(given);
  else storeToken(given.table, given.seat, given.token);
  location.href = `/table/${encodeURIComponent(given.table)}`;
}

/**
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} error
 * @param {() => Promise<any>} ask
 */
async function seatFrom(button, error, ask) {
  error.hidden = true;
  button.disabled = true;
  try {
    sitDown(await ask());
  } catch (e) {
    error.textContent = e instanceof Error ? e.message : String(e);
    error.hidden = false;
    button.disabled = false;
  }
}

// Play now: back to the waiting table this browser already sits at, if there is one (so
// as not to take the other seat of its own table), else a seat from the server.
async function playNow() {
  /** @type {{tables: Waiting[]}} */
  const page = await api("/api/open-seats").catch(() => ({ tables: [] }));
  const mine = page.tables.find((w) => storedSeat(w.table) !== null);
  if (mine) {
    location.href = `/table/${encodeURIComponent(mine.table)}`;
    return;
  }
  const game = gameSelect.value;
  /** @type {{name: string, game: string, players: number, preset?: string,
   *   length?: string, bots_after?: number}} */
  const body = { name: myName(), game, players: Number(playersSelect.value) };
  if (meta?.choices[game]?.preset) body.preset = presetSelect.value;
  if (meta?.choices[game]?.length) body.length = lengthSelect.value;
  const wait = Number(
    /** @type {HTMLSelectElement} */ ($("#bots-after")).value,
  );
  if (wait) body.bots_after = wait;
  seatFrom($("#play-now"), $("#play-now-error"), () =>
    postJSON(`/api/play-now?lang=${i18n.language()}`, body),
  );
}

/** @param {Waiting} summary */
function openSeatItem(summary) {
  const held = storedSeat(summary.table);
  const { what, who } = describeTable(summary);
  /** @type {HTMLButtonElement} */
  const take = h("button", { type: "button", "data-take": summary.table });
  take.textContent =
    held === null
      ? t("home.take_seat")
      : t("home.play_as", { who: summary.seats[held].name });
  take.addEventListener("click", () => {
    if (held !== null) {
      location.href = `/table/${encodeURIComponent(summary.table)}`;
      return;
    }
    const path = `/api/tables/${encodeURIComponent(summary.table)}/take`;
    seatFrom(take, $("#take-error"), () =>
      postJSON(`${path}?lang=${i18n.language()}`, {
        seat: summary.open[0],
        name: myName(),
      }),
    );
  });
  return h(
    "li",
    { "data-table": summary.table },
    h("span", { class: "what" }, what),
    h("span", { class: "who" }, who),
    h("span", { class: "links" }, take),
  );
}

/** @type {string | null} the last table of the open seats' pages shown */
let nextOpenSeats = null;
// More than the first page of open seats is shown: the refresh leaves them be.
let browsingOpenSeats = false;

/** @param {boolean} more the next page, under those shown (else the first, anew) */
async function refreshOpenSeats(more = false) {
  try {
    const after =
      more && nextOpenSeats
        ? `?after=${encodeURIComponent(nextOpenSeats)}`
        : "";
    /** @type {{tables: Waiting[], next: string | null}} */
    const page = await api(`/api/open-seats${after}`);
    const list = $("#open-seats");
    const items = page.tables.map(openSeatItem);
    if (more) list.append(...items);
    else
      list.replaceChildren(
        ...(items.length
          ? items
          : [h("li", { class: "muted" }, t("home.no_open_seats"))]),
      );
    nextOpenSeats = page.next;
    browsingOpenSeats ||= more;
    $("#more-open-seats").hidden = page.next === null;
  } catch {
    // the list comes back with the next refresh
  }
}

/**
 * @param {import("./tables.js").Summary} summary
 * @param {boolean} finished
 */
function tableItem(summary, finished) {
  const seat = storedSeat(summary.table);
  const mine = seat === null ? null : summary.seats[seat];
  const links = [];
  if (finished) {
    links.push(
      h(
        "a",
        {
          class: "button",
          href: `/replay?table=${encodeURIComponent(summary.table)}`,
        },
        t("home.replay"),
      ),
    );
    links.push(
      h(
        "a",
        {
          class: "button",
          href: `/api/tables/${encodeURIComponent(summary.table)}/record`,
          download: `chickenfoot-${summary.table}.json`,
        },
        t("home.record"),
      ),
    );
  } else {
    if (mine)
      links.push(
        h(
          "a",
          {
            class: "button",
            href: `/table/${encodeURIComponent(summary.table)}`,
          },
          t("home.play_as", { who: mine.name }),
        ),
      );
    links.push(
      h(
        "a",
        {
          class: "button",
          href: `/table/${encodeURIComponent(summary.table)}`,
        },
        t("home.watch"),
      ),
    );
  }
  const { what, who } = describeTable(summary);
  return h(
    "li",
    { "data-table": summary.table },
    h("span", { class: "what" }, what),
    h("span", { class: "who" }, who),
    h("span", { class: "links" }, links),
  );
}

async function refreshLists() {
  if (!browsingOpenSeats) refreshOpenSeats(); // else its later pages stay as they are
  try {
    const lists = await api("/api/tables");
    /**
     * @param {HTMLElement} el
     * @param {import("./tables.js").Summary[]} items
     * @param {boolean} finished
     * @param {string} empty
     */
    const fill = (el, items, finished, empty) =>
      el.replaceChildren(
        ...(items.length
          ? items.map((s) => tableItem(s, finished))
          : [h("li", { class: "muted" }, t(empty))]),
      );
    fill($("#open-tables"), lists.open, false, "home.no_open");
    fill($("#finished-tables"), lists.finished, true, "home.no_finished");
  } catch {
    // the lists come back with the next refresh
  }
}

async function loadMeta() {
  meta = await askMeta(i18n.language());
  renderForm();
}

async function main() {
  await i18n.start();
  i18n.languageSwitch($("#lang"));
  for (const select of [gameSelect, presetSelect, lengthSelect, playersSelect])
    select.addEventListener("change", renderForm);
  $("#new-table").addEventListener("submit", create);
  $("#play-now").addEventListener("click", playNow);
  $("#bots-after").addEventListener("change", () =>
    localStorage.setItem(
      BOTS_AFTER,
      /** @type {HTMLSelectElement} */ ($("#bots-after")).value,
    ),
  );
  $("#more-open-seats").addEventListener("click", () => refreshOpenSeats(true));
  i18n.onLanguage(() => {
    loadMeta();
    refreshLists();
  });
  await startAccount(() => {
    $("#rated-choice").hidden = signedInAs() === null;
  });
  await loadMeta();
  await refreshLists();
  setInterval(refreshLists, REFRESH_MS);
}

main();
