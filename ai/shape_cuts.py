"""Medium's reading of a whole hand, explained (see :mod:`ai.shapes`): its score, and a
cut into blocks that reaches it.  Medium itself asks only for the scores after each
discard (:meth:`ai.shapes.HandReader.scores_after_discards`)."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from ai.shapes import (
    EMPTY,
    EYE,
    WEIGHTS,
    Block,
    HandReader,
    SuitTables,
    Table,
    Weights,
    merge_tables,
    pattern_of,
)
from game.engine.hands import DEFAULT_RULES, HandRules

Part = tuple[int, int, SuitTables, Table]   # a held suit: its start, pattern, tables, table


def _parts(reader: HandReader, counts: Sequence[int]) -> tuple[int, int, list[Part]]:
    """(jokers, blocks the hand needs, and each held suit).  Copies of the rules'
    wildcard are jokers, left out of the suits."""
    naturals = list(counts)
    jokers = 0
    if reader.rules.wildcard is not None:
        jokers, naturals[reader.rules.wildcard] = naturals[reader.rules.wildcard], 0
    limit = min(4, (sum(naturals) + jokers) // 3)
    parts = []
    for start, length, suit in reader.suits:
        part = pattern_of(naturals, start, length)
        if part:
            parts.append((start, part, suit, suit.table(part)))
    return jokers, limit, parts


def _score(reader: HandReader, counts: Sequence[int]) -> float:
    jokers, limit, parts = _parts(reader, counts)
    hand = EMPTY
    for _, _, _, table in parts:
        hand = merge_tables(hand, table, limit)
    return max(hand) + reader.w.joker * jokers


def hand_score(counts: Sequence[int], unseen: Sequence[int], rules: HandRules = DEFAULT_RULES,
               w: Weights = WEIGHTS) -> float:
    """The score of the best cut of the concealed hand `counts` (34 counts; a higher score
    is a better hand) with these `unseen` copies.  Copies of the rules' wildcard are
    jokers: worth `w.joker` each and left out of the cut; under the 2-5-8 rule only such a
    pair may be the eye."""
    return _score(HandReader(unseen, rules, w), counts)


def best_cut(counts: Sequence[int], unseen: Sequence[int], rules: HandRules = DEFAULT_RULES,
             w: Weights = WEIGHTS) -> tuple[float, list[Block]]:
    """:func:`hand_score` and a cut of the hand into blocks that scores it."""
    reader = HandReader(unseen, rules, w)
    score = _score(reader, counts)
    jokers, limit, parts = _parts(reader, counts)
    want = score - w.joker * jokers
    for picks in product(range(10), repeat=len(parts)):
        counted = sum(i >> 1 for i in picks)
        total = sum((table[i] for (_, _, _, table), i in zip(parts, picks)), 0.0)
        if counted <= limit and sum(i & 1 for i in picks) <= 1 and abs(total - want) < 1e-9:
            break
    blocks = []
    for (start, part, suit, _), i in zip(parts, picks):
        blocks += [Block(b.shape, tuple(start + t for t in b.tiles))
                   for b in _suit_cut(suit, part, i)]
    return score, blocks


def _suit_cut(suit: SuitTables, code: int, index: int) -> list[Block]:
    """The blocks of a cut of the suit pattern `code` that reaches its table's score at
    `index`."""
    blocks: list[Block] = []
    while code:
        want = suit.table(code)[index]
        for block, left, options in suit.cutter.moves_of(code):
            rest = suit.table(left)
            step = next(((i, option[1]) for option in options for i, j in option[0]
                         if j == index and abs(rest[i] + suit.value(option) - want) < 1e-9),
                        None)
            if step is not None:
                blocks.append(Block(EYE, block.tiles) if step[1] else block)
                code, index = left, step[0]
                break
    return blocks
