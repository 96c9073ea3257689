"""A server killed mid-hand and kept down longer than its rooms' grace time: restarted on
its folder, the grace counts again from the restart, so its people come back to their own
seats (not to seats the fill level took), the decision waiting at the kill is asked again
with its whole time, and they finish the match. The game's own client rides out a
restart longer than its old retries and than the grace, and its people finish there."""
from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path
from typing import Any

from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, end_server, play, seat_all, start_server
from tests.test_net_play import run
from tests.test_net_server import after_the_restart

GRACE_S = 4
DOWN_S = 5.0            # the server is down longer than the grace time
BACK_AFTER_S = 1.5      # the people come back this long after the restart
WHOLE_MS = FAST["turn_seconds"] * 1000      # turn and claim times are the same here


async def until_the_hosts_decision(uri: str) -> tuple[str, list[str]]:
    """Two people play until the host is asked a decision, and leave it unanswered."""
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                          "hands": 2, "grace_seconds": GRACE_S, **FAST}, 2)
    host, guest = clients
    await host.send({"type": "start"})
    guest_plays = asyncio.create_task(play(guest, random.Random(2), []))
    rng, asked = random.Random(1), 0
    while (message := await host.next()) is not None and message["type"] != "bye":
        if message["type"] == "decide" and host.decision is not None:
            asked += 1
            if asked == 4:
                break
            await host.act(rng.choice(host.decision.legal))
    assert asked == 4, "the match ended too soon"
    guest_plays.cancel()
    for task in tasks:
        task.cancel()
    assert host.room is not None and host.token and guest.token
    return host.room, [host.token, guest.token]


async def back_after_the_restart(uri: str, room: str, tokens: list[str]
                                 ) -> list[list[dict[str, Any]]]:
    await asyncio.sleep(BACK_AFTER_S)
    logs: list[list[dict[str, Any]]] = await after_the_restart(uri, room, tokens)
    return logs


def test_people_are_back_in_their_seats_after_a_restart_longer_than_the_grace(
        tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    try:
        room, tokens = run(until_the_hosts_decision(uri))
    finally:
        end_server(proc, signal.SIGKILL)
    time.sleep(DOWN_S)
    proc, uri = start_server(tmp_path)
    try:
        logs = run(back_after_the_restart(uri, room, tokens))
    finally:
        status, err = end_server(proc)
    assert status == 0 and "Traceback" not in err
    host_log = logs[0]
    assert [m["type"] for m in host_log][:3] == ["joined", "hello", "decide"]
    assert host_log[2]["deadline_ms"] > WHOLE_MS - 1000     # not less the time away
    for seat, log in enumerate(logs):
        assert log[0]["seat"] == seat
        lobbies = [m for m in log if m["type"] == "lobby"]
        assert lobbies and all(m["seats"][s]["state"] != "played by AI"
                               for m in lobbies for s in (0, 1))
        assert lobbies[-1]["seats"][seat]["state"] == "connected"
        assert [m["type"] for m in log].count("decide") >= 2
        assert [m["type"] for m in log][-2:] == ["record", "bye"]
    match = parse_match_document(host_log[-2]["match"]).match
    assert match.is_over and len(match.history) == 2


OLD_CLIENT_WINDOW_S = 0.5 + 1 + 2 + 4 + 8   # when the old client gave up its seat
LONG_GRACE_S = 12       # longer than the client's longest wait between attempts (10 s)
LONG_DOWN_S = max(OLD_CLIENT_WINDOW_S, LONG_GRACE_S) + 2     # longer than both


async def ride_out_a_long_restart(folder: Path) -> list[list[dict[str, Any]]]:
    """Two people on the game's own client (its default back-off) play on through a
    SIGKILL of the server and a restart LONG_DOWN_S later on the same folder and port."""
    from tests.test_online_pages import free_port
    port = free_port()
    proc, uri = start_server(folder, port=port)
    clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                          "hands": 2, "grace_seconds": LONG_GRACE_S,
                                          **FAST}, 2)
    logs: list[list[dict[str, Any]]] = [[], []]
    playing = [asyncio.create_task(play(c, random.Random(seat), logs[seat]))
               for seat, c in enumerate(clients)]
    try:
        await clients[0].send({"type": "start"})
        while sum(m["type"] == "decide" for log in logs for m in log) < 3:
            await asyncio.sleep(0.05)
        end_server(proc, signal.SIGKILL)
        await asyncio.sleep(LONG_DOWN_S)
        assert all(c.state == "reconnecting" for c in clients), "still trying"
        proc, _ = start_server(folder, port=port)
        await asyncio.wait_for(asyncio.gather(*playing), 90)
    finally:
        for task in (*playing, *tasks):
            task.cancel()
        end_server(proc)
    return logs


def test_the_games_client_rides_out_a_restart_longer_than_its_old_retries_and_the_grace(
        tmp_path: Path) -> None:
    logs = run(ride_out_a_long_restart(tmp_path))
    after = []
    for seat, log in enumerate(logs):
        [back] = [i for i, m in enumerate(log) if m["type"] == "joined"]   # the one rejoin
        log = log[back:]
        after.append(log)
        kinds = [m["type"] for m in log]
        assert log[0]["seat"] == seat                                   # its own seat
        assert kinds.count("decide") >= 1 and kinds[-2:] == ["record", "bye"]
        lobbies = [m for m in log if m["type"] == "lobby"]
        assert all(m["seats"][s]["state"] != "played by AI" for m in lobbies for s in (0, 1))
    match = parse_match_document(after[0][-2]["match"]).match
    assert match.is_over and len(match.history) == 2
