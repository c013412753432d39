"""Every deal shuffles with :func:`chickenfoot.core.pieces.shuffle`: the very order, and the
very draws from the generator, that ``Random.shuffle`` gives (records of earlier versions
deal the same)."""

from __future__ import annotations

from random import Random

import pytest

from chickenfoot.core.pieces import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 28, 55, 91, 136, 190, 1025, 2000])
def test_the_shuffle_is_randoms_own(size: int) -> None:
    for seed in range(50):
        expected, items = list(range(size)), list(range(size))
        theirs, ours = Random(seed), Random(seed)
        theirs.shuffle(expected)
        shuffle(items, ours)
        assert items == expected
        assert ours.random() == theirs.random()  # as many draws taken
