"""Sampled worlds: the hidden tiles of a seat's view dealt out at random, consistently
with everything the view shows, as a round the engine can play on.

The other seats' concealed hands and their face-down kongs, and the wall's order, are
drawn from the copies the seat has not seen.  A seat that declared 报听 gets a ready
hand whose waits no tile passed since its declaration completes (it would have won on
it), kept with a chance that grows with the wait model's belief in those waits
(ai.wait_model through ai.beliefs); any other seat's hand is drawn uniformly."""
from __future__ import annotations

import random

import numpy as np

from ai.beliefs import Beliefs
from ai.wait_model import declaration
from game.engine.events import WinKind
from game.engine.hands import waits
from game.engine.melds import Meld
from game.engine.round_data import AFTER_CLAIM, AFTER_DRAW, Discard, WinRecord
from game.engine.ruleset import Ruleset
from game.engine.scoring import PatternResult
from game.engine.state import RoundState
from game.engine.tiles import NUM_KINDS
from game.engine.view import TURN, PlayerView
from game.engine.wall import Wall

# 血战到底: a world knows who has won and on which tile; how they won is not replayed
NO_PATTERN = PatternResult("basic", 0, ())
READY_TRIES = 200   # ready hands drawn for a declared seat before its waits are taken as they come


class Pool:
    """The tiles not yet dealt out in a world: counts per kind, drawn at random."""

    def __init__(self, counts: list[int], rng: random.Random) -> None:
        self.counts = counts[:]
        self.rng = rng

    def tiles(self) -> list[int]:
        return [k for k, n in enumerate(self.counts) for _ in range(n)]

    def take(self, n: int) -> list[int] | None:
        """`n` tiles drawn at random (None: fewer are left)."""
        tiles = self.tiles()
        if len(tiles) < n:
            return None
        drawn = self.rng.sample(tiles, n)
        for k in drawn:
            self.counts[k] -= 1
        return drawn

    def take_kind(self, kind: int, n: int) -> bool:
        if not 0 <= kind < NUM_KINDS or self.counts[kind] < n:
            return False
        self.counts[kind] -= n
        return True


def counts_of(tiles: list[int]) -> list[int]:
    out = [0] * NUM_KINDS
    for k in tiles:
        out[k] += 1
    return out


def _partial(pool: Pool, kinds: list[int]) -> list[int] | None:
    """Two tiles one short of a set (a pair, neighbours or a gap), drawn from `pool`."""
    k = pool.rng.choice(kinds)
    gap = pool.rng.choice((0, 1, 1, 2)) if k < 27 and k % 9 <= 6 else 0
    if gap and (k % 9) + gap > 8:
        gap = 0
    if gap == 0:
        return [k, k] if pool.take_kind(k, 2) else None
    if pool.counts[k] < 1 or pool.counts[k + gap] < 1:
        return None
    pool.take_kind(k, 1)
    pool.take_kind(k + gap, 1)
    return [k, k + gap]


def ready_hand(pool: Pool, size: int, ruleset: Ruleset, safe: set[int],
               belief: np.ndarray | None) -> list[int] | None:
    """A hand of `size` tiles that is ready, waiting on no kind of `safe`, built from
    sets, a pair and a waiting pair of tiles (or sets and a single); None if none fits."""
    rng, rules = pool.rng, ruleset.hand_rules
    kinds = list(ruleset.tile_kinds)
    top = float(belief.max()) if belief is not None and belief.max() > 0 else 0.0
    fallback: list[int] | None = None
    for _ in range(READY_TRIES):
        trial = Pool(pool.counts, rng)
        hand: list[int] = []
        sets = (size - 1) // 3
        tanki = rng.random() < 0.25
        for _ in range(sets - (0 if tanki else 1)):
            k = rng.choice(kinds)
            run = k < 27 and k % 9 <= 6 and rng.random() < 0.6
            parts = [k, k + 1, k + 2] if run else [k, k, k]
            if not all(trial.take_kind(t, 1) for t in parts):
                break
            hand += parts
        if tanki:
            rest = trial.take(1)
        else:
            k = rng.choice(kinds)
            rest = [k, k] if trial.take_kind(k, 2) else None
            partial = _partial(trial, kinds)
            rest = None if rest is None or partial is None else rest + partial
        if rest is None or len(hand) + len(rest) != size:
            continue
        hand += rest
        counts = counts_of(hand)
        found = waits(counts, rules)
        if not found or any(w in safe for w in found):
            continue
        fallback = fallback or hand
        if top == 0.0 or belief is None or rng.random() < float(belief[found].mean()) / top:
            pool.counts = trial.counts
            return hand
    if fallback is not None:
        for k in fallback:
            pool.counts[k] -= 1
    return fallback


def laid_hand(pool: Pool, laid: tuple[int, ...], tile: int, size: int) -> list[int] | None:
    """血战到底: a winner's hand as it lies open (with its winning tile where the hand
    still holds it), taken out of `pool`; None if the pool lacks its tiles."""
    hand = list(laid) + [tile] * (size - len(laid))
    return hand if len(hand) == size and all(pool.take_kind(k, 1) for k in hand) else None


def sample_world(view: PlayerView, beliefs: Beliefs, rng: random.Random) -> RoundState | None:
    """A round matching `view` with its hidden tiles dealt at random, on the seat's own
    turn; None when the view's counts cannot be dealt (left to the caller to skip)."""
    ruleset = beliefs.ruleset
    pool = Pool(view.unseen_counts(), rng)
    melds: list[list[Meld]] = []
    for seat, seat_melds in enumerate(view.melds):
        built = []
        for m in seat_melds:
            tiles = m.tiles
            if not tiles:     # another seat's face-down kong
                four = [k for k in ruleset.tile_kinds if pool.counts[k] >= 4]
                if not four:
                    return None
                kind = rng.choice(four)
                pool.take_kind(kind, 4)
                tiles = (kind,) * 4
            built.append(Meld(m.kind, tiles, m.claimed, m.from_seat))
        melds.append(built)
    hands: list[list[int]] = []
    ready_waits: list[tuple[int, ...]] = []
    threat = {t.seat: t.waits for t in beliefs.threats}
    for seat in range(view.players):
        size = view.hand_sizes[seat]
        if seat == view.seat:
            hand: list[int] | None = list(view.hand)
        elif view.won_hands and view.won[seat] >= 0:   # 血战到底: a winner's hand lies open
            hand = laid_hand(pool, view.won_hands[seat], view.won[seat], size)
        elif view.ready[seat]:
            hand = ready_hand(pool, size, ruleset, declaration(view, seat)[1], threat.get(seat))
        else:
            hand = pool.take(size)
        if hand is None:
            return None
        counts = counts_of(hand)
        hands.append(counts)
        ready_waits.append(tuple(waits(counts, ruleset.hand_rules)) if view.ready[seat] else ())
    wall = pool.tiles() + _flowers(view, ruleset)[1]
    if len(wall) < view.wall_remaining:
        return None
    rng.shuffle(wall)
    del wall[view.wall_remaining:]   # (only a view written by hand has tiles to spare)
    return _round(view, ruleset, hands, melds, ready_waits, wall)


def _round(view: PlayerView, ruleset: Ruleset, hands: list[list[int]],
           melds: list[list[Meld]], ready_waits: list[tuple[int, ...]],
           wall: list[int]) -> RoundState:
    """The engine's round holding these tiles, on `view`'s turn."""
    set_aside, in_wall = _flowers(view, ruleset)
    full = [k for k in ruleset.tile_kinds for _ in range(ruleset.copies)] + in_wall
    full += [k for seat in set_aside for k in seat]
    state = RoundState(ruleset, full, view.dealer, dealt=False,
                       round_wind=max(view.round_wind, 0))
    if ruleset.guobiao is not None:
        state.flowers, state.flower_tiles = list(view.flowers), set_aside
    if ruleset.bloody is not None:   # 血战到底: the void suits, and who has won already
        state.voids = list(view.voids)
        state.out = [tile >= 0 for tile in view.won]
        state.wins = [WinRecord(seat, WinKind.SELF_DRAW, tile, None, NO_PATTERN,
                                (*view.won_hands[seat], tile), ())
                      for seat, tile in enumerate(view.won) if tile >= 0]
        state.kong_income = [[] for _ in range(view.players)]
    state.wall = Wall(wall)
    state.hands = hands
    state.melds = melds
    state.discards = [[Discard(d.tile, d.ready, False, d.claimed_by) for d in pool]
                      for pool in view.discards]
    state.ready, state.ready_waits = list(view.ready), ready_waits
    state.auto, state.scores = list(view.auto), list(view.scores)
    state.phase, state.current, state.drawn = TURN, view.seat, view.drawn
    state.turn_via = AFTER_DRAW if view.drawn is not None else AFTER_CLAIM
    return state


def _flowers(view: PlayerView, ruleset: Ruleset) -> tuple[list[list[int]], list[int]]:
    """国标's flowers in a world: those each seat has set aside (which of the eight does
    not matter, only how many) and those still in the wall; none in other rulesets."""
    if ruleset.guobiao is None:
        return [], []
    kinds = list(ruleset.guobiao.flower_kinds())
    set_aside, start = [], 0
    for count in view.flowers:
        set_aside.append(kinds[start:start + count])
        start += count
    return set_aside, kinds[start:]
