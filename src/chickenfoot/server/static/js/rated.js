// @ts-check
// A rated table says so in its header, and offers no hint (the server refuses them until
// the match is over).

import { $, api } from "./dom.js";

/** @param {string} tableId */
export async function showRated(tableId) {
  try {
    const summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (!summary.rated) return;
  } catch {
    return;
  }
  $("#rated").hidden = false;
  $("#hint-button").hidden = true;
}
