"""An AI level's answer to the decision in front of a seat, computed off the render path
(on an executor) and asked for again each frame until it is ready: the suggested move
of the hints, and the answers of 托管 at a table whose engine runs elsewhere. Also the
strongest level's reading of a turn (its choice and how it weighed each discard), the
one source of the hints' numbers and reasons."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.view import PlayerView

if TYPE_CHECKING:  # the AI package itself is imported when the first answer is asked
    from ai.base import Agent
    from ai.discard_values import DiscardEstimate

READING_SEED = 0     # the strongest level draws no random numbers: any seed reads alike


@dataclass(frozen=True)
class Reading:
    """The strongest level's reading of the seat's own turn: its choice, and each discard
    it weighed (those keeping the hand nearest to ready, or all it would fold to)."""

    choice: Action
    discards: dict[int, DiscardEstimate]


@lru_cache(maxsize=8)
def turn_reading(view: PlayerView, legal: tuple[Action, ...]) -> Reading:
    """The strongest level's Reading of the turn in `view` (on the calling thread)."""
    from ai.hard import HardAgent
    from ai.levels import STRONGEST, make_agent
    agent = make_agent(STRONGEST, READING_SEED)
    choice = agent.choose(view, list(legal))
    weighed = agent.estimates if isinstance(agent, HardAgent) else ()
    return Reading(choice, {e.kind: e for e in weighed})


def strongest_choice(view: PlayerView, legal: tuple[Action, ...]) -> Action:
    """The strongest level's choice, from its reading (kept for the hints' reasons)."""
    return turn_reading(view, legal).choice


class Adviser:
    """One level's answers, one decision at a time (a new decision drops the old one)."""

    def __init__(self, level: str | None, seed: int, executor: Executor) -> None:
        """`level`: an AI level's name (None: the strongest level, read by turn_reading,
        which draws no random numbers: `seed` seeds the other levels)."""
        self.level = level
        self.seed = seed
        self.executor = executor
        self._agent: Agent | None = None
        self._job: tuple[Hashable, tuple[Action, ...], Future[Action]] | None = None

    def answer(self, key: Hashable, legal: Sequence[Action],
               view: Callable[[], PlayerView]) -> Action | None:
        """The level's choice among `legal` for the decision `key` (whatever tells one
        decision from the next), seen through `view()`; None until it is ready (or if the
        level failed, or chose something not in `legal`)."""
        moves = tuple(legal)
        if self._job is None or self._job[0] != key or self._job[1] != moves:
            self.drop()
            if self.level is None:      # the strongest level's reading, off the render
                job = self.executor.submit(strongest_choice, view(), moves)   # path: the
            else:                       # hints' reasons then read the same, cached
                if self._agent is None:
                    from ai.levels import make_agent, nearest_level
                    self._agent = make_agent(nearest_level(self.level), self.seed)
                job = self.executor.submit(self._agent.choose, view(), list(moves))
            self._job = (key, moves, job)
        future = self._job[2]
        if not future.done() or future.cancelled() or future.exception() is not None:
            return None
        choice = future.result()
        return choice if choice in moves else None

    def drop(self) -> None:
        """Forget the decision being thought about (its job is cancelled if not begun)."""
        if self._job is not None:
            self._job[2].cancel()
        self._job = None
