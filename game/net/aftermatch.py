"""After a match's end: its record and `bye` to each connection, which stays open
`after_bye_seconds` (5 minutes) unless it takes a new place, and the rematches its host
asks for in that time (one new room a match, however often asked)."""
from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any

from game.net.conn import After, Conn
from game.net.finished import Ended
from game.net.wire import WireError


def tell_the_end(conn: Conn, ended: Ended, seat: int | None, match: dict[str, Any],
                 wait: float) -> None:
    """Send a connection a match's record (`match`, its document) and bye; it is let go
    `wait` seconds later unless it took a new place by then."""
    conn.send({"type": "record", "match": match})
    conn.send({"type": "bye"})
    conn.room = conn.seat = None
    conn.after = After(ended, seat, time.monotonic() + wait)
    asyncio.get_running_loop().call_later(wait, _let_go, conn)


def _let_go(conn: Conn) -> None:
    if conn.room is None:
        conn.close()


class Rematches:
    """The rooms made for rematches: a finished match's code, the new room's code."""

    def __init__(self, wait: float) -> None:
        self.wait = wait
        self.made: dict[str, tuple[str, float]] = {}    # old code: (new code, made at)

    def asker(self, conn: Conn) -> tuple[Ended, int]:
        """The match whose host asks on `conn`, and the host's seat; WireError if it is
        not its host, or asks later than `wait` seconds after its bye."""
        after = conn.after
        if after is None or time.monotonic() >= after.until:
            raise WireError(f"a rematch is asked by the host within {self.wait / 60:g} "
                            f"minutes of the match's end", "too_late")
        if after.seat is None or after.seat != after.ended.host or \
                after.seat not in after.ended.people:
            raise WireError("only the host of the match asks for a rematch", "not_host")
        return after.ended, after.seat

    def of(self, code: str) -> str | None:
        """The room made for a rematch of match `code`, if one was."""
        made = self.made.get(code)
        return made[0] if made is not None else None

    def add(self, ended: Ended, code: str, conns: Iterable[Conn], host: Conn) -> None:
        """Note the room made for a rematch of `ended`, and tell its other people still
        connected and in no other place."""
        self.made[ended.code] = (code, time.monotonic())
        told = {"type": "rematch", "room": code}
        for conn in conns:
            after = conn.after
            if conn is not host and conn.room is None and after is not None and \
                    after.ended.code == ended.code and after.seat is not None:
                conn.send(told)

    def forget_old(self) -> None:
        """Forget the rematches older than `wait` (nobody may ask for them again)."""
        since = time.monotonic() - self.wait
        self.made = {old: made for old, made in self.made.items() if made[1] > since}
