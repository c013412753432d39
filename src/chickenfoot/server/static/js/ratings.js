// @ts-check
// The leaderboard: every player of this server with their rating and statistics.

import { levelName } from "./describe.js";
import { $, api, h } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import { describeTable } from "./tables.js";

const BOT = "bot:";

/**
 * @typedef {object} Rating a player's row of /api/ratings
 * @property {string} name
 * @property {number} rating
 * @property {number} mu
 * @property {number} sigma
 * @property {number} matches
 * @property {number} wins
 * @property {number} rounds
 * @property {number} points_per_round
 * @property {number} outs
 * @property {number} double_blanks
 */

/** @type {Rating[]} */
let rows = [];
const player = new URLSearchParams(location.search).get("player");
/** @type {{name: string, matches: (import("./tables.js").Summary & {seat: number})[]} | null} */
let history = null;

/** @param {string} name */
function playerName(name) {
  return name.startsWith(BOT)
    ? t("ratings.bot", { level: levelName(name.slice(BOT.length)) })
    : name;
}

function render() {
  /**
   * @param {number} x
   * @param {number} digits
   */
  const number = (x, digits) =>
    x.toLocaleString(document.documentElement.lang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  /** @param {number} x */
  const percent = (x) =>
    x.toLocaleString(document.documentElement.lang, { style: "percent", maximumFractionDigits: 0 });
  const head = ["", "ratings.player", "ratings.rating", "ratings.matches", "ratings.wins"];
  const more = ["ratings.points", "ratings.out", "ratings.double_blanks"];
  $("#ratings").replaceChildren(
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        [...head, ...more].map((key) => h("th", {}, key ? t(key) : "")),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map((row, k) =>
        h(
          "tr",
          { "data-player": row.name },
          h("td", {}, String(k + 1)),
          h(
            "th",
            {},
            row.name.startsWith(BOT)
              ? playerName(row.name)
              : h("a", { href: `/ratings?player=${encodeURIComponent(row.name)}` }, row.name),
          ),
          h(
            "td",
            { title: `μ ${number(row.mu, 1)}, σ ${number(row.sigma, 2)}` },
            number(row.rating, 1),
          ),
          h("td", {}, String(row.matches)),
          h("td", {}, number(row.wins, row.wins % 1 ? 1 : 0)),
          h("td", {}, number(row.points_per_round, 1)),
          h("td", {}, percent(row.rounds ? row.outs / row.rounds : 0)),
          h("td", {}, String(row.double_blanks)),
        ),
      ),
    ),
  );
  $("#ratings").hidden = !rows.length;
  $("#no-ratings").hidden = rows.length > 0;
  renderHistory();
}

function renderHistory() {
  $("#history").hidden = history === null;
  if (history === null) return;
  $("#history-title").textContent = t("ratings.history", { name: history.name });
  const items = history.matches.map((summary) => {
    const { what, who } = describeTable(summary);
    const replay = `/replay?table=${encodeURIComponent(summary.table)}`;
    return h(
      "li",
      { "data-table": summary.table },
      h("span", { class: "what" }, what),
      h("span", { class: "who" }, who),
      h("span", { class: "links" }, h("a", { class: "button", href: replay }, t("home.replay"))),
    );
  });
  $("#history-matches").replaceChildren(
    ...(items.length ? items : [h("li", { class: "muted" }, t("ratings.none"))]),
  );
}

async function main() {
  await i18n.start();
  i18n.languageSwitch($("#lang"));
  i18n.onLanguage(render);
  rows = (await api("/api/ratings")).ratings;
  if (player !== null) {
    try {
      history = await api(`/api/players/${encodeURIComponent(player)}?lang=${i18n.language()}`);
    } catch {
      history = null;
    }
  }
  render();
}

main();
