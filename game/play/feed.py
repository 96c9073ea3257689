"""A seat's feed: what one seat may know, kept for a table that shows it.

The table draws from a feed alone — the seat's latest PlayerView, the events of the
hand as that seat may know them, and the decision its person is asked for (legal
actions, deadline) — the same things a bot is sent, so a table can show a seat whose
engine runs elsewhere (a network client fills a feed from the server's messages). The
driver fills a local feed as a watcher of its seat (Driver.watch).
"""
from __future__ import annotations

from collections.abc import Sequence

from game.engine import events as E
from game.engine.events import Event
from game.engine.view import PlayerView
from game.play.seat import Turn


class SeatFeed:
    """One seat's knowledge of the hand in play."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.events: list[Event] = []       # this hand's, as the seat may know them
        self.view: PlayerView | None = None  # after the last of them
        self.turn: Turn | None = None        # the decision the seat's person is asked for
        self.hands = 0                       # hands begun (a new one resets the events)

    def see(self, events: Sequence[Event], view: PlayerView) -> None:
        """New events and the view after them; a batch that starts with a deal begins a
        hand (the next one, or the same one again after an undo; 国标's deal may set
        flowers aside before its first deal event)."""
        first = next((e.kind for e in events if e.kind != E.FLOWER), None)
        if first == E.DEAL:
            self.events = []
            self.hands += 1
        self.events.extend(events)
        self.view = view

    def restart(self, view: PlayerView) -> None:
        """A view without the events before it (a seat taken back mid-hand): the hand is
        shown afresh from it."""
        self.events, self.view, self.turn = [], view, None
        self.hands += 1

    def last_discarder(self) -> int | None:
        """The seat of the newest discard still lying in its pool (None after a claim)."""
        return E.last_discarder(self.events)
