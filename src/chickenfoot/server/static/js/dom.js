// @ts-check
const SVG = "http://www.w3.org/2000/svg";

/**
 * What h() and s() take: attributes (a function for "on..." names, an element's text for
 * "text"; null, undefined and false leave an attribute out, true sets it empty) and children
 * (nodes, texts, numbers, arrays of them; null, undefined and false are left out).
 * @typedef {Record<string, unknown> | null} Attrs
 * @typedef {Node | string | number | null | undefined | false} Leaf
 * @typedef {Leaf | Leaf[] | (Leaf | Leaf[])[]} Child
 */

/**
 * @template {Element} E
 * @param {E} el
 * @param {Attrs} attrs
 * @param {Child[]} children
 * @returns {E}
 */
function build(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on"))
      el.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else if (name === "text") el.textContent = String(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/**
 * An HTML element: h("a", {href: "/", class: "x"}, "text", child, ...).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs ?? null, children);
}

/**
 * An SVG element, the same way.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Child[]} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs ?? null, children);
}

/**
 * The element a page always has (an error when it has not): an HTMLElement, or the kind of
 * element the variable it is given to is declared to hold (an HTMLInputElement ...).
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {E}
 */
export function $(selector, root = document) {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`chickenfoot: the page has no ${selector}`);
  return /** @type {E} */ (found);
}

/** An error the server's API answered with: its message, and its code when it gave one. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {string | undefined} code
   */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/**
 * The server's JSON answer (an ApiError when it refuses).
 * @param {string} path
 * @param {RequestInit} [options]
 * @returns {Promise<any>}
 */
export async function api(path, options = {}) {
  const response = await fetch(path, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(data?.message || response.statusText, data?.code);
  return data;
}

/**
 * @param {string} path
 * @param {unknown} body JSON text, or a value to send as JSON
 * @returns {Promise<any>}
 */
export function postJSON(path, body) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * Short-lived notes in a corner (draws, passes, refusals): `text` may be an element.
 * @param {string | Node} text
 * @param {string} [kind] "info" or "error"
 * @param {number | null} [shownMs]
 */
export function toast(text, kind = "info", shownMs = null) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const note = h("div", { class: `toast ${kind}` }, text);
  box.append(note);
  while (box.children.length > 4) box.children[0].remove();
  setTimeout(() => note.remove(), shownMs ?? (kind === "error" ? 5000 : 3000));
}

/** @param {HTMLInputElement} input */
export async function copyField(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy");
  }
}
