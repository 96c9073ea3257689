"""The wall: a seeded, version-independent shuffle; draws from the front, kong
replacements from the back."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import chain

_MASK = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def splitmix64(seed: int) -> Iterator[int]:
    """A small deterministic PRNG's endless 64-bit numbers (SplitMix64: the same on every
    Python version and platform)."""
    state = seed & _MASK
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        yield z ^ (z >> 31)


def _splitmix64_block(seed: int, count: int) -> list[int]:
    """The first `count` numbers of splitmix64(seed), worked out together (numpy's
    unsigned 64-bit arithmetic wraps as the generator's masks do)."""
    import numpy as np  # here: the first frame of the game loads no numpy

    state = np.uint64(seed & _MASK) + np.arange(1, count + 1, dtype=np.uint64) * np.uint64(_GAMMA)
    z = (state ^ (state >> np.uint64(30))) * np.uint64(_MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX2)
    return (z ^ (z >> np.uint64(31))).tolist()


def derive_seed(seed: int, *parts: int) -> int:
    """A new 63-bit seed mixed from a seed and some integers (e.g. hand number)."""
    for p in parts:
        seed = next(splitmix64(seed)) ^ (p & _MASK)
    return next(splitmix64(seed)) >> 1


def shuffled_wall(tile_kinds: Sequence[int], copies: int, seed: int,
                  extra: Sequence[int] = ()) -> list[int]:
    """All tiles of the set (and the `extra` tiles once each: 国标's flowers),
    Fisher-Yates shuffled by the seed (each swap's place drawn uniformly below i + 1 by
    rejection sampling: no modulo bias)."""
    tiles = [k for k in tile_kinds for _ in range(copies)]
    tiles += extra
    swaps = _swaps(len(tiles))
    # one number a swap, unless one is refused (about once in 2**57 walls): then on
    numbers = chain(_splitmix64_block(seed, len(swaps)),
                    splitmix64((seed + len(swaps) * _GAMMA) & _MASK))
    for i, below, limit in swaps:
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % below
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


@cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates steps of a wall of `size` tiles: each place i from the last down
    to 1, the count its partner is drawn below (i + 1) and the first number refused."""
    return tuple((i, i + 1, _MASK - _MASK % (i + 1)) for i in range(size - 1, 0, -1))


class Wall(deque[int]):
    """Remaining tiles: normal draws from the front, kong replacements from the back (a
    deque: drawing from either end and its length cost no Python call)."""

    __slots__ = ()

    draw = deque.popleft
    draw_back = deque.pop

    def copy(self) -> Wall:
        return Wall(self)
