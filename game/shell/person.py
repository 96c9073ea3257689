"""A person at this table as a seat of the contract: decisions come from the table's
clicks; under 托管 the computer (the strongest level) decides for them."""
from __future__ import annotations

from collections.abc import Callable

from game.play.seat import Answer, Reasoning, Seat, Turn, WaitingSeat


class PersonSeat(WaitingSeat):
    """Waits for the table's answer, or hands the turn to `stand_in` while the engine
    says the seat is under 托管 (its view's auto flag)."""

    def __init__(self, name: str, stand_in: Callable[[], Seat]) -> None:
        super().__init__(name)
        self._make_stand_in = stand_in
        self._stand_in: Seat | None = None
        self._auto = False

    def decide(self, turn: Turn) -> Answer:
        self._auto = turn.view.auto[turn.seat]
        if not self._auto:
            return super().decide(turn)
        if self._stand_in is None:
            self._stand_in = self._make_stand_in()
        return self._stand_in.decide(turn)

    def explain(self) -> Reasoning:
        return self._stand_in.explain() if self._auto and self._stand_in is not None else []
