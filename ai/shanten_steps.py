"""Shanten of many hands that differ from a few base hands by one drawn and/or one
discarded tile, without building every hand: each suit's pattern key is updated in
place and looked up in the engine's block tables (the same numbers as
`game.engine.hands_many.shanten_many`, which a test checks)."""
from __future__ import annotations

import numpy as np

from game.engine.hands import HandRules
from game.engine.hands_many import seven_pairs_parts, shanten_many, shanten_of_parts
from game.engine.tiles import NUM_KINDS

_SUIT_OF = np.array([k // 9 if k < 27 else 3 for k in range(NUM_KINDS)])
_DIGIT = np.array([5 ** (k - 9 * (k // 9)) if k < 27 else 5 ** (k - 27)
                   for k in range(NUM_KINDS)], dtype=np.int64)
_KEY_WEIGHTS = np.zeros((NUM_KINDS, 4))
_KEY_WEIGHTS[np.arange(NUM_KINDS), _SUIT_OF] = _DIGIT
NONE = -1  # "no tile" for a drawn or discarded kind


class ShantenSteps:
    """Shanten of `hands[row] + drawn - discarded` for many (row, drawn, discarded)."""

    def __init__(self, rules: HandRules, hands: np.ndarray) -> None:
        self.rules = rules
        self.hands = hands
        self.exact = rules.wildcard is None
        if not self.exact:
            return
        # keys are below 5**9, exact in float64
        self.keys = np.rint(hands.astype(np.float64) @ _KEY_WEIGHTS).astype(np.int64)
        self.tiles = hands.sum(axis=1, dtype=np.int64)
        self.flat = hands.reshape(-1).astype(np.int64)
        # what one kind held 0..4 times adds, and each hand's totals
        self.pairs_of, self.singles_of = seven_pairs_parts(np.arange(5)[:, None], rules, axis=1)
        self.pairs, self.singles = seven_pairs_parts(hands.astype(np.int64), rules, axis=1)

    def __call__(self, row: np.ndarray, drawn: np.ndarray, discarded: np.ndarray) -> np.ndarray:
        """Shanten per entry; `drawn` / `discarded` are kinds or NONE."""
        if not self.exact:
            return shanten_many(self.build(row, drawn, discarded), self.rules)
        keys = self.keys[row]
        tiles = self.tiles[row]
        pairs = self.pairs[row]
        singles = self.singles[row]
        flat_keys = keys.reshape(-1)
        cell = row * NUM_KINDS
        for kinds, sign in ((drawn, 1), (discarded, -1)):
            on = kinds != NONE
            if not on.any():
                continue
            k = np.where(on, kinds, 0)
            before = self.flat[cell + k]
            if sign < 0:  # the drawn tile is already in
                before = before + (on & (drawn == kinds))
            after = np.clip(before + sign, 0, 4)
            step = on * sign
            flat_keys[4 * np.arange(len(row)) + _SUIT_OF[k]] += step * _DIGIT[k]
            tiles = tiles + step
            pairs = pairs + on * (self.pairs_of[after] - self.pairs_of[before])
            singles = singles + on * (self.singles_of[after] - self.singles_of[before])
        return shanten_of_parts(tuple(keys.T), tiles, pairs, singles, self.rules)

    def build(self, row: np.ndarray, drawn: np.ndarray, discarded: np.ndarray) -> np.ndarray:
        """The hands themselves, (len(row), 34) int8."""
        out = self.hands[row]
        idx = np.arange(len(row))
        on = drawn != NONE
        out[idx[on], drawn[on]] += 1
        on = discarded != NONE
        out[idx[on], discarded[on]] -= 1
        return out
