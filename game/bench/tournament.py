"""The tournament's speed beside the arena's: the same seats, workers and number of
hands on the process pool, in hands per second (the tournament should reach 90 % of
the arena's).

    python -m game.bench.tournament [--walls 48] [--workers 2]
"""
from __future__ import annotations

import argparse
import time

from ai import arena
from ai.tournament.entrants import FILL, parse_entrants
from ai.tournament.leaderboard import standings
from ai.tournament.runner import Plan, Result, run_pool
from ai.tournament.schedule import Unit, schedule, units

SEATS = ("medium", "medium", "easy", "easy")
ENTRANTS = ("medium", "m2=medium", "easy", "e2=easy")
ROUNDS = 4
TRIES = 2


def arena_rate(walls: int, workers: int) -> float:
    """The arena's hands per second: `walls` walls of SEATS in their four seatings."""
    start = time.perf_counter()
    arena.run(walls, 1, arena.seatings("duplicate", SEATS), workers)
    return walls * len(SEATS) / (time.perf_counter() - start)


def tournament_rate(walls: int, workers: int) -> float:
    """The tournament's hands per second: the same seats as entrants, ROUNDS rounds of
    one table, as many walls in all as the arena's."""
    entrants = parse_entrants(ENTRANTS)
    tables = schedule(len(entrants), ROUNDS, 1, len(SEATS))
    every = units(tables, max(1, walls // ROUNDS))
    plan = Plan("dazhong", 1, tuple(e.spec for e in entrants), FILL.spec, 1000)
    results: dict[Unit, Result] = {}

    def keep(result: Result) -> None:
        results[Unit(result["round"], result["table"], result["wall"])] = result

    start = time.perf_counter()
    run_pool(plan, [(tables[u.round], u.wall) for u in every], workers, keep)
    standings(entrants, every, results)
    return len(every) * len(SEATS) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.tournament",
                                     description=__doc__)
    parser.add_argument("--walls", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    a = t = 0.0
    for _ in range(TRIES):      # alternated, the best of each: the machine's load varies
        a = max(a, arena_rate(args.walls, args.workers))
        t = max(t, tournament_rate(args.walls, args.workers))
    print(f"seats {','.join(SEATS)}, {args.walls} walls x 4 seatings, {args.workers} workers: "
          f"ai.arena {a:.1f} hands/s, ai.tournament {t:.1f} hands/s "
          f"({t / a * 100:.0f} % of the arena's; target >= 90 %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
