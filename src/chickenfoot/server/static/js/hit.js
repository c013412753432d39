// @ts-check
// Where a tap on the board chooses a place to play on.

const SIDES = 32;

/**
 * Where a tap chooses the place at `at`: a disc of radius `r` at least, cut where another
 * place is nearer (so no place's area covers another's), widened up to `most` so that a place
 * cut by a close neighbour still spans `most` across.
 * @param {number[]} at
 * @param {number[][]} places every place offered, `at` among them
 * @param {number} r
 * @param {number} most
 * @returns {string[]} the polygon's points, "x,y"
 */
export function hitArea(at, places, r, most) {
  const [x, y] = at;
  const others = places.filter(([ox, oy]) => ox !== x || oy !== y);
  const nearest = Math.min(
    ...others.map(([ox, oy]) => Math.hypot(ox - x, oy - y)),
  );
  const radius = Math.min(Math.max(r, most - nearest / 2), Math.max(r, most));
  const round = radius / Math.cos(Math.PI / SIDES); // the polygon holds the whole disc
  /** @type {number[][]} */
  let area = Array.from({ length: SIDES }, (_, i) => {
    const a = (i / SIDES) * 2 * Math.PI;
    return [x + round * Math.cos(a), y + round * Math.sin(a)];
  });
  for (const [ox, oy] of others) {
    // Keep the side of the perpendicular bisector of (at, other) that holds `at`.
    const [nx, ny, mx, my] = [ox - x, oy - y, (ox + x) / 2, (oy + y) / 2];
    const side = (/** @type {number[]} */ [px, py]) =>
      (px - mx) * nx + (py - my) * ny;
    /** @type {number[][]} */
    const kept = [];
    area.forEach((p, i) => {
      const q = area[(i + 1) % area.length];
      const [sp, sq] = [side(p), side(q)];
      if (sp <= 0) kept.push(p);
      if (sp <= 0 !== sq <= 0) {
        const t = sp / (sp - sq);
        kept.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    });
    area = kept;
  }
  return area.map(([px, py]) => `${px},${py}`);
}
