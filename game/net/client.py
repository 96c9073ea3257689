"""A client of the room server (docs/net_protocol.md), for the game's Online pages, the
`join` command, tests and the benchmark. No pygame.

    client = Client("ws://127.0.0.1:8765", {"type": "join", "room": "K7QX2M", "name": "Bob"})
    task = asyncio.create_task(client.run())     # connects, keeps connected
    message = await client.next()                # every message, checked, in order
    client.decision                              # the pending decide (legal, deadline) or None
    await client.act("1 discard 7m")             # answer it
    client.room, client.seat, client.token       # where it sits (the token: keep it secret)
    client.lobby, client.view, client.state      # latest lobby, seat's view, connection state

`run()` connects and sends the first message (create, join, rejoin or watch); once it
holds a seat, a dropped connection is retried until the match is over or close(), with a
back-off (0.5 s doubling, at most 10 s between attempts: `Backoff`), and the seat taken
back with `rejoin` and the token; `next_attempt` says when the next attempt is and
`retry_now()` makes it at once. A first connection that never got a seat is not retried,
nor a rejoin the server refuses. At `bye` the client stops reconnecting but keeps reading
the open connection: what the server sends after it (`rematch`, a `joined` for a new
room, whose seat is then held like any other) still comes through `next()`. Every frame
goes through game.net.readers: a server that sends garbage, an impossible legal list or a
huge frame is left, with `problem` saying why in one line. `run()` returns when the
connection is closed for good (by the server after `bye`, a refusal, or close());
`next()` then returns None. `on_change` hears each change of the connection in one word
(connected, lost, reconnecting, reconnected, refused, over).
A program whose loop is not asyncio (a pygame page) uses `Background`, which runs a
Client on an event loop thread and hands its messages over by `poll()`; the Client's
attributes are each replaced whole, never changed in place, so they can be read there.

    online = Background(uri, {"type": "rejoin", "room": code, "token": token})
    for message in online.poll(): ...           # each frame of the page
    online.act(choice); online.close()
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.actions import Action
from game.engine.view import PlayerView
from game.net.readers import ServerError, read_legal, read_message, read_view
from game.net.refusals import GENERAL, refusal
from game.net.tls import client_context, is_certificate_failure
from game.net.wire import MAX_FRAME, NET_PROTOCOL
from game.shell.i18n import Words

OPEN_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Backoff:
    """The wait before each attempt to take a held seat back: `first` seconds, doubling
    after each failed attempt, never more than `cap`. There is no limit on attempts."""

    first: float = 0.5
    cap: float = 10.0

    def wait(self, failures: int) -> float:
        return min(self.cap, self.first * 2.0 ** min(failures, 40))


@dataclass(frozen=True)
class Decision:
    """A decision the server waits for: answer it with one of `legal` before `due`."""

    id: int
    view: PlayerView
    legal: tuple[Action, ...]
    due: float           # time.monotonic() of its deadline


class Client:
    """One seat (or a watcher) at a remote room."""

    def __init__(self, uri: str, first: dict[str, Any], backoff: Backoff = Backoff(),
                 on_change: Callable[[str], None] | None = None,
                 tls: ssl.SSLContext | None = None, insecure: bool = False) -> None:
        """`on_change`: told each change of the connection in one word (connected, lost,
        reconnecting, reconnected, refused, over). A wss:// server's certificate is
        verified (`tls`: the context to use) unless `insecure` (any is accepted)."""
        self.uri = uri
        self.tls = tls or client_context(uri, insecure)
        self.first = first
        self.backoff = backoff
        self.on_change = on_change
        self.state = "connecting"      # connected, reconnecting, closed
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.lobby: dict[str, Any] | None = None
        self.view: PlayerView | None = None
        self.decision: Decision | None = None
        self.problem: Words | None = None
        self.refused = False           # the server would not give the seat back
        self.over = False              # bye came (and no new seat since): nothing to retry
        self.unreachable = False       # the last attempt did not reach the server
        self.failures = 0              # attempts that failed since the seat was last held
        self.next_attempt: float | None = None   # time.monotonic() of the next attempt
        self._ws: ClientConnection | None = None
        self._inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._closing = False
        self._loss = ""                # "lost", then "reconnecting": what was told of a drop

    async def next(self) -> dict[str, Any] | None:
        """The next message from the server (None: the client has stopped)."""
        return await self._inbox.get()

    async def send(self, message: dict[str, Any]) -> bool:
        """Send a message now; False if not connected."""
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(json.dumps(message, ensure_ascii=False))
        except ConnectionClosed:
            return False
        return True

    async def act(self, action: Action | str) -> bool:
        """Answer the pending decision."""
        decision = self.decision
        if decision is None:
            return False
        text = action.to_text() if isinstance(action, Action) else action
        self.decision = None
        return await self.send({"type": "action", "id": decision.id, "action": text})

    def retry_now(self) -> None:
        """Make the next attempt to reconnect at once (if one is waited for)."""
        self._wake.set()

    async def close(self) -> None:
        """Leave nothing running: the connection is closed, run() returns."""
        self._closing = True
        self._wake.set()
        if self._ws is not None:
            await self._ws.close()

    async def run(self) -> None:
        """Connect, and stay connected while a seat is held (see the module's doc)."""
        while not self._closing:
            rejoining = self.token is not None
            message = {**self.first, "protocol": NET_PROTOCOL} if not rejoining else \
                {"type": "rejoin", "room": self.room, "token": self.token,
                 "protocol": NET_PROTOCOL}
            try:
                async with connect(self.uri, max_size=MAX_FRAME, compression=None,
                                   open_timeout=OPEN_TIMEOUT_S, ssl=self.tls) as ws:
                    self._ws, self.state, self.unreachable = ws, "connected", False
                    if not self._loss:
                        self._tell("connected")
                    await ws.send(json.dumps(message, ensure_ascii=False))
                    await self._read(ws, message["type"] == "rejoin")
            except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as exc:
                if is_certificate_failure(exc):     # trying again will not help
                    self.problem = Words("net.certificate", server=self.uri,
                                         detail=str(exc)[:80])
                    self.unreachable = True
                    break
                self.problem = Words("net.unreachable", server=self.uri,
                                     detail=str(exc)[:80] or type(exc).__name__)
                self.unreachable = True
                if isinstance(exc, InvalidURI):
                    break
            except ConnectionClosed:
                self.problem = Words("net.lost")
            except ServerError as exc:
                self.problem = exc.words
                if self.refused:
                    self._tell("refused")
                break
            finally:
                self._ws = None
            if self._closing or self.token is None or self.over:
                break
            await self._wait()
        self.state, self.next_attempt = "closed", None
        self._inbox.put_nowait(None)

    async def _wait(self) -> None:
        """The back-off before the next attempt to take the seat back (retry_now() ends
        it early)."""
        if not self._loss:
            self._loss = "lost"
            if self.state == "connected":     # not when a kept seat's server is down
                self._tell("lost")
        if self.unreachable and self._loss == "lost":
            self._loss = "reconnecting"
            self._tell("reconnecting")
        self.state = "reconnecting"
        seconds = self.backoff.wait(self.failures)
        self.failures += 1
        self._wake.clear()
        self.next_attempt = time.monotonic() + seconds
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)
        self.next_attempt = None

    def _tell(self, change: str) -> None:
        if self.on_change is not None:
            self.on_change(change)

    async def _read(self, ws: ClientConnection, rejoining: bool) -> None:
        async for frame in ws:
            message = read_message(frame)
            if rejoining and message["type"] == "error":
                self.refused = True
                key = refusal(message).key      # refusals have no fields
                if key in GENERAL:              # an older or newer server's own words
                    raise ServerError("net.refused", reason=message["message"])
                raise ServerError(key)
            rejoining = rejoining and message["type"] != "joined"
            self._take(message)
            self._inbox.put_nowait(message)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "joined":       # a seat held (again, or in a new room after a bye)
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]
            self.over, self.failures = False, 0
            if self._loss:
                self._loss = ""
                self._tell("reconnected")
        elif kind == "bye":
            self.over = True
            self._tell("over")
        elif kind == "lobby":
            self.lobby = message
        elif kind == "state":
            self.view = read_view(message["view"])
            self.decision = None
        elif kind == "decide":
            view = read_view(message["view"])
            if self.seat is None or view.seat != self.seat:
                raise ServerError("net.other_decision")
            legal = tuple(read_legal(message["legal"], self.seat))
            due = time.monotonic() + min(max(message["deadline_ms"], 0), 3_600_000) / 1000
            self.view, self.decision = view, Decision(message["id"], view, legal, due)
        elif kind == "event" and "view" in message:
            self.view = read_view(message["view"])
        elif kind == "end_hand":
            self.decision = None


class Link(Protocol):
    """What a page needs of its seat's client (Background; a still or scripted one in the
    layout self-check and tests)."""

    def poll(self) -> list[dict[str, Any] | None]: ...
    def send(self, message: dict[str, Any]) -> None: ...
    def act(self, action: Action | str) -> None: ...
    def close(self, timeout: float = 5.0) -> None: ...
    @property
    def state(self) -> str: ...
    @property
    def problem(self) -> Words | None: ...
    @property
    def refused(self) -> bool: ...
    @property
    def unreachable(self) -> bool: ...
    @property
    def next_attempt(self) -> float | None: ...
    def retry_now(self) -> None: ...


class Background:
    """A Client on an event loop thread of its own, for a program whose loop is not
    asyncio (a pygame page): `poll()` returns the messages that came since the last call
    (None last, once the client has stopped), `send()`/`act()` hand messages over, and the
    client's attributes (`client.state`, `client.decision`, …) are read as they are."""

    def __init__(self, uri: str, first: dict[str, Any], backoff: Backoff = Backoff(),
                 insecure: bool = False) -> None:
        self.client = Client(uri, first, backoff, insecure=insecure)
        self.loop = asyncio.new_event_loop()
        self._messages: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.loop.run_until_complete,
                                       args=(self._pump(),), daemon=True, name="net-client")
        self.thread.start()

    async def _pump(self) -> None:
        task = asyncio.create_task(self.client.run())
        while (message := await self.client.next()) is not None:
            self._messages.put(message)
        self._messages.put(None)
        await task

    @property
    def state(self) -> str:
        """The client's connection state (connecting, connected, reconnecting, closed)."""
        return self.client.state

    @property
    def problem(self) -> Words | None:
        """Why the client stopped or last lost its connection (one line)."""
        return self.client.problem

    @property
    def refused(self) -> bool:
        """The server would not give the seat back (its token is no longer good)."""
        return self.client.refused

    @property
    def unreachable(self) -> bool:
        """The last attempt to connect did not reach the server."""
        return self.client.unreachable

    @property
    def next_attempt(self) -> float | None:
        """When (time.monotonic()) the next attempt to take the seat back is, if one is
        waited for."""
        return self.client.next_attempt

    def retry_now(self) -> None:
        """Attempt to take the seat back at once (not at the end of the back-off)."""
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.client.retry_now)

    def poll(self) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = []
        while not self._messages.empty():
            out.append(self._messages.get())
        return out

    def send(self, message: dict[str, Any]) -> None:
        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.client.send(message), self.loop)

    def act(self, action: Action | str) -> None:
        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.client.act(action), self.loop)

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection and end the thread (waiting up to `timeout` seconds)."""
        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.client.close(), self.loop)
            self.thread.join(timeout)


async def stop(task: asyncio.Task[None], client: Client) -> None:
    """End a client's run() task and wait for it."""
    await client.close()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, 5.0)
