"""Shanten of a concealed hand toward 国标's extra shapes (gb_shapes.py): 十三幺, 全不靠 /
七星不靠 and 组合龙. Each shape is a choice among fixed tile sets (its targets), so the
shanten toward it is the fewest tiles any target lacks, less one. The shapes need a
concealed hand of 13 or 14 tiles (组合龙: 10 or 11 with one meld beside it); hands of
other sizes are never near one (NO_SHAPE)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .gb_shapes import KNITTED, ORPHANS
from .tiles import MAX_COPIES, NUM_KINDS

NO_SHAPE: Final = 99     # above any real shanten: the hand's size fits no extra shape
HONORS: Final = tuple(range(27, NUM_KINDS))
# the sets a 组合龙 may hold beside its straight: triplets of any kind, runs of a suit
SETS: Final = tuple([(k, k, k) for k in range(NUM_KINDS)]
                    + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6])


def _orphans(c: Sequence[int]) -> int:
    """Tiles lacking toward 十三幺: one of each terminal and honor, one of them twice."""
    kinds = sum(1 for k in ORPHANS if c[k])
    pair = 1 if any(c[k] >= 2 for k in ORPHANS) else 0
    return 14 - kinds - pair


def _honors_and_knitted(c: Sequence[int]) -> int:
    """Tiles lacking toward 全不靠: 14 different tiles of one knitted straight and the honors."""
    honors = sum(1 for k in HONORS if c[k])
    return 14 - min(14, max(sum(1 for k in s if c[k]) + honors for s in KNITTED))


def _knitted_straight(c: Sequence[int], sets: int, bound: int) -> int:
    """Tiles lacking toward 组合龙 (a knitted straight, `sets` sets and a pair), or
    `bound` when no target lacks fewer."""
    best = bound
    for straight in KNITTED:
        held = [0] * NUM_KINDS
        for k in straight:
            held[k] = 1
        base = sum(1 for k in straight if not c[k])
        if base >= best:
            continue
        for meld in SETS if sets else ((),):
            need = list(held)
            for k in meld:
                need[k] += 1
            kinds = set(meld)
            if any(need[k] > MAX_COPIES for k in kinds):
                continue
            lack = base + sum(max(0, need[k] - c[k]) - max(0, held[k] - c[k]) for k in kinds)
            for p in range(NUM_KINDS):
                if lack < best and need[p] + 2 <= MAX_COPIES:
                    best = min(best, lack + max(0, need[p] + 2 - c[p]) - max(0, need[p] - c[p]))
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
