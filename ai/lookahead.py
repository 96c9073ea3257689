"""The look-ahead of stage 4 (estimates), shared by the thinking levels that sample:
the top candidates of the analytic reading, when close, are played forward in sampled
worlds (ai.worlds) by a fast policy (ai.playout) under common random numbers (every
candidate meets the same worlds and the same draws), and each one's analytic score
corrected by how much more or less than the others it brought there.  The budget is
counted in worlds; a wall-clock cap may stop it early."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ai.beliefs import Beliefs
from ai.estimates import Estimate
from ai.medium import MediumAgent
from ai.pipeline import Weighed
from ai.playout import play_out
from ai.worlds import sample_world
from game.engine.actions import Action

ATTEMPTS = 2    # worlds tried per world wanted (a view's counts may not deal out)


@dataclass(frozen=True)
class Budget:
    """How much a look-ahead may spend: `worlds` sampled worlds for at most `top`
    candidates within `close` points of the best; `time_cap` seconds (None: no cap)."""

    worlds: int
    top: int
    close: float
    time_cap: float | None = None


def refine(weighed: Weighed, beliefs: Beliefs, budget: Budget, rng: random.Random,
           policy: MediumAgent) -> tuple[Weighed, int]:
    """`weighed` with its close top candidates re-scored by their playouts, and the worlds
    played (0: nothing looked at)."""
    ranked = sorted(weighed, key=lambda p: -p[1].score)
    if len(ranked) < 2 or budget.worlds < 1:
        return weighed, 0
    top = [p for p in ranked[:budget.top] if p[1].score >= ranked[0][1].score - budget.close]
    if len(top) < 2:
        return weighed, 0
    looked, n = look_ahead(beliefs, [a for a, _ in top], budget, rng, policy)
    if not n:
        return weighed, 0
    # the playouts correct the analytic scores by how much better or worse than the
    # candidates' mean each one did in the same worlds (the others keep their scores)
    mean = sum(e.score for e in looked.values()) / len(looked)
    return [(a, replace(looked[a], score=e.score + looked[a].score - mean) if a in looked
             else e) for a, e in weighed], n


def look_ahead(beliefs: Beliefs, moves: list[Action], budget: Budget, rng: random.Random,
               policy: MediumAgent) -> tuple[dict[Action, Estimate], int]:
    """Each move's mean outcome over the same sampled worlds (its score: the points of
    the worlds it did not deal in at once), and how many were played."""
    start = time.perf_counter()
    # points, wins, deal-ins at once, and the points of the worlds it did not deal in at
    # once: the deal-in itself is Hard's to weigh (at more than it pays, on purpose), so
    # a candidate's score is corrected by what the playouts say of the rest of the hand
    totals = {a: [0, 0, 0, 0] for a in moves}
    n = 0
    for _ in range(budget.worlds * ATTEMPTS):
        if n >= budget.worlds:
            break
        if budget.time_cap is not None and n and time.perf_counter() - start > budget.time_cap:
            break
        world = sample_world(beliefs.view, beliefs, rng)
        if world is None:
            continue
        n += 1
        for a in moves:
            out = play_out(world, a, policy)
            t = totals[a]
            t[0] += out.points
            t[1] += out.won
            t[2] += out.dealt_in
            t[3] += 0 if out.dealt_in else out.points
    if n == 0:
        return {}, 0
    return {a: Estimate(a.to_text(), t[3] / n, win_chance=t[1] / n, expected_points=t[0] / n,
                        deal_in_risk=t[2] / n, samples=n) for a, t in totals.items()}, n
