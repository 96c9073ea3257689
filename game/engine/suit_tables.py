"""Block tables behind the table-driven shanten of :mod:`game.engine.hands`.

For one suit (9 ranks, 0-4 copies each) the *block vector* of a count pattern is::

    d[p * 5 + m] = fewest tiles that must be added to the pattern so that it
                   contains m melds (runs or triplets) plus p pairs (p in {0, 1})

Tiles of the pattern that are not used simply stay unused, and the completed
pattern never needs a fifth copy of a kind.  Honors (7 kinds) get the same vector
without runs.  Combining suits is a min-plus convolution of their vectors, and the
whole hand misses ``d[5 + melds]`` of the combination, i.e. shanten = that - 1.

Only 130 distinct vectors occur (all 5**9 suit patterns and 5**7 honor patterns),
and their combinations form a closed set of 180 *states*.  So the shipped tables
are tiny: pattern key (base 5, rank 1 = lowest digit) -> state id, the state
vectors, and a state x state -> state convolution table.  A hand's shanten is then
three look-ups in the convolution table.  The ``pair_258`` variant (the pair must be
a 2, 5 or 8 of a suit) has its own tables.

``tools/gen_hand_tables.py`` builds the tables (vectorised DP, about a second) into
``data/blocks*.bin``; :func:`load` only decompresses them (a few ms).  numpy is
needed to build, not to load.
"""
from __future__ import annotations

import base64
import struct
import zlib
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

SUIT_KEYS = 5**9
HONOR_KEYS = 5**7
VEC = 10  # entries per vector: melds 0..4 without pair, then melds 0..4 with the pair
INF = 60  # "impossible"; sums of two stay below 255 and are clipped back to INF
_HEADER = struct.Struct("<HB")  # number of states, bytes per state id


@dataclass(frozen=True)
class BlockTables:
    """Loaded tables of one variant; see the module docstring."""

    n_states: int
    suit_ids: array[int]  # suit pattern key -> state id
    honor_ids: array[int]  # honor pattern key -> state id
    vectors: bytes  # state id * 10 + p * 5 + m -> distance
    conv: array[int]  # state a * n_states + state b -> state id of their combination

    def vector(self, state: int) -> tuple[int, ...]:
        """The 10 distances of one state."""
        return tuple(self.vectors[state * VEC:(state + 1) * VEC])


# ---------------------------------------------------------------- building (numpy)

def dp_vectors(ranks: int, runs: bool, pair_ranks: Iterable[int]) -> np.ndarray:
    """Block vectors of all 5**ranks patterns as a uint8 array (5**ranks, 10).

    Dynamic programme over ranks, vectorised over all prefixes at once.  State after
    rank i: (runs started at i-1, runs started at i, melds so far, pairs so far).
    """
    import numpy as np

    pair_ok = frozenset(pair_ranks)
    missing = [np.array([max(0, need - h) for h in range(5)], np.uint8)[:, None]
               for need in range(5)]
    cur: dict[tuple[int, int, int, int], np.ndarray] = {(0, 0, 0, 0): np.zeros(1, np.uint8)}
    for i in range(ranks):
        nxt: dict[tuple[int, int, int, int], np.ndarray] = {}
        max_run = 4 if runs and i + 2 < ranks else 0
        for (x, y, m, p), arr in cur.items():
            for r in range(max_run + 1):
                for t in (0, 1):
                    for q in (0, 1) if i in pair_ok else (0,):
                        need = x + y + r + 3 * t + 2 * q
                        if need > 4 or m + r + t > 4 or p + q > 1:
                            continue
                        cand = arr[None, :] + missing[need]  # (5 values of rank i, prefixes)
                        key = (y, r, m + r + t, p + q)
                        if key in nxt:
                            np.minimum(nxt[key], cand, out=nxt[key])
                        else:
                            nxt[key] = cand
        cur = {k: np.minimum(v, INF).reshape(-1) for k, v in nxt.items()}
    out = np.full((5**ranks, VEC), INF, np.uint8)
    for (x, y, m, p), arr in cur.items():
        if x == 0 and y == 0:
            np.minimum(out[:, p * 5 + m], arr, out=out[:, p * 5 + m])
    return out


def convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Min-plus combination of each vector of ``a`` with each of ``b``: (len(a) * len(b), 10)."""
    import numpy as np

    x = a.astype(np.int16)[:, None, :]
    y = b.astype(np.int16)[None, :, :]
    out = np.empty((len(a), len(b), VEC), np.int16)
    for m in range(5):
        no_pair = [x[..., i] + y[..., m - i] for i in range(m + 1)]
        pair = ([x[..., i] + y[..., 5 + m - i] for i in range(m + 1)]
                + [x[..., 5 + i] + y[..., m - i] for i in range(m + 1)])
        out[..., m] = np.min(no_pair, axis=0)
        out[..., 5 + m] = np.min(pair, axis=0)
    return np.minimum(out, INF).astype(np.uint8).reshape(-1, VEC)


def _codes(vectors: np.ndarray) -> np.ndarray:
    """One int64 per vector (6 bits per entry), order-preserving within a table."""
    import numpy as np

    return (vectors.astype(np.int64) << (6 * np.arange(VEC, dtype=np.int64))).sum(axis=1)


def _decode(codes: np.ndarray) -> np.ndarray:
    import numpy as np

    return ((codes[:, None] >> (6 * np.arange(VEC, dtype=np.int64))) & 63).astype(np.uint8)


def build_payload(pair_258: bool = False) -> bytes:
    """Uncompressed table data of one variant (deterministic)."""
    import numpy as np

    suit = dp_vectors(9, True, (1, 4, 7) if pair_258 else range(9))
    honor = dp_vectors(7, False, () if pair_258 else range(7))
    suit_codes, honor_codes = _codes(suit), _codes(honor)
    generators = np.union1d(suit_codes, honor_codes)
    states = generators
    while True:  # close the set under combination with one more suit
        grown = np.union1d(states, _codes(convolve(_decode(states), _decode(generators))))
        if len(grown) == len(states):
            break
        states = grown
    n = len(states)
    width = 1 if n <= 256 else 2
    conv_codes = _codes(convolve(_decode(states), _decode(states)))
    conv = np.searchsorted(states, conv_codes)
    assert np.array_equal(states[conv], conv_codes), "state set not closed"

    def ids(a: np.ndarray) -> bytes:
        return np.asarray(a, dtype=f"<u{width}").tobytes()

    parts = [
        _HEADER.pack(n, width),
        ids(np.searchsorted(states, suit_codes)),
        ids(np.searchsorted(states, honor_codes)),
        _decode(states).tobytes(),
        ids(conv),
    ]
    return b"".join(parts)


def encode(payload: bytes) -> str:
    """Compressed, base85 text of a payload, as stored in hand_table_data.py."""
    return base64.b85encode(zlib.compress(payload, 9)).decode("ascii")


# ---------------------------------------------------------------- loading (no numpy)

def parse_payload(payload: bytes) -> BlockTables:
    """Tables from uncompressed data; raises ValueError if the data is malformed."""
    n, width = _HEADER.unpack_from(payload)
    code = {1: "B", 2: "H"}.get(width)
    if code is None:
        raise ValueError(f"bad state id width {width}")
    sizes = (SUIT_KEYS * width, HONOR_KEYS * width, n * VEC, n * n * width)
    if len(payload) != _HEADER.size + sum(sizes):
        raise ValueError("table data has the wrong size")
    pos = _HEADER.size
    chunks = []
    for size in sizes:
        chunks.append(payload[pos:pos + size])
        pos += size

    def ids(raw: bytes) -> array:
        arr = array(code)
        arr.frombytes(raw)
        if width > 1 and struct.pack("=H", 1) != struct.pack("<H", 1):  # pragma: no cover
            arr.byteswap()
        return arr

    return BlockTables(n, ids(chunks[0]), ids(chunks[1]), bytes(chunks[2]), ids(chunks[3]))


def shipped_payload(pair_258: bool = False) -> bytes:
    """Uncompressed payload of the tables shipped in hand_table_data.py."""
    from . import hand_table_data

    text = hand_table_data.BLOCKS_258 if pair_258 else hand_table_data.BLOCKS
    return zlib.decompress(base64.b85decode(text))


@lru_cache(maxsize=2)
def load(pair_258: bool = False) -> BlockTables:
    """Tables of one variant, decoded once from the shipped data module."""
    return parse_payload(shipped_payload(pair_258))


@lru_cache(maxsize=2)
def load_arrays(pair_258: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """numpy views for the batch functions: (suit_ids, honor_ids, vectors (n,10), conv (n,n))."""
    import numpy as np

    t = load(pair_258)
    return (np.frombuffer(t.suit_ids, t.suit_ids.typecode),
            np.frombuffer(t.honor_ids, t.honor_ids.typecode),
            np.frombuffer(t.vectors, np.uint8).reshape(t.n_states, VEC),
            np.frombuffer(t.conv, t.conv.typecode).reshape(t.n_states, t.n_states))
