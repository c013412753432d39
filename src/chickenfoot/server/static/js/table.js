// @ts-check
// The table page: follows one table over its game socket, as a seat (the token this browser
// holds, or claims with the invite link's #invite=... fragment) or a spectator, and plays
// the seat's turns.

import { advance } from "./advance.js";
import { BoardView } from "./board.js";
import { Chat } from "./chat.js";
import { Rematch } from "./rematch.js";
import {
  describe,
  gameName,
  joinNames,
  matchOver,
  presetName,
  roundName,
  roundOver,
  seatName,
} from "./describe.js";
import { $, api, copyField, h, postJSON, toast } from "./dom.js";
import { kindOf, loadMeta } from "./games.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";
import { scoreTable } from "./scores.js";
import { explain, say } from "./refusals.js";
import { freshTiles } from "./fresh.js";
import * as motion from "./motion.js";
import * as sound from "./sound.js";
import { showRated } from "./rated.js";
import { boardWords } from "./spoken.js";
import {
  storeInvite,
  storeToken,
  storedInvites,
  storedKey,
  storedSeat,
  storedToken,
} from "./tables.js";
import { tileSVG } from "./tiles.js";

/**
 * @typedef {import("./advance.js").View} View
 * @typedef {import("./types/protocol").Action} Action
 * @typedef {import("./types/protocol").ServerFrame} ServerFrame
 * @typedef {import("./types/protocol").ClientFrame} ClientFrame
 * @typedef {import("./advance.js").Event} LogEntry
 * @typedef {import("./types/protocol").HintText} Hint
 * @typedef {import("./types/protocol").LobbySeat} LobbySeat
 * @typedef {import("./types/protocol").SeatsFrame} SeatsFrame
 * @typedef {{text: string, kind: string, seat?: number}} LogLine
 * @typedef {object} State
 * @property {View | null} view the table as this viewer sees it
 * @property {LobbySeat[] | null} lobby the seats, while the table waits for people
 * @property {LogLine[]} log
 * @property {number} cursor the tile of the hand the keys are on
 * @property {{tile: string, targets: (number | null)[]} | null} choosing a tile taken, and
 *   the tiles it may be played on
 * @property {number} targetCursor the place the keys are on
 * @property {Hint | null} hint
 * @property {boolean} pending an action sent, not yet answered
 * @property {boolean} dragged the last pointer-down was a drag
 * @property {{view: View, open: boolean} | null} summary the round's end, shown or not
 * @property {WebSocket | null} socket
 * @property {number} retry connections tried since the last open one
 * @property {number | null} asked the version a sync was last sent for
 * @property {string | null} fatal why the table cannot be followed
 * @property {{frame: SeatsFrame, at: number} | null} seats who is away and the time left,
 *   as last told (`at`: when, in `performance.now()` milliseconds)
 * @property {Set<number>} standIns the versions of the actions the computer played for a person
 * @property {Action[] | null} playedFor what the computer played for this seat's person
 *   while they were away, until they close the note
 * @property {boolean} seeded a practice table, dealt from a seed its creator chose
 * @property {boolean} elsewhere the seat is open in another window or device too
 * @property {boolean} chatFree the table's chat takes lines of one's own
 * @property {number[] | null} persons the seats people play (null: not read yet)
 * @property {boolean} rated a rated table, which keeps the server's pace for its bots
 * @property {string | null} pace the bots' pace its creator chose (null: the server's)
 */

const tableId = decodeURIComponent(location.pathname.split("/").pop() ?? "");
/** @type {string | null} the token of the seat this browser holds (null: a spectator) */
/** @type {number | null} when (Date.now()) bots take the seats still open, if ever */
let botsAt = null;
/** @type {ReturnType<typeof setInterval> | null} */
let botsTicking = null;

let token = storedToken(tableId);
const LOG_LIMIT = 200;
const FORCED = "chickenfoot.forced";
// The server's word that the table will never be dealt (its socket closes after it).
const CLOSED = ["table-cancelled", "table-expired"];

/** @type {State} */
const state = {
  view: null,
  lobby: null,
  log: [],
  cursor: 0,
  choosing: null,
  targetCursor: 0,
  hint: null,
  pending: false,
  dragged: false,
  summary: null,
  socket: null,
  retry: 0,
  seeded: false,
  asked: null,
  fatal: null,
  seats: null,
  standIns: new Set(),
  playedFor: null,
  elsewhere: false,
  chatFree: false,
  persons: null,
  rated: false,
  pace: null,
};

/** @type {BoardView} */
let board;
/** @type {Chat} */
let chat;
/** @type {Rematch} */
let rematch;
/** @type {View | null} */
let drawnSummary = null;

// -- what the view says ---------------------------------------------------------------------

const legal = () => state.view?.legal || [];
const myTurn = () => !state.pending && legal().length > 0;
/** @param {string} tile */
const targetsOf = (tile) =>
  legal().flatMap((a) => ("play" in a && a.play === tile ? [a.on] : []));
/**
 * Where `tile` would lie, played on `on`: as the server says in the view's plays.
 * @param {string} tile
 * @param {number | null} on
 */
const placeOf = (tile, on) => {
  for (const choice of state.view?.plays ?? []) {
    const k = choice.tile === tile ? choice.on.indexOf(on) : -1;
    if (k >= 0) return choice.at[k];
  }
  return null;
};
/** @param {"draw" | "pass"} kind */
const can = (kind) => myTurn() && legal().some((a) => kind in a);
const hand = () => state.view?.hand || [];
// The page's setting: a draw or a pass that is the viewer's only move is made at once.
const makesForced = () => localStorage.getItem(FORCED) !== "off";
// A screen that is touched, not clicked: its words say tap, and it shows no keys.
const touchOnly = () =>
  matchMedia("(hover: none) and (pointer: coarse)").matches;

function turnSeat() {
  const view = state.view;
  return view && view.public && view.end === null ? view.public.turn : null;
}

/** @param {View} view */
function names(view) {
  /** @type {Map<number, string>} */
  const byId = new Map();
  for (const entry of view.history) {
    if (entry.placed)
      byId.set(entry.placed.id, seatName(view.players, entry.seat));
  }
  return byId;
}

/** @param {View} view */
function lastPlaced(view) {
  const placed = view.history.flatMap((e) => (e.placed ? [e.placed] : []));
  return placed.length ? placed[placed.length - 1].id : null;
}

// -- the socket -----------------------------------------------------------------------------

// The invite link's fragment (#invite=...) claims its seat once: the token it gives is this
// browser's, kept here, and the fragment is taken from the address. A browser that holds a
// seat of the table already keeps it. Whether the page may follow the table (a claim refused
// is said, and nothing more is shown).
async function claimInvite() {
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (!invite) return true;
  history.replaceState(null, "", location.pathname + location.search);
  if (token) return true;
  try {
    const claimed = await postJSON(`/api/claim?lang=${i18n.language()}`, {
      table: tableId,
      invite,
    });
    token = claimed.token;
    storeToken(tableId, claimed.seat, claimed.token);
    return true;
  } catch (e) {
    state.fatal = e instanceof Error ? e.message : String(e);
    return false;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang: i18n.language() });
  const socket = new WebSocket(
    `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`,
  );
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.retry = 0;
    showConnection(null);
    // The token goes in the first frame, never in the socket's address.
    send(token ? { type: "hello", token } : { type: "hello" });
    if (state.view) send({ type: "sync", since: state.view.v });
  });
  socket.addEventListener("message", (message) =>
    onFrame(JSON.parse(message.data)),
  );
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket) return;
    state.pending = false;
    // 4503: the server cannot serve the table just now (its database or the other servers
    // out of reach): try again, as after a lost connection. Other 4xxx codes are final.
    if (event.code >= 4000 && event.code !== 4503) {
      state.fatal = state.fatal || t("connection.closed");
      showConnection(null);
      render();
      return;
    }
    state.retry += 1;
    showConnection(t("connection.lost"));
    setTimeout(connect, Math.min(5000, 300 * 2 ** state.retry));
  });
}

function reconnect() {
  const old = state.socket;
  state.socket = null;
  old?.close();
  connect();
}

/** @param {ClientFrame} frame */
function send(frame) {
  if (state.socket?.readyState === WebSocket.OPEN)
    state.socket.send(JSON.stringify(frame));
}

/** @param {string | null} text */
function showConnection(text) {
  const el = $("#connection");
  el.hidden = !text;
  el.textContent = text || "";
}

/** @param {ServerFrame} frame */
function onFrame(frame) {
  switch (frame.type) {
    case "lobby":
      state.lobby = frame.seats;
      botsAt = frame.bots_in == null ? null : Date.now() + frame.bots_in * 1000;
      break;
    case "snapshot":
      state.lobby = null;
      state.pending = false;
      flights = [];
      {
        const view = { ...frame.view, legal: frame.legal ?? null };
        state.view = view;
        state.choosing = null;
        state.hint = null;
        state.standIns = new Set(frame.stand_ins ?? []);
        state.log = logOf(view);
        if (view.end && !state.summary) openSummary(view);
      }
      break;
    case "event":
      if (!state.view || frame.version <= state.view.v) return;
      if (frame.version > state.view.v + 1) {
        if (state.asked !== state.view.v)
          send({ type: "sync", since: state.view.v });
        state.asked = state.view.v;
        return;
      }
      if (frame.stand_in) state.standIns.add(frame.version);
      {
        const before = state.view;
        const event = frame.event;
        const from =
          event.kind === "action" && event.placed
            ? motion.origin(
                event.seat,
                event.placed.tile,
                event.seat === before.viewer,
              )
            : null;
        onEvent(before, event, frame.legal ?? null);
        makeForcedMove();
        if (event.kind === "round") flights = []; // places of the round before
        if (event.kind === "action" && event.placed)
          flights.push({ id: event.placed.id, tile: event.placed.tile, from });
        renderSoon();
        sound.play(sound.cuesOf(event, before, state.view));
      }
      return;
    case "seats":
      state.seats = { frame, at: performance.now() };
      readyIfNotReading(frame);
      break;
    case "played-for":
      state.playedFor = frame.actions;
      break;
    case "hint":
      onHint(frame.hint);
      break;
    case "elsewhere":
      state.elsewhere = frame.sockets > 1;
      break;
    case "pace":
      state.pace = frame.pace;
      break;
    case "chat":
      chat.add(frame.lines);
      break;
    case "rematch":
      rematch.heard(frame, state.view ? state.view.viewer : null);
      break;
    case "why":
      say(frame, tableId);
      break;
    case "error":
      state.pending = false;
      if (frame.code === "seat-revoked" || frame.code === "bad-token") {
        // The seat has been given a new invite: this browser holds it no more.
        storeToken(tableId, 0, null);
        token = null;
        state.view = null;
        state.lobby = null;
        state.fatal = frame.message;
        break;
      }
      if (CLOSED.includes(frame.code)) {
        state.lobby = null;
        state.fatal = frame.message;
      } else if (state.view || state.lobby)
        explain({ code: frame.code, params: {} }, tableId, frame.message);
      else state.fatal = frame.message;
      break;
  }
  if (frame.type === "snapshot") makeForcedMove(); // a new view (an event's is above); never on a refusal
  renderSoon();
}

// What the server says is drawn once per animation frame, however many frames came in it
// (bots at no delay play several moves at once); at once while the page is hidden (its
// title says whose turn it is), where the browser gives no animation frames.
let drawSoon = false;
/** The tiles played since the page was last drawn, to fly to their places once it is.
 * @type {{id: number, tile: string, from: DOMRect | null}[]} */
let flights = [];

function renderSoon() {
  if (drawSoon) return;
  drawSoon = true;
  const draw = () => {
    if (drawSoon) render();
  };
  if (document.hidden) setTimeout(draw, 0);
  else requestAnimationFrame(draw);
}

document.addEventListener("visibilitychange", () => {
  if (drawSoon) render();
});

// A draw or a pass that is the viewer's only move: made at once and said (unless the setting
// is off), as the terminal does.
function makeForcedMove() {
  const only = legal();
  // Not while the round's summary is open: the person is reading, and the next round
  // waits for them (closing it tries again).
  if (!makesForced() || !myTurn() || only.length !== 1 || state.summary?.open)
    return;
  if ("draw" in only[0]) {
    toast(t("play.forced_draw"));
    act({ draw: true });
  } else if ("pass" in only[0]) {
    toast(t("play.forced_pass"));
    act({ pass: true });
  }
}

/**
 * @param {View} before
 * @param {LogEntry} event
 * @param {Action[] | null} nextLegal
 */
function onEvent(before, event, nextLegal) {
  const view = advance(
    before,
    "legal" in event ? { ...event, legal: nextLegal } : event,
  );
  state.view = view;
  const text = describe(event, view, view.board, state.standIns.has(event.v));
  const kind =
    event.kind === "action" ? Object.keys(event.action)[0] : event.kind;
  const seat = "seat" in event ? event.seat : undefined;
  state.log.push({ text, seat, kind });
  if (state.log.length > LOG_LIMIT)
    state.log.splice(0, state.log.length - LOG_LIMIT);
  if (kind === "draw" || kind === "pass") toast(text);
  if (seat !== undefined && seat === view.viewer) state.pending = false;
  state.choosing = null;
  state.hint = null;
  if (kind === "round-end") openSummary(view);
  if (kind === "match-end" && state.summary)
    state.summary.view = { ...state.summary.view, winners: view.winners };
}

/**
 * The log of the round so far, from a snapshot: its deal, and every action since.
 * @param {View} view
 * @returns {LogLine[]}
 */
function logOf(view) {
  if (!view.round) return [];
  const dealtOnEmpty = view.history.some(
    (e) => "play" in e.action && e.action.on === null,
  );
  /** @type {import("./describe.js").Dealt} */
  const dealt = {
    kind: "round",
    round: view.round,
    first: view.first ?? 0,
    double: view.double,
    board: dealtOnEmpty ? [] : view.board.slice(0, 1),
  };
  /** @type {LogLine[]} */
  const lines = [{ text: describe(dealt, view, view.board), kind: "round" }];
  for (const entry of view.history) {
    const kind =
      "play" in entry.action
        ? "play"
        : "draw" in entry.action
          ? "draw"
          : "pass";
    const text = describe(entry, view, view.board, state.standIns.has(entry.v));
    lines.push({ text, seat: entry.seat, kind });
  }
  if (view.end) {
    lines.push({
      text: roundOver(view, view.end, view.shown ?? []),
      kind: "round-end",
    });
  }
  if (view.winners)
    lines.push({
      text: matchOver(view, view.winners, view.totals),
      kind: "match-end",
    });
  return lines;
}

/** @param {View} view */
function openSummary(view) {
  state.summary = { view, open: true };
}

// -- acting ---------------------------------------------------------------------------------

// A click or a tap this soon after the person's own move is the second half of
// a double-click or a double-tap, even when the answer came between the two: no
// refusal is said for it.
const DOUBLE_MS = 500;
/** @type {number} when (performance.now()) the person last acted */
let actedAt = -Infinity;

/** @param {Action} action */
function act(action) {
  if (!myTurn()) return;
  state.pending = true;
  actedAt = performance.now();
  state.playedFor = null;
  state.choosing = null;
  state.hint = null;
  // The version it was chosen at: the same frame sent again is refused as stale, not taken twice.
  send({ type: "act", action, expect: state.view?.v ?? null });
  render();
}

// Take a tile: played at once if it has one place (and `playIfOne`), else its places shown.
/**
 * @param {string} tile
 * @param {boolean} [playIfOne]
 */
function choose(tile, playIfOne = true) {
  state.cursor = Math.max(0, hand().indexOf(tile));
  if (state.pending) return; // a second click of a double-click: the first is on its way
  if (!state.view || !myTurn()) {
    if (performance.now() - actedAt >= DOUBLE_MS)
      toast(t("play.not_your_turn"));
    return;
  }
  const targets = targetsOf(tile);
  if (!targets.length) {
    send({ type: "why", move: tile });
    return;
  }
  if (targets.length === 1 && playIfOne) {
    act({ play: tile, on: targets[0] });
    return;
  }
  const advised = state.hint?.action;
  const hinted =
    advised && "play" in advised && advised.play === tile
      ? targets.indexOf(advised.on)
      : -1;
  state.choosing = { tile, targets };
  state.targetCursor = Math.max(0, hinted);
  render();
}

// Draw or pass (`kind`) if the rules allow it now, else say which rule does not.
/** @param {"draw" | "pass"} kind */
function tryTurn(kind) {
  if (can(kind)) act(kind === "draw" ? { draw: true } : { pass: true });
  else if (state.view && myTurn()) send({ type: "why", move: kind });
}

/** @param {string} target a tile's id, or "none" for the table's first tile */
function playOn(target) {
  if (!state.choosing) return;
  act({
    play: state.choosing.tile,
    on: target === "none" ? null : Number(target),
  });
}

function askHint() {
  if (!myTurn()) return;
  send({ type: "hint" });
}

/** @param {Hint} hint */
function onHint(hint) {
  if (!myTurn()) return;
  state.hint = hint;
  const action = hint.action;
  if ("play" in action) {
    state.cursor = Math.max(0, hand().indexOf(action.play));
    const targets = targetsOf(action.play);
    state.choosing = { tile: action.play, targets };
    state.targetCursor = Math.max(0, targets.indexOf(action.on));
  }
}

/**
 * @param {View} view
 * @param {Hint} hint
 */
function hintText(view, hint) {
  const action = hint.action;
  let what;
  if ("draw" in action) what = t("action.draw");
  else if ("pass" in action) what = t("action.pass");
  else if (action.on === null) what = t("hint.place", { tile: action.play });
  else
    what = t("hint.play_on", {
      tile: action.play,
      target: view.board[action.on].tile,
    });
  return t("hint.text", {
    what,
    reason: hint.text,
    share: Math.round(hint.win_share * 100),
  });
}

/**
 * @param {PointerEvent} event
 * @param {string} tile
 */
function startDrag(event, tile) {
  state.dragged = false;
  if (!myTurn() || !targetsOf(tile).length) return;
  const start = [event.clientX, event.clientY];
  /** @type {HTMLElement | null} */
  let ghost = null;
  /** @param {PointerEvent} e */
  const move = (e) => {
    if (!ghost && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 8) {
      ghost = h("div", { class: "drag-ghost" }, tileSVG(tile));
      document.body.append(ghost);
      choose(tile, false);
    }
    if (ghost)
      ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px) translate(-50%, -50%)`;
  };
  /** @param {PointerEvent} e */
  const up = (e) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    if (!ghost) return;
    ghost.remove();
    state.dragged = true;
    const under = document
      .elementFromPoint(e.clientX, e.clientY)
      ?.closest("[data-target]");
    if (under) playOn(under.getAttribute("data-target") ?? "none");
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  const key = event.key;
  const target = event.target instanceof Element ? event.target : null;
  if (
    target?.closest("input, select, textarea") ||
    event.ctrlKey ||
    event.metaKey ||
    event.altKey
  )
    return;
  if (!state.view || (key === "Enter" && target?.closest("button, a"))) return;
  const tiles = hand();
  const choosing = state.choosing;
  const handled = () => event.preventDefault();
  if (key === "+" || key === "=") return (handled(), board.zoomBy(1.25));
  if (key === "-") return (handled(), board.zoomBy(0.8));
  if (key === "0") return (handled(), board.fit(true));
  if (state.summary?.open && (key === "Escape" || key === "Enter"))
    return (handled(), closeSummary());
  if (key === "d") return (handled(), tryTurn("draw"));
  if (key === "p") return (handled(), tryTurn("pass"));
  if (key === "h") return (handled(), askHint());
  if (key === "Escape") {
    handled();
    state.choosing = null;
    state.hint = null;
    return render();
  }
  if (key === "ArrowLeft" || key === "ArrowRight") {
    handled();
    const step = key === "ArrowLeft" ? -1 : 1;
    if (choosing && choosing.targets.length > 1) {
      state.targetCursor =
        (state.targetCursor + step + choosing.targets.length) %
        choosing.targets.length;
    } else if (tiles.length) {
      state.choosing = null;
      const pool = myTurn()
        ? tiles.filter((tile) => targetsOf(tile).length)
        : tiles;
      const list = pool.length ? pool : tiles;
      const at = list.indexOf(tiles[state.cursor]);
      const next = list[(at + step + list.length) % list.length];
      state.cursor = tiles.indexOf(next);
    }
    return render();
  }
  if (/^[1-9]$/.test(key)) {
    handled();
    const n = Number(key) - 1;
    if (choosing && choosing.targets.length > 1) {
      if (n < choosing.targets.length) state.targetCursor = n;
    } else if (n < tiles.length) {
      state.cursor = n;
      state.choosing = null;
    }
    return render();
  }
  if (key === "Enter") {
    handled();
    if (choosing)
      return playOn(String(choosing.targets[state.targetCursor] ?? "none"));
    const advised = state.hint?.action;
    if (advised && "draw" in advised) return act({ draw: true });
    if (advised && "pass" in advised) return act({ pass: true });
    if (tiles[state.cursor]) choose(tiles[state.cursor]);
  }
}

// A page opened again between two rounds shows no summary: its person is not reading one.
/** @param {SeatsFrame} frame */
function readyIfNotReading(frame) {
  const view = state.view;
  if (!view || view.viewer === null || state.summary?.open) return;
  const mine = frame.seats.find((s) => s.seat === view.viewer);
  if (mine?.reading && view.round > 1)
    send({ type: "ready", round: view.round - 1 });
}

function closeSummary() {
  const ended = state.summary?.view;
  if (ended && !ended.winners && ended.viewer !== null && state.summary?.open)
    send({ type: "ready", round: ended.round });
  if (state.summary) state.summary.open = false;
  drawnSummary = null;
  $("#summary").replaceChildren();
  makeForcedMove();
  render();
}

// -- drawing --------------------------------------------------------------------------------

function render() {
  drawSoon = false;
  const flying = flights;
  flights = [];
  renderInfo();
  renderElsewhere();
  renderLinks();
  renderChat();
  if (!state.view) {
    renderWaiting();
    return;
  }
  const view = state.view;
  const spectator = view.viewer === null;
  $("#play").classList.toggle("spectator", spectator);
  renderBoard(view);
  renderTurn(view);
  if (!spectator) {
    renderHand(view);
    renderActions();
  }
  renderHint(view);
  renderPlayedFor();
  renderSeats(view);
  renderScores(view);
  renderLog();
  renderOver(view);
  rematch.update(
    !!view.winners && !state.summary?.open,
    view.viewer,
    view.players.filter((name) => !name.startsWith("bot:")).length,
  );
  renderSummary();
  $("#lobby").hidden = true;
  if (state.summary?.open) motion.landAll($("#board"));
  for (const { id, tile, from } of flying) motion.fly($("#board"), id, tile, from);
  document.title = myTurn()
    ? `${t("turn.yours_short")} · ${t("app.name")}`
    : t("app.name");
}

function renderChat() {
  const players = state.view?.players ?? state.lobby?.map((s) => s.name) ?? [];
  const viewer = state.view
    ? state.view.viewer
    : token
      ? storedSeat(tableId)
      : null;
  chat.update(players, viewer, state.chatFree, (seat) =>
    seat < players.length ? seatName(players, seat) : String(seat + 1),
  );
}

function renderInfo() {
  const view = state.view;
  const parts = [];
  if (view) {
    parts.push(gameName(view.game));
    if (kindOf(view.game).preset) parts.push(presetName(view.preset));
    if (view.round) parts.push(roundName(view.game, view.round));
    if (view.public)
      parts.push(t("info.boneyard", { n: view.public.boneyard }));
  }
  $("#info").textContent = parts.join(" · ");
}

function renderWaiting() {
  const turn = $("#turn");
  turn.dataset.turn = "";
  turn.textContent =
    state.fatal ||
    (state.lobby ? t("lobby.title") : t("connection.connecting"));
  $("#play").classList.add("spectator");
  $("#hand").replaceChildren(); // none held: a seat taken back holds no tiles here
  renderLobby();
}

/** @param {View} view */
function renderBoard(view) {
  const choosing = state.choosing;
  board.render({
    board: view.board,
    pub: view.public,
    layout: kindOf(view.game).layout,
    phantoms: choosing
      ? choosing.targets.flatMap((on) => {
          const at = placeOf(choosing.tile, on);
          return at ? [{ tile: choosing.tile, on, at }] : [];
        })
      : [],
    cursor: choosing ? state.targetCursor : null,
    last: lastPlaced(view),
    fresh: freshTiles(view, view.viewer ?? turnSeat()),
    names: names(view),
    emptyText: view.round ? "" : t("board.empty"),
  });
  motion.hideFlying($("#board"));
  const words = boardWords(view.board, view.public, kindOf(view.game).layout);
  const list = $("#board-words");
  if (
    [...list.children].map((li) => li.textContent).join("\n") !==
    words.join("\n")
  )
    list.replaceChildren(...words.map((line) => h("li", {}, line)));
}

/** @param {View} view */
function renderTurn(view) {
  const el = $("#turn");
  const seat = turnSeat();
  el.dataset.turn = seat === null ? "" : String(seat);
  el.classList.toggle("mine", myTurn());
  let text;
  if (view.winners) text = matchOver(view, view.winners, view.totals);
  else if (view.end) text = roundOver(view, view.end, view.shown ?? []);
  else if (seat === null) text = "";
  else if (seat !== view.viewer)
    text = t("turn.of", { who: seatName(view.players, seat) });
  else if (state.pending) text = t("turn.sent");
  else if (state.choosing) {
    const places = touchOnly() ? "turn.places_touch" : "turn.places";
    text = tn(places, state.choosing.targets.length, {
      tile: state.choosing.tile,
    });
  } else {
    const fitting = hand().filter((tile) => targetsOf(tile).length).length;
    if (fitting)
      text = tn(touchOnly() ? "turn.fits_touch" : "turn.fits", fitting);
    else if (can("draw")) text = t("turn.draw");
    else text = t("turn.pass");
  }
  const foot = view.public?.foot;
  if (foot && !view.end && seat !== null) {
    text +=
      " " +
      tn("turn.foot", foot.need, {
        tile: view.board[foot.id].tile,
        number: foot.number,
      });
  }
  el.textContent = text;
}

/** @param {View} view */
function renderHand(view) {
  const tiles = hand();
  state.cursor = Math.min(state.cursor, Math.max(0, tiles.length - 1));
  const mine = myTurn();
  const buttons = tiles.map((tile, i) => {
    const fits = mine && targetsOf(tile).length > 0;
    const classes = ["hand-tile"];
    if (fits) classes.push("legal");
    if (i === state.cursor) classes.push("cursor");
    if (state.choosing?.tile === tile) classes.push("selected");
    const advised = state.hint?.action;
    if (advised && "play" in advised && advised.play === tile)
      classes.push("hinted");
    return h(
      "button",
      {
        type: "button",
        class: classes.join(" "),
        "data-tile": tile,
        "data-legal": String(fits),
        "aria-label": tile,
        "aria-pressed": String(state.choosing?.tile === tile),
        onclick: () => {
          if (!state.dragged) choose(tile);
        },
        onpointerdown: (/** @type {PointerEvent} */ e) => startDrag(e, tile),
      },
      tileSVG(tile),
    );
  });
  const el = $("#hand");
  el.classList.toggle("mine", mine);
  el.replaceChildren(...buttons);
  if (!tiles.length)
    el.append(
      h(
        "p",
        { class: "muted" },
        t(view.end ? "hand.shown_below" : "hand.empty"),
      ),
    );
}

function renderActions() {
  /** @type {HTMLButtonElement} */
  const draw = $('[data-action="draw"]');
  /** @type {HTMLButtonElement} */
  const pass = $('[data-action="pass"]');
  /** @type {HTMLButtonElement} */
  const hint = $("#hint-button");
  const advised = state.hint?.action;
  draw.disabled = !can("draw");
  pass.disabled = !can("pass");
  draw.classList.toggle("suggested", !!advised && "draw" in advised);
  pass.classList.toggle("suggested", !!advised && "pass" in advised);
  hint.disabled = !myTurn();
}

/** @param {View} view */
function renderHint(view) {
  const el = $("#hint");
  el.hidden = !state.hint;
  if (state.hint) el.textContent = hintText(view, state.hint);
}

/** @param {number} seconds */
function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// A seat's presence as last told: away or not, and the seconds left now before the computer
// plays for its person (null: it will not).
/** @param {number} seat */
function presence(seat) {
  const told = state.seats;
  const found = told?.frame.seats.find((s) => s.seat === seat);
  if (!told || !found) return { away: false, left: null };
  const left = found.left ?? null;
  const passed = (performance.now() - told.at) / 1000;
  return {
    away: !!found.away,
    left: left === null ? null : Math.max(0, left - passed),
  };
}

/** @param {number} seat */
function presenceBadge(seat) {
  const { away, left } = presence(seat);
  if (!away && left === null) return "";
  let text;
  if (away && left === null) text = t("seats.away");
  else if (away && left === 0) text = t("seats.away_played");
  else if (away) text = t("seats.away_left", { time: clockText(left ?? 0) });
  else text = t("seats.clock_left", { time: clockText(left ?? 0) });
  const attrs = { class: `presence${away ? " away" : ""}` };
  return h(
    "span",
    left === null ? attrs : { ...attrs, "data-left": Math.ceil(left) },
    text,
  );
}

/** @param {View} view */
function renderSeats(view) {
  const seat = turnSeat();
  const items = view.players.map((_, s) => {
    const size = view.public?.hand_sizes[s];
    const points = view.public?.hand_points?.[s];
    /** @type {Record<string, string | number>} */
    const attrs = {
      class: `seat${s === seat ? " turn" : ""}${s === view.viewer ? " you" : ""}`,
      "data-seat": s,
    };
    if (presence(s).away) attrs["data-away"] = "";
    return h(
      "li",
      attrs,
      h("span", { class: `swatch seat-${s % 8}`, "aria-hidden": "true" }),
      h(
        "span",
        { class: "name", title: seatName(view.players, s) },
        seatName(view.players, s),
        s === view.viewer ? ` (${t("seats.you")})` : "",
      ),
      presenceBadge(s),
      size === undefined
        ? ""
        : h(
            "span",
            { class: "count", "data-count": size },
            tn("seats.tiles", size),
          ),
      points
        ? h("span", { class: "count" }, t("seats.hand_points", { n: points }))
        : "",
      h(
        "span",
        {
          class: "total",
          title: t("scores.total"),
          "data-total": view.totals[s],
        },
        String(view.totals[s]),
      ),
    );
  });
  $("#seats").replaceChildren(...items);
}

function renderPlayedFor() {
  const el = $("#played-for");
  const played = state.playedFor;
  el.hidden = !played?.length;
  if (!played?.length) return;
  const moves = played.map((action) => {
    if ("draw" in action) return t("played_for.draw");
    if ("pass" in action) return t("played_for.pass");
    return t("played_for.play", { tile: action.play });
  });
  el.replaceChildren(
    h(
      "span",
      {},
      tn("played_for.text", played.length, { moves: joinNames(moves) }),
    ),
    h(
      "button",
      {
        type: "button",
        class: "quiet",
        onclick: () => {
          state.playedFor = null;
          render();
        },
      },
      t("played_for.close"),
    ),
  );
  el.dataset.playedFor = String(played.length);
}

/** @param {View} view */
function renderScores(view) {
  $("#score-table").replaceChildren(scoreTable(view));
}

/** The log's lines drawn, each made once. @type {WeakMap<LogLine, HTMLElement>} */
const logItems = new WeakMap();
let logScroll = 0;

function renderLog() {
  const el = $("#log");
  const items = state.log.map((line) => {
    let item = logItems.get(line);
    if (!item) {
      item = h(
        "li",
        { class: `log-${line.kind}` },
        line.seat === undefined
          ? ""
          : h("span", { class: `swatch seat-${line.seat % 8}` }),
        line.text,
      );
      logItems.set(line, item);
    }
    return item;
  });
  const shown = el.children;
  if (items.length === shown.length && items.every((item, i) => shown[i] === item)) return;
  el.replaceChildren(...items);
  // Scrolled to its end when the page is next drawn, not at once: reading its height now
  // would lay the page out for every line.
  cancelAnimationFrame(logScroll);
  logScroll = requestAnimationFrame(() => {
    el.scrollTop = el.scrollHeight;
  });
}

function recordLinks() {
  return [
    h(
      "a",
      {
        class: "button",
        href: `/api/tables/${encodeURIComponent(tableId)}/record`,
        download: `chickenfoot-${tableId}.json`,
      },
      t("over.record"),
    ),
    h(
      "a",
      { class: "button", href: `/replay?table=${encodeURIComponent(tableId)}` },
      t("over.replay"),
    ),
    h("a", { class: "button", href: "/" }, t("over.new")),
  ];
}

/** @param {View} view */
function renderOver(view) {
  const el = $("#over");
  const winners = view.winners;
  el.hidden = !winners || !!state.summary?.open;
  if (!winners || el.hidden) return;
  el.replaceChildren(
    h("p", {}, matchOver(view, winners, view.totals)),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            state.summary = { view, open: true };
            render();
          },
        },
        t("over.results"),
      ),
      recordLinks(),
    ),
  );
}

function renderSummary() {
  const el = $("#summary");
  const summary = state.summary;
  el.hidden = !summary?.open;
  if (!summary || el.hidden || summary.view === drawnSummary) return;
  drawnSummary = summary.view;
  const view = summary.view;
  const shown = view.shown ?? [];
  const points = view.round_points[view.round_points.length - 1] || [];
  const rows = view.players.map((_, s) =>
    h(
      "tr",
      { class: shown[s]?.length ? "" : "out" },
      h(
        "th",
        {},
        seatName(view.players, s),
        h(
          "span",
          { class: "shown" },
          (shown[s] ?? []).map((tile) =>
            tileSVG(tile, { unit: 24, vertical: false }),
          ),
        ),
      ),
      h("td", {}, String(points[s] ?? "")),
      h("td", { class: "total" }, String(view.totals[s])),
    ),
  );
  const card = h(
    "div",
    {
      class: "card",
      role: "dialog",
      "aria-modal": "true",
      "data-round-end": "",
    },
    h("h2", {}, view.end ? roundOver(view, view.end, shown) : ""),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "shown-hands" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("summary.hand")),
            h("th", {}, t("summary.points")),
            h("th", {}, t("scores.total")),
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
  );
  const winners = view.winners;
  if (winners) {
    card.append(
      h(
        "section",
        { class: "match-end", "data-match-end": "" },
        h("h2", {}, matchOver(view, winners, view.totals)),
        scoreTable(view),
        h("div", { class: "buttons" }, recordLinks()),
      ),
    );
  }
  const next = `summary.next_${kindOf(view.game).noun}`;
  const close = h(
    "button",
    { type: "button", class: "primary", onclick: closeSummary },
    t(view.winners ? "summary.close" : next),
  );
  card.append(h("div", { class: "buttons" }, close));
  el.replaceChildren(card);
  close.focus({ preventScroll: true });
  card.scrollTop = 0;
}

// The time left before bots take the seats still open, told in the lobby each second.
function renderBotsIn() {
  const el = document.getElementById("bots-in");
  const shown = botsAt !== null && state.lobby !== null && el !== null;
  if (!shown && botsTicking !== null) {
    clearInterval(botsTicking);
    botsTicking = null;
  }
  if (!shown || botsAt === null || el === null) return;
  const left = Math.max(0, Math.ceil((botsAt - Date.now()) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  el.textContent = t("lobby.bots_in", { time });
  botsTicking ??= setInterval(renderBotsIn, 1000);
}

function renderLobby() {
  const el = $("#lobby");
  const lobby = state.lobby;
  el.hidden = !lobby;
  if (!lobby) {
    renderBotsIn();
    return;
  }
  const invites = storedInvites(tableId);
  const seats = lobby.map((seat) => {
    const invite = invites.find((i) => i.seat === seat.seat);
    const shownName = seat.open
      ? t("lobby.open_seat")
      : seat.bot
        ? seatName(
            lobby.map((s) => s.name),
            seat.seat,
          )
        : seat.name;
    return h(
      "li",
      { class: seat.joined ? "joined" : "" },
      h("span", { class: "name" }, shownName),
      h(
        "span",
        { class: "status" },
        t(seat.joined ? "lobby.joined" : "lobby.waiting"),
      ),
      !seat.joined && invite
        ? linkField(invite.invite, t("lobby.invite", { who: shownName }))
        : "",
    );
  });
  // The browser that set the table up: it holds the table's key.
  const cancel = storedKey(tableId)
    ? h(
        "button",
        { type: "button", id: "cancel-table", onclick: cancelTable },
        t("lobby.cancel"),
      )
    : "";
  el.replaceChildren(
    h(
      "div",
      { class: "card" },
      h("h2", {}, t("lobby.title")),
      h("p", {}, t("lobby.text")),
      botsAt === null ? "" : h("p", { id: "bots-in", role: "timer" }),
      h("ul", { class: "lobby-seats" }, seats),
      linkField(spectateURL(), t("links.spectate")),
      h("div", { class: "buttons" }, cancel),
    ),
  );
  renderBotsIn();
}

async function cancelTable() {
  try {
    const path = `/api/tables/${encodeURIComponent(tableId)}/cancel?lang=${i18n.language()}`;
    await postJSON(path, { key: storedKey(tableId) });
  } catch (error) {
    toast(error instanceof Error ? error.message : String(error), "error");
  }
}

function renderElsewhere() {
  const el = $("#elsewhere");
  el.hidden = !state.elsewhere;
  el.textContent = state.elsewhere ? t("table.elsewhere") : "";
  renderReading();
  renderPace();
  renderAway();
}

// Who is away, at the top of the page where a phone shows it without scrolling down to the
// players' list, with the time left before the computer plays for them.
function renderAway() {
  const el = $("#away");
  const view = state.view;
  const away = view
    ? view.players
        .map((_, s) => s)
        .filter((s) => s !== view.viewer && presence(s).away)
    : [];
  el.hidden = away.length === 0;
  if (!view || !away.length) {
    el.textContent = "";
    return;
  }
  el.textContent = away
    .map((s) => {
      const name = seatName(view.players, s);
      const { left } = presence(s);
      if (left === null) return t("away.plain", { name });
      if (left === 0) return t("away.played", { name });
      return t("away.left", { name, time: clockText(left) });
    })
    .join(" · ");
}

// Between two rounds, once this page's summary is closed: whose the next round waits for
// (never the viewer, who has just closed it, before the server's word on it comes).
function renderReading() {
  const el = $("#reading");
  const players = state.view?.players ?? [];
  const viewer = state.view ? state.view.viewer : null;
  const reading = (state.seats?.frame.seats ?? [])
    .filter((s) => s.reading && s.seat !== viewer)
    .map((s) => seatName(players, s.seat));
  const shown = reading.length > 0 && !state.summary?.open;
  el.hidden = !shown;
  el.textContent = shown
    ? t("summary.waiting_for", { names: reading.join(", ") })
    : "";
}

// The bots' pace, for the table's creator or the one person at a table of one; a rated
// table keeps the server's, and has no such control.
function renderPace() {
  const el = $("#pace");
  const persons = state.persons;
  const players = state.view?.players.length ?? state.lobby?.length ?? 0;
  const viewer = state.view ? state.view.viewer : null;
  const alone =
    persons !== null && persons.length === 1 && persons[0] === viewer;
  const bots = persons !== null && persons.length < players;
  el.hidden = state.rated || !bots || !(storedKey(tableId) || alone);
  const choice = /** @type {HTMLSelectElement} */ ($("#pace-choice"));
  if (document.activeElement !== choice) choice.value = state.pace ?? "";
}

function choosePace() {
  const choice = /** @type {HTMLSelectElement} */ ($("#pace-choice"));
  const pace = choice.value;
  if (pace !== "fast" && pace !== "normal" && pace !== "slow") return;
  const key = storedKey(tableId);
  send(key ? { type: "pace", pace, key } : { type: "pace", pace });
}

// The creator's page: each other person's invite link, and a new one for a seat whose
// player has lost it (the seat's old link and window stop working).
let linksShown = "";

function renderLinks() {
  const key = storedKey(tableId);
  const names = state.view?.players || state.lobby?.map((s) => s.name) || [];
  const invites = key ? storedInvites(tableId) : [];
  const shown = JSON.stringify([i18n.language(), names, invites, state.seeded]);
  if (shown === linksShown) return;
  linksShown = shown;
  $("#links").replaceChildren(
    h("h2", {}, t("links.title")),
    linkField(spectateURL(), t("links.spectate")),
    state.seeded
      ? h("p", { class: "note", id: "practice" }, t("links.practice"))
      : "",
    ...invites.map((invite) => {
      const who = names[invite.seat] ?? String(invite.seat + 1);
      return h(
        "div",
        { class: "invite", "data-seat": String(invite.seat) },
        linkField(invite.invite, t("lobby.invite", { who })),
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            onclick: () => newInvite(invite.seat, who),
          },
          t("links.new_invite", { who }),
        ),
      );
    }),
  );
}

async function readSummary() {
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    state.seeded = summary.seeded === true;
    state.chatFree = summary.chat === true;
    state.rated = summary.rated === true;
    state.persons = summary.seats
      .filter((/** @type {{bot: string | null}} */ s) => !s.bot)
      .map((/** @type {{seat: number}} */ s) => s.seat);
    renderLinks();
    render();
  } catch {
    // the socket says what is wrong with the table
  }
}

/**
 * @param {number} seat
 * @param {string} who
 */
async function newInvite(seat, who) {
  const key = storedKey(tableId);
  if (!key) return;
  try {
    const path = `/api/tables/${encodeURIComponent(tableId)}/invite?lang=${i18n.language()}`;
    const made = await postJSON(path, { key, seat });
    storeInvite(tableId, { seat: made.seat, invite: made.invite });
    toast(t("links.reissued", { who }));
  } catch (e) {
    toast(e instanceof Error ? e.message : String(e), "error");
  }
  renderLinks();
  render();
}

/**
 * @param {string} url
 * @param {string} label
 */
function linkField(url, label) {
  const input = h("input", {
    type: "text",
    readonly: true,
    value: url,
    "aria-label": label,
  });
  return h(
    "div",
    { class: "link-field" },
    h("span", { class: "caption" }, label),
    h(
      "div",
      { class: "row" },
      input,
      h(
        "button",
        {
          type: "button",
          onclick: () => copyField(input).then(() => toast(t("links.copied"))),
        },
        t("links.copy"),
      ),
    ),
  );
}

function spectateURL() {
  return `${location.origin}/table/${encodeURIComponent(tableId)}`;
}

// -- start ----------------------------------------------------------------------------------

async function main() {
  await i18n.start();
  await loadMeta(i18n.language());
  i18n.languageSwitch($("#lang"));
  /** @type {HTMLAnchorElement} */ ($("#rules-link")).href =
    `/rules?table=${encodeURIComponent(tableId)}`;
  board = new BoardView($("#board"), { onTarget: playOn });
  chat = new Chat($("#chat"), tableId, send);
  rematch = new Rematch($("#rematch"), () => send({ type: "rematch" }));
  $("#chat").addEventListener("chat-changed", render);
  $('[data-action="draw"]').addEventListener("click", () =>
    act({ draw: true }),
  );
  $('[data-action="pass"]').addEventListener("click", () =>
    act({ pass: true }),
  );
  $("#hint-button").addEventListener("click", askHint);
  $("#pace-choice").addEventListener("change", choosePace);
  const keysButton = $("#keys-button");
  keysButton.addEventListener("click", () => {
    const keys = $("#keys");
    keys.hidden = !keys.hidden;
    keysButton.setAttribute("aria-expanded", String(!keys.hidden));
  });
  document.addEventListener("keydown", onKey);
  /** @type {HTMLInputElement} */
  const forced = $("#forced");
  forced.checked = makesForced();
  forced.addEventListener("change", () => {
    localStorage.setItem(FORCED, forced.checked ? "on" : "off");
    makeForcedMove();
    render();
  });
  /** @type {HTMLInputElement} */
  const sounds = $("#sound");
  sounds.checked = sound.soundOn();
  sounds.addEventListener("change", () => sound.setSound(sounds.checked));
  sound.listen();
  i18n.onLanguage(() => {
    state.log = state.view ? logOf(state.view) : [];
    drawnSummary = null;
    renderLinks();
    if (state.socket) reconnect(); // none opened: the invite was refused, nothing to follow
    render();
  });
  const claimed = await claimInvite();
  renderLinks();
  render();
  if (claimed) connect();
  // The time left on the seats counts down between the server's word on it.
  setInterval(() => {
    if (state.view && state.seats?.frame.seats.some((s) => s.left != null)) {
      renderSeats(state.view);
      renderAway();
    }
  }, 1000);
  readSummary();
  showRated(tableId);
}

main();
