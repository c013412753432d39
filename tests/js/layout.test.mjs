import assert from "node:assert/strict";
import { test } from "node:test";

import { UNIT, geometry, tree } from "../../src/chickenfoot/server/static/js/layout.js";

// A placed tile as the server sends it: `at` is where it lies (its near number, its line,
// the branch of a fork's lines it starts, whether it is a fork), which the engine decides.
const placed = (id, tile, on, at, open = []) => ({ id, tile, on, open, at });
const ids = (shown) => shown.map((s) => [s.id, s.near, s.far]);

// Chicken Foot: the 9-9 centre, a toe 9-4 then 4-4 (a foot with two toes, 4-1 and 4-2), and
// a second toe 9-7.
const FOOTED = [
  placed(0, "9-9", null, { near: 9, line: 0, fork: true }, [9, 9]),
  placed(1, "9-4", 0, { near: 9, line: 1 }),
  placed(2, "4-4", 1, { near: 4, line: 1, fork: true }),
  placed(3, "4-1", 2, { near: 4, line: 3 }, [1]),
  placed(4, "4-2", 2, { near: 4, line: 4, branch: 1 }, [2]),
  placed(5, "9-7", 0, { near: 9, line: 5, branch: 1 }, [7]),
];

test("an empty board has no lines", () => {
  const layout = tree([], null, "feet");
  assert.equal(layout.root, null);
  assert.equal(layout.centre, null);
  assert.equal(layout.middle, null);
});

test("Chicken Foot: the centre's toes are lines, and a double ending one is a foot of its own", () => {
  const layout = tree(FOOTED, null, "feet");
  const centre = layout.centre;
  assert.equal(centre.tile.id, 0);
  assert.equal(centre.lines.length, 2);
  const [first, second] = centre.lines;
  assert.deepEqual(ids(first.tiles), [[1, 9, 4]]);
  assert.equal(first.foot.tile.id, 2);
  assert.deepEqual(
    first.foot.lines.map((line) => ids(line.tiles)),
    [[[3, 4, 1]], [[4, 4, 2]]],
  );
  assert.deepEqual(ids(second.tiles), [[5, 9, 7]]);
  assert.equal(second.foot, null);
});

test("a foot waiting for toes says how many it needs", () => {
  const board = FOOTED.slice(0, 3);
  const layout = tree(board, { foot: { id: 2, number: 4, need: 3 } }, "feet");
  assert.equal(layout.centre.lines[0].foot.need, 3);
  assert.equal(layout.centre.need, 0);
  const { notes } = geometry(layout);
  assert.deepEqual(
    notes.map((note) => [note.foot.tile.id, note.foot.need]),
    [[2, 3]],
  );
});

test("a standard game: one line through the lead, each tile's near number towards it", () => {
  // The lead 6-3 keeps its 6 on the left: 3-1, laid against its 3, starts the line on its
  // right (branch 1); 6-6 then 6-2 run out on its left.
  const board = [
    placed(0, "6-3", null, { near: 6, line: 0, fork: true }),
    placed(1, "3-1", 0, { near: 3, line: 1, branch: 1 }, [1]),
    placed(2, "6-6", 0, { near: 6, line: 2 }),
    placed(3, "6-2", 2, { near: 6, line: 2 }, [2]),
  ];
  const layout = tree(board, null, "line");
  assert.deepEqual(ids(layout.left), [
    [2, 6, 6],
    [3, 6, 2],
  ]);
  assert.deepEqual(ids(layout.right), [[1, 3, 1]]);
  assert.deepEqual([layout.middle.near, layout.middle.far], [6, 3]);
  assert.equal(layout.spinner, null);
});

test("a line that starts on the lead's right is its right half, whichever came first", () => {
  const board = [
    placed(0, "6-3", null, { near: 6, line: 0, fork: true }),
    placed(1, "3-1", 0, { near: 3, line: 1, branch: 1 }, [1]),
  ];
  const layout = tree(board, null, "line");
  assert.deepEqual(layout.left, []);
  assert.deepEqual(ids(layout.right), [[1, 3, 1]]);
});

test("All Fives: the spinner's lines beyond the two of the line are its arms", () => {
  const board = [
    placed(0, "5-5", null, { near: 5, line: 0, fork: true }),
    placed(1, "5-0", 0, { near: 5, line: 1 }, [0]),
    placed(2, "5-1", 0, { near: 5, line: 2, branch: 1 }, [1]),
    placed(3, "5-2", 0, { near: 5, line: 3, branch: 2 }, [2]),
    placed(4, "5-3", 0, { near: 5, line: 4, branch: 3 }, [3]),
  ];
  const layout = tree(board, { spinner: 0 }, "line");
  assert.equal(layout.spinner.id, 0);
  assert.deepEqual(
    layout.arms.map((arm) => ids(arm.tiles)),
    [[[3, 5, 2]], [[4, 5, 3]]],
  );
});

test("a spinner played on the line keeps it going, and its arms start from it", () => {
  const board = [
    placed(0, "6-3", null, { near: 6, line: 0, fork: true }),
    placed(1, "6-6", 0, { near: 6, line: 1, fork: true }),
    placed(2, "6-2", 1, { near: 6, line: 1 }, [2]),
    placed(3, "6-4", 1, { near: 6, line: 3, branch: 2 }, [4]),
  ];
  const layout = tree(board, { spinner: 1 }, "line");
  assert.deepEqual(ids(layout.left), [
    [1, 6, 6],
    [2, 6, 2],
  ]);
  assert.equal(layout.spinner.id, 1);
  assert.deepEqual(
    layout.arms.map((arm) => ids(arm.tiles)),
    [[[3, 6, 4]]],
  );
});

test("every placed tile is drawn once, within the board's bounds", () => {
  const geo = geometry(tree(FOOTED, null, "feet"));
  assert.deepEqual(geo.tiles.map((t) => t.shown.id).sort(), [0, 1, 2, 3, 4, 5]);
  for (const t of geo.tiles) {
    const [w, h] = t.vertical ? [UNIT, 2 * UNIT] : [2 * UNIT, UNIT];
    assert.ok(t.x >= geo.bounds.x && t.x + w <= geo.bounds.x + geo.bounds.w);
    assert.ok(t.y >= geo.bounds.y && t.y + h <= geo.bounds.y + geo.bounds.h);
  }
  assert.equal(geo.links.length, 4);
});

test("the centre and every foot's double stand upright; the toes run out sideways", () => {
  const geo = geometry(tree(FOOTED, null, "feet"), 1.5);
  const byId = new Map(geo.tiles.map((t) => [t.shown.id, t]));
  assert.ok(byId.get(0).vertical && byId.get(2).vertical);
  assert.ok(!byId.get(1).vertical && !byId.get(5).vertical);
  assert.equal(geo.upright, false);
});

test("on a tall board Chicken Foot's lines run up and down instead", () => {
  const wide = geometry(tree(FOOTED, null, "feet"), 1.5);
  const tall = geometry(tree(FOOTED, null, "feet"), 0.5);
  assert.equal(tall.upright, true);
  const w = new Map(wide.tiles.map((t) => [t.shown.id, t]));
  for (const t of tall.tiles) {
    assert.deepEqual(
      [t.x, t.y, t.vertical],
      [w.get(t.shown.id).y, w.get(t.shown.id).x, !w.get(t.shown.id).vertical],
    );
  }
});

test("no two tiles of a long standard line overlap: it turns a corner", () => {
  const board = [placed(0, "6-6", null, { near: 6, line: 0, fork: true })];
  const numbers = [6, 5, 4, 3, 2, 1, 0, 7, 8, 9, 10, 11, 12];
  for (let k = 1; k < numbers.length; k++) {
    const [a, b] = [numbers[k - 1], numbers[k]];
    board.push(placed(k, `${Math.max(a, b)}-${Math.min(a, b)}`, k - 1, { near: a, line: 1 }));
  }
  const geo = geometry(tree(board, null, "line"), 1.5);
  const boxes = geo.tiles.map((t) => [
    t.x,
    t.y,
    t.x + (t.vertical ? UNIT : 2 * UNIT),
    t.y + (t.vertical ? 2 * UNIT : UNIT),
  ]);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
      assert.ok(!overlap, `tiles ${i} and ${j} overlap`);
    }
  assert.ok(geo.bounds.w < (numbers.length - 1) * 2 * UNIT, "the line turned a corner");
  assert.ok(new Set(geo.tiles.map((t) => t.y)).size > 2, "its rows lie one below another");
});
