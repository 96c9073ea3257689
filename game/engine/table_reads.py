"""The block tables (:mod:`game.engine.suit_tables`) as the compiled engine reads them:
bytes and lists it indexes directly, and a hand's suits read once so that a hand one
tile more or less is read with one look-up and one combination."""
from __future__ import annotations

import sys
from array import array
from typing import Final

from . import suit_tables

_POWERS_OF_5: Final = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)


def suit_keys(c: list[int]) -> tuple[int, int, int, int]:
    """The base-5 pattern keys (rank 1 lowest digit) of the three suits and the honors."""
    return (c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5]
            + 15625 * c[6] + 78125 * c[7] + 390625 * c[8],
            c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14]
            + 15625 * c[15] + 78125 * c[16] + 390625 * c[17],
            c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23]
            + 15625 * c[24] + 78125 * c[25] + 390625 * c[26],
            c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32]
            + 15625 * c[33])


class Tables:
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


class SuitStates:
    """A hand read by the block tables (no jokers): its suits' base-5 keys, its whole
    state, and for each suit the state of the other three together, so that a hand one
    tile more or less is read with one look-up and one combination."""

    def __init__(self, c: list[int], tables: Tables) -> None:
        self.tables = tables
        conv, size = tables.conv, tables.n_states
        keys = suit_keys(c)
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


_TABLES: dict[bool, Tables] = {}


def tables_of(pair_258: bool) -> Tables:
    tables = _TABLES.get(pair_258)
    if tables is None:
        tables = _TABLES[pair_258] = Tables(pair_258)
    return tables


def regular_distance(c: list[int], melds: int, tables: Tables) -> int:
    """Fewest tiles missing for ``melds`` melds + a pair (c must not hold jokers)."""
    conv = tables.conv
    n = tables.n_states
    m, p, s, z = suit_keys(c)
    state = conv[conv[conv[tables.suit_state(m) * n + tables.suit_state(p)] * n
                      + tables.suit_state(s)] * n + tables.honor_ids[z]]
    return tables.vectors[state * 10 + 5 + melds]
