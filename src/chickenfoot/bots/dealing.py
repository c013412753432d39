"""The inner loops of sampling hidden hands (:func:`chickenfoot.bots.knowledge.sample_hands`),
on tile indices and bit masks only, so that mypyc can compile them (setup.py). Each random
choice takes one ``rng.random()``, so plain Python and the compiled module give the same
samples for the same stream.
"""

from __future__ import annotations

from random import Random


def shuffle(items: list[int], rng: Random) -> None:
    """Put ``items`` in a uniformly random order, in place (Fisher-Yates). Not
    :func:`chickenfoot.core.pieces.shuffle`, which must draw as ``rng.shuffle`` does so that
    deals replay: one ``rng.random()`` a step, compiled, takes under half its time, and
    sampling shuffles at every sample."""
    random = rng.random
    i = len(items) - 1
    while i > 0:
        j = int(random() * (i + 1))
        items[i], items[j] = items[j], items[i]
        i -= 1


def fill(forbidden: list[int], counts: list[int], pool: list[int]) -> tuple[list[int], int] | None:
    """Each group's tiles: the first ``counts[g]`` in ``pool``'s order neither taken by an
    earlier group nor in ``forbidden[g]``; with the mask of every tile taken. None if a group
    runs short."""
    taken = 0
    masks: list[int] = []
    for g in range(len(counts)):
        blocked = forbidden[g]
        need = counts[g]
        mask = 0
        for i in pool:
            if need == 0:
                break
            bit = 1 << i
            if not (taken | blocked) & bit:
                mask |= bit
                taken |= bit
                need -= 1
        if need:
            return None
        masks.append(mask)
    return masks, taken


def even_out(
    forbidden: list[int], masks: list[int], boneyard: list[int], rng: Random, steps: int
) -> list[int]:
    """``masks`` (and ``boneyard``, in place) after ``steps`` tries at exchanging two random
    tiles held in different places (a group, or the boneyard), each kept only if neither
    lands where it is forbidden: a symmetric random walk, whose every consistent deal is
    equally likely in the long run. The boneyard is shuffled afterwards."""
    size = max([0] + [m.bit_length() for m in masks] + [i + 1 for i in boneyard])
    where = [-1] * size
    tiles: list[int] = list(boneyard)
    for g in range(len(masks)):
        mask = masks[g]
        while mask:
            low = mask & -mask
            mask ^= low
            i = low.bit_length() - 1
            tiles.append(i)
            where[i] = g
    count = len(tiles)
    pairs = count * count
    random = rng.random
    for _ in range(steps):
        x = int(random() * pairs)
        a = tiles[x // count]
        b = tiles[x % count]
        ga = where[a]
        gb = where[b]
        if ga == gb:
            continue
        if ga >= 0 and forbidden[ga] >> b & 1:
            continue
        if gb >= 0 and forbidden[gb] >> a & 1:
            continue
        where[a] = gb
        where[b] = ga
    out = [0] * len(masks)
    boneyard.clear()
    for i in tiles:
        g = where[i]
        if g >= 0:
            out[g] |= 1 << i
        else:
            boneyard.append(i)
    shuffle(boneyard, rng)
    return out
