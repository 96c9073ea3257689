"""One client connection of the room server and its place: a seat of a room, a room
it watches, or none — and, once its match is over, what it may still do for a while
(`after`: a rematch, by the host)."""
from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.net.finished import Ended
from game.net.limits import Bucket, Limits
from game.net.rooms import Room
from game.net.wire import encode


@dataclass(frozen=True)
class After:
    """A connection told the end of a match (`record`, `bye`): the match, the seat it
    held there (None: it watched) and until when (time.monotonic()) it stays open."""

    ended: Ended
    seat: int | None
    until: float


class Conn:
    """One client connection and its place — a seat of a room, a room it watches, or
    none.

    A message is framed at once, in order, by the websockets protocol object (as its
    own send() does, without a task and an await for each message); the frames of one
    turn of the event loop go to the transport together at its end: one write for the
    whole batch a step of the room sends to that client. What a client
    does not read waits in the transport, up to `limits.outbox_bytes`; past that the
    connection is closed."""

    def __init__(self, ws: ServerConnection, address: str, limits: Limits) -> None:
        self.ws = ws
        self.address = address
        self.limits = limits
        self.bucket = Bucket(limits.messages_per_second, limits.message_burst)
        self.lists = Bucket(limits.lists_per_minute / 60.0, limits.list_burst)
        self.protocol = 1               # the version its client said it speaks
        self.room: Room | None = None
        self.seat: int | None = None    # None with a room: watching
        self.after: After | None = None     # the match it was told the end of
        self.closing = False
        self.closed: asyncio.Task[None] | None = None     # its closing handshake
        self._flush_due = False

    def send(self, message: dict[str, Any] | bytes) -> None:
        """Send a message (bytes: already encoded)."""
        ws = self.ws
        if self.closing or ws.protocol.state is not State.OPEN:
            return
        if ws.transport.get_write_buffer_size() > self.limits.outbox_bytes:
            self.close()    # it does not read: nothing more is sent to it
            return
        ws.protocol.send_text(message if isinstance(message, bytes) else encode(message))
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Hand every frame framed since the last flush to the transport in one write."""
        self._flush_due = False
        ws = self.ws
        if ws.protocol.state is not State.OPEN:
            ws.send_data()      # closing: the library's own way, end of stream included
            return
        data = b"".join(ws.protocol.data_to_send())
        if data:
            ws.transport.write(data)

    def close(self) -> None:
        """Close the connection once what was sent before has gone out."""
        if not self.closing:
            self.closing = True
            self.closed = asyncio.get_running_loop().create_task(self._close())

    async def _close(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.close()
