// @ts-check
// Words for what happens at a table: names of seats, games and rounds, and one line per
// log entry.

import { kindOf } from "./games.js";
import { has, t } from "./i18n.js";

const BOT = "bot:";

/**
 * @typedef {import("./advance.js").View} View
 * @typedef {import("./types/protocol").WirePlaced} WirePlaced
 * @typedef {Pick<View, "game" | "players" | "viewer" | "round" | "sides">} Table what a line
 *   needs of the view
 * @typedef {Pick<import("./types/protocol").RoundEntry, "kind" | "round" | "first" | "double"
 *   | "board">} Dealt
 * @typedef {Pick<import("./types/protocol").ActionEntry, "kind" | "seat" | "action" | "drawn"
 *   | "score">} Acted
 * @typedef {Pick<import("./types/protocol").RoundEndEntry, "kind" | "end" | "hands">} RoundEnded
 * @typedef {Pick<import("./types/protocol").MatchEndEntry, "kind" | "winners" | "totals">}
 *   MatchEnded
 * @typedef {Dealt | Acted | RoundEnded | MatchEnded} Described a log entry, as much of it as
 *   its line says
 */

/** @param {string} level */
export function levelName(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/** @param {string} game */
export function gameName(game) {
  return has(`game.${game}`) ? t(`game.${game}`) : game;
}

/** @param {string} preset */
export function presetName(preset) {
  return has(`preset.${preset}`) ? t(`preset.${preset}`) : preset;
}

// A seat's name as shown: a person's own, or "Bot 2 (medium)" for a computer player.
/**
 * @param {string[]} players
 * @param {number} seat
 */
export function seatName(players, seat) {
  const name = players[seat];
  if (name.startsWith(BOT))
    return t("player.bot", { seat: seat + 1, level: levelName(name.slice(BOT.length)) });
  return name;
}

/**
 * @param {string} game
 * @param {number} n
 */
export function roundName(game, n) {
  return t(`${kindOf(game).noun}.n`, { n });
}

/** @param {string[]} names */
export function joinNames(names) {
  return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(
    names,
  );
}

// One line for a log entry; `board` is the board before it (a play names the tile it went on).
// `standIn`: the computer played the action for the seat's person, and the line says so.
/**
 * @param {Described} entry
 * @param {Table} view
 * @param {WirePlaced[]} board
 * @param {boolean} [standIn]
 */
export function describe(entry, view, board, standIn = false) {
  const seat = "seat" in entry ? entry.seat : undefined;
  const mine = seat !== undefined && seat === view.viewer;
  const you = mine && !standIn;
  let who = seat !== undefined ? seatName(view.players, seat) : "";
  if (standIn) who = mine ? t("log.stand_in_you") : t("log.stand_in", { who });
  const centred = kindOf(view.game).layout === "feet";
  switch (entry.kind) {
    case "round": {
      const round = roundName(view.game, entry.round);
      const starter = {
        round,
        who: seatName(view.players, entry.first),
        double: entry.double ?? "",
      };
      if (!centred)
        return t(entry.first === view.viewer ? "log.you_lead_round" : "log.leads_round", starter);
      if (!entry.board.length) {
        return t(
          entry.first === view.viewer ? "log.round_double_you" : "log.round_double",
          starter,
        );
      }
      return t(entry.first === view.viewer ? "log.centre_you_start" : "log.centre_starts", starter);
    }
    case "action": {
      const action = entry.action;
      if ("draw" in action) {
        return you && entry.drawn
          ? t("log.draws_you", { tile: entry.drawn })
          : t("log.draws", { who });
      }
      if ("pass" in action) return t(you ? "log.passes_you" : "log.passes", { who });
      const tile = action.play;
      let text;
      if (action.on === null) {
        const key = centred ? "log.places_centre" : "log.leads";
        text = t(you ? `${key}_you` : key, { who, tile });
      } else {
        const target = board[action.on]?.tile ?? "";
        text = t(you ? "log.plays_you" : "log.plays", { who, tile, target });
      }
      return entry.score ? text + t("log.scoring", { score: entry.score }) : text;
    }
    case "round-end":
      return roundOver(view, entry.end, entry.hands);
    default:
      return matchOver(view, entry.winners, entry.totals);
  }
}

/**
 * @param {Table} view
 * @param {"blocked" | "out"} end
 * @param {string[][]} hands
 */
export function roundOver(view, end, hands) {
  const round = roundName(view.game, view.round);
  if (end === "blocked") return t("result.blocked", { round });
  const out = hands
    .map((hand, seat) => (hand.length ? null : seatName(view.players, seat)))
    .filter((name) => name !== null);
  return t("result.out", { round, who: joinNames(out) });
}

/**
 * @param {Table} view
 * @param {number[]} winners
 * @param {number[]} totals
 */
export function matchOver(view, winners, totals) {
  const total = totals[winners[0]];
  const side = view.sides?.[winners[0]];
  if (winners.length > 1 && winners.every((w) => view.sides?.[w] === side)) {
    return t("result.match_side", {
      who: joinNames(winners.map((w) => seatName(view.players, w))),
      total,
    });
  }
  if (winners.length > 1) {
    return t("result.match_tie", {
      who: joinNames(winners.map((w) => seatName(view.players, w))),
      total,
    });
  }
  if (winners[0] === view.viewer) return t("result.match_you", { total });
  return t("result.match", { who: seatName(view.players, winners[0]), total });
}
