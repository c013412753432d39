const SVG = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "text") el.textContent = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// An HTML element: h("a", {href: "/", class: "x"}, "text", child, ...).
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// An SVG element, the same way.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export async function api(path, options = {}) {
  const response = await fetch(path, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(data?.message || response.statusText);
    error.code = data?.code;
    throw error;
  }
  return data;
}

export function postJSON(path, body) {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

// Short-lived notes in a corner (draws, passes, refusals): `text` may be an element.
export function toast(text, kind = "info", shownMs = null) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const note = h("div", { class: `toast ${kind}` }, text);
  box.append(note);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => note.remove(), shownMs ?? (kind === "error" ? 5000 : 3000));
}

export async function copyField(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy");
  }
}
