// @ts-check
// The table's chat: the lines said at the table (a phrase by its code, said in the reader's
// language, or free text, always shown as text), the five phrases at one click and, where
// the table allows it, a line of one's own; a person may mute another, remembered in this
// browser for the table.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @typedef {import("./types/protocol").ChatText} ChatText
 * @typedef {import("./types/protocol").ClientFrame} ClientFrame
 * @typedef {NonNullable<import("./types/protocol").Say["phrase"]>} Phrase
 */

/** @type {Phrase[]} */
export const PHRASES = [
  "well-played",
  "good-game",
  "your-turn",
  "oops",
  "thanks",
];
/** The most characters a line of one's own holds (the server's limit). */
export const TEXT_LIMIT = 200;
const KEPT = 100;
const BOT = "bot:";

/**
 * The seats muted on this page for a table.
 * @param {string} table
 * @returns {Set<number>}
 */
export function mutedSeats(table) {
  try {
    const stored = JSON.parse(
      localStorage.getItem(`chickenfoot.muted.${table}`) ?? "[]",
    );
    return new Set(
      Array.isArray(stored) ? stored.filter(Number.isInteger) : [],
    );
  } catch {
    return new Set();
  }
}

/**
 * @param {string} table
 * @param {Set<number>} seats
 */
function storeMuted(table, seats) {
  localStorage.setItem(
    `chickenfoot.muted.${table}`,
    JSON.stringify([...seats].sort()),
  );
}

/**
 * What a line says, in the reader's language: a phrase by its code, or the text as it is.
 * @param {ChatText} line
 */
export function lineText(line) {
  return line.phrase ? t(`chat.phrase.${line.phrase}`) : (line.text ?? "");
}

/**
 * The chat box of the table page, built once in ``root`` (its `data-chat` element).
 */
export class Chat {
  /**
   * @param {HTMLElement} root
   * @param {string} table
   * @param {(frame: ClientFrame) => void} send
   */
  constructor(root, table, send) {
    this.root = root;
    this.table = table;
    this.send = send;
    /** @type {Map<number, ChatText>} the lines heard, by their number */
    this.lines = new Map();
    this.muted = mutedSeats(table);
    /** @type {string[]} */
    this.players = [];
    /** @type {number | null} */
    this.viewer = null;
    this.free = false;
    this.shown = "";
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    this.phrases = h("div", { class: "chat-phrases", role: "group" });
    this.input = h("input", {
      type: "text",
      maxlength: TEXT_LIMIT,
      autocomplete: "off",
      "data-chat-text": true,
    });
    this.sendButton = h("button", { type: "submit", "data-chat-send": true });
    this.form = h("form", {
      class: "chat-form",
      onsubmit: (/** @type {Event} */ e) => this.say(e),
    });
    this.form.append(this.input, this.sendButton);
    this.mutes = h("div", { class: "chat-mutes" });
    this.title = h("h2");
    root.replaceChildren(
      this.title,
      this.list,
      this.phrases,
      this.form,
      this.mutes,
    );
  }

  /** @param {ChatText[]} lines */
  add(lines) {
    for (const line of lines) this.lines.set(line.n, line);
    const numbers = [...this.lines.keys()].sort((a, b) => a - b);
    for (const n of numbers.slice(0, Math.max(0, numbers.length - KEPT)))
      this.lines.delete(n);
    this.shown = "";
  }

  /**
   * The chat as the table is now.
   * @param {string[]} players every seat's name (``bot:LEVEL`` for a computer player)
   * @param {number | null} viewer this page's seat (null: a spectator, who only reads)
   * @param {boolean} free the table takes lines of one's own
   * @param {(seat: number) => string} nameOf how a seat is named
   */
  update(players, viewer, free, nameOf) {
    const said = [
      players.join("\n"),
      viewer,
      free,
      [...this.lines.keys()].join(),
      [...this.muted],
    ];
    const key = JSON.stringify([said, t("chat.title")]);
    if (key === this.shown) return;
    this.shown = key;
    this.players = players;
    this.viewer = viewer;
    this.free = free;
    this.title.textContent = t("chat.title");
    this.root.setAttribute("aria-label", t("chat.label"));
    const lines = [...this.lines.values()].sort((a, b) => a.n - b.n);
    this.list.replaceChildren(
      ...lines
        .filter((line) => !this.muted.has(line.seat))
        .map((line) =>
          h(
            "li",
            { "data-chat-line": line.n, "data-seat": line.seat },
            h("span", { class: "chat-who" }, `${nameOf(line.seat)}:`),
            " ",
            h("span", { class: "chat-said" }, lineText(line)),
          ),
        ),
    );
    this.list.scrollTop = this.list.scrollHeight;
    const writes = viewer !== null;
    this.phrases.hidden = !writes;
    this.phrases.replaceChildren(
      ...PHRASES.map((phrase) =>
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            "data-phrase": phrase,
            onclick: () => this.send({ type: "say", phrase }),
          },
          t(`chat.phrase.${phrase}`),
        ),
      ),
    );
    this.form.hidden = !(writes && free);
    this.input.placeholder = t("chat.placeholder");
    this.input.setAttribute("aria-label", t("chat.placeholder"));
    this.sendButton.textContent = t("chat.send");
    const others = players.flatMap((name, seat) =>
      seat !== viewer && !name.startsWith(BOT) ? [seat] : [],
    );
    this.mutes.hidden = !writes || others.length === 0;
    this.mutes.replaceChildren(
      ...others.map((seat) => {
        const box = h("input", {
          type: "checkbox",
          "data-mute": seat,
          checked: this.muted.has(seat),
          onchange: () => this.mute(seat, box.checked),
        });
        return h(
          "label",
          { class: "setting" },
          box,
          " ",
          t("chat.mute", { name: nameOf(seat) }),
        );
      }),
    );
  }

  /**
   * @param {number} seat
   * @param {boolean} muted
   */
  mute(seat, muted) {
    if (muted) this.muted.add(seat);
    else this.muted.delete(seat);
    storeMuted(this.table, this.muted);
    this.shown = "";
    this.root.dispatchEvent(new Event("chat-changed"));
  }

  /** @param {Event} event */
  say(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.send({ type: "say", text });
    this.input.value = "";
  }
}
