"""A held seat is never given up: a client keeps taking it back, with a capped back-off
and no limit on attempts, across a server killed outright and started again on its data
folder; Retry now ends the wait; after `bye` the connection is still read and a `joined`
for a new room is a seat like any other."""
from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from game.net.client import Backoff, Client, stop
from game.net.wire import NET_PROTOCOL
from tests.net_helpers import FAST, end_server, seat_all, start_server
from tests.test_net_play import run
from tests.test_online_pages import free_port

BOUND_S = 60.0          # a bound on waiting for a state, never a measurement
OLD_RETRIES = 5         # the old client gave up after this many attempts
TOKENS = ("a" * 32, "b" * 32)


async def reached(done: Any, what: str) -> None:
    """Wait until `done()` (bounded)."""
    end = time.monotonic() + BOUND_S
    while not done():
        assert time.monotonic() < end, f"never {what}"
        await asyncio.sleep(0.02)


def test_the_default_back_off_doubles_from_half_a_second_to_ten_and_stays_there() -> None:
    assert [Backoff().wait(n) for n in range(8)] == [0.5, 1, 2, 4, 8, 10, 10, 10]
    assert Backoff().wait(10**6) == 10


async def killed_and_back(folder: Path) -> dict[str, Any]:
    port = free_port()
    proc, uri = start_server(folder, port=port)
    heard: list[str] = []
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                          **FAST}, 2)
    host, guest = clients
    fast = Client(uri, {"type": "rejoin", "room": host.room, "token": host.token},
                  Backoff(0.05, 0.2), heard.append)     # the host's seat, taken over
    slow = Client(uri, {"type": "rejoin", "room": guest.room, "token": guest.token},
                  Backoff(3600, 3600))                  # waits for Retry now
    for old, task in zip(clients, tasks):
        await stop(task, old)
    ran = [asyncio.create_task(c.run()) for c in (fast, slow)]
    try:
        await reached(lambda: fast.seat == 0 and slow.seat == 1, "seated")
        end_server(proc, signal.SIGKILL)
        await reached(lambda: fast.failures > 3 * OLD_RETRIES, "retried long")
        await reached(lambda: slow.next_attempt is not None, "waiting")
        state = (fast.state, fast.unreachable, slow.state)
        proc, _ = start_server(folder, port=port)       # the same folder and port
        await reached(lambda: fast.state == "connected" and fast.failures == 0, "back")
        due = slow.next_attempt
        assert due is not None
        slow.retry_now()
        await reached(lambda: slow.state == "connected" and slow.failures == 0, "back")
        return {"state": state, "heard": heard, "seats": (fast.seat, slow.seat),
                "early": time.monotonic() < due, "rooms": {fast.room, slow.room, host.room}}
    finally:
        for client, task in zip((fast, slow), ran):
            await stop(task, client)
        end_server(proc)


def test_a_client_takes_its_seat_back_after_a_kill_however_long_the_server_is_down(
        tmp_path: Path) -> None:
    got = run(killed_and_back(tmp_path))
    assert got["state"] == ("reconnecting", True, "reconnecting")
    assert got["heard"] == ["connected", "lost", "reconnecting", "reconnected"]
    assert got["seats"] == (0, 1) and len(got["rooms"]) == 1
    assert got["early"]          # Retry now did not wait for the hour of its back-off


async def rematch_server(firsts: list[dict[str, Any]]) -> Any:
    """A server that ends a match, offers a rematch, seats the client in the new room,
    drops it once, takes it back by the new token and ends that room too."""
    async def handler(ws: ServerConnection) -> None:
        firsts.append(json.loads(await ws.recv()))
        if len(firsts) == 1:
            await ws.send(json.dumps({"type": "joined", "room": "AAAAAA", "seat": 0,
                                      "token": TOKENS[0]}))
            for message in ({"type": "record", "match": {}}, {"type": "bye"},
                            {"type": "rematch", "room": "BBBBBB"}):
                await ws.send(json.dumps(message))
            asked = json.loads(await ws.recv())
            assert asked == {"type": "join", "room": "BBBBBB", "name": "Ann"}, asked
            await ws.send(json.dumps({"type": "joined", "room": "BBBBBB", "seat": 2,
                                      "token": TOKENS[1]}))
            assert ws.transport is not None
            ws.transport.abort()                        # the line goes dead
            return
        await ws.send(json.dumps({"type": "joined", "room": "BBBBBB", "seat": 2,
                                  "token": TOKENS[1]}))
        await ws.send(json.dumps({"type": "bye"}))
        await ws.close()

    return serve(handler, "127.0.0.1", 0)


async def after_bye() -> tuple[list[str], list[dict[str, Any]], Client]:
    firsts: list[dict[str, Any]] = []
    async with await rematch_server(firsts) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        client = Client(f"ws://127.0.0.1:{port}", {"type": "create", "name": "Ann"},
                        Backoff(0.05, 0.2))
        task = asyncio.create_task(client.run())
        kinds = []
        while (message := await asyncio.wait_for(client.next(), BOUND_S)) is not None:
            kinds.append(message["type"])
            if message["type"] == "rematch":
                assert client.over and client.state == "connected"
                assert await client.send({"type": "join", "room": message["room"],
                                          "name": "Ann"})
        await asyncio.wait_for(task, BOUND_S)
        return kinds, firsts, client


def test_after_bye_the_client_reads_on_and_holds_a_new_room_like_any_seat() -> None:
    kinds, firsts, client = run(after_bye())
    assert kinds == ["joined", "record", "bye", "rematch", "joined", "joined", "bye"]
    assert firsts[1] == {"type": "rejoin", "room": "BBBBBB", "token": TOKENS[1],
                         "protocol": NET_PROTOCOL}
    assert (client.room, client.seat, client.state) == ("BBBBBB", 2, "closed")
    assert client.over     # the match over: nothing more to retry
