"""Which discards another seat would claim (碰 by any seat, 吃 by the next seat), read
from one seat's view.

Feeding a claim costs its payment (碰 2, 吃 1) and brings the claimer a step nearer to
its own 报听 and win.  Two logistic models over per-kind features of the public record
(the unseen copies of the kind and of its run partners, its rank, what the claimer has
discarded, its melds and how far its hand has come) give the chance per kind; their
weights are fitted on arena hands, where the claimer's real hand tells whether its play
would claim, by ``python -m tools.fit_feed_model`` and shipped in
:mod:`ai.feed_weights`.
"""
from __future__ import annotations

import numpy as np

from ai.discard_odds import rank_class
from ai.feed_weights import CHI_WEIGHTS, FEATURES, PENG_WEIGHTS
from ai.wait_model import logistic
from game.engine.tiles import NUM_KINDS, is_honor
from game.engine.view import PlayerView

SUIT_KINDS = 27


def claimers(view: PlayerView) -> list[int]:
    """The other seats that may still 碰 or 吃: holding tiles, not locked by 报听."""
    return [s for s in range(view.players)
            if s != view.seat and view.hand_sizes[s] > 1 and not view.ready[s]]


def _neighbours(values: np.ndarray, kind: int) -> list[float]:
    """values at kind - 2, kind - 1, kind + 1, kind + 2 of the same suit (0 off its end)."""
    rank, base = kind % 9, kind - kind % 9
    return [float(values[base + rank + d]) if 0 <= rank + d < 9 else 0.0
            for d in (-2, -1, 1, 2)]


def feed_features(view: PlayerView, seat: int, unseen: np.ndarray) -> np.ndarray:
    """Feature rows (one per tile kind, columns as FEATURES) for `seat` claiming it."""
    thrown = np.zeros(NUM_KINDS)
    for d in view.discards[seat]:
        thrown[d.tile] = 1.0
    passed = np.zeros(NUM_KINDS)       # another seat's discard the seat left unclaimed
    passed_chi = np.zeros(NUM_KINDS)   # ... that came from its 上家 (it could have 吃)
    before = (seat - 1) % view.players
    for other, pool in enumerate(view.discards):
        if other != seat:
            for d in pool:
                if d.claimed_by is None:
                    passed[d.tile] = 1.0
                    if other == before:
                        passed_chi[d.tile] = 1.0
    u = unseen / 4.0
    rows = np.zeros((NUM_KINDS, len(FEATURES)))
    col = {name: i for i, name in enumerate(FEATURES)}
    melds = view.melds[seat]
    meld_suits = {m.tiles[0] // 9 for m in melds if m.tiles and m.tiles[0] < SUIT_KINDS}
    turns = len(view.discards[seat])
    for k in range(NUM_KINDS):
        row = rows[k]
        row[col["bias"]] = 1.0
        row[col["unseen"]] = u[k]
        row[col["thrown"]] = thrown[k]
        row[col["passed"]] = passed[k]
        row[col["passed_chi"]] = passed_chi[k]
        row[col["turns"]] = min(1.0, turns / 12.0)
        row[col["melds"]] = len(melds) / 4.0
        if is_honor(k):
            row[col["honor"]] = 1.0
            continue
        row[col[f"rank{rank_class(k)}"]] = 1.0
        nu = _neighbours(u, k)
        nt = _neighbours(thrown, k)
        row[col["partners"]] = nu[0] * nu[1] + nu[1] * nu[2] + nu[2] * nu[3]
        row[col["near_thrown"]] = min(1.0, nt[1] + nt[2])
        row[col["two_thrown"]] = min(1.0, nt[0] + nt[3])
        base = k - k % 9
        suit_thrown = thrown[base:base + 9].sum()
        row[col["suit_thrown"]] = suit_thrown / max(1.0, thrown.sum())
        row[col["meld_suit"]] = float(k // 9 in meld_suits)
    return rows


def feed_chances(view: PlayerView) -> tuple[np.ndarray, np.ndarray]:
    """Per kind, (expected number of seats that would 碰 it, chance the next seat would
    吃 it) if the viewing seat discarded it now."""
    unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
    peng = np.zeros(NUM_KINDS)
    chi = np.zeros(NUM_KINDS)
    after = (view.seat + 1) % view.players
    for seat in claimers(view):
        rows = feed_features(view, seat, unseen)
        peng += logistic(rows, PENG_WEIGHTS) * (unseen >= 2)
        if seat == after:
            chi = logistic(rows, CHI_WEIGHTS)
            chi[SUIT_KINDS:] = 0.0
    if view.wildcard is not None:
        peng[view.wildcard] = chi[view.wildcard] = 0.0
    return peng, chi
