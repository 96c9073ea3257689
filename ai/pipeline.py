"""The thinking levels' decision, one stage after another, each handing its result to
the next:

1. the view (the seat's PlayerView: all a level may know);
2. beliefs about the hidden tiles (`believe`: ai.beliefs, and Master's sampled worlds);
3. the candidates (`candidates`: the moves worth weighing out of the legal ones);
4. the estimates (`estimate`: each candidate in a player's terms, ai.estimates);
5. the choice and its reasons (`decide`: the best estimate; the top ones kept).

A level fills in stages 2 and 4 (and may narrow 3); the order lives here alone."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ai.base import PlanningAgent
from ai.estimates import Estimate, best_first
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView

B = TypeVar("B")


@dataclass(frozen=True)
class Candidates:
    """The moves one decision weighs: on a turn the kinds the hand may discard (those
    `readies` may declare 报听) and the kongs; on a claim window the legal answers."""

    turn: bool
    discards: tuple[int, ...] = ()
    readies: frozenset[int] = frozenset()
    others: tuple[Action, ...] = field(default=())


def turn_candidates(view: PlayerView, legal: list[Action]) -> Candidates:
    """A turn's candidates: every held kind as a discard, and the legal kongs."""
    readies = frozenset(a.tile for a in legal
                        if a.kind == A.DISCARD and a.ready and a.tile is not None)
    kongs = tuple(a for a in legal if a.kind in (A.CONCEALED_KONG, A.ADDED_KONG))
    return Candidates(True, tuple(sorted(set(view.hand))), readies, kongs)


def claim_candidates(legal: list[Action]) -> Candidates:
    """A claim window's candidates: every legal answer."""
    return Candidates(False, others=tuple(legal))


Weighed = list[tuple[Action, Estimate]]


class ThinkingAgent(PlanningAgent, Generic[B]):
    """A level that decides through the pipeline above."""

    def play_turn(self, view: PlayerView, legal: list[Action]) -> Action:
        beliefs = self.believe(view, claim=False)
        return self.decide(self.estimate(beliefs, turn_candidates(view, legal)))

    def answer_claim(self, view: PlayerView, legal: list[Action]) -> Action:
        beliefs = self.believe(view, claim=True)
        return self.decide(self.estimate(beliefs, claim_candidates(legal)))

    def believe(self, view: PlayerView, claim: bool) -> B:
        """Stage 2: the beliefs about the hidden tiles for this decision."""
        raise NotImplementedError

    def estimate(self, beliefs: B, candidates: Candidates) -> Weighed:
        """Stage 4: every candidate weighed (score: higher is better)."""
        raise NotImplementedError

    def decide(self, weighed: Weighed) -> Action:
        """Stage 5: the best-scored action (equal scores: passing, then the first);
        the scores and the top estimates kept for explain() and the reasons."""
        self.candidates = [(a, e.score) for a, e in weighed]
        self.values = {a.to_text(): e.score for a, e in weighed}
        self.reasons = best_first([e for _, e in weighed])
        return max(weighed, key=lambda p: (p[1].score, p[0].kind == A.PASS))[0]
