"""The win test of trusted hands: the engine's own count lists, checked millions of
times in play and playouts, so no validation and as few steps as possible.

A suit's tiles are complete (all melds, or melds and the pair) only for a few
thousand of its count patterns; they are enumerated once into a dict from the
pattern (its 9 counts) to whether it holds the pair.  A hand then wins when
each suit's pattern is in the dict, the honors are triplets and at most one pair,
and exactly one pair is held overall — or as seven pairs.  Most hands fail at the
first look: a lone honor, or a suit pattern that is not in the dict.

:func:`game.engine.hands.is_win` is the validated public form of the same test, and
:func:`game.engine.hands.win_test` hands out the trusted one for any rules (wildcards
go through the shanten).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations_with_replacement

Counts = list[int] | bytes | bytearray
WinTest = Callable[[Counts], bool]

_RUNS = [tuple(1 if r <= i < r + 3 else 0 for i in range(9)) for r in range(7)]
_TRIPLETS = [tuple(3 if i == r else 0 for i in range(9)) for r in range(9)]
_PAIR_258 = (1, 4, 7)  # ranks 2, 5, 8 (0-based)


@lru_cache(maxsize=2)
def complete_suits(pair_258: bool) -> dict[tuple[int, ...], bool]:
    """Every complete pattern of one suit (up to four melds, with or without the pair,
    at most four copies of a rank) -> whether it holds the pair."""
    pair_ranks = _PAIR_258 if pair_258 else range(9)
    out: dict[tuple[int, ...], bool] = {}
    for melds in range(5):
        for chosen in combinations_with_replacement(_RUNS + _TRIPLETS, melds):
            counts = [sum(col) for col in zip(*chosen)] if chosen else [0] * 9
            if max(counts) > 4:
                continue
            out[tuple(counts)] = False
            for r in pair_ranks:
                if counts[r] <= 2:
                    counts[r] += 2
                    out[tuple(counts)] = True
                    counts[r] -= 2
    return out


@lru_cache(maxsize=16)
def plain_win_test(seven_pairs: bool, quads_as_two_pairs: bool, pair_258: bool) -> WinTest:
    """The win test of trusted 3n+2 count vectors (34 ints 0..4, a list or bytes) for
    rules without a wildcard."""
    suits = complete_suits(pair_258).get
    honor_pair = not pair_258

    def test(c: Counts) -> bool:
        z = c[27:]
        if 1 in z:
            return False
        if (seven_pairs and 1 not in c and 3 not in c and (quads_as_two_pairs or 4 not in c)
                and sum(c) == 14):
            return True
        if 4 in z:
            return False
        m = suits(tuple(c[0:9]))
        if m is None:
            return False
        p = suits(tuple(c[9:18]))
        if p is None:
            return False
        s = suits(tuple(c[18:27]))
        if s is None:
            return False
        pairs = z.count(2)
        if pairs and not honor_pair:
            return False
        return m + p + s + pairs == 1

    return test
