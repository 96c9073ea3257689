"""Hand evaluation: shanten, wins, waits and effective tiles (table driven).

A hand is a length-34 count vector (see :mod:`game.engine.tiles`) holding the
*concealed* part only: 3n+1 or 3n+2 tiles for 4-n exposed melds.  The regular form
is n melds + 1 pair; seven pairs (七对) needs all 13/14 tiles concealed.

Shanten follows the usual convention: -1 = complete, 0 = ready (one tile away), and
for 3n+2 tiles the value counts exchanges, like ``mahjong.shanten``.  The regular
form is exact: the block tables of :mod:`game.engine.suit_tables` give the fewest
tiles missing, never counting on a fifth copy of a kind.

Wildcards (鬼牌): every copy of ``HandRules.wildcard`` in the counts is a joker that
can stand for any missing tile, but the completed hand still holds at most four of
each kind (so 1111m + joker is not 111m + 11m).

Batch versions (``*_many``), which take an (N, 34) array and need numpy, are in
:mod:`game.engine.hands_many`; the functions here do not need numpy.
"""
from __future__ import annotations

import operator
import sys
from array import array
from collections.abc import Sequence
from typing import Any, Final

from . import suit_tables
from .hand_rules import DEFAULT_RULES, HandRules
from .tiles import NUM_KINDS, tile_name
from .win_test import Counts, WinTest, plain_win_test

__all__ = [
    "DEFAULT_RULES", "HandRules", "check_size", "discard_shanten", "is_win", "ready_discards",
    "shanten", "trusted_shanten", "waits", "win_test",
]

_DIGITS = bytes(range(5))


# ---------------------------------------------------------------- validation

def _as_bytes(counts: Any) -> bytes:
    """Validated count vector as bytes (one byte per kind; fast to index and count)."""
    if type(counts) in (list, tuple, bytes, bytearray):
        try:
            b = bytes(counts)
        except (TypeError, ValueError):
            pass
        else:
            if len(b) == NUM_KINDS and not b.translate(None, _DIGITS):
                return b
    elif hasattr(counts, "dtype"):  # numpy array
        if counts.ndim != 1 or counts.dtype.kind not in "iub":
            raise ValueError(f"counts must be a 1-d integer array, got shape {counts.shape} "
                             f"dtype {counts.dtype}")
        counts = counts.tolist()
    counts = list(counts)
    if len(counts) != NUM_KINDS:
        raise ValueError(f"counts must have {NUM_KINDS} entries (one per tile kind), "
                         f"got {len(counts)}")
    values = []
    for kind, c in enumerate(counts):
        try:
            v = operator.index(c)
        except TypeError:
            v = -1
        if not 0 <= v <= 4:
            raise ValueError(f"counts entries must be integers 0..4, "
                             f"got {c!r} for {tile_name(kind)}")
        values.append(v)
    return bytes(values)


def check_size(n: int, remainders: tuple[int, ...] = (1, 2)) -> None:
    """Raise ValueError unless `n` tiles make a hand of one of the shapes 3n+r, r in
    `remainders` (at most 14)."""
    if not 1 <= n <= 14 or n % 3 not in remainders:
        shapes = " or ".join(f"3n+{r}" for r in remainders)
        raise ValueError(f"a hand here needs {shapes} tiles (at most 14), got {n}")


# ---------------------------------------------------------------- core (no validation)
# Hands are count vectors (bytes, or trusted lists) of a valid size from here on.

_POWERS_OF_5: Final = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)


def _suit_keys(c: list[int]) -> tuple[int, int, int, int]:
    """The base-5 pattern keys (rank 1 lowest digit) of the three suits and the honors."""
    return (c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5]
            + 15625 * c[6] + 78125 * c[7] + 390625 * c[8],
            c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14]
            + 15625 * c[15] + 78125 * c[16] + 390625 * c[17],
            c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23]
            + 15625 * c[24] + 78125 * c[25] + 390625 * c[26],
            c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32]
            + 15625 * c[33])


class _Tables:
    """The block tables of one variant (see :mod:`game.engine.suit_tables`) as bytes and
    lists, which the compiled engine indexes directly."""

    def __init__(self, pair_258: bool) -> None:
        t = suit_tables.load(pair_258)
        self.n_states = t.n_states
        self.wide = t.suit_ids.itemsize == 2     # two bytes (little-endian) per state id
        ids = array(t.suit_ids.typecode, t.suit_ids)
        if sys.byteorder == "big":
            ids.byteswap()
        self.suit_ids = ids.tobytes()
        self.honor_ids = list(t.honor_ids)
        self.conv = list(t.conv)
        self.vectors = t.vectors

    def suit_state(self, key: int) -> int:
        """The block state of a suit pattern (its base-5 key)."""
        ids = self.suit_ids
        if self.wide:
            return ids[2 * key] | ids[2 * key + 1] << 8
        return ids[key]


class _SuitStates:
    """A hand read by the block tables (no jokers): its suits' base-5 keys, its whole
    state, and for each suit the state of the other three together, so that a hand one
    tile more or less is read with one look-up and one combination."""

    def __init__(self, c: list[int], tables: _Tables) -> None:
        self.tables = tables
        conv, size = tables.conv, tables.n_states
        keys = _suit_keys(c)
        self.keys = list(keys)   # lists: a tuple field indexed by a variable is boxed first
        m, p, s = tables.suit_state(keys[0]), tables.suit_state(keys[1]), tables.suit_state(keys[2])
        z = tables.honor_ids[keys[3]]
        mp, sz = conv[m * size + p], conv[s * size + z]
        self.whole = conv[mp * size + sz]
        self.others = [conv[p * size + sz], conv[m * size + sz], conv[mp * size + z],
                       conv[mp * size + s]]

    def changed(self, kind: int, delta: int) -> int:
        """The state of the hand with `delta` (+1 or -1) copies of `kind`."""
        tables = self.tables
        suit = kind // 9 if kind < 27 else 3
        key = self.keys[suit] + delta * _POWERS_OF_5[kind - 9 * suit]
        state = tables.honor_ids[key] if suit == 3 else tables.suit_state(key)
        return tables.conv[self.others[suit] * tables.n_states + state]


_TABLES: dict[bool, _Tables] = {}


def _tables(pair_258: bool) -> _Tables:
    """The block tables of one variant as read here (made on first use)."""
    tables = _TABLES.get(pair_258)
    return tables if tables is not None else _TABLES.setdefault(pair_258, _Tables(pair_258))


def _regular_distance(c: list[int], melds: int, tables: _Tables) -> int:
    """Fewest tiles missing for ``melds`` melds + a pair (c must not hold jokers)."""
    conv = tables.conv
    n = tables.n_states
    m, p, s, z = _suit_keys(c)
    state = conv[conv[conv[tables.suit_state(m) * n + tables.suit_state(p)] * n
                      + tables.suit_state(s)] * n + tables.honor_ids[z]]
    return tables.vectors[state * 10 + 5 + melds]


def _seven_pairs_shanten(c: list[int], rules: HandRules) -> int:
    """Seven-pairs shanten of a 13/14-tile hand (jokers allowed)."""
    jokers = 0
    if rules.wildcard is not None and c[rules.wildcard]:
        jokers = c[rules.wildcard]
        c = list(c)
        c[rules.wildcard] = 0
    return _seven_pairs_of([0, c.count(1), c.count(2), c.count(3), c.count(4)], jokers, rules)


def _seven_pairs_of(held: list[int], jokers: int, rules: HandRules) -> int:
    """Seven-pairs shanten of a hand holding `held[v]` kinds v times each, v = 1..4
    (jokers aside)."""
    ones, threes = held[1], held[3]
    if rules.quads_as_two_pairs:
        pairs = held[2] + threes + 2 * held[4]
        singles = ones + threes
    else:
        pairs = held[2] + threes + held[4]
        singles = ones
    pairs = min(pairs, 7)
    kept = 2 * pairs + min(singles, 7 - pairs) + jokers
    return 13 - min(14, kept)


def _kinds_by_copies(c: list[int]) -> list[int]:
    """How many kinds `c` holds 0, 1, 2, 3 and 4 times (what 七对 reads)."""
    held = [0] * 5
    for copies in c:
        held[copies] = held[copies] + 1   # (not +=: that is a generic add when compiled)
    return held


def _seven_pairs_moved(held: list[int], copies: int, delta: int, jokers: int,
                       rules: HandRules) -> int:
    """:func:`_seven_pairs_of` of the hand `held` with one kind held `copies` times held
    `copies + delta` times instead (`held` is the same again afterwards)."""
    held[copies] = held[copies] - 1
    held[copies + delta] = held[copies + delta] + 1
    seven = _seven_pairs_of(held, jokers, rules)
    held[copies] = held[copies] + 1
    held[copies + delta] = held[copies + delta] - 1
    return seven


def _shanten(c: list[int], n: int, rules: HandRules) -> int:
    """Shanten of a validated hand of a valid size."""
    tables = _tables(rules.pair_258)
    w = rules.wildcard
    if w is not None and c[w]:
        naturals = list(c)
        naturals[w] = 0
        best = max(0, _regular_distance(naturals, n // 3, tables) - c[w]) - 1
    else:
        best = _regular_distance(c, n // 3, tables) - 1
    if rules.seven_pairs and n >= 13 and best > -1:
        best = min(best, _seven_pairs_shanten(c, rules))
    return best


def _is_win(c: list[int], n: int, rules: HandRules) -> bool:
    """Win test of a validated hand of a valid size."""
    if rules.wildcard is not None and c[rules.wildcard]:
        return _shanten(c, n, rules) == -1
    return plain_win_test(rules.seven_pairs, rules.quads_as_two_pairs, rules.pair_258)(c)


def win_test(rules: HandRules = DEFAULT_RULES) -> WinTest:
    """The win test of *trusted* 3n+2 count lists (the engine's own hands, playouts):
    :func:`is_win` without the validation, about ten times as fast on random hands."""
    if rules.wildcard is None:
        return plain_win_test(rules.seven_pairs, rules.quads_as_two_pairs, rules.pair_258)

    def test(c: Counts) -> bool:
        return _is_win(list(c), sum(c), rules)

    return test


# ---------------------------------------------------------------- public API

def trusted_shanten(c: list[int], rules: HandRules = DEFAULT_RULES) -> int:
    """:func:`shanten` of a *trusted* count list of a valid size (the engine's own, or
    one already checked): without the checks."""
    return _shanten(c, sum(c), rules)


def shanten(counts: Sequence[int], rules: HandRules = DEFAULT_RULES) -> int:
    """Shanten of a 3n+1 / 3n+2 hand: -1 complete, 0 ready; min over regular and 七对."""
    c = list(_as_bytes(counts))
    n = sum(c)
    if n % 3 == 0 or n > 14:
        check_size(n)
    return _shanten(c, n, rules)


def is_win(counts: Sequence[int], rules: HandRules = DEFAULT_RULES) -> bool:
    """True if the 3n+2-tile concealed hand is complete."""
    c = list(_as_bytes(counts))
    n = sum(c)
    if n % 3 != 2 or n > 14:
        check_size(n, (2,))
    return _is_win(c, n, rules)


def _waits(c: list[int], n: int, rules: HandRules, first: bool = False) -> list[int]:
    """Waits of a validated 3n+1 hand (only the first one found when `first`)."""
    if _shanten(c, n, rules) != 0:
        return []
    return _ready_waits(c, n, rules, first)


def _ready_waits(c: list[int], n: int, rules: HandRules, first: bool) -> list[int]:
    """:func:`_waits` of a hand known to be ready (shanten 0)."""
    if rules.wildcard is None:
        return _plain_waits(c, n, rules, first)
    out = []
    hand = list(c)
    wins = win_test(rules)
    for k in range(NUM_KINDS):
        if hand[k] < 4:
            hand[k] += 1
            if wins(hand):
                out.append(k)
                if first:
                    return out
            hand[k] -= 1
    return out


def _plain_waits(c: list[int], n: int, rules: HandRules, first: bool) -> list[int]:
    """:func:`_waits` of a ready hand without jokers, by the block tables: a draw
    completes the hand when no tile is missing for its melds and pair, or for 七对."""
    tables = _tables(rules.pair_258)
    states = _SuitStates(c, tables)
    row = 5 + (n + 1) // 3   # the complete hand's melds, with the pair
    seven = rules.seven_pairs and n == 13
    held = _kinds_by_copies(c)
    out = []
    for k in range(NUM_KINDS):
        copies = c[k]
        if copies < 4:
            complete = (tables.vectors[states.changed(k, 1) * 10 + row] == 0
                        or (seven and _seven_pairs_moved(held, copies, 1, 0, rules) == -1))
            if complete:
                out.append(k)
                if first:
                    return out
    return out


def waits(counts: Sequence[int], rules: HandRules = DEFAULT_RULES) -> list[int]:
    """Kinds completing a 3n+1 hand, except kinds it already holds four of; [] if not ready."""
    c = list(_as_bytes(counts))
    n = sum(c)
    check_size(n, (1,))
    return _waits(c, n, rules)


def ready_discards(counts: list[int], rules: HandRules = DEFAULT_RULES,
                   at_least: int = -1) -> tuple[int, list[int]]:
    """The shanten of a *trusted* 3n+2 hand (the engine's own count list) and the kinds
    whose discard leaves it a wait, ascending: the discards that may declare 报听.
    `at_least`: a shanten the hand is known not to be below; from 1 up nothing is
    worked out (the hand is not ready) and that bound is returned as its shanten."""
    if at_least >= 1:
        return at_least, []
    n = sum(counts)
    now = _shanten(counts, n, rules)
    out = []
    if now <= 0:
        c = list(counts)
        for k, after in _shanten_after_discards(list(counts), n, rules).items():
            if after == 0:
                c[k] -= 1
                if _ready_waits(c, n - 1, rules, first=True):
                    out.append(k)
                c[k] += 1
    return now, out


def discard_shanten(counts: Sequence[int], rules: HandRules = DEFAULT_RULES) -> dict[int, int]:
    """For a 3n+2 hand: the shanten after discarding each kind held, by kind (ascending).
    A discard changes one suit: the other three are combined once for all."""
    c = list(_as_bytes(counts))
    n = sum(c)
    check_size(n, (2,))
    return _shanten_after_discards(c, n, rules)


def _shanten_after_discards(c: list[int], n: int, rules: HandRules) -> dict[int, int]:
    """:func:`discard_shanten` of a checked hand of `n` tiles (`c` is changed)."""
    tables = _tables(rules.pair_258)
    wild = -1 if rules.wildcard is None else rules.wildcard
    jokers = 0
    if wild >= 0:
        jokers, c[wild] = c[wild], 0
    states = _SuitStates(c, tables)
    after = _AfterDiscard(tables.vectors, 5 + (n - 1) // 3, _kinds_by_copies(c),
                          rules if rules.seven_pairs and n > 13 else None)
    out = {}
    for k in range(NUM_KINDS):
        copies = c[k]
        if k == wild and jokers:
            out[k] = after.shanten(states.whole, jokers - 1, 0)
        elif copies:
            out[k] = after.shanten(states.changed(k, -1), jokers, copies)
    return out


class _AfterDiscard:
    """The shanten of a hand left by a discard, from the block state of its suits."""

    def __init__(self, vectors: bytes, melds: int, held: list[int],
                 seven_pairs: HandRules | None) -> None:
        self.vectors, self.melds, self.held, self.seven_pairs = vectors, melds, held, seven_pairs

    def shanten(self, state: int, jokers: int, copies: int) -> int:
        """`state`: the block state of the hand left; `jokers`: the jokers it holds;
        `copies`: how many of the discarded kind the hand held (0: a joker, not counted in
        `held`, the hand's kinds by copies held, which 七对 reads when it may count)."""
        best = max(0, self.vectors[state * 10 + self.melds] - jokers) - 1
        if self.seven_pairs is not None and best > -1:
            seven = (_seven_pairs_moved(self.held, copies, -1, jokers, self.seven_pairs) if copies
                     else _seven_pairs_of(self.held, jokers, self.seven_pairs))
            return min(best, seven)
        return best


