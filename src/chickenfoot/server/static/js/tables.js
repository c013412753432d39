// @ts-check
// What this browser remembers of a table: the token of the seat it holds (its own: given to
// the creator for its seat, or claimed with an invite), and for the table it set up, the
// creator's key and the invite links to share; and a table's summary in words.

import { gameName, joinNames, presetName, seatName } from "./describe.js";
import { t } from "./i18n.js";

/**
 * @typedef {{seat: number, invite: string}} Invite
 * @typedef {{seat: number, token: string}} OwnSeat
 * @typedef {{table: string, key: string, seats: (Invite | OwnSeat)[], spectate: string}} Made
 *   the server's answer to a new table
 * @typedef {{seat?: number, token?: string, key?: string, seats?: Invite[]}} Kept
 * @typedef {object} Summary a table in the server's lists
 * @property {string} table
 * @property {string} game
 * @property {string | null} preset null where the game has no presets
 * @property {string | null} [length]
 * @property {string} status "waiting", "playing", "over", "cancelled" or "expired"
 * @property {{seat: number, name: string, joined: boolean, open?: boolean}[]} seats
 *   (open: anybody may take it, and nobody has yet)
 * @property {number[] | null} [winners]
 * @property {boolean} [rated] its match is rated
 * @property {number} created seconds since 1970
 * @property {boolean} [seeded] a practice table, dealt from a seed its creator chose
 */

/** @param {string} table */
const key = (table) => `chickenfoot.table.${table}`;

/**
 * @param {string} table
 * @returns {Kept}
 */
function kept(table) {
  try {
    return JSON.parse(localStorage.getItem(key(table)) || "null") || {};
  } catch {
    return {};
  }
}

/**
 * @param {string} table
 * @param {Kept} more
 */
function keep(table, more) {
  localStorage.setItem(key(table), JSON.stringify({ ...kept(table), ...more }));
}

/** @param {Made} made */
export function storeMade(made) {
  /** @type {Invite[]} */
  const invites = [];
  /** @type {Kept} */
  const mine = { key: made.key, seats: invites };
  for (const seat of made.seats) {
    if ("token" in seat)
      Object.assign(mine, { seat: seat.seat, token: seat.token });
    else invites.push(seat);
  }
  keep(made.table, mine);
}

/**
 * The invite links of the table this browser set up, to share.
 * @param {string} table
 * @returns {Invite[]}
 */
export function storedInvites(table) {
  return kept(table).seats || [];
}

/**
 * A seat's new invite, replacing the one kept.
 * @param {string} table
 * @param {Invite} invite
 */
export function storeInvite(table, invite) {
  const others = storedInvites(table).filter((i) => i.seat !== invite.seat);
  keep(table, { seats: [...others, invite].sort((a, b) => a.seat - b.seat) });
}

/**
 * The creator's key of a table this browser set up (null: another's table).
 * @param {string} table
 * @returns {string | null}
 */
export function storedKey(table) {
  return kept(table).key || null;
}

/**
 * The token of the seat this browser holds at the table (null: none, a spectator).
 * @param {string} table
 * @returns {string | null}
 */
export function storedToken(table) {
  return kept(table).token || null;
}

/**
 * The seat this browser holds at the table (null: none).
 * @param {string} table
 * @returns {number | null}
 */
export function storedSeat(table) {
  const { seat, token } = kept(table);
  return token && seat !== undefined ? seat : null;
}

/**
 * @param {string} table
 * @param {number} seat
 * @param {string | null} token null: the seat is no longer this browser's
 */
export function storeToken(table, seat, token) {
  if (token) keep(table, { seat, token });
  else {
    const rest = kept(table);
    delete rest.token;
    delete rest.seat;
    localStorage.setItem(key(table), JSON.stringify(rest));
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
    if (s.open) return t("lobby.open_seat");
    const name = seatName(names, s.seat);
    return summary.status === "waiting" && !s.joined
      ? t("home.not_joined", { who: name })
      : name;
  });
  const when = new Date(summary.created * 1000).toLocaleString(
    document.documentElement.lang,
  );
  return { what: parts.join(" · "), who: `${who.join(", ")} · ${when}` };
}
