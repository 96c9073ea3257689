"""Danger of each discard against opponents who have declared 报听 or look ready,
judged from one seat's view: 现物 (tiles passed after the declaration are exactly
safe, the seat's own earlier discards nearly so), 筋 suji and 壁 walls (shapes
needing tiles whose copies are all visible cannot be held)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.wait_model import declaration, wait_chances
from game.engine.tiles import NUM_KINDS, rank_of, suit_of
from game.engine.view import PlayerView

WAITS_PER_HAND = 1.8   # mean number of waiting kinds of a ready hand
GENBUTSU = 0.3         # danger left on a tile the seat itself discarded before
SUJI = 0.4             # a run wait whose other end the seat discarded before


@dataclass(frozen=True)
class Threat:
    """One opponent: chance it is ready now, and per kind the chance of being a wait."""

    seat: int
    ready: float
    waits: np.ndarray


def ready_chance(view: PlayerView, seat: int) -> float:
    """1 after 报听; otherwise grows with exposed melds and discards (a late, open hand)."""
    if view.ready[seat]:
        return 1.0
    melds = len(view.melds[seat])
    turns = len(view.discards[seat])
    return min(0.6, 0.08 * melds + 0.02 * max(0, turns - 6) * (1 + melds))


def _passed_after_ready(view: PlayerView, seat: int) -> tuple[set[int], set[int]]:
    """(kinds discarded by anyone after `seat` declared 报听 — the seat would have won
    on a wait automatically —, kinds `seat` discarded up to its declaration)."""
    pool = view.discards[seat]
    ready_at, safe = declaration(view, seat)
    return safe, {d.tile for d in (pool[:ready_at + 1] if ready_at >= 0 else pool)}


def _shape_weight(kind: int, unseen: np.ndarray, safe: set[int], own: set[int]) -> float:
    """How many plausible ready shapes wait on `kind` (pairs, runs), unnormalised."""
    u = unseen
    w = 0.25 * (u[kind] >= 1) + 0.5 * (u[kind] >= 2)
    if kind >= 27:
        return w
    rank, base = rank_of(kind), kind - rank_of(kind) + 1

    def held(r: int) -> float:
        return u[base + r - 1] / 4 if 1 <= r <= 9 else 0.0

    for lo in (rank + 1, rank - 2):           # two-sided / edge waits on the pair (lo, lo+1)
        shape = held(lo) * held(lo + 1)
        other = rank + 3 if lo > rank else rank - 3
        if not 1 <= other <= 9:
            shape *= 0.6                      # edge wait (12-3, 89-7)
        elif base + other - 1 in safe:
            shape = 0.0                       # the other end passed: impossible
        elif base + other - 1 in own:
            shape *= SUJI
        w += 2.0 * shape
    w += 1.2 * held(rank - 1) * held(rank + 1)  # closed wait
    return w


def shape_waits(view: PlayerView, seat: int, unseen: np.ndarray) -> np.ndarray:
    """Per kind, the chance it is one of a ready opponent's waits, by the shapes that
    could wait on it (pairs, runs) and what the seat threw."""
    safe, own = _passed_after_ready(view, seat)
    suits = {suit_of(m.tiles[0]) for m in view.melds[seat] if m.tiles}
    flush = len(view.melds[seat]) >= 2 and len(suits) == 1
    weights = np.zeros(NUM_KINDS)
    for k in view.tile_kinds:
        if k in safe:
            continue
        w = _shape_weight(k, unseen, safe, own)
        if k in own:
            w *= GENBUTSU
        if flush and suit_of(k) not in suits:
            w *= 0.3
        weights[k] = w
    if view.voids and view.voids[seat] >= 0:     # 血战到底: no win on the void suit
        weights[9 * view.voids[seat]:9 * view.voids[seat] + 9] = 0.0
    total = weights.sum()
    waits = np.minimum(0.95, WAITS_PER_HAND * weights / total) if total else weights
    return waits


def threat_of(view: PlayerView, seat: int, unseen: np.ndarray) -> Threat:
    """Wait probabilities of one opponent, given it is ready: after its 报听 by the
    fitted model of ai.wait_model on top of the shape estimate."""
    waits = shape_waits(view, seat, unseen)
    if view.ready[seat]:
        waits = wait_chances(view, seat, unseen, waits)
    return Threat(seat, ready_chance(view, seat), waits)


def threats(view: PlayerView) -> list[Threat]:
    """Every opponent with a real chance of being ready (血战到底: still playing)."""
    unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
    return [threat_of(view, s, unseen) for s in range(view.players)
            if s != view.seat and ready_chance(view, s) > 0.0
            and not (view.won and view.won[s] >= 0)]


def deal_in_chances(found: list[Threat]) -> np.ndarray:
    """Per kind: the chance that discarding it now pays someone's win."""
    missed = np.ones(NUM_KINDS)
    for t in found:
        missed *= 1.0 - t.ready * t.waits
    return 1.0 - missed
