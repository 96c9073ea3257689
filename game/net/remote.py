"""A seat held by a person (or a program) on another computer.

Its decisions come over the network: `decide` sends the bot protocol's `decide` to the
connected client and hands out a pending answer that the connection fulfils when the
client's `action` arrives; events and the end of each hand are pushed as they happen.
While nobody is connected nothing is sent (the decision gets the safe default at its
deadline); once the room's grace time has run out, the fill level plays the seat until
its person comes back.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Protocol

from ai.protocol import decide_message, end_message, event_message, view_message, wins_message
from game.engine.events import Event
from game.engine.view import PlayerView
from game.play.seat import Answer, HandEnd, Seat, Turn, WaitingSeat


class Link(Protocol):
    """Where a seat's messages go: one client connection."""

    def send(self, message: dict[str, Any]) -> None: ...


class RemoteSeat(WaitingSeat):
    """A seat played over the network, with a fill seat for when its person is away."""

    def __init__(self, name: str, fill: Seat) -> None:
        super().__init__(name)
        self.fill = fill
        self.link: Link | None = None
        self.filling = False            # the fill level plays the seat
        self.dropped_at: float | None = time.monotonic()   # None while connected
        self._asked_at = 0.0

    def rename(self, name: str) -> None:
        self._name = name

    def decide(self, turn: Turn) -> Answer:
        if self.filling:
            return self.fill.decide(turn)
        answer = super().decide(turn)
        self._asked_at = time.monotonic()
        message = self.pending_message()
        if message is not None and self.link is not None:
            self.link.send(message)
        return answer

    def pending_message(self) -> dict[str, Any] | None:
        """The `decide` for the decision still waiting (its deadline as what is left)."""
        turn = self.turn
        if turn is None or not self.waiting:
            return None
        left = 0.0 if turn.deadline is None else \
            max(0.0, turn.deadline - (time.monotonic() - self._asked_at))
        return decide_message(turn.view, list(turn.legal), int(left * 1000), turn.number)

    def connect(self, link: Link) -> None:
        """Its person is back: the seat is theirs from the next decision (or this one,
        when it is still waiting)."""
        self.link, self.dropped_at, self.filling = link, None, False

    def disconnect(self) -> None:
        self.link, self.dropped_at = None, time.monotonic()

    def hand_over(self) -> None:
        """The fill level takes the seat, the decision waiting included."""
        self.filling = True
        turn = self.turn
        if turn is not None and self.waiting:
            self.answer(self.fill.decide(turn).result())

    def see(self, events: Sequence[Event], view: PlayerView) -> None:
        """The seat's new events (the room's driver watches the seat with this); the last
        of each batch carries the seat's view after them, so a table can show it."""
        if self.link is not None and events:
            messages = [event_message(event) for event in events]
            messages[-1]["view"] = view_message(view)
            for message in messages:
                self.link.send(message)

    def end_hand(self, end: HandEnd) -> None:
        if self.link is not None:
            self.link.send(end_message(list(end.scores), wins_message(end.wins)))

    def close(self) -> None:
        self.fill.close()
