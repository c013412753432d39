// @ts-check
// What this browser remembers of the tables it set up (each person's invite link), and a
// table's summary in words.

import { gameName, joinNames, presetName, seatName } from "./describe.js";
import { t } from "./i18n.js";

/**
 * @typedef {{seat: number, invite: string}} Invite
 * @typedef {{table: string, seats: Invite[], spectate: string}} Made the server's answer to a
 *   new table
 * @typedef {object} Summary a table in the server's lists
 * @property {string} table
 * @property {string} game
 * @property {string | null} preset null where the game has no presets
 * @property {string | null} [length]
 * @property {string} status "waiting", "playing", "over", "cancelled" or "expired"
 * @property {{seat: number, name: string, joined: boolean}[]} seats
 * @property {number[] | null} [winners]
 * @property {boolean} [rated] its match is rated
 * @property {number} created seconds since 1970
 * @property {boolean} [seeded] a practice table, dealt from a seed its creator chose
 */

/** @param {string} table */
const key = (table) => `chickenfoot.table.${table}`;

/** @param {Made} made */
export function storeInvites(made) {
  localStorage.setItem(
    key(made.table),
    JSON.stringify({ seats: made.seats, spectate: made.spectate }),
  );
}

/**
 * @param {string} table
 * @returns {Invite[]}
 */
export function storedInvites(table) {
  try {
    return JSON.parse(localStorage.getItem(key(table)) || "null")?.seats || [];
  } catch {
    return [];
  }
}

// {what: "Chicken Foot · classic · playing", who: "Ann, Bot 2 (medium), ..."}
/** @param {Summary} summary */
export function describeTable(summary) {
  const names = summary.seats.map((s) => s.name);
  const parts = [gameName(summary.game)];
  if (summary.preset !== null) parts.push(presetName(summary.preset));
  if (summary.length) parts.push(t(`length.${summary.length}`));
  if (summary.rated) parts.push(t("status.rated"));
  parts.push(t(`status.${summary.status}`));
  if (summary.seeded) parts.push(t("home.practice"));
  if (summary.winners?.length) {
    const winners = summary.winners.map((seat) => seatName(names, seat));
    parts.push(t("home.won_by", { who: joinNames(winners) }));
  }
  const who = summary.seats.map((s) => {
    const name = seatName(names, s.seat);
    return summary.status === "waiting" && !s.joined ? t("home.not_joined", { who: name }) : name;
  });
  const when = new Date(summary.created * 1000).toLocaleString(document.documentElement.lang);
  return { what: parts.join(" · "), who: `${who.join(", ")} · ${when}` };
}
