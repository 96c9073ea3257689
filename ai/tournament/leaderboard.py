"""The leaderboard: per entrant, the points per hand with a 95 % interval that counts
each wall's seatings as one observation, win and deal-in rates, faults, and the rating
after every hand in the schedule's order (never the order results arrived in): each
hand ranks its four seats, the fill's at a fixed rating."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ai.arena import Z95, Tally
from ai.tournament.entrants import Entrant
from ai.tournament.ratings import Skill, rate
from ai.tournament.runner import Result
from ai.tournament.schedule import FILLED, Unit

# the fill's rating in every hand's ranking, never updated: openskill's starting one (the
# fill is a Medium, which the shipped ratings put near it)
FILL_ANCHOR = Skill.fresh()


def standings(entrants: Sequence[Entrant], units: Sequence[Unit],
              results: Mapping[Unit, Result]) -> list[dict[str, Any]]:
    """Every entrant's row, best ordinal first; `results` holds every unit's."""
    totals = [Tally() for _ in entrants]
    skills = [Skill.fresh() for _ in entrants]
    for unit in units:
        walls = [Tally() for _ in entrants]
        for hand in results[unit]["hands"]:
            rated = [s for s, e in enumerate(hand["seats"]) if e != FILLED]
            for s in rated:
                t = walls[hand["seats"][s]]
                t.hands += 1
                t.points += hand["points"][s]
                t.wins += bool(hand["wins"][s])
                t.deal_ins += bool(hand["deal_ins"][s])
                t.faults += hand["faults"][s]
            if rated:       # the four seats ranked; the fill's rating stays FILL_ANCHOR
                seats = hand["seats"]
                new = rate([FILL_ANCHOR if e == FILLED else skills[e] for e in seats],
                           hand["points"])
                for s in rated:
                    skills[seats[s]] = new[s]
        for e, wall in enumerate(walls):
            if wall.hands:
                totals[e].add_wall(wall)
    rows = [row(e, t, s) for e, t, s in zip(entrants, totals, skills)]
    return sorted(rows, key=lambda r: (-r["ordinal"], r["name"]))


def row(entrant: Entrant, t: Tally, skill: Skill) -> dict[str, Any]:
    """One entrant's line of the leaderboard."""
    h = max(t.hands, 1)
    lo, hi = t.interval(Z95) if t.wall_means else (0.0, 0.0)
    return {"name": entrant.name, "spec": entrant.spec, "hands": t.hands,
            "mean_points": t.points / h, "ci95": [lo, hi], "rating_mu": skill.mu,
            "rating_sigma": skill.sigma, "ordinal": skill.ordinal,
            "win_rate": t.wins / h, "deal_in_rate": t.deal_ins / h, "faults": t.faults}


def table_text(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The leaderboard as lines of a table."""
    width = max([len("entrant")] + [len(r["name"]) for r in rows])
    head = (f"{'#':>3} {'entrant':{width}} {'hands':>6} {'pts/hand':>9} {'95% CI':>17} "
            f"{'mu':>7} {'sigma':>6} {'ordinal':>8} {'win':>6} {'deal-in':>7} {'faults':>6}")
    lines = [head]
    for i, r in enumerate(rows, 1):
        lo, hi = r["ci95"]
        lines.append(f"{i:>3} {r['name']:{width}} {r['hands']:>6} {r['mean_points']:9.3f} "
                     f"[{lo:7.3f},{hi:7.3f}] {r['rating_mu']:7.2f} {r['rating_sigma']:6.2f} "
                     f"{r['ordinal']:8.2f} {r['win_rate']:6.3f} {r['deal_in_rate']:7.3f} "
                     f"{r['faults']:>6}")
    return lines
