// @ts-check
// A move the rules do not allow, said with the rule behind it. The page never works out why
// itself: it asks the server (the socket's `why`, answered from the seat's view by the same
// code the terminal uses), or, for an action the server refused, reads the refusal's rule
// from /api/refusal; the note links to that section of the Rules page.

import { api, h, toast } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

const SHOWN_MS = 9000;

/**
 * @typedef {{code: string, params: Record<string, string | number>}} Refusal an engine's
 *   message: its code and the values of its placeholders
 * @typedef {{text: string | null, section: string | null, title: string | null}} Told a
 *   refusal as the server says it: its words, and its rule's section and title (if any)
 */

// Say a refusal (`text`: the words the server sent already, if any) with a link to its rule.
/**
 * @param {Refusal} refusal
 * @param {string} tableId
 * @param {string | null} [text]
 */
export async function explain({ code, params }, tableId, text = null) {
  const asked = new URLSearchParams({ lang: i18n.language(), code });
  for (const [name, value] of Object.entries(params))
    asked.set(name, String(value));
  /** @type {Told} */
  let said = { text, section: null, title: null };
  try {
    said = await api(`/api/refusal?${asked}`);
  } catch {
    // said as it is, without the rule
  }
  say({ ...said, text: text || said.text || code }, tableId);
}

// Show what the server said of a refused move, with a link to its rule when one explains it.
/**
 * @param {Told} told
 * @param {string} tableId
 */
export function say({ text, section, title }, tableId) {
  const spoken = text || "";
  const words = spoken && spoken[0].toUpperCase() + spoken.slice(1);
  if (!section) {
    toast(words, "error");
    return;
  }
  const link = h(
    "a",
    {
      href: `/rules?table=${encodeURIComponent(tableId)}#${section}`,
      target: "_blank",
      "data-rule": section,
    },
    t("rules.see", { section: title ?? "" }),
  );
  toast(h("span", {}, `${words}. `, link), "error", SHOWN_MS);
}
