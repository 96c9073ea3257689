"""What the player's hints say, from the player's seat's view alone (no pygame): per
discard, the shanten left and the effective tiles (进张) with their unseen copies; per
kind, how dangerous a discard is by Hard's own reading of the opponents (ai.hard)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ai.hard import deal_in_risk
from game.analyze import discard_table
from game.engine.hands import HandRules
from game.engine.view import PlayerView

SAFE, LOW, MEDIUM, HIGH = range(4)
# upper bounds of the deal-in chance of the levels below HIGH
DANGER_BOUNDS = (0.02, 0.06, 0.15)


@dataclass(frozen=True)
class Efficiency:
    """A hand after one discard: its shanten (0: ready, the tiles are then its waits) and
    the tiles that lower it, each with its copies unseen from the seat (none listed at 0)."""

    shanten: int
    tiles: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


@dataclass(frozen=True)
class Hints:
    """The hints of one moment of the seat's turn: per kind in hand, its Efficiency (empty
    when that hint is off) and its danger level (empty when off or nobody threatens)."""

    efficiency: dict[int, Efficiency]
    danger: dict[int, int]


def danger_level(chance: float) -> int:
    """SAFE, LOW, MEDIUM or HIGH for a deal-in chance."""
    return next((level for level, bound in enumerate(DANGER_BOUNDS) if chance < bound), HIGH)


def efficiency(counts: tuple[int, ...], unseen: tuple[int, ...],
               rules: HandRules) -> dict[int, Efficiency]:
    """Per kind of a 3n+2 hand (`counts`): the hand after discarding it ({} for another
    size); `unseen`: copies of each kind the seat cannot see."""
    if sum(counts) % 3 != 2:
        return {}
    return {kind: Efficiency(after, tuple(tiles))
            for kind, after, tiles in discard_table(counts, unseen, rules)}


def danger(view: PlayerView) -> dict[int, int]:
    """Per kind in the seat's hand, the danger level of discarding it; {} while no
    opponent has declared 报听 or looks ready (see ai.hard.deal_in_risk)."""
    risk = deal_in_risk(view)
    if risk is None:
        return {}
    return {kind: danger_level(float(risk[kind])) for kind in set(view.hand)}


@lru_cache(maxsize=8)
def hints_for(view: PlayerView, rules: HandRules, show_efficiency: bool,
              show_danger: bool) -> Hints:
    """The hints the switches ask for, read from `view` (the seat's own knowledge)."""
    return Hints(
        efficiency(tuple(view.hand_counts()), tuple(view.unseen_counts()), rules)
        if show_efficiency else {},
        danger(view) if show_danger else {})
