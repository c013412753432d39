// @ts-check
// Signing up, in and out on the home page. The session is an HttpOnly cookie the page never
// reads: it asks the server who it is signed in as (/api/me).

import { $, api, postJSON } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";

/** @typedef {{name: string | null, signup: "open" | "closed"}} Me */

/** @type {Me} */
let me = { name: null, signup: "open" };
/** @type {(() => void)[]} */
const listeners = [];

/** The account's name, or null when nobody is signed in. */
export function signedInAs() {
  return me.name;
}

function render() {
  $("#sign-in").hidden = me.name !== null;
  $("#signed-in").hidden = me.name === null;
  $("#sign-up-button").hidden = me.signup !== "open";
  $("#signed-in-as").textContent = me.name === null ? "" : t("account.signed_in_as", { name: me.name });
  for (const listener of listeners) listener();
}

/** @param {string} text */
function showError(text) {
  const el = $("#account-error");
  el.textContent = text;
  el.hidden = !text;
}

/** @param {"signin" | "signup"} how */
async function send(how) {
  /** @type {HTMLInputElement} */
  const name = $("#account-name");
  /** @type {HTMLInputElement} */
  const password = $("#account-password");
  showError("");
  try {
    const answer = await postJSON(`/api/${how}?lang=${i18n.language()}`, {
      name: name.value,
      password: password.value,
    });
    me = { ...me, name: answer.name };
    password.value = "";
    render();
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
  }
}

async function signOut() {
  try {
    await postJSON(`/api/signout?lang=${i18n.language()}`, {});
    me = { ...me, name: null };
    render();
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Ask who this browser is, and wire the form; `onChange` is called whenever that changes.
 * @param {() => void} onChange
 */
export async function startAccount(onChange) {
  listeners.push(onChange);
  $("#sign-in").addEventListener("submit", (event) => {
    event.preventDefault();
    send("signin");
  });
  $("#sign-up-button").addEventListener("click", () => send("signup"));
  $("#sign-out").addEventListener("click", signOut);
  i18n.onLanguage(render);
  try {
    me = await api("/api/me");
  } catch {
    // nobody signed in, as far as the page can tell
  }
  render();
}
