// @ts-check
// The analysis of the replayed record (docs/protocol.md, "Analysing a record"): the server
// grades every decision with the expert's search; the page shows the move at the replay's
// step beside the board (played, best, loss, mark, both evaluations), each seat's accuracy,
// a chart of each seat's expected points through the match with its mistakes marked, and
// jumps from mistake to mistake.

import { roundName, seatName } from "./describe.js";
import { $, api, h, postJSON, s } from "./dom.js";
import { kindOf } from "./games.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";

/**
 * @typedef {import("./types/analysis").Analysis} Analysis
 * @typedef {import("./types/analysis").Decision} Decision
 * @typedef {import("./types/analysis").Candidate} Candidate
 * @typedef {import("./advance.js").Event} LogEntry
 * @typedef {import("./types/protocol").WirePlaced} WirePlaced
 * @typedef {import("./advance.js").View} View
 * @typedef {import("./replay.js").Replay} Replay
 * @typedef {"best" | "good" | "inaccuracy" | "mistake" | "blunder" | "ungraded"} Mark
 * @typedef {object} Job an analysis on the server, as /api/analysis says it
 * @property {string} id
 * @property {"running" | "done" | "failed"} status
 * @property {number} done decisions searched so far
 * @property {number} total
 * @property {{code: string, message: string}} [error] why it failed
 * @property {Analysis} [analysis] the result, once done
 * @typedef {{byAction: Map<string, number>, rounds: Map<number, {start: number,
 *   end: number | null}>}} Steps
 */

const POLL_MS = 500;
/** @type {Record<string, number>} */
const DEPTHS = { quick: 50, normal: 200, deep: 600 };
/** @type {Set<string | null>} */
const SERIOUS = new Set(["mistake", "blunder"]);
const CHART = { height: 160, phoneHeight: 150, left: 34, right: 10, top: 16, bottom: 8 };
// The catalogue's texts of a match's values are named by what its matches are played in: a
// round's penalty points kept, or a hand's points scored.
/** @param {string} game */
const valued = (game) => kindOf(game).noun;

// Where each action of the record is among the replay's steps: "round/index" -> step, and
// each round's first and last step.
/**
 * @param {LogEntry[]} entries
 * @returns {Steps}
 */
function stepsOf(entries) {
  /** @type {Steps["byAction"]} */
  const byAction = new Map();
  /** @type {Steps["rounds"]} */
  const rounds = new Map();
  let round = 0;
  let index = 0;
  for (const entry of entries) {
    if (entry.kind === "round") {
      round = entry.round;
      index = 0;
      rounds.set(round, { start: entry.v, end: null });
    } else if (entry.kind === "action") {
      byAction.set(`${round}/${index}`, entry.v);
      index += 1;
    } else if (entry.kind === "round-end") {
      const started = rounds.get(round);
      if (started) started.end = entry.v;
    }
  }
  return { byAction, rounds };
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
function number(value, digits = 1) {
  return new Intl.NumberFormat(i18n.language(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** @param {number} share */
function percent(share) {
  return new Intl.NumberFormat(i18n.language(), { style: "percent" }).format(share);
}

// An action in the analysis's notation ("9-4@0", "9-9", "draw", "pass") in words; `board`
// is the board before it (a play names the tile it went on).
/**
 * @param {string} text
 * @param {WirePlaced[] | undefined} board
 */
function actionText(text, board) {
  if (text === "draw" || text === "pass") return t(`analysis.action.${text}`);
  const [tile, on] = text.split("@");
  if (on === undefined) return tile;
  return t("analysis.action.on", { tile, target: board?.[Number(on)]?.tile ?? "?" });
}

// The candidate the played action counts as: the same action, else (Chicken Foot) the same
// tile on an end showing the same number, whose value is the best's less the loss.
/**
 * @param {Decision} decision
 * @returns {Candidate}
 */
function playedCandidate(decision) {
  const { candidates, played, loss } = decision;
  const exact = candidates.find((c) => c.action === played);
  if (exact) return exact;
  const tile = played.split("@")[0];
  const same = candidates.filter((c) => c.action.split("@")[0] === tile);
  const pool = same.length ? same : candidates;
  const wanted = candidates[0].knowledge.value - (loss ?? 0);
  return pool.reduce((a, b) =>
    Math.abs(b.knowledge.value - wanted) < Math.abs(a.knowledge.value - wanted) ? b : a,
  );
}

/**
 * @param {Decision} decision
 * @param {Candidate} candidate
 * @returns {Mark}
 */
function markOf(decision, candidate) {
  if (decision.loss === null) return "ungraded";
  if (decision.mark) return decision.mark;
  return candidate === decision.candidates[0] || decision.loss === 0 ? "best" : "good";
}

/** @param {Mark} mark */
function badge(mark) {
  return h("span", { class: `badge mark-${mark}`, "data-mark": mark }, t(`analysis.mark.${mark}`));
}

/** @param {number} range */
function niceStep(range) {
  const rough = range / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? 10 * power;
}

export class AnalysisPanel {
  /** @param {{go: (step: number) => void}} replay the replay's step to go to */
  constructor({ go }) {
    this.go = go;
    /** @type {Replay | null} */
    this.replay = null;
    /** @type {View[]} */
    this.views = [];
    /** @type {string | null} */
    this.record = null;
    /** @type {Analysis | null} */
    this.result = null;
    /** @type {Steps} */
    this.steps = { byAction: new Map(), rounds: new Map() };
    /** @type {Map<number, Decision>} */
    this.byStep = new Map();
    /** @type {number[]} */
    this.serious = [];
    this.width = 0;
    this.run = 0;
    this.at = 0;
    const asked = Number(new URLSearchParams(location.search).get("samples"));
    /** @type {HTMLSelectElement} */
    this.depth = $("#analysis-depth");
    if (Number.isInteger(asked) && asked > 0) {
      const option = h("option", { value: String(asked) }, String(asked));
      this.depth.append(option);
      this.depth.value = String(asked);
    }
    $("#analyse").addEventListener("click", () => this.start());
    $("#previous-mistake").addEventListener("click", () => this.jump(-1));
    $("#next-mistake").addEventListener("click", () => this.jump(1));
    const chart = $("#analysis-chart");
    chart.addEventListener("click", (event) => this.chartClick(event));
    let width = 0;
    new ResizeObserver(() => {
      if (chart.clientWidth !== width && this.result) this.drawChart();
      width = chart.clientWidth;
    }).observe(chart);
    this.translate();
  }

  // The depths to choose from, in the page's language.
  translate() {
    for (const option of this.depth.options) {
      const name = Object.keys(DEPTHS).find((k) => String(DEPTHS[k]) === option.value);
      option.textContent = name
        ? t("analysis.depth_option", { name: t(`analysis.depth.${name}`), n: option.value })
        : t("analysis.depth_samples", { n: option.value });
    }
  }

  // A record was loaded (its replay, its views and its text): any analysis before is gone.
  /**
   * @param {Replay} replay
   * @param {View[]} views
   * @param {string} record
   */
  load(replay, views, record) {
    this.run += 1;
    this.replay = replay;
    this.views = views;
    this.record = record;
    this.result = null;
    this.steps = stepsOf(replay.entries);
    $("#analysis").hidden = false;
    this.analyseButton().disabled = false;
    this.showProgress(null);
    this.error(null);
    this.draw();
  }

  /** @returns {HTMLButtonElement} */
  analyseButton() {
    return $("#analyse");
  }

  async start() {
    if (!this.record) return;
    const run = ++this.run;
    this.result = null;
    this.draw();
    this.error(null);
    this.analyseButton().disabled = true;
    this.showProgress({ done: 0, total: 0 });
    const lang = i18n.language();
    try {
      /** @type {Job} */
      let job = await postJSON(
        `/api/analysis?samples=${this.depth.value}&lang=${lang}`,
        this.record,
      );
      while (job.status === "running") {
        if (run !== this.run) return;
        this.showProgress(job);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (run !== this.run) return;
        job = await api(`/api/analysis/${encodeURIComponent(job.id)}?lang=${i18n.language()}`);
      }
      if (run !== this.run) return;
      if (job.status === "failed") throw new Error(job.error?.message ?? job.status);
      if (!job.analysis) job = await api(`/api/analysis/${encodeURIComponent(job.id)}`);
      this.showProgress(null);
      if (job.analysis) this.show(job.analysis);
    } catch (e) {
      if (run !== this.run) return;
      this.showProgress(null);
      this.error(e instanceof Error ? e.message : String(e));
    } finally {
      if (run === this.run) this.analyseButton().disabled = false;
    }
  }

  /** @param {{done: number, total: number} | null} job */
  showProgress(job) {
    const box = $("#analysis-running");
    box.hidden = !job;
    if (!job) return;
    /** @type {HTMLProgressElement} */
    const bar = $("#analysis-progress");
    bar.max = Math.max(1, job.total);
    bar.value = job.done;
    bar.dataset.done = String(job.done);
    bar.dataset.total = String(job.total);
    $("#analysis-status").textContent = job.total
      ? t("analysis.progress", { done: job.done, total: job.total })
      : t("analysis.waiting");
  }

  /** @param {string | null} text */
  error(text) {
    const box = $("#analysis-error");
    box.hidden = !text;
    box.textContent = text || "";
  }

  /** @param {Analysis} result */
  show(result) {
    this.result = result;
    this.byStep = new Map();
    for (const round of result.rounds) {
      for (const decision of round.decisions) {
        const step = this.steps.byAction.get(`${decision.round}/${decision.index}`);
        if (step !== undefined) this.byStep.set(step, decision);
      }
    }
    this.serious = [...this.byStep]
      .filter(([, d]) => SERIOUS.has(d.mark))
      .map(([step]) => step)
      .sort((a, b) => a - b);
    this.draw();
  }

  /** @param {number} direction */
  jump(direction) {
    const target =
      direction > 0
        ? this.serious.find((step) => step > this.at)
        : [...this.serious].reverse().find((step) => step < this.at);
    if (target !== undefined) this.go(target);
  }

  // Everything again (a new result, or another language).
  draw() {
    this.translate();
    const done = !!this.result;
    $("#analysis-done").hidden = !done;
    $("#accuracy-section").hidden = !done;
    $("#analysis").classList.toggle("analysed", done);
    if (!done) {
      $("#analysis-chart").replaceChildren();
      return;
    }
    const counts = { mistake: 0, blunder: 0 };
    for (const d of this.byStep.values()) {
      if (d.mark === "mistake" || d.mark === "blunder") counts[d.mark] += 1;
    }
    $("#analysis-counts").textContent = [
      tn("analysis.mistakes", counts.mistake),
      tn("analysis.blunders", counts.blunder),
    ].join(" · ");
    this.drawAccuracy();
    this.drawChart(); // and the move at the replay's step
  }

  // The replay is at `at`: the move there, the chart's cursor, the jumps.
  /** @param {number} at */
  update(at) {
    this.at = at;
    if (!this.result) return;
    $("#move-card").replaceChildren(...this.card(at).filter((el) => el !== null));
    $("#move-card").dataset.step = String(at);
    const decision = this.byStep.get(at);
    $("#move-card").dataset.mark = decision ? markOf(decision, playedCandidate(decision)) : "";
    /** @type {HTMLButtonElement} */ ($("#previous-mistake")).disabled = !this.serious.some(
      (step) => step < at,
    );
    /** @type {HTMLButtonElement} */ ($("#next-mistake")).disabled = !this.serious.some(
      (step) => step > at,
    );
    const cursor = document.querySelector("#analysis-chart .chart-cursor");
    if (cursor) {
      const x = String(this.x(at));
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    for (const mark of document.querySelectorAll("#analysis-chart .chart-mark")) {
      mark.classList.toggle("current", Number(mark.getAttribute("data-step")) === at);
    }
  }

  /**
   * @param {number} at
   * @returns {(HTMLElement | null)[]}
   */
  card(at) {
    const entry = at > 0 && this.replay ? this.replay.entries[at - 1] : null;
    if (!this.replay || !this.result || !entry || entry.kind !== "action")
      return [h("p", { class: "muted" }, t("analysis.no_move"))];
    const players = this.replay.players;
    const who = seatName(players, entry.seat);
    const decision = this.byStep.get(at);
    if (!decision) return [h("p", { class: "muted" }, t("analysis.forced", { who }))];
    const board = this.views[at - 1]?.board;
    const played = playedCandidate(decision);
    const mark = markOf(decision, played);
    const unit = this.result.unit;
    /** @param {number} value */
    const loss = (value) => t(`analysis.loss.${unit}`, { n: number(value) });
    const head = h(
      "p",
      { class: "move-head" },
      badge(mark),
      " ",
      h("span", { class: "who" }, who),
      decision.loss !== null && decision.loss > 0
        ? h("span", { class: "loss" }, t("analysis.loss", { loss: loss(decision.loss) }))
        : null,
    );
    if (decision.loss === null) {
      return [
        head,
        h("p", {}, `${t("analysis.played")}: ${actionText(decision.played, board)}`),
        h("p", { class: "muted" }, t("analysis.ungraded")),
      ];
    }
    const best = decision.candidates[0];
    const same = played === best;
    /**
     * @param {Candidate} candidate
     * @param {"knowledge" | "open"} kind
     */
    const cell = (candidate, kind) => {
      const found = candidate[kind];
      return h(
        "td",
        {},
        h("span", { class: "points" }, number(found.mean_points)),
        h("span", { class: "share" }, percent(found.win_share)),
      );
    };
    /**
     * @param {string} label
     * @param {string} action
     * @param {Record<string, string>} attrs
     */
    const column = (label, action, attrs) =>
      h(
        "th",
        attrs,
        h("span", { class: "label" }, label),
        h("span", { class: "action" }, actionText(action, board)),
      );
    const columns = same ? [played] : [played, best];
    const table = h(
      "table",
      { class: "move-evals" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}),
          column(same ? t("analysis.played_best") : t("analysis.played"), decision.played, {
            "data-played": decision.played,
          }),
          same ? null : column(t("analysis.best"), best.action, { "data-best": best.action }),
        ),
      ),
      h(
        "tbody",
        {},
        /** @type {("knowledge" | "open")[]} */ (["knowledge", "open"]).map((kind) =>
          h(
            "tr",
            { "data-kind": kind },
            h("th", {}, t(`analysis.${kind}`)),
            columns.map((c) => cell(c, kind)),
          ),
        ),
      ),
    );
    const game = valued(this.result.game);
    const openBest = decision.candidates.find((c) => c.action === decision.open_best);
    let open = null;
    if (decision.open_loss !== null && decision.open_loss > 0 && openBest) {
      open = t("analysis.open_best", {
        action: actionText(openBest.action, board),
        loss: loss(decision.open_loss),
      });
    } else if (decision.open_loss !== null) {
      open = t(same ? "analysis.open_agrees" : "analysis.open_played_best");
    }
    return [
      head,
      table,
      open ? h("p", { class: "open" }, open) : null,
      h("p", { class: "note" }, t(`analysis.legend.${game}`)),
    ];
  }

  // Each seat's accuracy: a row per seat, its match's accuracy, mistakes and blunders first,
  // then a column per round (its double in Chicken Foot, else its number).
  drawAccuracy() {
    const result = this.result;
    if (!result) return;
    const players = result.players;
    const summary = new Map(result.summary.map((row) => [row.seat, row]));
    /** @param {number | null | undefined} value */
    const shown = (value) => (value === null || value === undefined ? "–" : number(value, 0));
    /**
     * @param {string} mark
     * @param {string} text
     */
    const key = (mark, text) =>
      h(
        "th",
        { title: t(`analysis.${mark}s_column`), "aria-label": t(`analysis.${mark}s_column`) },
        h("span", { class: `key mark-${mark}` }, text),
      );
    $("#accuracy-table").replaceChildren(
      h(
        "table",
        { class: "scores accuracy" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("scores.player")),
            h("th", { class: "total" }, t("analysis.match")),
            key("mistake", ""),
            key("blunder", "✕"),
            result.rounds.map((r) =>
              h(
                "th",
                { class: "round", title: roundName(result.game, r.round) },
                r.double ?? String(r.round),
              ),
            ),
          ),
        ),
        h(
          "tbody",
          {},
          result.seats.map((seat) => {
            const row = summary.get(seat);
            return h(
              "tr",
              { "data-seat": seat },
              h(
                "th",
                { title: seatName(players, seat) },
                h("span", { class: `swatch seat-${seat % 8}` }),
                h("span", { class: "name" }, seatName(players, seat)),
              ),
              h("td", { class: "total" }, shown(row?.accuracy)),
              h("td", {}, String(row?.mistakes ?? "")),
              h("td", {}, String(row?.blunders ?? "")),
              result.rounds.map((r) => h("td", { class: "round" }, shown(r.accuracy[seat]))),
            );
          }),
        ),
      ),
    );
  }

  /** @param {number} step */
  x(step) {
    const { left, right } = CHART;
    const last = Math.max(1, this.views.length - 1);
    return left + (step / last) * (this.width - left - right);
  }

  drawChart() {
    const box = $("#analysis-chart");
    const result = this.result;
    if (!result) return;
    this.width = Math.max(240, box.clientWidth);
    const phone = window.matchMedia("(max-width: 760px)").matches;
    const height = phone ? CHART.phoneHeight : CHART.height;
    const { top, bottom, left } = CHART;
    /**
     * @typedef {[number, number]} Point a step and the value there
     * @typedef {{step: number, y: number, decision: Decision}} Marked
     * @type {{seat: number, parts: Point[][], ends: Point[], marks: Marked[]}[]}
     */
    const series = result.seats.map((seat) => ({ seat, parts: [], ends: [], marks: [] }));
    let most = 1;
    for (const round of result.rounds) {
      const where = this.steps.rounds.get(round.round);
      for (const line of series) {
        /** @type {Point[]} */
        const points = [];
        for (const d of round.decisions) {
          const step = this.steps.byAction.get(`${d.round}/${d.index}`);
          if (d.seat !== line.seat || d.expected_points === null || step === undefined) continue;
          points.push([step, d.expected_points]);
          if (SERIOUS.has(d.mark)) line.marks.push({ step, y: d.expected_points, decision: d });
        }
        if (round.points && where?.end) {
          points.push([where.end, round.points[line.seat]]);
          line.ends.push([where.end, round.points[line.seat]]);
        }
        for (const [, y] of points) most = Math.max(most, y);
        if (points.length) line.parts.push(points);
      }
    }
    const tick = niceStep(most);
    most = Math.ceil(most / tick) * tick;
    /** @param {number} value */
    const y = (value) => top + (1 - value / most) * (height - top - bottom);
    /** @param {number} step */
    const x = (step) => this.x(step);
    const grid = [];
    for (let value = 0; value <= most + 1e-9; value += tick) {
      grid.push(
        s("line", {
          class: "chart-grid",
          x1: left,
          x2: this.width - CHART.right,
          y1: y(value),
          y2: y(value),
        }),
        s(
          "text",
          { class: "chart-axis", x: left - 5, y: y(value) + 4, "text-anchor": "end" },
          number(value, 0),
        ),
      );
    }
    const rounds = [];
    for (const round of result.rounds) {
      const where = this.steps.rounds.get(round.round);
      if (!where) continue;
      const [x0, x1] = [x(where.start), x(where.end ?? this.views.length - 1)];
      rounds.push(
        s("line", { class: "chart-round", x1: x0, x2: x0, y1: top - 2, y2: height - bottom }),
      );
      const label = round.double ?? String(round.round);
      if (x1 - x0 > label.length * 7 + 4) {
        rounds.push(
          s(
            "text",
            { class: "chart-axis", x: (x0 + x1) / 2, y: top - 5, "text-anchor": "middle" },
            label,
          ),
        );
      }
    }
    const lines = series.map((line) =>
      s("path", {
        class: `chart-line seat-${line.seat % 8}`,
        "data-seat": line.seat,
        d: line.parts
          .map((part) =>
            part
              .map(([step, v], k) => `${k ? "L" : "M"}${x(step).toFixed(1)},${y(v).toFixed(1)}`)
              .join(""),
          )
          .join(""),
      }),
    );
    const ends = series.flatMap((line) =>
      line.ends.map(([step, v]) =>
        s("path", {
          class: `chart-end seat-${line.seat % 8}`,
          d: `M${x(step)},${y(v) - 4}l4,4l-4,4l-4,-4z`,
        }),
      ),
    );
    const players = result.players;
    const marks = series.flatMap((line) =>
      line.marks.map(({ step, y: v, decision }) => {
        const [cx, cy] = [x(step), y(v)];
        const label = t("analysis.mark_title", {
          round: roundName(result.game, decision.round),
          who: seatName(players, decision.seat),
          mark: t(`analysis.mark.${decision.mark}`),
          loss: t(`analysis.loss.${result.unit}`, { n: number(decision.loss ?? 0) }),
        });
        const shape =
          decision.mark === "blunder"
            ? s("path", { class: "shape", d: `M${cx - 4},${cy - 4}l8,8m0,-8l-8,8` })
            : s("circle", { class: "shape", cx, cy, r: 4 });
        /** @param {Event} event */
        const go = (event) => {
          event.stopPropagation();
          this.go(step);
        };
        return s(
          "g",
          {
            class: `chart-mark mark-${decision.mark}`,
            "data-step": step,
            "data-mark": decision.mark,
            tabindex: "0",
            role: "button",
            "aria-label": label,
            onclick: go,
            onkeydown: (/** @type {KeyboardEvent} */ event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                go(event);
              }
            },
          },
          s("title", {}, label),
          s("circle", { class: "hit", cx, cy, r: 9 }),
          shape,
        );
      }),
    );
    const cursor = s("line", {
      class: "chart-cursor",
      x1: x(this.at),
      x2: x(this.at),
      y1: top - 2,
      y2: height - bottom,
    });
    const title = t(`analysis.chart.${valued(result.game)}`);
    box.replaceChildren(
      s(
        "svg",
        {
          class: "chart-svg",
          width: this.width,
          height,
          viewBox: `0 0 ${this.width} ${height}`,
          role: "img",
          "aria-label": title,
        },
        grid,
        rounds,
        cursor,
        lines,
        ends,
        marks,
      ),
    );
    $("#analysis-chart-title").textContent = title;
    $("#analysis-legend").replaceChildren(
      ...result.seats.map((seat) => {
        const accuracy = result.summary.find((row) => row.seat === seat)?.accuracy;
        return h(
          "li",
          {},
          h("span", { class: `swatch seat-${seat % 8}` }),
          seatName(players, seat),
          accuracy === null || accuracy === undefined ? "" : ` ${number(accuracy, 0)}`,
        );
      }),
      h("li", {}, h("span", { class: "key mark-mistake" }), t("analysis.mark.mistake")),
      h("li", {}, h("span", { class: "key mark-blunder" }, "✕"), t("analysis.mark.blunder")),
      h(
        "li",
        {},
        h("span", { class: "key end" }),
        t(`analysis.end.${valued(result.game)}`),
      ),
    );
    this.update(this.at);
  }

  /** @param {MouseEvent} event */
  chartClick(event) {
    const svg = document.querySelector("#analysis-chart svg");
    if (!svg || !this.result) return;
    const box = svg.getBoundingClientRect();
    const { left, right } = CHART;
    const share = (event.clientX - box.left - left) / (box.width - left - right);
    const last = this.views.length - 1;
    this.go(Math.round(Math.max(0, Math.min(1, share)) * last));
  }
}
