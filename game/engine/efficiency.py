"""Tile efficiency: the kinds whose draw lowers a hand's shanten, and for each discard
the shanten and the effective tiles it leaves (the hints, the tutor, the analysis)."""
from __future__ import annotations

from collections.abc import Sequence

from .hands import (
    DEFAULT_RULES,
    HandRules,
    check_size,
    discard_shanten,
    shanten,
    trusted_shanten,
)
from .tiles import NUM_KINDS


def _lowering(hand: list[int], rules: HandRules, now: int) -> list[int]:
    """The kinds (held fewer than four times) whose draw takes `hand` (checked) below
    shanten `now`."""
    out = []
    for k in range(NUM_KINDS):
        if hand[k] < 4:
            hand[k] += 1
            if trusted_shanten(hand, rules) < now:
                out.append(k)
            hand[k] -= 1
    return out


def effective_tiles(counts: Sequence[int], rules: HandRules = DEFAULT_RULES) -> list[int]:
    """Kinds whose draw lowers the shanten of a 3n+1 hand (kinds held four times excluded)."""
    now = shanten(counts, rules)   # checks the counts
    check_size(sum(counts), (1,))
    return _lowering(list(counts), rules, now)


def discard_options(counts: Sequence[int],
                    rules: HandRules = DEFAULT_RULES) -> list[tuple[int, int, list[int]]]:
    """For a 3n+2 hand: (discard kind, shanten after it, effective tiles after it) per kind held."""
    out = []
    hand = list(counts)
    for k, after in discard_shanten(counts, rules).items():   # checks the counts
        hand[k] -= 1
        out.append((k, after, _lowering(hand, rules, after)))
        hand[k] += 1
    return out
