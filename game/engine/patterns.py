"""Win patterns (胡牌番种) as a registry: each pattern is one check, registered by name.

A ruleset's "patterns" object names the patterns it scores, with their fan. Adding a
pattern is one function here, decorated with @pattern("name"), and one row in each
ruleset that scores it (and its name in the translations); no other pattern changes.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from .hands import HandRules, is_win
from .melds import Meld
from .tiles import NUM_KINDS, suit_of


@dataclass(frozen=True)
class WinningHand:
    """A hand being scored: its concealed counts (the winning tile included), its melds
    and the hand rules; the shape tests every pattern may share are computed once."""

    concealed: Sequence[int]
    melds: Sequence[Meld]
    rules: HandRules

    @cached_property
    def regular(self) -> bool:
        """Four melds (counting exposed ones) and a pair."""
        return is_win(self.concealed, replace(self.rules, seven_pairs=False))

    @cached_property
    def seven_pairs(self) -> bool:
        """14 concealed tiles forming seven pairs (a quad as two pairs if the rules say so)."""
        rules, concealed = self.rules, self.concealed
        if self.melds or not rules.seven_pairs or sum(concealed) != 14:
            return False
        unpaired = 0
        for k in range(NUM_KINDS):
            c = 0 if k == rules.wildcard else concealed[k]
            if c == 4 and not rules.quads_as_two_pairs:
                return False
            unpaired += c % 2
        return unpaired <= self.jokers

    @property
    def jokers(self) -> int:
        wild = self.rules.wildcard
        return self.concealed[wild] if wild is not None else 0

    @property
    def is_win(self) -> bool:
        return self.regular or self.seven_pairs


Check = Callable[[WinningHand], bool]

PATTERNS: dict[str, Check] = {}
"""Every known pattern by name, in the order a result lists those that apply."""


def pattern(name: str) -> Callable[[Check], Check]:
    """Register `check` (true when a winning hand meets the pattern) under `name`."""
    def register(check: Check) -> Check:
        if name in PATTERNS:
            raise ValueError(f"pattern {name!r} is registered twice")
        PATTERNS[name] = check
        return check
    return register


def shape_patterns(rules: HandRules) -> tuple[str, ...]:
    """The patterns a ruleset must score so that every hand its rules call a win scores."""
    return ("basic", "seven_pairs") if rules.seven_pairs else ("basic",)


@pattern("basic")
def basic(hand: WinningHand) -> bool:
    """基本胡: four melds and a pair."""
    return hand.regular


@pattern("all_triplets")
def all_triplets(hand: WinningHand) -> bool:
    """碰碰胡: every meld a triplet or kong, the concealed tiles triplets plus one pair.

    As in the win test, the completed hand holds at most four of a kind: a joker never
    stands for a fifth copy, so four concealed copies are never a triplet and a pair."""
    if not hand.regular or any(not m.is_triplet_like for m in hand.melds):
        return False
    wild = hand.rules.wildcard
    counts = [c for k, c in enumerate(hand.concealed) if c and k != wild]
    if any(c > 3 for c in counts):
        return False
    to_triplets = sum(3 - c for c in counts)  # jokers completing every kind to a triplet
    costs = [to_triplets + 2]  # the pair made of two jokers
    if any(c <= 2 for c in counts):
        costs.append(to_triplets - 1)  # one kind of one or two tiles made the pair instead
    jokers = hand.jokers
    return any(cost <= jokers and (jokers - cost) % 3 == 0 for cost in costs)


@pattern("seven_pairs")
def seven_pairs(hand: WinningHand) -> bool:
    """七对: seven pairs, nothing exposed."""
    return hand.seven_pairs


@pattern("one_suit")
def one_suit(hand: WinningHand) -> bool:
    """清一色: all tiles (wildcards aside) of one of the three suits."""
    wild = hand.rules.wildcard
    suits = {suit_of(k) for k in range(NUM_KINDS) if hand.concealed[k] and k != wild}
    suits |= {suit_of(t) for m in hand.melds for t in m.tiles}
    return len(suits) == 1 and 3 not in suits


# 血战到底's patterns

def kind_totals(hand: WinningHand) -> list[int]:
    """Copies of each kind in the hand, concealed and melded."""
    totals = list(hand.concealed)
    for m in hand.melds:
        for t in m.tiles:
            totals[t] += 1
    return totals


@pattern("dragon_seven_pairs")
def dragon_seven_pairs(hand: WinningHand) -> bool:
    """龙七对: seven pairs holding four of a kind."""
    return hand.seven_pairs and 4 in hand.concealed


@pattern("pure_triplets")
def pure_triplets(hand: WinningHand) -> bool:
    """清对: all triplets in one suit."""
    return all_triplets(hand) and one_suit(hand)


@pattern("all_258_triplets")
def all_258_triplets(hand: WinningHand) -> bool:
    """将对: all triplets of 2, 5 and 8."""
    return all_triplets(hand) and all(
        k < 27 and k % 9 in (1, 4, 7) for k, n in enumerate(kind_totals(hand)) if n)


@pattern("golden_hook")
def golden_hook(hand: WinningHand) -> bool:
    """金钩钓: four melds laid down, the win a single tile waited on for the pair."""
    return hand.regular and len(hand.melds) == 4 and sum(hand.concealed) == 2


@pattern("terminal_sets")
def terminal_sets(hand: WinningHand) -> bool:
    """带幺九: every meld and the pair hold a 1 or a 9."""
    if not hand.regular or any(m.tiles[0] % 9 not in (0, 8) for m in hand.melds):
        return False
    pairs = 0
    for base in (0, 9, 18):
        c = hand.concealed[base:base + 9]
        if c[3] or c[4] or c[5] or c[1] != c[2] or c[6] != c[7]:
            return False
        for rest in (c[0] - c[1], c[8] - c[7]):   # 1s (9s) beside the runs 123 (789)
            if rest not in (0, 2, 3):
                return False
            pairs += rest == 2
    return pairs == 1
