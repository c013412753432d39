// @ts-check
// A move the rules do not allow, said with the rule behind it: the page works out which of
// the engine's refusals applies (as chickenfoot.howto.refusals does for the terminal), and
// the server says it in the page's language with the section of "How to play" that explains
// it (/api/refusal); the note links to that section of the Rules page.

import { seatName } from "./describe.js";
import { api, h, toast } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

const SHOWN_MS = 9000;

/**
 * @typedef {import("./advance.js").View} View
 * @typedef {{code: string, params: Record<string, string | number>}} Refusal an engine's
 *   message: its code and the values of its placeholders
 */

// Why the viewer may not play `tile` now: {code, params} of the engine's message.
/**
 * @param {View} view
 * @param {string} tile
 * @returns {Refusal}
 */
export function tileRefusal(view, tile) {
  const seat = view.viewer ?? 0;
  const pub = view.public;
  if (!(view.hand || []).includes(tile))
    return { code: "not-held", params: { seat, tile } };
  if (pub && pub.turn !== seat)
    return { code: "not-your-turn", params: { turn: pub.turn, seat } };
  if (pub && pub.centre_placed === false && view.double)
    return { code: "place-centre-first", params: { tile: view.double } };
  if (pub && pub.foot) {
    const foot = pub.foot;
    const double = view.board[foot.id].tile;
    return {
      code: "foot-waiting",
      params: { foot: foot.id, double, need: foot.need },
    };
  }
  if (!view.board.length) {
    const leads = (view.legal || []).flatMap((a) =>
      "play" in a ? [a.play] : [],
    );
    if (leads.length === 1)
      return { code: "must-lead", params: { seat, tile: leads[0] } };
    return { code: "lead-first", params: {} };
  }
  const numbers = tile.split("-").map(Number);
  for (const placed of view.board)
    for (const number of placed.open)
      if (numbers.includes(number))
        return { code: "not-legal-now", params: { tile, on: placed.id } };
  return { code: "fits-nowhere", params: { tile } };
}

// Why the viewer may not draw (`kind` "draw") or pass now.
/**
 * @param {View} view
 * @param {"draw" | "pass"} kind
 * @returns {Refusal}
 */
export function turnRefusal(view, kind) {
  const seat = view.viewer ?? 0;
  const pub = view.public;
  const legal = view.legal || [];
  if (pub && pub.turn !== seat)
    return { code: "not-your-turn", params: { turn: pub.turn, seat } };
  if (legal.some((a) => "play" in a))
    return { code: "must-play", params: { seat } };
  if (kind === "draw") {
    if (pub && pub.drew) return { code: "drawn-already", params: { seat } };
    if (pub && pub.drawable && legal.some((a) => "pass" in a))
      return { code: "no-drawing", params: { game: view.game, seat } };
    return { code: "nothing-to-draw", params: {} };
  }
  return { code: "must-draw", params: { seat } };
}

// `refusal` with what the server says it by to the player (as chickenfoot.howto.refusals
// with_names does): `on_tile`, the tile at the id `on`, and `name`, the name of the seat
// whose turn it is.
/**
 * @param {Refusal} refusal
 * @param {View} view
 * @returns {Refusal}
 */
export function withNames({ code, params }, view) {
  /** @type {Record<string, string | number>} */
  const named = { ...params };
  const placed =
    typeof params.on === "number" ? view.board[params.on] : undefined;
  if (placed) named.on_tile = placed.tile;
  if (typeof params.turn === "number")
    named.name = seatName(view.players, params.turn);
  return { code, params: named };
}

// Say a refusal (`text`: the words the server sent already, if any) with a link to its rule.
/**
 * @param {Refusal} refusal
 * @param {string} tableId
 * @param {string | null} [text]
 */
export async function explain({ code, params }, tableId, text = null) {
  const asked = new URLSearchParams({ lang: i18n.language(), code });
  for (const [name, value] of Object.entries(params))
    asked.set(name, String(value));
  /** @type {{text: string | null, section: string | null, title: string | null}} */
  let said = { text, section: null, title: null };
  try {
    said = await api(`/api/refusal?${asked}`);
  } catch {
    // said as it is, without the rule
  }
  const spoken = text || said.text || code;
  const words = spoken[0].toUpperCase() + spoken.slice(1);
  if (!said.section) {
    toast(words, "error");
    return;
  }
  const link = h(
    "a",
    {
      href: `/rules?table=${encodeURIComponent(tableId)}#${said.section}`,
      target: "_blank",
      "data-rule": said.section,
    },
    t("rules.see", { section: said.title ?? "" }),
  );
  toast(h("span", {}, `${words}. `, link), "error", SHOWN_MS);
}
