"""A seat held by a person (or a program) on another computer.

Its decisions come over the network: `decide` sends the bot protocol's `decide` to the
connected client and hands out a pending answer that the connection fulfils when the
client's `action` arrives; events and the end of each hand are pushed as they happen.
While nobody is connected nothing is sent (the decision gets the safe default at its
deadline); once the room's grace time has run out, the fill level plays the seat until
its person comes back. A seat taken up after a server restart is `held`: the decision
waiting when the server stopped keeps its whole time until its person is back, and is
then asked again with all of it.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Protocol

from ai.protocol import decide_shown, end_message, event_message, wins_message
from game.engine.events import Event
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView
from game.net.views import ViewTexts
from game.net.wire import encode
from game.play.seat import Answer, HandEnd, Seat, Turn, WaitingSeat


class Link(Protocol):
    """Where a seat's messages go: one client connection."""

    protocol: int       # the network protocol version its client said it speaks

    def send(self, message: dict[str, Any] | bytes) -> None:
        """Queue a message (bytes: one already encoded by game.net.wire.encode)."""


class EventTexts:
    """Each event's message encoded once, however many seats are told it (a seat that
    may know less is told an equal copy), the newest few kept."""

    KEEP = 64

    def __init__(self) -> None:
        self._texts: dict[Event, bytes] = {}

    def __call__(self, event: Event) -> bytes:
        text = self._texts.get(event)
        if text is None:
            if len(self._texts) >= self.KEEP:
                self._texts.clear()
            text = self._texts[event] = encode(event_message(event))
        return text


class RemoteSeat(WaitingSeat):
    """A seat played over the network, with a fill seat for when its person is away."""

    def __init__(self, name: str, fill: Seat, texts: EventTexts | None = None,
                 views: ViewTexts | None = None, ruleset: Ruleset | None = None) -> None:
        super().__init__(name)
        self.fill = fill
        self.ruleset = ruleset          # its end_hand itemises each win's fans by it
        self.texts = texts or EventTexts()
        self.views = views or ViewTexts()
        self.link: Link | None = None
        self.filling = False            # the fill level plays the seat
        # None while connected; a room taken up after a restart counts its grace from then
        self.dropped_at: float | None = time.monotonic()
        self.held = False               # the decision's clock waits for its person (a restart)
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
        return decide_shown(self.views(turn.view), list(turn.legal), int(left * 1000),
                            turn.number)

    def connect(self, link: Link) -> None:
        """Its person is back: the seat is theirs from the next decision (or this one,
        when it is still waiting; held after a restart, with its whole time again)."""
        self.link, self.dropped_at, self.filling = link, None, False
        if self.held:
            self.held, self._asked_at = False, time.monotonic()

    def disconnect(self) -> None:
        self.link, self.dropped_at = None, time.monotonic()

    def see(self, events: Sequence[Event], view: PlayerView) -> None:
        """The seat's new events (the room's driver watches the seat with this); the last
        of each batch carries the seat's view after them, so a table can show it."""
        if self.link is None or not events:
            return
        for event in events[:-1]:
            self.link.send(self.texts(event))
        last = event_message(events[-1])
        last["view"] = self.views(view)
        self.link.send(last)

    def end_hand(self, end: HandEnd) -> None:
        if self.link is not None:
            self.link.send(end_message(list(end.scores), wins_message(end.wins, self.ruleset),
                                       end.hands))

    def close(self) -> None:
        self.fill.close()
