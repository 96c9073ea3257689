"""`python -m game serve` as its own process: it says where it listens, stops cleanly on
SIGTERM, and a SIGKILL mid-hand loses nothing: restarted on its folder, the hand goes on."""
from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from game.net.client import Client, stop
from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, end_server, play, seat_all, start_server
from tests.test_net_play import run


def test_serve_prints_its_address_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    assert uri.startswith("ws://127.0.0.1:") and int(uri.rsplit(":", 1)[1]) > 0
    status, err = end_server(proc, signal.SIGTERM)
    assert status == 0 and "stopped; 0 room(s) saved" in err and "Traceback" not in err


def test_serve_refuses_a_bad_port_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--port", "70000"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


async def before_the_kill(uri: str) -> tuple[str, list[str], int]:
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                          "grace_seconds": 600, **FAST}, 2)
    await clients[0].send({"type": "start"})
    guest = asyncio.create_task(play(clients[1], random.Random(2), []))
    await play(clients[0], random.Random(1), [], stop_after=4)
    guest.cancel()
    room = clients[0].room
    tokens = [c.token for c in clients]
    assert room is not None and all(tokens)
    discards = clients[0].view.discards if clients[0].view else ()
    for client, task in zip(clients, tasks):
        task.cancel()
    return room, [str(t) for t in tokens], sum(len(d) for d in discards)


async def after_the_restart(uri: str, room: str, tokens: list[str]
                            ) -> list[list[dict[str, Any]]]:
    logs: list[list[dict[str, Any]]] = [[], []]
    clients = [Client(uri, {"type": "rejoin", "room": room, "token": t}) for t in tokens]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    await asyncio.gather(*(play(c, random.Random(5 + i), logs[i]) for i, c in enumerate(clients)))
    for client, task in zip(clients, tasks):
        await stop(task, client)
    return logs


def test_a_server_killed_mid_hand_resumes_the_hand_after_a_restart(tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    try:
        room, tokens, discarded = run(before_the_kill(uri))
    finally:
        end_server(proc, signal.SIGKILL)
    saved = (tmp_path / "rooms" / f"{room}.json").read_text()
    assert all(token not in saved for token in tokens)     # only their hashes are kept
    proc, uri = start_server(tmp_path)
    try:
        logs = run(after_the_restart(uri, room, tokens))
    finally:
        status, err = end_server(proc)
    assert status == 0 and "Traceback" not in err
    for log in logs:
        assert [m["type"] for m in log][:2] == ["joined", "hello"]
        assert log[2]["type"] in ("decide", "state")
        view = log[2]["view"]
        assert sum(len(pool) for pool in view["discards"]) >= discarded
        assert [m["type"] for m in log][-2:] == ["record", "bye"]
    match = parse_match_document(logs[0][-2]["match"]).match
    assert match.is_over and len(match.hand_actions[0]) > 8
