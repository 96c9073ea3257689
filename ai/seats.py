"""The AI levels as seats of the seat contract (game.play.seat)."""
from __future__ import annotations

from concurrent.futures import Executor

from ai.base import Agent
from game.engine.actions import Action
from game.play.seat import Reasoning, ThinkingSeat, Turn


class AgentSeat(ThinkingSeat):
    """An agent (an AI level) deciding on its seat's view."""

    def __init__(self, agent: Agent, name: str = "", executor: Executor | None = None) -> None:
        super().__init__(name or agent.name, executor)
        self.agent = agent

    def think(self, turn: Turn) -> Action:
        return self.agent.choose(turn.view, list(turn.legal))

    def explain(self) -> Reasoning:
        return self.agent.explain()
