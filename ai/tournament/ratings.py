"""Ratings (openskill's Plackett-Luce model): each hand's four seats ranked by their
points (equal points: a tie), the ratings updated hand by hand in a fixed order.

The levels' ratings measured by a tournament are shipped in assets/level_ratings.json;
a player's own rating is recomputed from their finished hands against those.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from game import paths

MODEL = PlackettLuce()
LEVEL_RATINGS = "level_ratings.json"


@dataclass(frozen=True)
class Skill:
    """A rating: its mean, its uncertainty, and the ordinal mu - 3 sigma that ranks."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @classmethod
    def fresh(cls) -> Skill:
        return cls(MODEL.mu, MODEL.sigma)


def rank_places(points: Sequence[int]) -> list[float]:
    """Each seat's place by points, 1 the best; equal points share a place."""
    return [1.0 + sum(q > p for q in points) for p in points]


def rate(skills: Sequence[Skill], points: Sequence[int]) -> list[Skill]:
    """The seats' ratings after one hand they played, ranked by its points."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    out: list[list[PlackettLuceRating]] = MODEL.rate(teams, ranks=rank_places(points))
    return [Skill(team[0].mu, team[0].sigma) for team in out]


@cache
def level_ratings() -> dict[str, Skill]:
    """The levels' shipped ratings (none if the file is missing or unreadable); read
    once."""
    try:
        doc: Any = json.loads(paths.asset(LEVEL_RATINGS).read_text(encoding="utf-8"))
        return {name: Skill(float(r["mu"]), float(r["sigma"]))
                for name, r in doc["levels"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def player_rating(hands: Iterable[tuple[int, Sequence[str], Sequence[int]]],
                  levels: dict[str, Skill]) -> Skill:
    """A player's rating after their hands, in order: each hand is (the player's seat,
    each seat's level, the points), against the levels' fixed ratings (a seat of a level
    without one, or another person, counts as a fresh rating). Only the player's rating
    moves."""
    own = Skill.fresh()
    for seat, seat_levels, points in hands:
        skills = [own if s == seat else levels.get(level, Skill.fresh())
                  for s, level in enumerate(seat_levels)]
        own = rate(skills, points)[seat]
    return own
