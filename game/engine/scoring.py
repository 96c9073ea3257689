"""Win patterns (胡牌番种): one small check per pattern, the fan is the maximum."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .hands import HandRules, is_win
from .melds import Meld
from .tiles import NUM_KINDS, suit_of


@dataclass(frozen=True)
class PatternResult:
    """The patterns a winning hand meets and the one that scores."""

    name: str
    fan: int
    applicable: tuple[str, ...]


def is_regular_win(concealed: Sequence[int], rules: HandRules) -> bool:
    """Four melds (counting exposed ones) and a pair."""
    return is_win(concealed, replace(rules, seven_pairs=False))


def is_seven_pairs(concealed: Sequence[int], melds: Sequence[Meld], rules: HandRules) -> bool:
    """14 concealed tiles forming seven pairs (a quad as two pairs if the rules say so)."""
    if melds or not rules.seven_pairs or sum(concealed) != 14:
        return False
    jokers = _jokers(concealed, rules)
    unpaired = 0
    for k in range(NUM_KINDS):
        c = 0 if k == rules.wildcard else concealed[k]
        if c == 4 and not rules.quads_as_two_pairs:
            return False
        unpaired += c % 2
    return unpaired <= jokers


def _jokers(concealed: Sequence[int], rules: HandRules) -> int:
    return concealed[rules.wildcard] if rules.wildcard is not None else 0


def is_all_triplets(concealed: Sequence[int], melds: Sequence[Meld], rules: HandRules) -> bool:
    """Every meld a triplet or kong, the concealed tiles triplets plus one pair.

    As in the win test, the completed hand holds at most four of a kind: a joker never
    stands for a fifth copy, so four concealed copies are never a triplet and a pair."""
    if any(not m.is_triplet_like for m in melds):
        return False
    jokers = _jokers(concealed, rules)
    counts = [c for k, c in enumerate(concealed) if c and k != rules.wildcard]
    if any(c > 3 for c in counts):
        return False
    all_triplets = sum(3 - c for c in counts)  # jokers completing every kind to a triplet
    costs = [all_triplets + 2]  # the pair made of two jokers
    if any(c <= 2 for c in counts):
        costs.append(all_triplets - 1)  # one kind of one or two tiles made the pair instead
    return any(cost <= jokers and (jokers - cost) % 3 == 0 for cost in costs)


def is_one_suit(concealed: Sequence[int], melds: Sequence[Meld], rules: HandRules) -> bool:
    """All tiles (wildcards aside) of one of the three suits."""
    suits = {suit_of(k) for k in range(NUM_KINDS) if concealed[k] and k != rules.wildcard}
    suits |= {suit_of(t) for m in melds for t in m.tiles}
    return len(suits) == 1 and 3 not in suits


def score_pattern(
    concealed: Sequence[int], melds: Sequence[Meld], rules: HandRules, fans: dict[str, int]
) -> PatternResult:
    """The scoring pattern of a winning hand: the maximum fan of those that apply."""
    applicable: list[str] = []
    if is_regular_win(concealed, rules):
        applicable.append("basic")
        if is_all_triplets(concealed, melds, rules):
            applicable.append("all_triplets")
    if is_seven_pairs(concealed, melds, rules):
        applicable.append("seven_pairs")
    if not applicable:
        raise ValueError("not a winning hand")
    if is_one_suit(concealed, melds, rules):
        applicable.append("one_suit")
    best = max(applicable, key=lambda name: (fans[name], name))
    return PatternResult(best, fans[best], tuple(applicable))
