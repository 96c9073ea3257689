"""The winning shapes 国标 adds to four sets and a pair and seven pairs: 十三幺
(thirteen orphans), 全不靠 / 七星不靠 (honors and knitted tiles) and 组合龙 (a knitted
straight with one set and a pair)."""
from __future__ import annotations

from itertools import permutations

from .win_test import Counts, WinTest

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# the six knitted straights: 147 of one suit, 258 of another, 369 of the third
KNITTED = tuple(tuple(9 * suit + rank for suit, start in zip(order, (0, 1, 2))
                      for rank in range(start, 9, 3))
                for order in permutations(range(3)))


def _orphans(c: Counts) -> bool:
    return all(c[k] for k in ORPHANS) and sum(c[k] for k in ORPHANS) == 14


def _honors_and_knitted(c: Counts) -> bool:
    """Fourteen different tiles: honors and tiles of one knitted straight."""
    if max(c) > 1:
        return False
    return any(sum(c[k] for k in straight) + sum(c[27:]) == 14 for straight in KNITTED)


def _knitted_straight(c: Counts, plain: WinTest) -> bool:
    """The nine tiles of a knitted straight, the rest a set (perhaps melded) and a pair."""
    for straight in KNITTED:
        if all(c[k] for k in straight):
            rest = list(c)
            for k in straight:
                rest[k] -= 1
            return plain(rest)
    return False


def guobiao_win_test(plain: WinTest) -> WinTest:
    """`plain` (sets and a pair, seven pairs) with 国标's special shapes added."""

    def test(c: Counts) -> bool:
        if plain(c):
            return True
        total = sum(c)
        if total == 14 and (_orphans(c) or _honors_and_knitted(c)):
            return True
        return total in (11, 14) and _knitted_straight(c, plain)

    return test
