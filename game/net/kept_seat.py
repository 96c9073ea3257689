"""The online seat whose ticket the player keeps (game.net.ticket), as the main menu
offers it: a look at its room (`watch`: is its match still on?) and, when it is over,
collecting the match — the seat taken back with its token, the server's record kept in
the player's library as at a match's end (game.net.room_seat), the ticket cleared.

A room the server still plays answers the look with its lobby; one whose match ended
(or that it no longer has) with an error. Collecting: the server answers a finished
match's `rejoin` with joined, record and bye; a server that cannot be reached leaves the
ticket for later; a refusal (the record is too old, or gone) clears it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.net import ticket
from game.net.client import Background, Link
from game.net.online_table import OnlineTable
from game.shell.i18n import Translate

LIVE = ("lobby", "state", "hello")
ENDED = ("error", "record", "bye")
Connect = Callable[[str, dict[str, Any]], Link]


class KeptSeat:
    """A kept ticket's room, looked at once, and its match collected on request."""

    def __init__(self, kept: ticket.Ticket, t: Translate, connect: Connect = Background,
                 look: bool = True) -> None:
        """`look`: ask the server whether the match is still on (else: not known)."""
        self.ticket, self.t, self.connect = kept, t, connect
        self.finished: bool | None = None      # None: not known (not asked, or no answer)
        self.said: str | None = None           # what collecting came to (one line)
        self.live = False                      # collecting found the match still on
        self._look = connect(kept.server, {"type": "watch", "room": kept.room}) \
            if look else None
        self._collecting: OnlineTable | None = None

    @property
    def collecting(self) -> bool:
        return self._collecting is not None

    def update(self) -> bool:
        """Take what the server said since the last call; True if anything changed."""
        return self._hear_look() or self._hear_collecting()

    def _hear_look(self) -> bool:
        look = self._look
        if look is None:
            return False
        for message in look.poll():
            kind = message["type"] if message is not None else None
            if kind in LIVE or kind in ENDED:
                self.finished = kind in ENDED
            if kind is None or self.finished is not None:
                look.close(0.0)
                self._look = None
                return self.finished is not None
        return False

    def collect(self) -> None:
        """Take the seat back with the ticket, for the finished match's record."""
        kept = self.ticket
        link = self.connect(kept.server, kept.rejoin())
        self._collecting = OnlineTable(link, kept.server, self.t)

    def _hear_collecting(self) -> bool:
        seat = self._collecting
        if seat is None:
            return False
        seat.update(0.0)
        t, code = self.t, self.ticket.room
        if seat.over and seat.kept is not None:
            path, line = seat.kept
            if path is not None:
                ticket.clear()
            self.said = t("menu.collected", code=code) if path is not None else line
        elif seat.started:
            self.live = True                   # not over after all: the room's page
        elif seat.stopped:
            self.said = t("menu.collect_refused", code=code, reason=seat.problem or "") \
                if seat.link.refused else t("menu.collect_later", problem=seat.problem or "")
        else:
            return False
        self.close()
        return True

    def close(self) -> None:
        """Close whatever connection is open (the seat's ticket stays as it is)."""
        if self._look is not None:
            self._look.close(0.0)
        if self._collecting is not None:
            self._collecting.close()
        self._look = self._collecting = None
