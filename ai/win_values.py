"""What a complete hand is worth to a thinking level, by the engine's own scoring: the
fan of the largest pattern that applies (wildcards included), or in 血战到底 the points
each payer pays (game.engine.bloody_score: the fan of its patterns added up, 根 counted
from the real melds, capped).  The exposed melds enter as a MeldShape: what they mean
for the win patterns."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from game.engine.bloody_score import WinContext, xuezhan_score
from game.engine.melds import CHI, KONG_DIRECT, PENG, Meld
from game.engine.ruleset import Ruleset
from game.engine.scoring import score_pattern
from game.engine.tiles import suit_of
from game.engine.view import MeldView

Sets = tuple[tuple[int, int], ...]   # the exposed melds: (kind, tiles) per pung or kong
_RULESETS: dict[str, Ruleset] = {}   # the rulesets valued so far, by id (for the caches)


@dataclass(frozen=True)
class MeldShape:
    """What a seat's exposed melds mean for the win patterns."""

    count: int = 0
    suits: frozenset[int] = frozenset()
    triplets_only: bool = True
    sets: Sets = ()      # (kind, tiles) of each pung and kong (血战到底 counts 根)

    @classmethod
    def of(cls, melds: Iterable[MeldView]) -> MeldShape:
        """From the seat's own melds (their tiles are always visible to it)."""
        shape = cls()
        for m in melds:
            shape = shape.plus(m.kind != CHI, m.tiles[0], len(m.tiles))
        return shape

    def melds(self) -> tuple[Meld, ...]:
        """Stand-in melds with this shape's count, suits and kinds (what scoring reads)."""
        suits = sorted(self.suits) or [0]
        out = []
        for i in range(self.count):
            suit = suits[i % len(suits)]
            chi = not self.triplets_only and i == 0 and suit < 3
            tiles = (9 * suit, 9 * suit + 1, 9 * suit + 2) if chi else (9 * suit,) * 3
            out.append(Meld(CHI if chi else PENG, tiles))
        return tuple(out)

    def plus(self, triplet: bool, tile: int, size: int = 3) -> MeldShape:
        """After one more meld containing `tile` (`size` tiles: 4 for a kong)."""
        sets = self.sets + ((tile, size),) if triplet else self.sets
        return MeldShape(self.count + 1, self.suits | {suit_of(tile)},
                         self.triplets_only and triplet, sets)


def win_fans(hands: np.ndarray, shape: MeldShape, ruleset: Ruleset) -> np.ndarray:
    """Pattern fan of complete concealed hands (N, 34) beside melds of `shape`, by the
    engine's own scoring (the maximum pattern that applies, wildcards included; for 血战
    到底 the points of a discard win, bloody_points)."""
    _RULESETS.setdefault(ruleset.id, ruleset)
    if ruleset.bloody is not None:
        return bloody_points(hands, shape.sets, ruleset)
    return np.array([_fan(row.tobytes(), shape, ruleset.id) for row in
                     np.ascontiguousarray(hands, dtype=np.int8)], dtype=float)


@lru_cache(maxsize=65536)
def _fan(row: bytes, shape: MeldShape, ruleset_id: str) -> int:
    ruleset = _RULESETS[ruleset_id]
    concealed, melds = list(np.frombuffer(row, dtype=np.int8)), shape.melds()
    try:
        return score_pattern(concealed, melds, ruleset.hand_rules, ruleset.patterns).fan
    except ValueError:  # not a winning hand after all: worth the basic pattern
        return ruleset.patterns["basic"]


def bloody_points(hands: np.ndarray, sets: Sets, ruleset: Ruleset) -> np.ndarray:
    """Points each payer pays for complete concealed hands (N, 34) won on a discard
    beside the exposed `sets`: 0 for a hand that cannot win (three suits)."""
    _RULESETS.setdefault(ruleset.id, ruleset)
    return np.array([_points(row.tobytes(), sets, ruleset.id) for row in
                     np.ascontiguousarray(hands, dtype=np.int8)], dtype=float)


@lru_cache(maxsize=65536)
def _points(row: bytes, sets: Sets, ruleset_id: str) -> int:
    ruleset = _RULESETS[ruleset_id]
    concealed = [int(c) for c in np.frombuffer(row, dtype=np.int8)]
    melds = [Meld(KONG_DIRECT if n == 4 else PENG, (k,) * n) for k, n in sets]
    win = next((k for k, c in enumerate(concealed) if c), -1)
    try:
        return xuezhan_score(concealed, melds, win, WinContext(), ruleset).points
    except ValueError:   # three suits, or not a win after all
        return 0
