"""The schedule: in each round every entrant sits at one table; the tables are filled
as evenly as possible and their empty places go to the unrated fill; who meets whom is
balanced over the rounds. Each table plays the same walls in every seating (its
rotations), the walls and the agents' seeds fixed by the tournament's seed alone.

The schedule is a pure function of (entrants, rounds, seed, players): the same on every
machine and with any number of workers.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine.wall import derive_seed

FILLED = -1         # a place of the unrated fill, in a table's seats
TRIES = 64          # shuffles tried for each round; the best balanced is kept


@dataclass(frozen=True, order=True)
class Table:
    """One table of one round: its entrants' indices in seat order (FILLED: the fill)."""

    round: int
    number: int
    seats: tuple[int, ...]

    def seatings(self) -> list[tuple[int, ...]]:
        """The table's seatings: its seats rotated, so each plays every seat of a wall."""
        n = len(self.seats)
        return [tuple(self.seats[(i + r) % n] for i in range(n)) for r in range(n)]


@dataclass(frozen=True, order=True)
class Unit:
    """One wall of one table: the work done at once, and the unit kept on disk."""

    round: int
    table: int
    wall: int

    @property
    def key(self) -> str:
        return f"r{self.round:03d}-t{self.table:02d}-w{self.wall:04d}"

    def wall_seed(self, seed: int) -> int:
        return derive_seed(seed, self.round, self.table, self.wall)

    def agent_seed(self, seed: int, seating: int) -> int:
        return derive_seed(seed, self.round, self.table, self.wall, seating + 1)


def table_sizes(entrants: int, players: int) -> list[int]:
    """How many entrants sit at each table of a round: as even as possible."""
    tables = math.ceil(entrants / players)
    base, extra = divmod(entrants, tables)
    return [base + (t < extra) for t in range(tables)]


def _cost(groups: list[list[int]], met: dict[tuple[int, int], int]) -> int:
    """How unbalanced a round makes the meetings: the sum of squares of the meeting
    counts of the pairs it seats together."""
    return sum((met.get(pair, 0) + 1) ** 2 for g in groups for pair in combinations(sorted(g), 2))


def schedule(entrants: int, rounds: int, seed: int, players: int) -> list[Table]:
    """Every table of every round, in the schedule's order (round, then table)."""
    rng = random.Random(derive_seed(seed, 0x5C4E))
    sizes = table_sizes(entrants, players)
    met: dict[tuple[int, int], int] = {}
    tables: list[Table] = []
    for r in range(rounds):
        best: list[list[int]] | None = None
        best_cost = 0
        for _ in range(TRIES if len(sizes) > 1 else 1):
            order = list(range(entrants))
            rng.shuffle(order)
            groups, start = [], 0
            for size in sizes:
                groups.append(order[start:start + size])
                start += size
            cost = _cost(groups, met)
            if best is None or cost < best_cost:
                best, best_cost = groups, cost
        assert best is not None
        for t, group in enumerate(best):
            for pair in combinations(sorted(group), 2):
                met[pair] = met.get(pair, 0) + 1
            tables.append(Table(r, t, _seated(group, players)))
    return tables


def _seated(group: Sequence[int], players: int) -> tuple[int, ...]:
    """A table's seats: its entrants with the fill spread between them."""
    seats = list(group)
    fills = players - len(seats)
    for i in range(fills):
        seats.insert(min(len(seats), (i * 2) + 1), FILLED)
    return tuple(seats)


def units(tables: Sequence[Table], walls: int) -> list[Unit]:
    """Every wall of every table, in the schedule's order."""
    return [Unit(t.round, t.number, w) for t in tables for w in range(walls)]
