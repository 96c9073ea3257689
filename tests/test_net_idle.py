"""Rooms nobody plays in do not stay forever: a room never started is closed a while
after its last change (`serve --idle-seconds`), also across restarts, and a room whose
every person left is closed at once."""
from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

from game.net.client import Client, stop
from game.net.limits import Limits
from tests.net_helpers import FAST, end_server, seat_all, served, start_server
from tests.test_net_play import run


async def messages_until_bye(client: Client) -> list[dict[str, Any]]:
    got = []
    while (message := await client.next()) is not None:
        got.append(message)
    return got


async def join_refused(uri: str, room: str) -> str | None:
    """The error a join of `room` gets (None: it was let in)."""
    client = Client(uri, {"type": "join", "room": room, "name": "Late"})
    task = asyncio.create_task(client.run())
    message = await client.next()
    await stop(task, client)
    assert message is not None
    return message["message"] if message["type"] == "error" else None


async def left_waiting(uri: str) -> tuple[str, list[dict[str, Any]]]:
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"]}, 2)
    room = clients[0].room
    assert room is not None
    logs = await asyncio.gather(*(messages_until_bye(c) for c in clients))
    for client, task in zip(clients, tasks):
        await stop(task, client)
    return room, [m for log in logs for m in log]


def test_a_room_nobody_starts_is_closed_after_the_idle_time(tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path, "--idle-seconds", "1")
    try:
        room, told = run(left_waiting(uri))
        assert [m["type"] for m in told].count("bye") == 2
        assert any(m["type"] == "error" and "nobody started it" in m["message"] for m in told)
        assert "no such room" in str(run(join_refused(uri, room)))
    finally:
        status, err = end_server(proc)
    assert status == 0 and "Traceback" not in err
    assert not list((tmp_path / "rooms").glob("*.json"))


async def made(uri: str) -> str:
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"]}, 1)
    for client, task in zip(clients, tasks):
        await stop(task, client)
    assert clients[0].room is not None
    return clients[0].room


def test_a_restart_takes_up_a_waiting_room_but_not_one_idle_past_its_time(
        tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    try:
        fresh, stale = run(made(uri)), run(made(uri))
    finally:
        end_server(proc, signal.SIGTERM)
    path = tmp_path / "rooms" / f"{stale}.json"
    doc = json.loads(path.read_text())
    doc["active_at"] = time.time() - 2 * Limits.idle_seconds     # left alone for an hour
    path.write_text(json.dumps(doc))
    proc, uri = start_server(tmp_path)
    try:
        assert run(join_refused(uri, fresh)) is None
        assert "no such room" in str(run(join_refused(uri, stale)))
    finally:
        status, err = end_server(proc)
    assert status == 0 and "Traceback" not in err
    assert not path.exists() and (tmp_path / "rooms" / f"{fresh}.json").exists()


async def everyone_leaves(folder: Path) -> tuple[str, list[str]]:
    async with served(folder) as (server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST, "hands": 2, "pause_seconds": 30}, 2)
        room = clients[0].room
        assert room is not None
        await clients[0].send({"type": "start"})
        for client in clients:
            assert await client.send({"type": "leave"})
            while (message := await client.next()) is not None and message["type"] != "bye":
                pass
        for client, task in zip(clients, tasks):
            await stop(task, client)
        await server.store.writer.flush()
        return room, sorted(server.rooms)


def test_a_started_room_whose_every_person_left_is_closed_at_once(tmp_path: Path) -> None:
    room, open_rooms = run(everyone_leaves(tmp_path))
    assert room not in open_rooms
    assert not list(tmp_path.glob("*/*.json"))     # no room file, no match file
