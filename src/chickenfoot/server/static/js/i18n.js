// The catalogues: flat {"key": "text"} files with {name} placeholders, one per language.
// Plurals are keys ending in ".one" / ".other" (Intl.PluralRules picks).

export const LANGUAGES = ["en", "nb", "it", "nl", "sv"];
const STORED = "chickenfoot.lang";

let lang = "en";
let catalogue = {};
let english = {};
const listeners = [];

function chosen() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) {
    localStorage.setItem(STORED, asked);
    return asked;
  }
  const stored = localStorage.getItem(STORED);
  if (LANGUAGES.includes(stored)) return stored;
  for (const wanted of navigator.languages || []) {
    const code = wanted.toLowerCase().split("-")[0];
    if (LANGUAGES.includes(code)) return code;
    if (code === "no" || code === "nn") return "nb";
  }
  return "en";
}

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

export function onLanguage(listener) {
  listeners.push(listener);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
}

export function t(key, params = {}) {
  const text = catalogue[key] ?? english[key];
  if (text === undefined) {
    console.error(`chickenfoot: no text for "${key}"`);
    return key;
  }
  return fill(text, params);
}

export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(lang).select(n);
  const exact = `${key}.${form}`;
  const found = exact in catalogue || exact in english ? exact : `${key}.other`;
  return t(found, { n, ...params });
}

export function has(key) {
  return key in english;
}

// Elements name their text with data-i18n (text), data-i18n-title, data-i18n-label
// (aria-label) and data-i18n-placeholder.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

// The language switch: a <select> showing each language in its own words.
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
