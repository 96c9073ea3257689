"""Shanten of a concealed hand toward 国标's extra shapes (gb_shapes.py): 十三幺, 全不靠 /
七星不靠 and 组合龙. Each shape is a choice among fixed tile sets (its targets), so the
shanten toward it is the fewest tiles any target lacks, less one. The shapes need a
concealed hand of 13 or 14 tiles (组合龙: 10 or 11 with one meld beside it); hands of
other sizes are never near one (NO_SHAPE)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .gb_shapes import KNITTED, ORPHANS
from .tiles import NUM_KINDS

NO_SHAPE: Final = 99     # above any real shanten: the hand's size fits no extra shape
HONORS: Final = tuple(range(27, NUM_KINDS))
RUN_STARTS: Final = tuple(k for k in range(27) if k % 9 <= 6)   # a run's lowest tile


def _orphans(c: Sequence[int]) -> int:
    """Tiles lacking toward 十三幺: one of each terminal and honor, one of them twice."""
    kinds = sum(1 for k in ORPHANS if c[k])
    pair = 1 if any(c[k] >= 2 for k in ORPHANS) else 0
    return 14 - kinds - pair


def _honors_and_knitted(c: Sequence[int]) -> int:
    """Tiles lacking toward 全不靠: 14 different tiles of one knitted straight and the honors."""
    honors = sum(1 for k in HONORS if c[k])
    return 14 - min(14, max(sum(1 for k in s if c[k]) + honors for s in KNITTED))


def _set_and_pair(rest: Sequence[int], sets: int, bound: int) -> int:
    """Tiles lacking from `rest` toward a pair (and a set when `sets`); `bound` when none
    lacks fewer. Beside a knitted straight's one tile of a kind no set and pair pass four
    copies, but a triplet and a pair of one kind would be five."""
    pairs = sorted((max(0, 2 - rest[p]), p) for p in range(NUM_KINDS))
    first = pairs[0][0]
    if not sets:
        return min(bound, first)
    best = bound
    for k in range(NUM_KINDS):                      # a triplet, and a pair of another kind
        lack = max(0, 3 - rest[k])
        if lack + first < best:
            best = min(best, lack + next(n for n, p in pairs if p != k))
    for k in RUN_STARTS:                            # a run, and any pair
        held = (rest[k], rest[k + 1], rest[k + 2])
        lack = sum(1 for n in held if n == 0)
        if lack + first < best:
            # a pair of a run's kind lacks what the run leaves of it short of two
            within = min(min(2, max(0, 3 - n)) for n in held)
            apart = next(n for n, p in pairs if p not in (k, k + 1, k + 2))
            best = min(best, lack + min(within, apart))
    return best


def _knitted_straight(c: Sequence[int], sets: int, bound: int) -> int:
    """Tiles lacking toward 组合龙 (a knitted straight, `sets` sets and a pair), or
    `bound` when no target lacks fewer."""
    best = bound
    for straight in KNITTED:
        base = sum(1 for k in straight if not c[k])
        if base >= best:
            continue
        rest = list(c)
        for k in straight:
            rest[k] = max(0, rest[k] - 1)
        best = min(best, base + _set_and_pair(rest, sets, best - base))
    return best


def shape_shanten(counts: Sequence[int], bound: int = NO_SHAPE) -> int:
    """The shanten of a concealed hand of 3n+1 or 3n+2 tiles toward the nearest of
    十三幺, 全不靠 and 组合龙 when below `bound` (else `bound`, which spares the work)."""
    n = sum(counts)
    full = n + 1 if n % 3 == 1 else n      # the tiles of the complete hand
    lack = bound + 1
    if full == 14:
        lack = min(lack, _orphans(counts), _honors_and_knitted(counts))
    if full in (11, 14):
        lack = _knitted_straight(counts, (full - 11) // 3, lack)
    return min(bound, lack - 1)
