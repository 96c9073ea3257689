"""The Agent protocol every opponent level (and the human seat) answers through."""
from __future__ import annotations

import random
from typing import Protocol

from game.engine.actions import Action
from game.engine.view import PlayerView


class Agent(Protocol):
    """Chooses one of `legal` from what its seat may know. Returns at once: any
    thinking delay is the table's business, not the agent's."""

    name: str

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """One action out of `legal` (never anything else)."""
        ...

    def explain(self) -> list[tuple[str, float]]:
        """Top candidates of the last decision with their scores (for the debug mode)."""
        ...


class SeededAgent:
    """Base for agents: holds the injected RNG and the last decision's reasoning."""

    name = "agent"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.reasoning: list[tuple[str, float]] = []

    def explain(self) -> list[tuple[str, float]]:
        return list(self.reasoning)
