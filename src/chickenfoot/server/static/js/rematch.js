// @ts-check
// The rematch of a finished match: each person accepts on their page; once all have, every
// page moves to the new table, a person's with the token of their seat there (given in a
// frame, kept in this browser: never in an address).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { storeToken } from "./tables.js";

/** @typedef {import("./types/protocol").RematchFrame} RematchFrame */

export class Rematch {
  /**
   * @param {HTMLElement} root
   * @param {() => void} ask sends the page's acceptance
   * @param {(url: string) => void} [go] opens the new table's page
   */
  constructor(root, ask, go = (url) => location.assign(url)) {
    this.root = root;
    this.go = go;
    /** @type {number[]} */
    this.accepted = [];
    this.button = h("button", {
      type: "button",
      class: "primary",
      "data-rematch": true,
      onclick: () => {
        this.button.disabled = true;
        ask();
      },
    });
    this.status = h("p", { class: "note", role: "status" });
    root.replaceChildren(this.button, this.status);
    root.hidden = true;
  }

  /**
   * @param {RematchFrame} frame
   * @param {number | null} viewer this page's seat (null: a spectator, who follows along)
   */
  heard(frame, viewer) {
    this.accepted = frame.accepted;
    if (!frame.table) return;
    if (viewer !== null && frame.token)
      storeToken(frame.table, viewer, frame.token);
    this.go(`/table/${encodeURIComponent(frame.table)}`);
  }

  /**
   * @param {boolean} over the match is over
   * @param {number | null} viewer
   * @param {number} persons how many seats people play
   */
  update(over, viewer, persons) {
    this.root.hidden = !over || (viewer === null && this.accepted.length === 0);
    const mine = viewer !== null && this.accepted.includes(viewer);
    this.button.hidden = viewer === null;
    this.button.disabled = mine;
    this.button.textContent = t("rematch.button");
    const n = this.accepted.length;
    this.status.textContent = mine
      ? `${t("rematch.waiting")} (${n}/${persons})`
      : n
        ? t("rematch.accepted", { n, total: persons })
        : "";
  }
}
