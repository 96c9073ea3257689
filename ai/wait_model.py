"""Which tiles a seat that declared 报听 waits on, read from one seat's view.

A logistic model over per-kind features of the public record: what the declarer threw
before and with its declaration (筋 suji, tiles next to the declaring discard), how many
copies of the kind and its neighbours are still unseen (壁 walls), the kind's rank and
the declarer's open melds, on top of the hand-made shape estimate of ai.defense.  Tiles
passed after the declaration are exactly safe (a declared hand wins automatically) and
get no model at all.  The weights are fitted on
arena hands by ``python -m tools.fit_wait_model`` and shipped in :mod:`ai.wait_weights`.
"""
from __future__ import annotations

import numpy as np

from ai.wait_weights import FEATURES, WEIGHTS
from game.engine.tiles import NUM_KINDS
from game.engine.view import PlayerView

SUIT_KINDS = 27


def declaration(view: PlayerView, seat: int) -> tuple[int, set[int]]:
    """(index of `seat`'s declaring discard in its pool, kinds passed since then by
    anyone — exactly safe); (-1, empty) when `seat` has not declared."""
    pool = view.discards[seat]
    ready_at = next((i for i, d in enumerate(pool) if d.ready), -1)
    if ready_at < 0:
        return -1, set()
    safe = {d.tile for d in pool[ready_at + 1:]}
    for other, other_pool in enumerate(view.discards):
        if other != seat:
            # conservatively: one go-around later than the declaration in pool order
            safe |= {d.tile for d in other_pool[ready_at + 1:]}
    return ready_at, safe


def _shifted(values: np.ndarray, by: int) -> np.ndarray:
    """Per suit kind k: values[k + by] within the same suit, 0 past the suit's end."""
    out = np.zeros(SUIT_KINDS)
    for suit in range(3):
        base = 9 * suit
        block = values[base:base + 9]
        if by >= 0:
            out[base:base + 9 - by] = block[by:]
        else:
            out[base - by:base + 9] = block[:9 + by]
    return out


def logistic(rows: np.ndarray, weights: np.ndarray | tuple[float, ...]) -> np.ndarray:
    """The model's chance per feature row."""
    return 1.0 / (1.0 + np.exp(-(rows @ np.asarray(weights))))


def wait_features(view: PlayerView, seat: int, unseen: np.ndarray,
                  prior: np.ndarray) -> np.ndarray:
    """Feature rows (one per tile kind, columns as FEATURES) for `seat`'s waits;
    `prior`: the hand-made shape estimate of the same chances (ai.defense)."""
    return _features(view, seat, unseen, prior, *declaration(view, seat))


def _features(view: PlayerView, seat: int, unseen: np.ndarray, prior: np.ndarray,
              ready_at: int, safe: set[int]) -> np.ndarray:
    """wait_features, given `seat`'s declaration (see declaration())."""
    pool = view.discards[seat]
    before = np.zeros(NUM_KINDS)
    for d in pool[:max(ready_at, 0)]:
        before[d.tile] = 1.0
    declared = np.zeros(NUM_KINDS)
    if ready_at >= 0:
        declared[pool[ready_at].tile] = 1.0
    gone = np.zeros(NUM_KINDS)      # the other end of a run wait cannot be the wait
    gone[list(safe)] = 1.0
    own = np.maximum(before, np.maximum(declared, gone))

    rows = np.zeros((NUM_KINDS, len(FEATURES)))
    u = unseen[:SUIT_KINDS] / 4.0
    rank = np.tile(np.arange(1, 10), 3)
    col = {name: i for i, name in enumerate(FEATURES)}
    s = slice(0, SUIT_KINDS)

    def put(name: str, values: np.ndarray) -> None:
        rows[s, col[name]] = values

    clipped = np.clip(prior, 1e-3, 0.95)
    rows[:, col["prior"]] = np.log(clipped / (1 - clipped))
    put("bias", np.ones(SUIT_KINDS))
    put("unseen", u)
    put("terminal", (rank == 1) | (rank == 9))
    put("two_eight", (rank == 2) | (rank == 8))
    put("three_seven", (rank == 3) | (rank == 7))
    # run waits: (k-2, k-1) waiting on k with other end k-3; (k+1, k+2) with k+3
    low_ok = (rank >= 3)
    high_ok = (rank <= 7)
    low_open = low_ok * (1 - np.where(rank >= 4, _shifted(own, -3), 0))
    high_open = high_ok * (1 - np.where(rank <= 6, _shifted(own, 3), 0))
    put("run_sides", low_open * _shifted(u, -2) * _shifted(u, -1)
        + high_open * _shifted(u, 1) * _shifted(u, 2))
    put("suji_sides", low_open + high_open)
    put("closed", _shifted(u, -1) * _shifted(u, 1))
    put("pair_wait", u * (unseen[:SUIT_KINDS] >= 1))
    put("thrown_before", before[s])
    put("near_thrown", np.minimum(1, _shifted(before, -1) + _shifted(before, 1)))
    put("near_declared", np.minimum(1, _shifted(declared, -1) + _shifted(declared, 1)))
    put("two_from_declared", np.minimum(1, _shifted(declared, -2) + _shifted(declared, 2)))
    put("suji_of_declared", np.minimum(1, _shifted(declared, -3) + _shifted(declared, 3)))
    suit_thrown = np.repeat([before[9 * t:9 * t + 9].sum() for t in range(3)], 9)
    put("suit_thrown", suit_thrown / max(1.0, before.sum()))
    suits = {m.tiles[0] // 9 for m in view.melds[seat] if m.tiles and m.tiles[0] < SUIT_KINDS}
    put("off_meld_suit", np.repeat([float(bool(suits) and t not in suits) for t in range(3)], 9))
    put("melds", np.full(SUIT_KINDS, len(view.melds[seat]) / 4.0))
    put("late", np.full(SUIT_KINDS, min(1.0, ready_at / 12.0) if ready_at >= 0 else 0.0))
    # honors: only tanki / shanpon waits
    for k in range(SUIT_KINDS, NUM_KINDS):
        rows[k, col["bias"]] = 1.0
        rows[k, col["honor"]] = 1.0
        rows[k, col["unseen"]] = unseen[k] / 4.0
        rows[k, col["pair_wait"]] = unseen[k] / 4.0 * (unseen[k] >= 1)
        rows[k, col["thrown_before"]] = before[k]
    return rows


def wait_chances(view: PlayerView, seat: int, unseen: np.ndarray,
                 prior: np.ndarray) -> np.ndarray:
    """Per tile kind, the chance it is one of declared `seat`'s waits (0 on kinds passed
    since the declaration and kinds not in the ruleset)."""
    ready_at, safe = declaration(view, seat)
    p = logistic(_features(view, seat, unseen, prior, ready_at, safe), WEIGHTS)
    in_play = np.zeros(NUM_KINDS, dtype=bool)
    in_play[list(view.tile_kinds)] = True
    p[~in_play] = 0.0
    p[list(safe)] = 0.0
    return p
