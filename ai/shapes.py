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

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final, NamedTuple, TypeVar

from game.engine.hands import DEFAULT_RULES, HandRules

# Final: read as constants by the compiled module, not looked up by name
NEG: Final = float("-inf")
SUIT_STARTS: Final = (0, 9, 18, 27)  # m, p, s, honors
SUIT_LENGTHS: Final = (9, 9, 9, 7)
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
def _completing_tiles(block: Block, size: int) -> tuple[int, ...]:
    """The tiles that turn a partial shape into a meld (suit-local, in a suit of `size`)."""
    lo = block.tiles[0]
    if block.shape == PAIR:
        return (lo,)
    if block.shape == CLOSED:
        return (lo + 1,)
    return tuple(t for t in (lo - 1, lo + 2) if 0 <= t < size)


def single_value(t: int, size: int, runs: bool, w: Weights = WEIGHTS) -> float:
    """A single tile (suit-local rank `t` of a suit of `size` ranks): middle ranks are
    the likeliest to grow into a shape; an honor grows only into a pair."""
    from_end = min(t, size - 1 - t) if runs else 0
    return (w.single_terminal, w.single_near_end, w.single_middle)[min(from_end, 2)]


# ------------------------------------------------------------------ one suit's table
# A suit pattern is an int: the copies held of its rank r (0..4) in bits 3r..3r+2.
RANK_BITS: Final = 3
KEY_SHIFT: Final = RANK_BITS * 9   # a kept table's key: its group, and above it the unseen copies


def pattern_of(counts: list[int], start: int = 0, size: int = 9) -> int:
    """The pattern of the counts of ranks start..start+size-1."""
    code = 0
    for r in range(size):
        code |= counts[start + r] << (RANK_BITS * r)
    return code


# A table holds, for each (blocks counted, eye used), the score of the best cut of a
# suit when `blocks counted` of its melds and partial shapes count in full (at most 4)
# and the eye is or is not one of its pairs: a tuple of 10 scores at index
# 2 * counted + eye, NEG where no cut fits.
Table = tuple[float, ...]
EMPTY: Final[Table] = (0.0,) + (NEG,) * 9
# index pairs (from, to) of a table entry taking one more block that counts `extra` and
# is or is not the eye
_STEPS = {(extra, eye): [(i, i + 2 * extra + eye) for i in range(10)
                         if (i >> 1) + extra <= 4 and not (i & 1 and eye)]
          for extra in (0, 1) for eye in (0, 1)}
# a way to count a block: (index steps, see _STEPS; is the eye; its price: a constant
# score, or for a partial shape its bonus, completing tiles and share, see SuitTables.value)
Option = tuple[list[tuple[int, int]], bool, float, tuple[int, ...], float]
# the ways to cut a suit's lowest tile: (the block, the pattern left, its options)
Moves = list[tuple[Block, int, list[Option]]]
# a pattern's groups (see _apart): each group's pattern and the ranks within its reach
Groups = tuple[tuple[int, int], ...]


def _options(block: Block, size: int, runs: bool, only_258: bool, w: Weights) -> list[Option]:
    """How one block may count (in full, as a spare, as the eye); with `only_258` just a
    pair of 2, 5 or 8 may be the eye."""
    if block.shape in (SEQUENCE, TRIPLET):
        return [(_STEPS[1, False], False, w.meld, (), 1.0)]
    if block.shape == SINGLE:
        return [(_STEPS[0, False], False, single_value(block.tiles[0], size, runs, w), (), 1.0)]
    bonus = {PAIR: w.pair, TWO_SIDED: w.two_sided, CLOSED: w.closed, EDGE: w.edge}[block.shape]
    tiles = _completing_tiles(block, size)
    options = [(_STEPS[1, False], False, bonus, tiles, 1.0),
               (_STEPS[0, False], False, bonus, tiles, w.spare)]
    if block.shape == PAIR and (not only_258 or (runs and block.tiles[0] in RANKS_258)):
        options.append((_STEPS[0, True], True, w.eye, (), 1.0))
    return options


def _moves(code: int, size: int, runs: bool, only_258: bool, w: Weights) -> Moves:
    """The ways to cut the lowest tile of a suit pattern (the same for any unseen tiles)."""
    counts = tuple((code >> (RANK_BITS * r)) & 7 for r in range(size))   # by rank
    first = next(i for i, c in enumerate(counts) if c)
    moves = []
    for block in _blocks_at(counts, first, runs):
        left = code
        for t in block.tiles:
            left -= 1 << (RANK_BITS * t)
        moves.append((block, left, _options(block, size, runs, only_258, w)))
    return moves


def _apart(code: int, size: int, runs: bool) -> Groups:
    """The pattern split into groups of tiles no block joins (a gap of two ranks, or for
    honors any other kind): a pattern's best cuts are its groups' best cuts side by
    side, and a group's table outlives changes elsewhere.  With each group, the ranks
    whose unseen copies its cuts can count, as a mask of the pattern's bits: from one
    below its lowest tile to one above its highest (the tiles completing its partial
    shapes)."""
    groups: list[tuple[int, int, int]] = []   # each group's pattern, lowest and highest rank
    for r in range(size):
        c = (code >> (RANK_BITS * r)) & 7
        if c:
            if not groups or r - groups[-1][2] > (2 if runs else 0):
                groups.append((0, r, r))
            group, low, _ = groups[-1]
            groups[-1] = (group | c << (RANK_BITS * r), low, r)
    reach = 1 if runs else 0   # an honor counts only its own unseen copies (for a pair)
    out = []
    for group, low, high in groups:
        lo, hi = max(0, low - reach), min(size, high + 1 + reach)
        out.append((group, (1 << (RANK_BITS * hi)) - (1 << (RANK_BITS * lo))))
    return tuple(out)


KEEP_TABLES: Final = 1 << 17   # tables kept across decisions, at most
KEEP_SUITS: Final = 256        # suits' tables (one set of unseen copies each) kept, at most
T = TypeVar("T")


def _kept_in(store: dict[int, T], key: int, value: T, most: int = KEEP_TABLES) -> T:
    """`value`, kept in `store` under `key` (the store emptied first when it holds `most`)."""
    if len(store) >= most:
        store.clear()
    store[key] = value
    return value


class _Cutter:
    """What cutting one kind of suit (with runs or honors) under one set of rules and
    weights needs, whatever the unseen copies: each pattern's moves and groups (see
    _moves, _apart), worked out once; the group tables kept across decisions, by
    pattern and the unseen copies within its reach (a table outlives every change of
    unseen copies far from its tiles); and the suits of recent unseen copies."""

    def __init__(self, runs: bool, only_258: bool, w: Weights) -> None:
        self.runs, self.only_258, self.w = runs, only_258, w
        self.size = 9 if runs else 7
        self.moves: dict[int, Moves] = {}
        self.groups: dict[int, Groups] = {}
        self.kept: dict[int, Table] = {}
        self.suits: dict[int, SuitTables] = {}

    def suit(self, unseen: list[int], start: int) -> SuitTables:
        """The tables of this kind of suit for its unseen copies (`unseen[start:]`, 34
        counts), kept for the decisions to come."""
        code = pattern_of(unseen, start, self.size)
        suit = self.suits.get(code)
        if suit is None:
            tables = SuitTables(tuple(unseen[start:start + self.size]), code, self)
            suit = _kept_in(self.suits, code, tables, KEEP_SUITS)
        return suit

    def moves_of(self, code: int) -> Moves:
        moves = self.moves.get(code)
        if moves is None:
            moves = _kept_in(self.moves, code,
                             _moves(code, self.size, self.runs, self.only_258, self.w))
        return moves

    def groups_of(self, code: int) -> Groups:
        groups = self.groups.get(code)
        if groups is None:
            groups = _kept_in(self.groups, code, _apart(code, self.size, self.runs))
        return groups


@lru_cache(maxsize=8)
def _cutters(only_258: bool, w: Weights) -> tuple[_Cutter, _Cutter]:
    """The cutters of suits with runs and of honors, for these rules and weights."""
    return _Cutter(True, only_258, w), _Cutter(False, only_258, w)


class SuitTables:
    """The tables of one suit's patterns (suit-local ranks) for one set of unseen copies,
    each worked out once: the candidate discards of a decision share most suits and
    sub-hands, and the decisions to come many groups of tiles (see _Cutter)."""

    def __init__(self, unseen: tuple[int, ...], unseen_code: int, cutter: _Cutter) -> None:
        self.unseen, self.unseen_code, self.cutter, self.w = unseen, unseen_code, cutter, cutter.w
        self.tables: dict[int, Table] = {0: EMPTY}
        self.kept = cutter.kept

    def value(self, option: Option) -> float:
        """An option's score: its constant, or for a partial shape its bonus plus its
        unseen completing copies, times its share (1 in full, else w.spare)."""
        _, _, const, tiles, share = option
        if not tiles:
            return const
        unseen = self.unseen
        copies = 0
        for t in tiles:
            copies += unseen[t]
        value = const + self.w.per_unseen * copies
        return value if share == 1.0 else share * value

    def table(self, code: int) -> Table:
        """The best scores of the pattern `code`."""
        table = self.tables.get(code)
        if table is None:
            groups = self.cutter.groups_of(code)
            if len(groups) > 1:
                table = EMPTY
                for group, reach in groups:
                    table = merge_tables(table, self.tables.get(group) or self._group(group, reach), 4)
                self.tables[code] = table
            else:
                group, reach = groups[0]
                table = self._group(group, reach)
        return table

    def _group(self, group: int, reach: int) -> Table:
        """The table of one group of tiles (see _apart), kept across decisions by the
        unseen copies of the ranks within its reach (a mask of pattern bits)."""
        key = group | (self.unseen_code & reach) << KEY_SHIFT
        table = self.kept.get(key)
        if table is None:
            table = _kept_in(self.kept, key, self._work_out(group))
        self.tables[group] = table
        return table

    def _work_out(self, code: int) -> Table:
        out = [NEG] * 10
        tables = self.tables
        for _, left, options in self.cutter.moves_of(code):
            rest = tables.get(left) or self.table(left)
            for option in options:
                value = self.value(option)
                for i, j in option[0]:
                    score = rest[i] + value
                    if score > out[j]:  # noqa: PLR1730 (a hot loop: no call)
                        out[j] = score
        return tuple(out)


def merge_tables(hand: Table, suit: Table, limit: int) -> Table:
    """The hand's table with one more suit: blocks counted add up (at most `limit`), one
    eye.  The index of two entries together is the sum of theirs."""
    top = 2 * limit + 1   # the last index of `limit` blocks counted
    if hand is EMPTY or suit is EMPTY:   # one side alone, within the limit
        alone = suit if hand is EMPTY else hand
        return alone if top >= 9 else alone[:top + 1] + (NEG,) * (9 - top)
    out = [NEG] * 10
    for a in range(10):
        x = hand[a]
        if x > NEG:
            for b in range(top + 1 - a):
                y = suit[b]
                if y > NEG and not a & b & 1 and x + y > out[a + b]:
                    out[a + b] = x + y
    return tuple(out)


def _beside(hand: Table, limit: int) -> list[float]:
    """For each index of one more suit's table, the best entry of `hand` that may go
    with it (see merge_tables): the two indices adding up to at most 2 * limit + 1, and no
    eye beside an eye."""
    top = 2 * limit + 1
    best: list[float] = []      # by the highest index allowed
    no_eye: list[float] = []    # the same, without the eye
    top_so_far = top_no_eye = NEG
    for i in range(10):
        x = hand[i]
        if x > top_so_far:  # noqa: PLR1730 (a hot loop: no call)
            top_so_far = x
        best.append(top_so_far)
        if i % 2 == 0:
            if x > top_no_eye:  # noqa: PLR1730
                top_no_eye = x
            no_eye.append(top_no_eye)
    return [NEG if b > top else best[top - b] if b % 2 == 0 else no_eye[(top - b) // 2]
            for b in range(10)]


def _best_beside(suit: Table, beside: list[float]) -> float:
    """The best score of a suit's table with the rest of the hand (see _beside)."""
    best = NEG
    for b in range(10):
        score = suit[b] + beside[b]
        if score > best:  # noqa: PLR1730 (a hot loop: no call)
            best = score
    return best


# ------------------------------------------------------------------ the whole hand
class HandReader:
    """Reads hands for one set of unseen copies (`unseen`, 34 counts): the hands of one
    decision share it, and with it every suit's tables."""

    def __init__(self, unseen: Sequence[int], rules: HandRules = DEFAULT_RULES,
                 w: Weights = WEIGHTS) -> None:
        self.rules, self.w = rules, w
        cutters = _cutters(rules.pair_258, w)
        copies = list(unseen)
        self.suits = [(start, length, cutters[start == 27].suit(copies, start))
                      for start, length in zip(SUIT_STARTS, SUIT_LENGTHS)]

    def scores_after_discards(self, counts: Sequence[int], kinds: Iterable[int]
                              ) -> dict[int, float]:
        """the score (see :func:`ai.shape_cuts.hand_score`) of the hand left by discarding one of each of `kinds` (all held),
        by kind: the suits a discard leaves alone are read and merged once for all."""
        naturals = list(counts)
        jokers = 0
        wild = self.rules.wildcard
        if wild is not None:
            jokers, naturals[wild] = naturals[wild], 0
        limit = min(4, (sum(naturals) + jokers - 1) // 3)   # the hand left is one tile less
        parts = [pattern_of(naturals, start, length) for start, length, _ in self.suits]
        tables = [suit.table(part) if part else EMPTY
                  for (_, _, suit), part in zip(self.suits, parts)]
        before = [EMPTY]   # the tables of the suits before each suit, merged in order
        for part, table in zip(parts if wild is not None else parts[:-1], tables):
            before.append(merge_tables(before[-1], table, limit) if part else before[-1])
        after = [EMPTY]    # and of the suits after it, from the last
        for part, table in zip(parts[:0:-1], tables[:0:-1]):
            after.insert(0, merge_tables(table, after[0], limit) if part else after[0])
        beside: dict[int, list[float]] = {}   # by suit: the other suits' best, see _beside
        scores = {}
        for kind in kinds:
            if kind == wild:
                scores[kind] = max(before[-1]) + self.w.joker * (jokers - 1)
                continue
            i = min(kind // 9, 3)
            if i not in beside:
                beside[i] = _beside(merge_tables(before[i], after[i], limit), limit)
            start, _, suit = self.suits[i]
            left = parts[i] - (1 << (RANK_BITS * (kind - start)))
            scores[kind] = _best_beside(suit.table(left), beside[i]) + self.w.joker * jokers
        return scores
