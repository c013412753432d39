// Made by scripts/protocol_types.mjs from docs/analysis.schema.json: do not edit;
// run `npm run types` after the schema changes.

/**
 * The analysis of one record (docs/ANALYSIS.md).
 */
export interface ChickenfootAnalyseJsonTheAnalysisOfAGameRecord {
  format: "chickenfoot-analysis/1";
  game: string;
  players: string[];
  preset: string;
  rounds: RoundAnalysis[];
  /**
   * The seats analysed.
   *
   * Items: A seat, 0 first.
   */
  seats: number[];
  settings: SettingsJson;
  /**
   * Each analysed seat, in seat order.
   */
  summary: SeatSummary[];
  thresholds: Thresholds;
  /**
   * Of values and losses: percent (percentage points of a round won, Chicken Foot) or points (points of margin in the hand, the standard games).
   */
  unit: "percent" | "points";
}
/**
 * One round (hand) and its decisions.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "RoundAnalysis".
 */
export interface RoundAnalysis {
  /**
   * Each seat's mean accuracy in it (null: no decision of the seat analysed).
   */
  accuracy: (number | null)[];
  /**
   * Actions in it.
   */
  actions: number;
  decisions: Decision[];
  /**
   * Chicken Foot: the round's double; null in the standard games.
   */
  double: string | null;
  /**
   * How it ended; null: still in play where the record stops.
   */
  end: ("blocked" | "out") | null;
  /**
   * The seat that took the first turn.
   */
  first: number;
  /**
   * Every seat's points in it, as in the record (null: in play).
   */
  points: number[] | null;
  /**
   * 1 first.
   */
  round: number;
}
/**
 * One decision: a turn at which the seat had more than one distinct choice.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "Decision".
 */
export interface Decision {
  /**
   * 100 * 2^(-loss / the mistake threshold) (null: not graded).
   */
  accuracy: number | null;
  /**
   * The best candidate from the seat's knowledge (null: not graded, see loss).
   */
  best: string | null;
  /**
   * Best first from the seat's knowledge (ties in the legal order).
   */
  candidates: Candidate[];
  /**
   * The played action's mean points, from the seat's knowledge.
   */
  expected_points: number | null;
  /**
   * The action's index in the record's rounds[round - 1].actions.
   */
  index: number;
  /**
   * The best candidate's value less the played one's, from the seat's knowledge. null: not graded, the search found no sample of the hidden tiles consistent with what the seat saw (it happens in a few positions of the standard games).
   */
  loss: number | null;
  /**
   * By the loss against the thresholds (null: below them all).
   */
  mark: ("blunder" | "inaccuracy" | "mistake") | null;
  /**
   * The best candidate with every hand open.
   */
  open_best: string | null;
  /**
   * The best candidate's value less the played one's, every hand open.
   */
  open_loss: number | null;
  /**
   * The action taken: a candidate, or one with the same outcome (in Chicken Foot another end showing the same number).
   */
  played: string;
  /**
   * The round (hand), 1 first.
   */
  round: number;
  /**
   * A seat, 0 first.
   */
  seat: number;
}
/**
 * One of the seat's distinct choices, as each search saw it.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "Candidate".
 */
export interface Candidate {
  /**
   * An action in the notation of `play --plain`: 9-4@0 (9-4 on the tile with id 0), 9-9 (placed or led on nothing), draw, pass.
   */
  action: string;
  knowledge: Evaluation;
  open: Evaluation1;
}
/**
 * From the seat's knowledge alone.
 */
export interface Evaluation {
  /**
   * Chicken Foot: the penalty points the seat keeps at the round's end; the standard games: the points the seat's side scores in the hand (means over the samples).
   */
  mean_points: number;
  /**
   * Samples searched.
   */
  samples: number;
  /**
   * The search's value of the action in the analysis's unit: higher is better.
   */
  value: number;
  /**
   * The share of the sampled rounds (hands) the seat (its side) went on to win, ties shared.
   */
  win_share: number;
}
/**
 * With every hand open; only the boneyard's order unknown.
 */
export interface Evaluation1 {
  /**
   * Chicken Foot: the penalty points the seat keeps at the round's end; the standard games: the points the seat's side scores in the hand (means over the samples).
   */
  mean_points: number;
  /**
   * Samples searched.
   */
  samples: number;
  /**
   * The search's value of the action in the analysis's unit: higher is better.
   */
  value: number;
  /**
   * The share of the sampled rounds (hands) the seat (its side) went on to win, ties shared.
   */
  win_share: number;
}
/**
 * How the decisions were searched.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "SettingsJson".
 */
export interface SettingsJson {
  /**
   * Milliseconds per decision at most (null: no limit).
   */
  millis: number | null;
  /**
   * Chicken Foot: a round won is worth this many times 100 penalty points.
   */
  point_weight: number;
  /**
   * Samples of each search of a decision at most.
   */
  samples: number;
  /**
   * The seed of every search.
   */
  seed: number;
}
/**
 * One analysed seat over the whole record.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "SeatSummary".
 */
export interface SeatSummary {
  /**
   * The mean accuracy of its decisions (null: none analysed).
   */
  accuracy: number | null;
  blunders: number;
  /**
   * Decisions analysed.
   */
  decisions: number;
  inaccuracies: number;
  /**
   * The mean loss of its decisions.
   */
  mean_loss: number | null;
  mistakes: number;
  /**
   * The mean loss, every hand open.
   */
  open_mean_loss: number | null;
  player: string;
  /**
   * A seat, 0 first.
   */
  seat: number;
  /**
   * Decisions among them without a sample from the seat's knowledge.
   */
  ungraded: number;
}
/**
 * The losses from which a decision is marked.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "Thresholds".
 */
export interface Thresholds {
  blunder: number;
  inaccuracy: number;
  mistake: number;
}
/**
 * The analysis of one record (docs/ANALYSIS.md).
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "Analysis".
 */
export interface Analysis {
  format: "chickenfoot-analysis/1";
  game: string;
  players: string[];
  preset: string;
  rounds: RoundAnalysis[];
  /**
   * The seats analysed.
   *
   * Items: A seat, 0 first.
   */
  seats: number[];
  settings: SettingsJson;
  /**
   * Each analysed seat, in seat order.
   */
  summary: SeatSummary[];
  thresholds: Thresholds;
  /**
   * Of values and losses: percent (percentage points of a round won, Chicken Foot) or points (points of margin in the hand, the standard games).
   */
  unit: "percent" | "points";
}
/**
 * What one search found for one candidate.
 *
 * This interface was referenced by `ChickenfootAnalyseJsonTheAnalysisOfAGameRecord`'s JSON-Schema
 * via the `definition` "Evaluation".
 */
export interface Evaluation2 {
  /**
   * Chicken Foot: the penalty points the seat keeps at the round's end; the standard games: the points the seat's side scores in the hand (means over the samples).
   */
  mean_points: number;
  /**
   * Samples searched.
   */
  samples: number;
  /**
   * The search's value of the action in the analysis's unit: higher is better.
   */
  value: number;
  /**
   * The share of the sampled rounds (hands) the seat (its side) went on to win, ties shared.
   */
  win_share: number;
}
