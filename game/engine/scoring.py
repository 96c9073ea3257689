"""Scoring a winning hand: the fan is the maximum of the ruleset's patterns it meets."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .hands import HandRules
from .melds import Meld
from .patterns import PATTERNS, WinningHand


@dataclass(frozen=True)
class PatternResult:
    """The patterns a winning hand meets and the one that scores."""

    name: str
    fan: int
    applicable: tuple[str, ...]


def score_pattern(
    concealed: Sequence[int], melds: Sequence[Meld], rules: HandRules, fans: Mapping[str, int]
) -> PatternResult:
    """The scoring pattern of a winning hand: the maximum fan of the patterns in `fans`
    (a ruleset's) that apply; ValueError if the hand is not a win."""
    hand = WinningHand(concealed, melds, rules)
    if not hand.is_win:
        raise ValueError("not a winning hand")
    applicable = tuple(name for name, check in PATTERNS.items() if name in fans and check(hand))
    if not applicable:
        raise ValueError("no pattern of the ruleset scores this hand")
    best = max(applicable, key=lambda name: (fans[name], name))
    return PatternResult(best, fans[best], applicable)
