"""A room server on loopback for tests (in this process, or as `python -m game serve`),
and clients that play random legal actions."""
from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.server import serve

from game.net.client import Client
from game.net.limits import Limits
from game.net.server import Server
from game.net.wire import MAX_FRAME

ROOT = Path(__file__).resolve().parent.parent
FAST = {"pause_seconds": 0, "turn_seconds": 5, "claim_seconds": 5}


@asynccontextmanager
async def served(folder: Path, limits: Limits | None = None, tls: ssl.SSLContext | None = None
                 ) -> AsyncIterator[tuple[Server, str]]:
    """A server on a free loopback port of this event loop: (server, its ws:// address;
    wss:// with `tls`)."""
    server = Server(folder, limits)
    server.load()
    async with serve(server.handle, "127.0.0.1", 0, max_size=MAX_FRAME,
                     compression=None, ssl=tls) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        yield server, f"{'ws' if tls is None else 'wss'}://127.0.0.1:{port}"
        await server.stop()


async def play(client: Client, rng: random.Random, log: list[dict[str, Any]],
               stop_after: int | None = None, until: str = "bye") -> None:
    """Answer every decision with a random legal action until the match is over (`bye`)
    or the client stops (or `stop_after` decisions were answered, or a message of the
    type `until` came)."""
    answered = 0
    while True:
        message = await client.next()
        if message is None:
            return
        log.append(message)
        if message["type"] in ("bye", until):
            return
        if message["type"] == "decide" and client.decision is not None:
            await client.act(rng.choice(client.decision.legal))
            answered += 1
            if stop_after is not None and answered >= stop_after:
                return


async def seat_all(uri: str, create: dict[str, Any], people: int,
                   tls: ssl.SSLContext | None = None
                   ) -> tuple[list[Client], list[asyncio.Task[None]]]:
    """The host creates a room and `people - 1` others join it; all have their seats
    (`tls`: the clients' context for a wss:// server)."""
    host = Client(uri, {"type": "create", "name": "Ann", **create}, tls=tls)
    tasks = [asyncio.create_task(host.run())]
    clients = [host]
    while host.room is None:
        if await host.next() is None:
            raise AssertionError(f"the room was not created: {host.problem}")
    for i in range(1, people):
        client = Client(uri, {"type": "join", "room": host.room, "name": f"P{i}"}, tls=tls)
        tasks.append(asyncio.create_task(client.run()))
        clients.append(client)
        while client.seat is None:
            if await client.next() is None:
                raise AssertionError(f"could not join: {client.problem}")
    return clients, tasks


def taken_back(uri: str, room: str | None, token: str | None
               ) -> tuple[Client, asyncio.Task[None]]:
    """A new connection taking a dropped seat back with its token: (client, its task)."""
    back = Client(uri, {"type": "rejoin", "room": room, "token": token})
    back.room, back.token = room, token
    return back, asyncio.create_task(back.run())


def start_server(folder: Path, *options: str, port: int = 0
                 ) -> tuple[subprocess.Popen[str], str]:
    """`python -m game serve --port PORT [options]` in a process of its own (port 0: any
    free one); (process, address)."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port),
                             "--data-dir", str(folder), *options], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    assert ready, "the server did not start"
    line = proc.stdout.readline().strip()
    assert line.startswith(("serving on ws://127.0.0.1:", "serving on wss://127.0.0.1:")), line
    return proc, line.removeprefix("serving on ")


def end_server(proc: subprocess.Popen[str], signum: int = signal.SIGTERM) -> tuple[int, str]:
    """Stop a server process; its exit status and standard error."""
    if proc.poll() is None:
        os.kill(proc.pid, signum)
    _, err = proc.communicate(timeout=30)
    return proc.returncode, err
