"""The look-ahead of stage 4 (estimates), shared by the thinking levels that sample:
the top candidates of the analytic reading, when close, are played forward in sampled
worlds (ai.worlds) by a fast policy (ai.playout) under common random numbers (every
candidate meets the same worlds and the same draws), and each one's analytic score
corrected by how much more or less than the others it brought there, the correction
shrunk by its own noise (a hand's points spread by several points a world, so a few
dozen worlds resolve little).  The budget is counted in worlds; a wall-clock cap may
stop it early."""
from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, replace

from ai.base import PlanningAgent
from ai.beliefs import Beliefs
from ai.estimates import Estimate
from ai.pipeline import Weighed
from ai.playout import Outcome, play_out
from ai.worlds import sample_world
from game.engine.actions import Action

ATTEMPTS = 2    # worlds tried per world wanted (a view's counts may not deal out)
SPREAD = 0.6    # points: the spread of the candidates' true playout differences, measured
                # (their observed spread less their noise over 277 candidates)


@dataclass(frozen=True)
class Budget:
    """How much a look-ahead may spend: `worlds` sampled worlds for at most `top`
    candidates within `close` points of the best; `time_cap` seconds (None: no cap)."""

    worlds: int
    top: int
    close: float
    time_cap: float | None = None


Policies = tuple[PlanningAgent, PlanningAgent]   # the playouts' own seat, the others


def refine(weighed: Weighed, beliefs: Beliefs, budget: Budget, rng: random.Random,
           policies: Policies) -> tuple[Weighed, int]:
    """`weighed` with its close top candidates re-scored by their playouts (ai.playout,
    played by `policies`), and the worlds played (0: nothing looked at)."""
    ranked = sorted(weighed, key=lambda p: -p[1].score)
    if len(ranked) < 2 or budget.worlds < 1:
        return weighed, 0
    top = [p for p in ranked[:budget.top] if p[1].score >= ranked[0][1].score - budget.close]
    if len(top) < 2:
        return weighed, 0
    played = look_ahead(beliefs, [a for a, _ in top], budget, rng, policies)
    n = len(next(iter(played.values())))
    if not n:
        return weighed, 0
    # the playouts correct the analytic scores by how much better or worse than the
    # candidates' mean each one did in the same worlds (the others keep their scores)
    ref = [statistics.fmean(outs[w].points for outs in played.values()) for w in range(n)]
    looked = {a: playout_estimate(a, outs, ref) for a, outs in played.items()}
    return [(a, replace(looked[a], score=e.score + looked[a].score) if a in looked
             else e) for a, e in weighed], n


def playout_estimate(move: Action, outs: list[Outcome], ref: list[float]) -> Estimate:
    """A move's playouts in a player's terms; its score: how much more than the reference
    it brought in the same worlds, shrunk by that mean's noise (a mean resting on noisy
    worlds moves the analytic score little: weight SPREAD² / (SPREAD² + its variance))."""
    n = len(outs)
    diffs = [o.points - r for o, r in zip(outs, ref, strict=True)]
    noise = statistics.variance(diffs) / n if n > 1 else math.inf
    points = statistics.fmean(o.points for o in outs)
    return Estimate(move.to_text(), statistics.fmean(diffs) * SPREAD ** 2 / (SPREAD ** 2 + noise),
                    win_chance=sum(o.won for o in outs) / n, expected_points=points,
                    deal_in_risk=sum(o.dealt_in for o in outs) / n, samples=n)


def look_ahead(beliefs: Beliefs, moves: list[Action], budget: Budget, rng: random.Random,
               policies: Policies) -> dict[Action, list[Outcome]]:
    """Each move's playouts over the same sampled worlds (none: no world could be dealt)."""
    start = time.perf_counter()
    played: dict[Action, list[Outcome]] = {a: [] for a in moves}
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
            played[a].append(play_out(world, a, *policies))
    return played
