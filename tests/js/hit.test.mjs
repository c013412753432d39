import assert from "node:assert/strict";
import { test } from "node:test";

import { hitArea } from "../../src/chickenfoot/server/static/js/hit.js";

const points = (area) => area.map((p) => p.split(",").map(Number));
const span = (area) => {
  const xs = points(area).map(([x]) => x);
  const ys = points(area).map(([, y]) => y);
  return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
};
const nearer = ([x, y], at, other) =>
  Math.hypot(x - at[0], y - at[1]) <=
  Math.hypot(x - other[0], y - other[1]) + 1e-9;

test("a place alone is a disc of the least radius", () => {
  const [w, h] = span(hitArea([0, 0], [[0, 0]], 20, 40));
  assert.ok(w >= 40 && h >= 40 && w < 40.5 && h < 40.5, `${w} x ${h}`);
});

test("places far apart are not cut", () => {
  const places = [
    [0, 0],
    [200, 0],
  ];
  const [w] = span(hitArea([0, 0], places, 20, 40));
  assert.ok(w >= 40 && w < 40.5, String(w));
});

test("two close places never cover each other, and each still spans the least width", () => {
  const places = [
    [0, 0],
    [26, 0],
  ];
  for (const [i, at] of places.entries()) {
    const other = places[1 - i];
    const area = hitArea(at, places, 20, 40);
    assert.ok(
      points(area).every((p) => nearer(p, at, other)),
      "an area reaches past the middle",
    );
    const [w, h] = span(area);
    assert.ok(w >= 40 - 1e-6 && h >= 40 - 1e-6, `${w} x ${h}`);
  }
});

test("zoomed in, the least radius is the tile's own", () => {
  const [w] = span(hitArea([0, 0], [[0, 0]], 27, 10));
  assert.ok(w >= 54 && w < 54.5, String(w));
});
