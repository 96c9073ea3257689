"""Shared hand analysis for the thinking levels, from one seat's PlayerView only.

Hands are 34-count vectors of the concealed tiles; weights are the copies of each
kind the seat has not seen (`PlayerView.unseen_counts`).  Hard uses the batched one-
and two-step effective-tile analysis; Medium's 搭子 reading of a hand is in
:mod:`ai.shapes`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ai.win_values import MeldShape, win_fans
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands_many import shanten_many
from game.engine.ruleset import Ruleset
from game.engine.tiles import NUM_KINDS
from game.rulesets import load_ruleset

EYE = np.eye(NUM_KINDS, dtype=np.int8)


def after_claim(counts: list[int], action: Action) -> list[int]:
    """Concealed counts after a claim or kong (the claimed tile never enters the hand)."""
    out = counts[:]
    assert action.tile is not None
    if action.kind == A.CHI:
        for t in action.tiles:
            out[t] -= 1
    else:
        out[action.tile] -= {A.KONG: 3, A.PENG: 2, A.CONCEALED_KONG: 4,
                             A.ADDED_KONG: 1}[action.kind]
    return out


@cache
def ruleset_for(ruleset_id: str) -> Ruleset:
    """The ruleset a view names (loaded once per process)."""
    return load_ruleset(ruleset_id)


# ------------------------------------------------------------------ Hard
@dataclass(frozen=True)
class Analysis:
    """Per candidate 3n+1 hand: shanten; `first` = unseen copies of the kinds whose draw
    lowers it (for a ready hand: its live waits); `second` = sum over those draws of
    the best `first` after the next discard (0 unless looked at; = first when ready);
    `value` = expected fan / basic fan of the reachable wins (1 if not known).
    The look-ahead per draw: row, unseen copies of the draw, best next `first` and
    the same scaled by fan / basic fan."""

    shanten: np.ndarray
    first: np.ndarray
    second: np.ndarray
    value: np.ndarray
    draw_row: np.ndarray
    draw_copies: np.ndarray
    draw_next: np.ndarray
    draw_valued: np.ndarray


class Evaluator:
    """Batched one- and two-step effective-tile analysis for one decision."""

    def __init__(self, ruleset: Ruleset, unseen: Sequence[int]) -> None:
        self.ruleset = ruleset
        self.unseen = np.asarray(unseen, dtype=np.int8)
        self.basic = float(ruleset.patterns["basic"])

    def shanten(self, hands: np.ndarray) -> np.ndarray:
        return shanten_many(hands, self.ruleset.hand_rules)

    def _first(self, hands: np.ndarray, s: np.ndarray, weights: np.ndarray,
               shape: MeldShape) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(effective mask (N, 34), hand + each kind (N, 34, 34), weighted count,
        the same count with ready hands' waits scaled by fan / basic fan)."""
        plus = hands[:, None, :] + EYE[None]
        ok = (hands < 4) & (weights > 0)
        eff = np.zeros(ok.shape, dtype=bool)
        if ok.any():
            eff[ok] = self.shanten(plus[ok]) < np.broadcast_to(s[:, None], ok.shape)[ok]
        count = eff * weights.astype(np.float64)
        valued = count.copy()
        ready = eff & (s[:, None] == 0)
        if ready.any():
            valued[ready] *= win_fans(plus[ready], shape, self.ruleset) / self.basic
        return eff, plus, count.sum(1), valued.sum(1)

    def analyse(self, hands: np.ndarray, s: np.ndarray, deep: np.ndarray,
                shape: MeldShape, deep_limit: int = 8) -> Analysis:
        """Analyse 3n+1 hands of shanten `s`; two steps for (at most `deep_limit` of, by
        shanten, then `first`) the rows marked `deep`."""
        weights = np.broadcast_to(self.unseen, hands.shape)
        eff, plus, first, valued = self._first(hands, s, weights, shape)
        deep = deep & (s >= 1)
        if deep.sum() > deep_limit:
            rank = first - 1000.0 * s            # lower shanten first, then more tiles
            deep &= rank >= np.sort(rank[deep])[-deep_limit]
        with np.errstate(invalid="ignore", divide="ignore"):
            value = np.where((s == 0) & (first > 0), valued / first, 1.0)
        second = np.where(s == 0, first, 0.0)
        rows_i, kinds_t = np.nonzero(eff & deep[:, None])
        best = np.zeros(len(rows_i))
        best_valued = np.zeros(len(rows_i))
        draws = self.unseen[kinds_t].astype(np.float64)
        if len(rows_i):
            drawn = plus[rows_i, kinds_t]                      # (P, 34) after the draw
            after = self.unseen[None, :] - EYE[kinds_t]        # unseen after the draw
            pair_of, discard = np.nonzero(drawn > 0)
            nxt = drawn[pair_of] - EYE[discard]
            s2 = self.shanten(nxt)
            keep = s2 == s[rows_i][pair_of] - 1
            pair_of, nxt, s2 = pair_of[keep], nxt[keep], s2[keep]
            _, _, nxt_first, nxt_valued = self._first(nxt, s2, after[pair_of], shape)
            np.maximum.at(best, pair_of, nxt_first)
            np.maximum.at(best_valued, pair_of, nxt_valued)
            second, total_valued = second.copy(), np.zeros(len(hands))
            np.add.at(second, rows_i, best * draws)
            np.add.at(total_valued, rows_i, best_valued * draws)
            leaf_ready = deep & (s == 1) & (second > 0)
            value = np.where(leaf_ready, total_valued / np.where(second > 0, second, 1), value)
        return Analysis(s, first, second, value, rows_i, draws, best, best_valued)

    def after_discards(self, hand: Sequence[int]) -> tuple[list[int], np.ndarray]:
        """The kinds a 3n+2 hand may discard and the 3n+1 hands they leave (K, 34)."""
        kinds = [k for k in range(NUM_KINDS) if hand[k]]
        return kinds, np.asarray(hand, dtype=np.int8)[None, :] - EYE[kinds]
