// @ts-check
// What the server says of its games (/api/meta), asked once a page and language and kept:
// whatever differs from one game to another is read here, by the game's name.

import { api } from "./dom.js";

/**
 * @typedef {object} Meta what /api/meta says of the server's games, in the page's language
 * @property {string[]} games
 * @property {{name: string, origin: string, summary: string}[]} presets
 * @property {{name: string, text: string}[]} levels
 * @property {string[]} lengths
 * @property {string[]} languages
 * @property {Record<string, [number, number]>} players each game's fewest and most players
 * @property {Record<string, {preset: boolean, length: boolean}>} choices what a table of each
 *   game chooses besides its seats: a preset, a match's length
 * @property {Record<string, Noun>} nouns what each game's matches are played in
 * @property {Record<string, LayoutKind>} layouts how each game's board is laid out
 * @typedef {"round" | "hand"} Noun
 * @typedef {"feet" | "line"} LayoutKind "feet": lines out from a centre double, a foot at
 *   each double played on them; "line": one line through the lead
 * @typedef {object} Kind what differs in one game
 * @property {Noun} noun
 * @property {LayoutKind} layout
 * @property {boolean} preset whether its tables choose a preset
 * @property {boolean} length whether its tables choose a match's length
 */

/** @type {Map<string, Promise<Meta>>} */
const asked = new Map();
/** @type {Meta | null} */
let known = null;

/**
 * The server's games, in language `lang` (asked of the server the first time only).
 * @param {string} lang
 * @returns {Promise<Meta>}
 */
export async function loadMeta(lang) {
  let answer = asked.get(lang);
  if (!answer) {
    answer = api(`/api/meta?lang=${encodeURIComponent(lang)}`);
    asked.set(lang, answer);
    answer.catch(() => asked.delete(lang));
  }
  known = await answer;
  return known;
}

/**
 * What differs in game `game`; the page has loaded the meta first (loadMeta).
 * @param {string} game
 * @returns {Kind}
 */
export function kindOf(game) {
  if (!known)
    throw new Error("chickenfoot: the games are asked of the server first");
  const choices = known.choices[game];
  if (!choices) throw new Error(`chickenfoot: the server has no game ${game}`);
  return { noun: known.nouns[game], layout: known.layouts[game], ...choices };
}
