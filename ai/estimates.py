"""What a thinking level says about each candidate of its last decision, in a player's
terms: the reasoning panel, the review and the hints read these, never raw scores."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Estimate:
    """One candidate as a level weighed it.

    `action`: the action's text (Action.to_text()); `score`: the level's own ranking
    number (higher is better; only its order means anything); `win_chance`: the chance
    this seat wins the hand after the move (0..1); `expected_points`: the points the move
    is expected to bring, deal-in cost included; `deal_in_risk`: the chance the move
    pays another seat's win at once (0..1); `samples`: how many sampled worlds or
    playouts the numbers rest on (0: the level's analytic model alone).  A number the
    level does not estimate is None."""

    action: str
    score: float
    win_chance: float | None = None
    expected_points: float | None = None
    deal_in_risk: float | None = None
    samples: int = 0


def best_first(estimates: list[Estimate], top: int = 5) -> tuple[Estimate, ...]:
    """The `top` estimates with the highest scores, best first."""
    return tuple(sorted(estimates, key=lambda e: -e.score)[:top])
