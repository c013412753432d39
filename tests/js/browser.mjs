// What the page's modules need of a browser, for Node's test runner: an address, storage,
// the languages asked for, the page's catalogues served from static/i18n, and a document
// with no elements to translate.

import { readFile } from "node:fs/promises";

const STATIC = new URL("../../src/chickenfoot/server/static/", import.meta.url);

/**
 * Stand in for the browser; `search` is the page's query ("?lang=nb"), `languages` the
 * browser's, `stored` what localStorage holds, `answers` the server's JSON by path.
 * @param {{search?: string, languages?: string[], stored?: Record<string, string>,
 *   answers?: Record<string, unknown>}} [page]
 */
export function fakeBrowser({ search = "", languages = ["en-GB"], stored = {}, answers = {} } = {}) {
  const storage = new Map(Object.entries(stored));
  Object.assign(globalThis, {
    location: new URL(`http://localhost/table/x${search}`),
    localStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => storage.set(key, String(value)),
    },
    history: { replaceState: () => {} },
    document: { documentElement: { lang: "" }, querySelectorAll: () => [] },
    fetch: async (path) => {
      if (path in answers) return { ok: true, json: async () => answers[path] };
      const text = await readFile(new URL(path.replace(/^\/static\//, ""), STATIC), "utf8");
      return { json: async () => JSON.parse(text) };
    },
  });
  Object.defineProperty(globalThis, "navigator", {
    value: { languages },
    configurable: true,
  });
  return storage;
}

/** A catalogue of the page as the server serves it. */
export async function catalogue(code) {
  return JSON.parse(await readFile(new URL(`i18n/${code}.json`, STATIC), "utf8"));
}
