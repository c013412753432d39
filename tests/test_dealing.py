"""The sampling loops (chickenfoot.bots.dealing), as installed (compiled where a C compiler is
at hand) and as plain Python: the same samples from the same random stream, every tile once,
none where it is forbidden."""

from __future__ import annotations

from collections import Counter
from random import Random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots import dealing
from tests.compiled import as_plain_python
from tests.helpers import examples

DEALINGS = {"installed": dealing, "plain-python": as_plain_python(dealing)}
both = pytest.mark.parametrize("module", DEALINGS.values(), ids=list(DEALINGS))


@both
def test_shuffle_gives_every_order_equally_often(module: ModuleType) -> None:
    rng = Random(3)
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        module.shuffle(items, rng)
        orders[tuple(items)] += 1
    assert len(orders) == 6
    assert all(abs(n / 6000 - 1 / 6) < 0.02 for n in orders.values()), orders


@both
def test_fill_takes_the_first_allowed_tiles_in_the_pools_order(module: ModuleType) -> None:
    # group 0 may not hold tile 5, group 1 may not hold tiles 2 or 7
    forbidden = [1 << 5, 1 << 2 | 1 << 7]
    assert module.fill(forbidden, [2, 2], [5, 2, 7, 9, 4]) == (
        [1 << 2 | 1 << 7, 1 << 5 | 1 << 9],
        1 << 2 | 1 << 7 | 1 << 5 | 1 << 9,
    )
    assert module.fill(forbidden, [2, 4], [5, 2, 7, 9, 4]) is None


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.integers(0, 6))
def test_evening_out_keeps_sizes_and_voids_and_both_paths_agree(
    seed: int, groups: int, steps_per_tile: int
) -> None:
    rng = Random(seed)
    tiles = rng.sample(range(91), rng.randint(groups, 40))
    rng.shuffle(tiles)
    forbidden = [
        sum(1 << t for t in tiles if rng.random() < 0.3) if g % 2 else 0 for g in range(groups)
    ]
    counts = [0] * groups
    masks = [0] * groups
    boneyard = []
    for t in tiles:  # a start that fits: each tile to a random place that allows it
        places = [g for g in range(groups) if not forbidden[g] >> t & 1] + [-1]
        g = rng.choice(places)
        if g < 0:
            boneyard.append(t)
        else:
            masks[g] |= 1 << t
            counts[g] += 1
    results = []
    for module in DEALINGS.values():
        walk = Random(seed + 1)
        left = list(boneyard)
        out = module.even_out(forbidden, list(masks), left, walk, steps_per_tile * len(tiles))
        assert [m.bit_count() for m in out] == counts
        assert len(left) == len(boneyard)
        assert sorted([t for m in out for t in tiles if m >> t & 1] + left) == sorted(tiles)
        assert all(not m & f for m, f in zip(out, forbidden, strict=True))
        results.append((out, left, walk.random()))
    assert results[0] == results[1]
