"""The room server: WebSocket connections, each a person in a seat, a watcher, or
nobody yet; their messages (docs/net_protocol.md) checked and carried out.

Every message is handled whole on the event loop (no await inside), so rooms never see
half a change. A bad message gets one `error` line; a flood, a client that stops
reading, or too many connections are closed. Nothing a client sends reaches another
room. At a match's end everyone in the room is sent its record and `bye`; their
connections stay open `after_bye_seconds` (5 minutes) for a rematch, which the host asks
for, unless they take a new place. A finished match's record is collected for 7 days by
`rejoin` with a seat's token (game.net.finished).
"""
from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ai.protocol import ProtocolError, read_action
from game.net.actionlog import Journal
from game.net.aftermatch import Rematches, tell_the_end
from game.net.conn import Conn
from game.net.finished import GONE
from game.net.limits import Bucket, Limits
from game.net.lounge import rooms_message, say
from game.net.rooms import Room
from game.net.store import Store
from game.net.table import Table
from game.net.wire import (
    RoomConfig,
    WireError,
    encode,
    error,
    new_code,
    read_code,
    read_config,
    read_frame,
    read_name,
    read_protocol,
    read_token,
)
from game.net.writer import Writer

WRITE_OUT_S = 5.0   # time given to a closing connection's last messages
SWEEP_S = 30.0      # at most this long between two looks for abandoned rooms
THINKERS = 2        # threads the AI seats of every room decide on


class Server:
    """Every room of one server process, and its connections."""

    def __init__(self, folder: Path, limits: Limits | None = None) -> None:
        self.store = Store(folder, Writer(Journal(folder / "rooms"), self._poke))
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.by_address: Counter[str] = Counter()
        self.failures: dict[str, Bucket] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.sweeper: asyncio.Task[None] | None = None
        self.rematches = Rematches(self.limits.after_bye_seconds)
        self.thinkers = ThreadPoolExecutor(THINKERS, thread_name_prefix="room-ai")

    # ----------------------------------------------------------- rooms
    def load(self) -> list[str]:
        """Take up every unfinished room of the data folder and start looking for
        abandoned rooms (call on the loop)."""
        rooms, problems = self.store.load(self.store.save, self.limits.idle_seconds,
                                          self.thinkers)
        for room in rooms:
            self.rooms[room.code] = room
            if room.started:
                self._run(room)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return problems

    async def _sweep(self) -> None:
        """Close every room nobody started within the idle time of its last change, and
        forget the failures of addresses that have made none for a while."""
        idle = self.limits.idle_seconds
        while True:
            await asyncio.sleep(min(SWEEP_S, idle / 4))
            now = time.time()
            for room in [r for r in self.rooms.values() if r.abandoned(now, idle)]:
                self._close(room, f"the room was closed: nobody started it within "
                                  f"{idle / 60:g} minutes")
            self.failures = {address: bucket for address, bucket in self.failures.items()
                             if not bucket.full()}
            self.store.forget_old(self.store.archive.expired(now))
            self.rematches.forget_old()

    def _close(self, room: Room, why: str) -> None:
        """Close a room before its match is over: its file goes, everyone in it is told
        why, sent bye and let go."""
        self.store.discard(room)
        self._remove(room)
        for link in room.links():
            link.send(error(why, "closed"))
            link.send({"type": "bye"})
            if isinstance(link, Conn):
                link.room = link.seat = None
                link.close()

    def _run(self, room: Room) -> None:
        table = Table(room, self._ended, partial(self.store.writer.settled, room.code))
        self.tables[room.code] = table
        self._spawn(table.run())

    def _poke(self, code: str) -> None:
        """Let a room's table look again (its file caught up, a seat changed hands)."""
        table = self.tables.get(code)
        if table is not None:
            table.poke()

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _ended(self, room: Room) -> None:
        """The match is over: everyone gets the match file, then bye; it is kept for
        collection, and their connections stay open a while for a rematch."""
        match = room.document()
        ended = self.store.finish(room, match)
        self._remove(room)
        for link in room.links():
            if isinstance(link, Conn):
                tell_the_end(link, ended, link.seat, match, self.limits.after_bye_seconds)
            else:
                link.send({"type": "record", "match": match})
                link.send({"type": "bye"})

    def _remove(self, room: Room) -> None:
        room.closed = True
        self.rooms.pop(room.code, None)
        table = self.tables.pop(room.code, None)
        if table is not None:
            table.poke()

    async def stop(self) -> int:
        """Stop every room where it is, each saved; how many were open."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        rooms = list(self.rooms.values())
        for room in rooms:
            room.save()
            self._remove(room)
        for conn in list(self.conns):
            conn.send(error("the server is stopping; rejoin with your token when it is back",
                            "stopping"))
            conn.close()
        self.thinkers.shutdown(wait=False, cancel_futures=True)
        await self.store.writer.flush()
        self.store.writer.close()
        return len(rooms)

    # ----------------------------------------------------- connections
    async def handle(self, ws: ServerConnection) -> None:
        """One connection, from its opening to its end."""
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        limits = self.limits
        if len(self.conns) >= limits.connections or self.by_address[address] >= limits.per_address:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(error("the server is full: try again later", "server_full")))
                await ws.close(1013)
            return
        conn = Conn(ws, address, limits)
        self.conns.add(conn)
        self.by_address[address] += 1
        try:
            async for frame in ws:      # read to the end: the closing handshake too
                if conn.closing:
                    continue
                if not conn.bucket.take():
                    conn.send(error("too many messages: the connection is closed",
                                     "rate_limited"))
                    self._left(conn)
                    conn.close()
                    continue
                self.receive(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            self._left(conn)
            conn.close()
            if conn.closed is not None:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(conn.closed, WRITE_OUT_S)   # said goes out first
            self.conns.discard(conn)
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]

    def receive(self, conn: Conn, frame: str | bytes) -> None:
        """One frame from a client, carried out or answered with an error."""
        try:
            message = read_frame(frame)
            if "protocol" in message:
                conn.protocol = read_protocol(message["protocol"])
            getattr(self, f"_on_{message['type']}")(conn, message)
        except WireError as exc:
            conn.send(error(str(exc), exc.code))
        except ProtocolError as exc:
            conn.send(error(str(exc), "bad_message"))
        except Exception as exc:  # noqa: BLE001 - a bug answers one message, never more
            print(f"internal error on a {type(frame).__name__} message: {exc!r}",
                  file=sys.stderr, flush=True)
            conn.send(error("internal error: the message was not carried out", "internal"))

    def _left(self, conn: Conn) -> None:
        room, seat = conn.room, conn.seat
        if room is None:
            return
        if seat is None:
            room.unwatch(conn)
        else:
            room.drop(seat, conn)
        conn.room = conn.seat = None

    def _room(self, conn: Conn, code: Any) -> Room:
        bucket = self._guard(conn)
        try:
            room = self.rooms.get(read_code(code))
        except WireError:
            room = None
        if room is None or room.closed:
            bucket.take()
            raise WireError(GONE, "no_such_room")
        return room

    def _guard(self, conn: Conn) -> Bucket:
        """The address's bucket of wrong codes and tokens; WireError when it is empty."""
        bucket = self.failures.setdefault(
            conn.address, Bucket(self.limits.failures_per_minute / 60.0,
                                 self.limits.failures_per_minute))
        if bucket.level < 1.0 and not bucket.take():
            raise WireError("too many wrong room codes or tokens: wait a minute",
                            "rate_limited")
        return bucket

    def _free(self, conn: Conn) -> None:
        if conn.room is not None:
            raise WireError("this connection is already in a room: leave it first",
                            "in_a_room")

    # -------------------------------------------------------- messages
    def _on_create(self, conn: Conn, message: dict[str, Any]) -> None:
        self._free(conn)
        name, config = read_name(message.get("name")), read_config(message)
        self._seat(conn, self._new_room(config), message | {"name": name})

    def _new_room(self, config: RoomConfig) -> Room:
        if len(self.rooms) >= self.limits.rooms:
            raise WireError("the server has as many rooms as it takes: try again later",
                            "server_full")
        code = new_code()
        # a room's, one the journal may hold, or a finished match's
        while code in self.store.taken or code in self.store.archive:
            code = new_code()
        room = Room.new(code, config, self.store.save, self.thinkers)
        self.rooms[code] = room
        return room

    def _on_join(self, conn: Conn, message: dict[str, Any]) -> None:
        self._free(conn)
        self._seat(conn, self._room(conn, message.get("room")), message)

    def _seat(self, conn: Conn, room: Room, message: dict[str, Any]) -> None:
        seat, token = room.join(read_name(message.get("name")), conn)
        conn.room, conn.seat = room, seat
        conn.send({"type": "joined", "room": room.code, "seat": seat, "token": token})
        room.changed()

    def _on_rejoin(self, conn: Conn, message: dict[str, Any]) -> None:
        self._free(conn)
        token = read_token(message.get("token"))
        try:
            code = read_code(message.get("room"))
        except WireError:
            code = ""       # no such room
        if code not in self.rooms and code in self.store.archive:
            self._collect(conn, code, token)
            return
        room = self._room(conn, code)
        try:
            seat = room.seat_of_token(token)
        except WireError:
            self.failures[conn.address].take()
            raise
        old = room.rejoin(seat, conn)
        if isinstance(old, Conn) and old is not conn:
            old.room = old.seat = None
            old.send(error("this seat was taken back on another connection", "taken_back"))
            old.send({"type": "bye"})
            old.close()
        conn.room, conn.seat = room, seat
        conn.send({"type": "joined", "room": room.code, "seat": seat, "token": token})
        room.greet(seat)
        room.changed()

    def _collect(self, conn: Conn, code: str, token: str) -> None:
        """A finished match's record for a seat's token: joined, record, bye."""
        bucket = self._guard(conn)
        try:
            ended, seat, match = self.store.archive.collect(code, token)
        except WireError:
            bucket.take()
            raise
        conn.send({"type": "joined", "room": code, "seat": seat, "token": token})
        tell_the_end(conn, ended, seat, match, self.limits.after_bye_seconds)

    def _on_rematch(self, conn: Conn, message: dict[str, Any]) -> None:
        """The host of a finished match asks for another: a new room with the same
        set-up, the host seated in it; the match's other people are told its code."""
        ended, seat = self.rematches.asker(conn)
        made = self.rematches.of(ended.code)
        if made is not None:
            conn.send({"type": "rematch", "room": made})
            return
        self._free(conn)
        room = self._new_room(ended.config)
        self.rematches.add(ended, room.code, self.conns, conn)
        self._seat(conn, room, {"name": ended.people[seat].name})

    def _on_watch(self, conn: Conn, message: dict[str, Any]) -> None:
        self._free(conn)
        room = self._room(conn, message.get("room"))
        room.watch(conn)
        conn.room, conn.seat = room, None
        room.changed()

    def _on_start(self, conn: Conn, message: dict[str, Any]) -> None:
        room = conn.room
        if room is None or conn.seat is None or room.host != conn.seat:
            raise WireError("only the host of a room starts it", "not_host")
        room.start()
        self._run(room)

    def _on_action(self, conn: Conn, message: dict[str, Any]) -> None:
        room, seat = conn.room, conn.seat
        remote = room.remote(seat) if room is not None and seat is not None else None
        turn = remote.turn if remote is not None else None
        if remote is None or turn is None or not remote.waiting:
            raise WireError("no decision is waiting for you", "stale_decision")
        number = message.get("id", turn.number)
        if number != turn.number or isinstance(number, bool):
            raise WireError(f"decision {str(number)[:12]} is over (the current one is "
                            f"{turn.number})", "stale_decision")
        if not remote.answer(read_action(message, list(turn.legal))):
            raise WireError("that decision is over", "stale_decision")
        table = self.tables.get(room.code) if room is not None else None
        if table is not None:
            table.poke()

    def _on_say(self, conn: Conn, message: dict[str, Any]) -> None:
        say(conn, message, self.limits)

    def _on_list(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.send(rooms_message(conn, self.rooms.values(), self.limits))

    def _on_leave(self, conn: Conn, message: dict[str, Any]) -> None:
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is not None and seat is not None:
            room.leave(seat)
            self._poke(room.code)
        elif room is not None:
            room.unwatch(conn)
            room.changed()
        conn.send({"type": "bye"})
        conn.close()
        if room is not None and not room.people and (not room.started or not room.links()):
            self._close(room, "everyone left the room: it is closed")
