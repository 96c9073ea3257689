"""Batched shanten / win tests over many hands at once with numpy.

The hands are the rows of an (N, 34) count array (see :mod:`game.engine.hands` for the
shapes and the rules); each function gives what its scalar twin in
:mod:`game.engine.hands` gives for every row, from the same block tables.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from . import suit_tables
from .hands import DEFAULT_RULES, HandRules, check_size
from .tiles import NUM_KINDS

__all__ = ["is_win_many", "seven_pairs_parts", "shanten_many", "shanten_of_parts"]


def _columns(counts2d: Any) -> np.ndarray:
    """Validated (N, 34) array, returned transposed as a contiguous (34, N) int32 array."""
    arr = np.asarray(counts2d)
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise ValueError(f"counts2d must have shape (N, {NUM_KINDS}), got {arr.shape}")
    if arr.dtype.kind not in "iub":
        raise ValueError(f"counts2d must hold integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        raise ValueError("counts2d entries must be integers 0..4")
    return np.ascontiguousarray(arr.T, dtype=np.int32)


def _tiles_many(cols: np.ndarray, remainders: tuple[int, ...]) -> np.ndarray:
    """Tiles per hand; raises ValueError naming the first bad size."""
    n = cols.sum(axis=0)
    r = n % 3
    ok = (n >= 1) & (n <= 14) & ((r == remainders[0]) | (r == remainders[-1]))
    if not ok.all():
        check_size(int(n[int(np.argmin(ok))]), remainders)
    return n


def _keys(cols: np.ndarray, start: int, size: int) -> np.ndarray:
    """Base-5 pattern keys (rank 1 lowest digit) of kinds start..start+size-1."""
    key = cols[start + size - 1].copy()
    for k in range(start + size - 2, start - 1, -1):
        key *= 5
        key += cols[k]
    return key


def seven_pairs_parts(counts: np.ndarray, rules: HandRules,
                      axis: int) -> tuple[np.ndarray, np.ndarray]:
    """The 七对 pairs and singles of hands whose kind counts run along `axis` (four of a
    kind is two pairs or one, as the rules say)."""
    if rules.quads_as_two_pairs:
        return (counts >> 1).sum(axis=axis), (counts & 1).sum(axis=axis)
    return (counts >= 2).sum(axis=axis), (counts == 1).sum(axis=axis)


def shanten_of_parts(keys: Sequence[np.ndarray], tiles: np.ndarray, pairs: np.ndarray,
                     singles: np.ndarray, rules: HandRules,
                     jokers: np.ndarray | int = 0) -> np.ndarray:
    """Shanten of N hands from their parts: the base-5 pattern keys of each suit (four
    arrays of N: m, p, s, honors; wildcard copies taken out), the tiles held, the 七对 pairs
    and singles (from :func:`seven_pairs_parts`) and the wildcard copies."""
    suit_ids, honor_ids, vectors, conv = suit_tables.load_arrays(rules.pair_258)
    m, p, s, z = keys
    state = conv[conv[conv[suit_ids[m], suit_ids[p]], suit_ids[s]], honor_ids[z]]
    best = vectors[state, 5 + tiles // 3].astype(np.int32)
    if rules.wildcard is not None:
        best = np.maximum(best - jokers, 0)
    best -= 1
    if rules.seven_pairs:
        pairs = np.minimum(pairs, 7)
        kept = 2 * pairs + np.minimum(singles, 7 - pairs) + jokers
        seven = 13 - np.minimum(kept, 14)
        best = np.where(tiles >= 13, np.minimum(best, seven), best)
    return best


def _shanten_columns(cols: np.ndarray, n: np.ndarray, rules: HandRules) -> np.ndarray:
    """Vectorised :func:`_shanten` over the validated columns of N hands."""
    jokers: np.ndarray | int = 0
    if rules.wildcard is not None:
        jokers = cols[rules.wildcard].copy()
        cols = cols.copy()
        cols[rules.wildcard] = 0
    keys = (_keys(cols, 0, 9), _keys(cols, 9, 9), _keys(cols, 18, 9), _keys(cols, 27, 7))
    pairs, singles = seven_pairs_parts(cols, rules, axis=0)
    return shanten_of_parts(keys, n, pairs, singles, rules, jokers)


def shanten_many(counts2d: Any, rules: HandRules = DEFAULT_RULES) -> np.ndarray:
    """:func:`shanten` of every row of an (N, 34) array, as an int array."""
    cols = _columns(counts2d)
    return _shanten_columns(cols, _tiles_many(cols, (1, 2)), rules)


def is_win_many(counts2d: Any, rules: HandRules = DEFAULT_RULES) -> np.ndarray:
    """:func:`is_win` of every row of an (N, 34) array of 3n+2-tile hands, as a bool array."""
    cols = _columns(counts2d)
    return _shanten_columns(cols, _tiles_many(cols, (2,)), rules) == -1
