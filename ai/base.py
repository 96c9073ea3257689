"""The Agent protocol every opponent level (and the human seat) answers through."""
from __future__ import annotations

import random
import time
from typing import Protocol

from ai.estimates import Estimate
from ai.setup_choice import setup_choice, void_discard
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView


class Agent(Protocol):
    """Chooses one of `legal` from what its seat may know. Returns at once: any
    thinking delay is the table's business, not the agent's."""

    name: str
    values: dict[str, float]    # every candidate's score in the last decision ({} if none)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """One action out of `legal` (never anything else)."""
        ...

    def explain(self) -> tuple[Estimate, ...]:
        """Top candidates of the last decision, best first, as the agent weighed them (the
        reasoning panel, the review)."""
        ...


class SeededAgent:
    """Base for agents: holds the injected RNG and the last decision's candidates."""

    name = "agent"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # the last decision's candidates and scores, ranked only when asked (explain)
        self.candidates: list[tuple[Action, float]] = []
        self.values: dict[str, float] = {}   # every candidate's score, last decision
        self.reasons: tuple[Estimate, ...] = ()  # the last decision's top candidates, weighed

    def explain(self) -> tuple[Estimate, ...]:
        """The last decision's estimates; a level that weighs no more than a ranking
        number gives its top candidates with no estimates."""
        return self.reasons or tuple(Estimate(text, score)
                                     for text, score in ranked(self.candidates))


class PlanningAgent(SeededAgent):
    """Skeleton of the thinking levels: win (a level may pass a win on a discard, see
    takes_win; a self-draw always), keep a 报听 hand's kongs, and hand
    claim windows and free turns to the level's own judgement."""

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        self.values = {}
        self.reasons = ()
        if legal[0].kind in A.SETUP_KINDS:   # 换三张, 定缺
            choice = setup_choice(view, legal)
            self.candidates = [(choice, 1.0)]
            return choice
        wins = [a for a in legal if a.kind in (A.HU, A.SELF_DRAW)]
        if wins and (wins[0].kind == A.SELF_DRAW or self.takes_win(view, wins[0])):
            self.candidates = [(wins[0], 1.0)]
            return wins[0]
        legal = [a for a in legal if a not in wins]      # a win passed up: the rest weighed
        if any(a.kind == A.PASS for a in legal):
            choice = self.answer_claim(view, legal)
        elif view.ready[view.seat]:
            # a locked 报听 hand: a kong that keeps the waits only pays
            kongs = [a for a in legal if a.kind != A.DISCARD]
            choice = kongs[0] if kongs else legal[0]
            self.candidates = [(choice, 1.0)]
        else:
            forced = void_discard(view, legal)   # 血战到底: the void suit goes first
            choice = forced if forced is not None else self.play_turn(view, legal)
            if forced is not None:
                self.candidates = [(forced, 1.0)]
        return choice

    def takes_win(self, view: PlayerView, win: Action) -> bool:
        """Whether to win on another seat's discard now (a self-draw is always taken)."""
        return True

    def answer_claim(self, view: PlayerView, legal: list[Action]) -> Action:
        """Claim or pass on another seat's discard (no win among `legal`)."""
        raise NotImplementedError

    def play_turn(self, view: PlayerView, legal: list[Action]) -> Action:
        """Discard (perhaps declaring 报听) or kong on the seat's own turn."""
        raise NotImplementedError


def ranked(scored: list[tuple[Action, float]]) -> list[tuple[str, float]]:
    """The top five (action text, score) pairs, best first, for explain()."""
    best = sorted(scored, key=lambda p: -p[1])[:5]
    return [(a.to_text(), round(s, 3)) for a, s in best]


def timed_choose(agent: Agent, view: PlayerView, legal: list[Action],
                 times: list[float]) -> Action:
    """agent.choose, appending the decision time in ms to `times` (arena, solo)."""
    start = time.perf_counter()
    action = agent.choose(view, legal)
    times.append((time.perf_counter() - start) * 1000.0)
    return action
