"""The rooms a server lists (docs/net_protocol.md: `list` → `rooms`), as the Online page
shows them: asked for on a connection of its own, on a thread, so the page never waits.
A server may send anything: an entry that is not a room is left out."""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
from websockets.sync.client import connect

from game.net.readers import ServerError, printable, read_message
from game.net.wire import CODE_ALPHABET, CODE_LENGTH, MAX_FRAME, MAX_NAME, NET_PROTOCOL
from game.shell.i18n import Words

ANSWER_S = 10.0         # to connect, and then for the answer
MOST = 50               # rooms shown at most (the server sends no more)


@dataclass(frozen=True)
class ListedRoom:
    """A room one may join: its code, ruleset, length, open seats and host."""

    room: str
    ruleset: str
    hands: int
    seats_free: int
    host_name: str      # "" when nobody hosts it


def read_rooms(message: dict[str, Any]) -> tuple[ListedRoom, ...]:
    """The rooms of a `rooms` message (read_message checked its type and list)."""
    found = []
    for entry in message.get("rooms", [])[:MOST]:
        if not isinstance(entry, dict):
            continue
        code, ruleset, hands, free = (entry.get(k) for k in ("room", "ruleset", "hands",
                                                             "seats_free"))
        host = entry.get("host_name")
        if isinstance(code, str) and len(code) == CODE_LENGTH \
                and all(c in CODE_ALPHABET for c in code) \
                and isinstance(ruleset, str) and ruleset.isidentifier() and len(ruleset) <= 32 \
                and type(hands) is int and 1 <= hands <= 99 \
                and type(free) is int and 1 <= free <= 4:
            name = printable(host, MAX_NAME) if isinstance(host, str) else ""
            found.append(ListedRoom(code, ruleset, hands, free, name))
    return tuple(found)


def fetch_rooms(uri: str, timeout: float = ANSWER_S) -> tuple[ListedRoom, ...]:
    """Ask the server at `uri` for its listed rooms (blocking); ServerError if it cannot
    be reached, or answers with a refusal (an older server lists none)."""
    try:
        with connect(uri, open_timeout=timeout, max_size=MAX_FRAME, compression=None) as ws:
            ws.send(json.dumps({"type": "list", "protocol": NET_PROTOCOL}))
            while True:
                message = read_message(ws.recv(timeout))
                if message["type"] == "rooms":
                    return read_rooms(message)
                if message["type"] == "error":
                    raise ServerError("net.no_listing")
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError, WebSocketException) as exc:
        raise ServerError("net.unreachable", server=uri, detail=str(exc) or
                          type(exc).__name__) from None


class RoomFinder:
    """One look for a server's listed rooms at a time, on a thread; its outcome is
    replaced whole (readable from the page's thread): `rooms` once found, or `problem`."""

    def __init__(self) -> None:
        self.busy = False
        self.rooms: tuple[ListedRoom, ...] | None = None
        self.problem: Words | None = None
        self.done = 0               # looks finished: the page shows the last one's outcome

    def look(self, uri: str) -> None:
        """Ask `uri` again (unless a look is under way)."""
        if self.busy:
            return
        self.busy, self.problem = True, None
        threading.Thread(target=self._look, args=(uri,), name="room-list", daemon=True).start()

    def _look(self, uri: str) -> None:
        try:
            self.rooms = fetch_rooms(uri)
        except ServerError as exc:
            self.rooms, self.problem = None, exc.words
        finally:
            self.busy = False
            self.done += 1
