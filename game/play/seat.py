"""The seat contract: what every kind of player at a table answers to.

An AI level, an outside program (the bot protocol), a person at this table and a
person on another computer are all a `Seat`. The driver (game.play.driver) asks a
seat for a decision with a `Turn` — its view, its legal actions and its deadline — and
gets back an `Answer`, which may be known at once (an AI deciding inline) or later (a
click, a network message, a worker thread). Between decisions the seat is told the
events its seat may see, in order; at the end of each hand it is told the result; when
the table closes, it is closed. Every method is part of the contract: `SeatBase` gives
the ones a kind of seat does not need a quiet default.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.state import WinRecord
from game.engine.view import PlayerView


class Reason(Protocol):
    """One candidate of a decision as its seat weighed it, in a player's terms (the AI's
    ai.estimates.Estimate): the action's text, the seat's own ranking number (only its
    order means anything) and, where the seat estimates them, the chance to win the hand,
    the expected points, the chance of dealing in at once (None: not estimated) and the
    samples they rest on (0: a model alone)."""

    @property
    def action(self) -> str: ...

    @property
    def score(self) -> float: ...

    @property
    def win_chance(self) -> float | None: ...

    @property
    def expected_points(self) -> float | None: ...

    @property
    def deal_in_risk(self) -> float | None: ...

    @property
    def samples(self) -> int: ...


Reasoning = tuple[Reason, ...]    # top candidates of a decision, best first


class Turn:
    """One decision a seat is asked for: the seat, its legal actions, the seconds it has
    before the safe default is played for it (None: no limit) and the decision's number
    (counted by the table from 1; protocols quote it back).

    The seat's view is made on first use (a seat that needs none costs none): read it in
    `decide`, on the driver's thread, never later on another thread — the round moves on."""

    __slots__ = ("_see", "_view", "deadline", "legal", "number", "seat")

    def __init__(self, seat: int, see: Callable[[], PlayerView], legal: tuple[Action, ...],
                 deadline: float | None = None, number: int = 0) -> None:
        self.seat, self.legal, self.deadline, self.number = seat, legal, deadline, number
        self._see = see
        self._view: PlayerView | None = None

    @property
    def view(self) -> PlayerView:
        """The seat's view of the round when it was asked."""
        if self._view is None:
            self._view = self._see()
        return self._view

    def __repr__(self) -> str:
        return f"Turn(seat={self.seat}, number={self.number}, legal={len(self.legal)})"


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: every seat's points this hand, its winners (none: a draw) and
    every seat's concealed tiles at the end (sorted kinds; nothing is secret any more)."""

    scores: tuple[int, ...]
    wins: tuple[WinRecord, ...]
    hands: tuple[tuple[int, ...], ...]


@runtime_checkable
class Answer(Protocol):
    """A decision that may still be coming (a concurrent.futures.Future fits)."""

    def done(self) -> bool:
        """Whether the decision is known (or failed)."""
        ...

    def result(self, timeout: float | None = None) -> Action:
        """The decision; waits up to `timeout` seconds (TimeoutError), raises the seat's
        failure if it failed."""
        ...

    def cancel(self) -> bool:
        """The decision is no longer wanted (the round moved on)."""
        ...


class Known:
    """An answer known at once: what a seat that decides inline returns."""

    __slots__ = ("action",)

    def __init__(self, action: Action) -> None:
        self.action = action

    def done(self) -> bool:
        return True

    def result(self, timeout: float | None = None) -> Action:
        return self.action

    def cancel(self) -> bool:
        return False


class Seat(Protocol):
    """A player at the table, wherever it is."""

    @property
    def name(self) -> str:
        """The name shown for this seat (a program's own name once it gave one)."""
        ...

    def decide(self, turn: Turn) -> Answer:
        """Start deciding `turn`; the answer must be one of `turn.legal` (anything else,
        a failure or a missed deadline gets the safe default)."""
        ...

    @property
    def listens(self) -> bool:
        """Whether `observe` keeps anything: a seat that does not listen is not told."""
        ...

    def observe(self, events: Sequence[Event]) -> None:
        """New events of the round as this seat may know them, in order (DEAL events
        begin a hand: what was told before them no longer holds)."""
        ...

    def end_hand(self, end: HandEnd) -> None:
        """The hand is over (after its last events were observed)."""
        ...

    def explain(self) -> Reasoning:
        """Why the last decision (the debug mode's reasoning panel); () if no reasons."""
        ...

    def close(self) -> None:
        """The table is closed: end whatever this seat started. Called once."""
        ...


class SeatBase:
    """Quiet defaults for the parts of the contract a kind of seat does not need."""

    listens = False     # each kind of seat listens when it has its own `observe`

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.listens = cls.observe is not SeatBase.observe

    def __init__(self, name: str) -> None:
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def observe(self, events: Sequence[Event]) -> None:
        """Not listening: nothing to keep."""

    def end_hand(self, end: HandEnd) -> None:
        """Nothing to settle at the end of a hand."""

    def explain(self) -> Reasoning:
        return ()

    def close(self) -> None:
        """Nothing to end."""


class ThinkingSeat(SeatBase):
    """A seat that decides by a function of its turn that may take a while: on the
    calling thread when it has no executor (arena, tools), else on the executor (the
    table, whose frames must not wait)."""

    def __init__(self, name: str, executor: Executor | None = None) -> None:
        super().__init__(name)
        self.executor = executor

    def decide(self, turn: Turn) -> Answer:
        if self.executor is None:
            return Known(self.think(turn))
        _ = turn.view   # made here, on the driver's thread: the round moves on meanwhile
        return self.executor.submit(self.think, turn)

    def think(self, turn: Turn) -> Action:
        """The decision (one of turn.legal)."""
        raise NotImplementedError


class WaitingSeat(SeatBase):
    """A seat whose decisions come from outside the driver (a click, a network message):
    `decide` hands out a pending answer that `answer()` fulfils."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.turn: Turn | None = None
        self._pending: Future[Action] | None = None

    def decide(self, turn: Turn) -> Answer:
        if self._pending is not None:
            self._pending.cancel()
        self.turn = turn
        self._pending = Future()
        return self._pending

    def answer(self, action: Action) -> bool:
        """Fulfil the pending decision with `action`; False (nothing changes) if there is
        none or `action` is not one of its legal actions."""
        pending, turn = self._pending, self.turn
        if pending is None or turn is None or pending.done() or action not in turn.legal:
            return False
        pending.set_result(action)
        return True

    @property
    def waiting(self) -> bool:
        """A decision is pending and not answered yet."""
        return self._pending is not None and not self._pending.done()
