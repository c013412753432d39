// @ts-check
// The scores of a match so far: a row per seat, a column per round, and the totals.

import { roundName, seatName } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @param {import("./advance.js").View} view */
export function scoreTable(view) {
  const rounds = view.round_points;
  return h(
    "table",
    { class: "scores" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, t("scores.player")),
        rounds.map((_, i) => h("th", {}, roundName(view.game, i + 1))),
        h("th", {}, t("scores.total")),
      ),
    ),
    h(
      "tbody",
      {},
      view.players.map((_, s) =>
        h(
          "tr",
          { class: view.winners?.includes(s) ? "winner" : "" },
          h("th", {}, seatName(view.players, s)),
          rounds.map((points) => h("td", {}, String(points[s]))),
          h("td", { class: "total" }, String(view.totals[s])),
        ),
      ),
    ),
  );
}
