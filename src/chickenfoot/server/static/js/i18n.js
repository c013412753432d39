// @ts-check
// The catalogues: flat {"key": "text"} files with {name} placeholders, one per language.
// Plurals are keys ending in ".one" / ".other" (Intl.PluralRules picks).

export const LANGUAGES = ["en", "nb", "it", "nl", "sv"];
const STORED = "chickenfoot.lang";

/** @typedef {Record<string, string>} Catalogue */
/** @typedef {Record<string, string | number>} Params */

let lang = "en";
/** @type {Catalogue} */
let catalogue = {};
/** @type {Catalogue} */
let english = {};
/** @type {((code: string) => void)[]} */
const listeners = [];

/** @param {string | null} code */
const known = (code) => code !== null && LANGUAGES.includes(code);

function chosen() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked !== null && known(asked)) {
    localStorage.setItem(STORED, asked);
    return asked;
  }
  const stored = localStorage.getItem(STORED);
  if (stored !== null && known(stored)) return stored;
  for (const wanted of navigator.languages || []) {
    const code = wanted.toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
    if (code === "no" || code === "nn") return "nb";
  }
  return "en";
}

/**
 * @param {string} code
 * @returns {Promise<Catalogue>}
 */
async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  return response.json();
}

export function language() {
  return lang;
}

export async function start() {
  english = await load("en");
  await setLanguage(chosen(), false);
}

/**
 * @param {string} code
 * @param {boolean} [remember] kept for the next visit, and in the address if it has one
 */
export async function setLanguage(code, remember = true) {
  catalogue = code === "en" ? english : await load(code);
  lang = code;
  if (remember) {
    localStorage.setItem(STORED, code);
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.set("lang", code);
      history.replaceState(null, "", url);
    }
  }
  document.documentElement.lang = code;
  translatePage();
  for (const listener of listeners) listener(code);
}

/** @param {(code: string) => void} listener */
export function onLanguage(listener) {
  listeners.push(listener);
}

/**
 * @param {string} text
 * @param {Params} params
 */
export function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (all, /** @type {string} */ name) =>
    name in params ? String(params[name]) : all,
  );
}

/**
 * The text of `key` in the page's language (English where it has none), placeholders filled.
 * @param {string} key
 * @param {Params} [params]
 */
export function t(key, params = {}) {
  const text = catalogue[key] ?? english[key];
  if (text === undefined) {
    console.error(`chickenfoot: no text for "${key}"`);
    return key;
  }
  return fill(text, params);
}

/**
 * The text of `key` for the count `n`: `key.one`, `key.other` ... as the language's plural
 * rules pick (`key.other` where the catalogue lacks the form).
 * @param {string} key
 * @param {number} n
 * @param {Params} [params]
 */
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(lang).select(n);
  const exact = `${key}.${form}`;
  const found = exact in catalogue || exact in english ? exact : `${key}.other`;
  return t(found, { n, ...params });
}

/** @param {string} key */
export function has(key) {
  return key in english;
}

// Elements name their text with data-i18n (text), data-i18n-title, data-i18n-label
// (aria-label) and data-i18n-placeholder.
/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    const html = /** @type {HTMLElement} */ (el);
    html.title = t(html.dataset.i18nTitle ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(/** @type {HTMLElement} */ (el).dataset.i18nLabel ?? ""));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    const input = /** @type {HTMLInputElement} */ (el);
    input.placeholder = t(input.dataset.i18nPlaceholder ?? "");
  }
}

// The language switch: a <select> showing each language in its own words.
/** @param {HTMLSelectElement} select */
export function languageSwitch(select) {
  select.replaceChildren(
    ...LANGUAGES.map((code) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = t(`language.${code}`);
      return option;
    }),
  );
  select.value = lang;
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguage((code) => {
    select.value = code;
  });
}
