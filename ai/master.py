"""Master (大师): Hard's reading, then a determinised look-ahead where its choice is
close.  Its top candidates (by Hard's analytic score) are played forward in sampled
worlds (ai.worlds: the hidden tiles dealt consistently with its view, 报听 seats given
ready hands their declarations allow) by Medium at every seat (ai.playout), under
common random numbers: every candidate meets the same worlds and the same draws.  The
best mean of the points the hand brings wins.  The budget is counted in worlds, drawn
from the agent's own seeded RNG, so the same seed makes the same decisions; a wall-clock
cap (`time_cap`, seconds) may stop the search early at the table only."""
from __future__ import annotations

import random
import time
from dataclasses import replace

from ai.beliefs import Beliefs
from ai.estimates import Estimate
from ai.hard import HardAgent
from ai.medium import MediumAgent
from ai.pipeline import Candidates, Weighed
from ai.playout import play_out
from ai.worlds import sample_world
from game.engine.actions import Action

WORLDS = 24     # sampled worlds a close decision is played forward in (its budget)
TOP = 4         # candidates played forward: Hard's best by its score
CLOSE = 2.0     # points: look ahead only when the runner-up is this close to the best
ATTEMPTS = 2    # worlds tried per world wanted (a view's counts may not deal out)


class MasterAgent(HardAgent):
    name = "master"

    def __init__(self, rng: random.Random, worlds: int = WORLDS,
                 time_cap: float | None = None) -> None:
        super().__init__(rng)
        self.worlds = worlds
        self.time_cap = time_cap     # seconds a decision may take at the table (None: no cap)
        self.policy = MediumAgent(random.Random(0))
        self.samples = 0             # worlds the last decision was played forward in

    def estimate(self, beliefs: Beliefs, candidates: Candidates) -> Weighed:
        weighed = super().estimate(beliefs, candidates)
        self.samples = 0
        if not candidates.turn or len(weighed) < 2:
            return weighed
        ranked = sorted(weighed, key=lambda p: -p[1].score)
        top = [p for p in ranked[:TOP] if p[1].score >= ranked[0][1].score - CLOSE]
        if len(top) < 2:
            return weighed
        looked = self._look_ahead(beliefs, [a for a, _ in top])
        if looked is None:
            return weighed
        floor = min(e.score for e in looked.values())
        worst_top = min(e.score for _, e in top)
        out: Weighed = []
        for a, e in weighed:
            if a in looked:
                out.append((a, looked[a]))
            else:           # below every candidate looked at, in Hard's order
                out.append((a, replace(e, score=floor - 1.0 - (worst_top - e.score))))
        return out

    def _look_ahead(self, beliefs: Beliefs, moves: list[Action]) -> dict[Action, Estimate] | None:
        """Each move's mean outcome over the same sampled worlds (None: none dealt)."""
        rng = random.Random(self.rng.getrandbits(64))
        start = time.perf_counter()
        totals = {a: [0, 0, 0] for a in moves}      # points, wins, deal-ins
        n = 0
        for _ in range(self.worlds * ATTEMPTS):
            if n >= self.worlds:
                break
            if self.time_cap is not None and n and time.perf_counter() - start > self.time_cap:
                break
            world = sample_world(beliefs.view, beliefs, rng)
            if world is None:
                continue
            n += 1
            for a in moves:
                out = play_out(world, a, self.policy)
                t = totals[a]
                t[0] += out.points
                t[1] += out.won
                t[2] += out.dealt_in
        if n == 0:
            return None
        self.samples = n
        return {a: Estimate(a.to_text(), t[0] / n, win_chance=t[1] / n,
                            expected_points=t[0] / n, deal_in_risk=t[2] / n, samples=n)
                for a, t in totals.items()}
