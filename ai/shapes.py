"""Medium's hand reading: the concealed hand split into 搭子 blocks, as a player reads it.

A hand is cut, suit by suit, into complete melds (顺子 / 刻子), pairs, two-tile partial
shapes (两面, 嵌张, 边张) and single tiles.  Each partial shape is worth the unseen
copies of the tiles that would complete it (the unseen-tile weights of cardsScore),
plus a bonus for its kind; one pair may serve as the eye.  A hand needs only
4 - (exposed melds) blocks besides the eye, so partial shapes beyond that count are
spares and worth less.  The hand's score is that of its best cut.

This is a static reading of the tiles held: it never tries a draw or a discard.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from game.engine.hands import DEFAULT_RULES, HandRules

NEG = float("-inf")
SUIT_STARTS = (0, 9, 18, 27)  # m, p, s, honors
SUIT_LENGTHS = (9, 9, 9, 7)
RANKS_258 = frozenset({1, 4, 7})  # suit-local ranks of 2, 5 and 8


class Block(NamedTuple):
    """One piece of a cut hand: its shape name and its tile kinds (ascending)."""

    shape: str
    tiles: tuple[int, ...]


# the shapes a block may have
SEQUENCE, TRIPLET, EYE, PAIR = "sequence", "triplet", "eye", "pair"
TWO_SIDED, CLOSED, EDGE, SINGLE = "two_sided", "closed", "edge", "single"


class Weights(NamedTuple):
    """What each block is worth.  A partial shape scores its bonus plus `per_unseen`
    for each unseen copy of the tiles completing it; a single tile scores by rank
    (terminal or honor, 2/8, 3-7), little enough that two singles never outweigh a
    live shape they could have been."""

    meld: float = 20.0
    eye: float = 8.0
    pair: float = 1.0
    two_sided: float = 4.0
    closed: float = 1.0
    edge: float = 0.0
    per_unseen: float = 1.0
    spare: float = 0.5  # share of its value a partial keeps beyond the blocks needed
    single_terminal: float = 0.0
    single_near_end: float = 0.25
    single_middle: float = 0.5
    joker: float = 100.0


WEIGHTS = Weights()


# ------------------------------------------------------------------ cutting one suit
def _blocks_at(counts: tuple[int, ...], i: int, runs: bool) -> list[Block]:
    """The blocks that can hold the lowest tile `i` of a suit (tiles are suit-local
    ranks from 0; two neighbours at an end of the suit are 边张); `runs` is False for
    honors, which form no runs."""
    n = len(counts)
    blocks = [Block(SINGLE, (i,))]
    if counts[i] >= 2:
        blocks.append(Block(PAIR, (i, i)))
    if counts[i] >= 3:
        blocks.append(Block(TRIPLET, (i, i, i)))
    if runs and i + 1 < n and counts[i + 1]:
        blocks.append(Block(TWO_SIDED if 0 < i < n - 2 else EDGE, (i, i + 1)))
        if i + 2 < n and counts[i + 2]:
            blocks.append(Block(SEQUENCE, (i, i + 1, i + 2)))
    if runs and i + 2 < n and counts[i + 2]:
        blocks.append(Block(CLOSED, (i, i + 2)))
    return blocks


# ------------------------------------------------------------------ valuing blocks
def _completing(block: Block, unseen: Sequence[int]) -> int:
    """Unseen copies of the tiles that turn a partial shape into a meld (suit-local)."""
    lo = block.tiles[0]
    if block.shape == PAIR:
        return unseen[lo]
    if block.shape == CLOSED:
        return unseen[lo + 1]
    outer = [t for t in (lo - 1, lo + 2) if 0 <= t < len(unseen)]
    return sum(unseen[t] for t in outer)


def partial_value(block: Block, unseen: Sequence[int], w: Weights = WEIGHTS) -> float:
    """A partial shape's bonus for its kind plus its unseen completing copies (`block`
    and `unseen` suit-local)."""
    bonus = {PAIR: w.pair, TWO_SIDED: w.two_sided, CLOSED: w.closed, EDGE: w.edge}[block.shape]
    return bonus + w.per_unseen * _completing(block, unseen)


def single_value(t: int, size: int, runs: bool, w: Weights = WEIGHTS) -> float:
    """A single tile (suit-local rank `t` of a suit of `size` ranks): middle ranks are
    the likeliest to grow into a shape; an honor grows only into a pair."""
    from_end = min(t, size - 1 - t) if runs else 0
    return (w.single_terminal, w.single_near_end, w.single_middle)[min(from_end, 2)]


# ------------------------------------------------------------------ one suit's table
# A table maps (blocks counted, eye used) to (score, blocks): the best cut of a suit
# when `blocks counted` of its melds and partial shapes count in full (at most 4) and
# the eye is or is not one of its pairs.
Table = dict[tuple[int, bool], tuple[float, tuple[Block, ...]]]


def _options(block: Block, unseen: Sequence[int], runs: bool, only_258: bool,
             w: Weights) -> list[tuple[int, bool, float]]:
    """How one block may count: (blocks counted, is the eye, score); with `only_258`
    just a pair of 2, 5 or 8 may be the eye."""
    if block.shape in (SEQUENCE, TRIPLET):
        return [(1, False, w.meld)]
    if block.shape == SINGLE:
        return [(0, False, single_value(block.tiles[0], len(unseen), runs, w))]
    value = partial_value(block, unseen, w)
    options = [(1, False, value), (0, False, w.spare * value)]
    if block.shape == PAIR and (not only_258 or (runs and block.tiles[0] in RANKS_258)):
        options.append((0, True, w.eye))
    return options


def _add(table: Table, block: Block, options: list[tuple[int, bool, float]], out: Table) -> None:
    """Put `block` in front of each cut of `table`, in each way it may count, into `out`."""
    for (counted, eye), (score, blocks) in table.items():
        for extra, is_eye, value in options:
            if counted + extra > 4 or (eye and is_eye):
                continue
            key = (counted + extra, eye or is_eye)
            if score + value > out.get(key, (NEG,))[0]:
                named = Block(EYE, block.tiles) if is_eye else block
                out[key] = (score + value, (named,) + blocks)


@lru_cache(maxsize=1 << 12)
def _suit_table(counts: tuple[int, ...], unseen: tuple[int, ...], runs: bool, only_258: bool,
                w: Weights) -> Table:
    """The best cut of one suit (suit-local ranks) for each (blocks counted, eye used).
    Cached: the candidate discards of one decision share most suits and sub-hands."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return {(0, False): (0.0, ())}
    out: Table = {}
    for block in _blocks_at(counts, first, runs):
        rest = list(counts)
        for t in block.tiles:
            rest[t] -= 1
        _add(_suit_table(tuple(rest), unseen, runs, only_258, w), block,
             _options(block, unseen, runs, only_258, w), out)
    return out


# The hand's table: (blocks counted, eye used) -> (score, the cut of each suit: pairs of
# the suit's first kind and its blocks in suit-local ranks).
HandTable = dict[tuple[int, bool], tuple[float, tuple[tuple[int, tuple[Block, ...]], ...]]]


def _merge(hand: HandTable, start: int, suit: Table, limit: int) -> HandTable:
    """The hand's table with one more suit: blocks counted add up (at most `limit`), one eye."""
    out: HandTable = {}
    for (na, ea), (sa, ca) in hand.items():
        for (nb, eb), (sb, bb) in suit.items():
            if na + nb > limit or (ea and eb):
                continue
            key = (na + nb, ea or eb)
            if sa + sb > out.get(key, (NEG,))[0]:
                out[key] = (sa + sb, ca + ((start, bb),))
    return out


# ------------------------------------------------------------------ the whole hand
def best_cut(counts: Sequence[int], unseen: Sequence[int], rules: HandRules = DEFAULT_RULES,
             w: Weights = WEIGHTS) -> tuple[float, list[Block]]:
    """The score of the concealed hand `counts` (34 counts) and its best cut into blocks.
    Copies of the rules' wildcard are jokers: worth `w.joker` each and left out of the
    cut; under the 2-5-8 rule only such a pair may be the eye."""
    naturals = list(counts)
    jokers = 0
    if rules.wildcard is not None:
        jokers, naturals[rules.wildcard] = naturals[rules.wildcard], 0
    limit = min(4, (sum(naturals) + jokers) // 3)
    hand: HandTable = {(0, False): (0.0, ())}
    for start, length in zip(SUIT_STARTS, SUIT_LENGTHS):
        part = tuple(naturals[start:start + length])
        if any(part):
            table = _suit_table(part, tuple(unseen[start:start + length]), start < 27,
                                rules.pair_258, w)
            hand = _merge(hand, start, table, limit)
    score, cuts = max(hand.values(), key=lambda e: e[0])
    blocks = [Block(b.shape, tuple(start + t for t in b.tiles)) for start, bs in cuts for b in bs]
    return score + w.joker * jokers, blocks


def hand_score(counts: Sequence[int], unseen: Sequence[int], rules: HandRules = DEFAULT_RULES,
               w: Weights = WEIGHTS) -> float:
    """The score of the best cut of the concealed hand (a higher score is a better hand)."""
    return best_cut(counts, unseen, rules, w)[0]
