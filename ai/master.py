"""Master (大师): Hard's reading, then a determinised look-ahead where its choice is
close (ai.lookahead).  Its top candidates (by Hard's analytic score) are played forward
in sampled worlds (ai.worlds: the hidden tiles dealt consistently with its view, 报听
seats given ready hands their declarations allow) by Medium at every seat
(ai.playout), under common random numbers.  Each one's score is corrected by how much
more than the other the hand brought in the worlds it did not deal in at once (the
deal-in itself stays Hard's to weigh).  The budget is counted in worlds, drawn from the agent's own seeded RNG,
so the same seed makes the same decisions; a wall-clock cap (`time_cap`, seconds) may
stop the search early at the table only."""
from __future__ import annotations

import random

from ai.beliefs import Beliefs
from ai.hard import HardAgent
from ai.lookahead import Budget, refine
from ai.medium import MediumAgent
from ai.pipeline import Candidates, Weighed

WORLDS = 64     # sampled worlds a close decision is played forward in (its budget)
TOP = 2         # candidates played forward: Hard's best two by its score
CLOSE = 0.75    # points: look ahead only when the runner-up is this close to the best


class MasterAgent(HardAgent):
    name = "master"

    def __init__(self, rng: random.Random, worlds: int = WORLDS,
                 time_cap: float | None = None) -> None:
        super().__init__(rng)
        self.budget = Budget(worlds, TOP, CLOSE, time_cap)
        self.policy = MediumAgent(random.Random(0))
        self.samples = 0             # worlds the last decision was played forward in

    def estimate(self, beliefs: Beliefs, candidates: Candidates) -> Weighed:
        weighed = super().estimate(beliefs, candidates)
        self.samples = 0
        if not candidates.turn:
            return weighed
        rng = random.Random(self.rng.getrandbits(64))
        weighed, self.samples = refine(weighed, beliefs, self.budget, rng, self.policy)
        return weighed
