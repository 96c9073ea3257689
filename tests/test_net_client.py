"""The client library: it reconnects by itself and takes its seat back, stops when the
seat is taken back elsewhere, and runs on a thread of its own for a non-asyncio loop."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from game.net.client import Background, Client, stop
from game.net.server import Conn
from tests.net_helpers import FAST, seat_all, served
from tests.test_net_play import run


async def until(client: Client, kind: str) -> list[dict[str, Any]]:
    """Messages up to and including the next one of `kind`."""
    got = []
    while True:
        message = await asyncio.wait_for(client.next(), 10)
        assert message is not None, client.problem
        got.append(message)
        if message["type"] == kind:
            return got


async def dropped(folder: Path) -> tuple[list[str], list[dict[str, Any]]]:
    async with served(folder) as (server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST}, 2)
        guest = clients[1]
        states = []
        conn = next(c for c in server.conns if isinstance(c, Conn) and c.seat == 1)
        assert conn.ws.transport is not None
        conn.ws.transport.abort()             # the line goes dead
        while guest.state == "connected":
            await asyncio.sleep(0.01)
        states.append(guest.state)
        got = await until(guest, "joined")
        states.append(guest.state)
        for client, task in zip(clients, tasks):
            await stop(task, client)
        return states, got


def test_a_dropped_client_reconnects_by_itself_and_takes_its_seat_back(tmp_path: Path) -> None:
    states, got = run(dropped(tmp_path))
    assert states == ["reconnecting", "connected"]
    assert got[-1]["type"] == "joined" and got[-1]["seat"] == 1


async def taken_back(folder: Path) -> tuple[str, str, list[dict[str, Any]]]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST}, 2)
        guest = clients[1]
        other = Client(uri, {"type": "rejoin", "room": guest.room, "token": guest.token})
        other.room, other.token = guest.room, guest.token
        other_task = asyncio.create_task(other.run())
        await until(other, "joined")
        told = await until(guest, "bye")
        await asyncio.wait_for(tasks[1], 10)
        state, other_state = guest.state, other.state
        await stop(other_task, other)
        await stop(tasks[0], clients[0])
        return state, other_state, told


def test_a_client_whose_seat_is_taken_back_elsewhere_stops(tmp_path: Path) -> None:
    state, other, told = run(taken_back(tmp_path))
    assert state == "closed" and other == "connected"
    assert any(m["type"] == "error" and "taken back" in m["message"] for m in told)


async def in_the_background(folder: Path) -> tuple[list[Any], str, bool]:
    async with served(folder) as (_server, uri):
        online = Background(uri, {"type": "create", "name": "Ann", **FAST})
        got: list[Any] = []
        for _ in range(500):
            got.extend(online.poll())
            if any(m and m["type"] == "lobby" for m in got):
                break
            await asyncio.sleep(0.01)
        room = online.client.room or ""
        await asyncio.to_thread(online.close)
        return got, room, online.thread.is_alive()


def test_the_background_client_runs_on_its_own_thread(tmp_path: Path) -> None:
    got, room, alive = run(in_the_background(tmp_path))
    assert got[0]["type"] == "joined" and got[0]["room"] == room and len(room) == 6
    assert not alive
