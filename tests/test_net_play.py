"""Matches over a real WebSocket server on loopback: to the end, what each seat is told,
a dropped seat coming back, and the fill level taking an absent seat."""
from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.protocol import event_message
from game.net.client import Client, stop
from game.net.kept import mark_own_seat
from game.shell.saves import load_save, parse_match_document
from tests.net_helpers import FAST, play, seat_all, served, taken_back

TIMEOUT_S = 120


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT_S))


async def whole_match(folder: Path, seed: int, seats: list[str], hands: int = 1
                      ) -> tuple[list[list[dict[str, Any]]], list[Client]]:
    async with served(folder) as (_server, uri):
        people = seats.count("open")
        clients, tasks = await seat_all(uri, {"seats": seats, "hands": hands, **FAST}, people)
        logs: list[list[dict[str, Any]]] = [[] for _ in clients]
        players = [asyncio.create_task(play(c, random.Random(seed + i), logs[i]))
                   for i, c in enumerate(clients)]
        assert await clients[0].send({"type": "start"})
        await asyncio.gather(*players)
        for client, task in zip(clients, tasks):
            await stop(task, client)
    return logs, clients


def test_four_people_play_a_match_to_its_end_and_each_gets_the_match_file(
        tmp_path: Path) -> None:
    logs, clients = run(whole_match(tmp_path, 1, ["open"] * 4, hands=2))
    records = []
    for log, client in zip(logs, clients):
        kinds = [m["type"] for m in log]
        assert kinds[-2:] == ["record", "bye"] and kinds.count("end_hand") == 2
        assert "hello" in kinds and client.problem is None
        records.append(log[-2]["match"])
    assert all(r == records[0] for r in records)
    match = parse_match_document(records[0]).match
    assert match.is_over and len(match.history) == 2
    files = list((tmp_path / "matches").glob("*.json"))
    assert len(files) == 1 and load_save(files[0]).match.to_record() == match.to_record()
    assert not list((tmp_path / "rooms").glob("*.json"))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_no_message_to_a_seat_tells_more_than_its_seat_may_know(tmp_path: Path,
                                                                  seed: int) -> None:
    folder = tmp_path / str(seed)
    logs, clients = run(whole_match(folder, seed, ["open", "open", "easy", "open"]))
    match = parse_match_document(logs[0][-2]["match"]).match
    state = match.round
    for log, client in zip(logs, clients):
        seat = client.seat
        assert seat is not None
        heard = [{k: v for k, v in m.items() if k != "view"} for m in log if m["type"] == "event"]
        assert heard == [event_message(e) for e in state.events_for(seat)]
        for message in log:
            if message["type"] == "event" and message["seat"] != seat \
                    and message["kind"] in ("draw", "kong"):
                assert message["tile"] is None or message["kind"] == "kong"
            if message["type"] in ("decide", "state") or "view" in message:
                view = message["view"]
                assert view["seat"] == seat
                assert sum(c.isdigit() for c in view["hand"]) == view["hand_sizes"][seat]
                if view["phase"] == "round_end":
                    continue    # the hand is over: every 暗杠 is shown, as at the table
                hidden = [m for s, melds in enumerate(view["melds"]) if s != seat
                          for m in melds if m["kind"] == "kong_concealed"]
                assert all(m["tiles"] == "" for m in hidden)


async def drop_and_rejoin(folder: Path) -> dict[str, Any]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open"] * 2 + ["easy"] * 2, "hands": 1,
                                              "grace_seconds": 60, **FAST}, 2)
        host, guest = clients
        host_log: list[dict[str, Any]] = []
        hosting = asyncio.create_task(play(host, random.Random(1), host_log))
        await host.send({"type": "start"})
        await play(guest, random.Random(2), [], stop_after=3)
        room, token = guest.room, guest.token
        await stop(tasks[1], guest)
        while not any(m["type"] == "lobby" and m["seats"][1]["state"] == "reconnecting"
                      for m in host_log):
            await asyncio.sleep(0.01)
        back, returning = taken_back(uri, room, token)
        back_log: list[dict[str, Any]] = []
        await asyncio.gather(hosting, play(back, random.Random(3), back_log))
        await stop(returning, back)
        await stop(tasks[0], host)
    return {"back": back_log, "host": host_log}


def test_a_dropped_person_rejoins_with_the_token_and_finishes_the_match(
        tmp_path: Path) -> None:
    logs = run(drop_and_rejoin(tmp_path))
    kinds = [m["type"] for m in logs["back"]]
    assert kinds[0] == "joined" and logs["back"][0]["seat"] == 1
    assert kinds[1] == "hello" and kinds[2] in ("decide", "state")
    assert kinds[-2:] == ["record", "bye"]
    states = [m["seats"][1]["state"] for m in logs["host"] if m["type"] == "lobby"]
    assert "reconnecting" in states and states[-1] == "connected"


async def absent_for_good(folder: Path) -> list[dict[str, Any]]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              "grace_seconds": 0, **FAST}, 2)
        await stop(tasks[1], clients[1])
        log: list[dict[str, Any]] = []
        hosting = asyncio.create_task(play(clients[0], random.Random(1), log))
        await clients[0].send({"type": "start"})
        await hosting
        await stop(tasks[0], clients[0])
    return log


def test_after_the_grace_time_the_fill_level_plays_an_absent_seat(tmp_path: Path) -> None:
    log = run(absent_for_good(tmp_path))
    states = [m["seats"][1]["state"] for m in log if m["type"] == "lobby"]
    assert "played by AI" in states
    assert [m["type"] for m in log][-2:] == ["record", "bye"]


async def watched(folder: Path) -> list[dict[str, Any]]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "easy", "easy", "easy"],
                                              **FAST}, 1)
        host = clients[0]
        await host.send({"type": "start"})
        log: list[dict[str, Any]] = []
        await play(host, random.Random(1), log, stop_after=2)
        watcher = Client(uri, {"type": "watch", "room": host.room})
        watching = asyncio.create_task(watcher.run())
        seen: list[dict[str, Any]] = []
        await asyncio.gather(play(host, random.Random(2), log),
                             play(watcher, random.Random(3), seen))
        await stop(watching, watcher)
        await stop(tasks[0], host)
    return seen


def test_a_watcher_sees_public_information_only(tmp_path: Path) -> None:
    seen = run(watched(tmp_path))
    kinds = [m["type"] for m in seen]
    assert kinds[0] == "state" and kinds[-2:] == ["record", "bye"]
    assert seen[0]["view"]["seat"] == -1 and seen[0]["view"]["hand"] == ""
    events = [m for m in seen if m["type"] == "event"]
    assert events and all(m["tile"] is None for m in events if m["kind"] == "draw")
    assert not [m for m in events if m["kind"] in ("claim_window", "pass")]
    assert "end_hand" in kinds and "decide" not in kinds


async def two_decisions_let_run_out(folder: Path) -> dict[str, Any]:
    """A one-hand room (1-second clocks) whose person lets their first two decisions
    run out and answers the rest at once; the match file everyone is sent at the end."""
    async with served(folder) as (_server, uri):
        [host], tasks = await seat_all(uri, {"seats": ["open", "easy", "easy", "easy"],
                                             "hands": 1, "pause_seconds": 0,
                                             "turn_seconds": 1, "claim_seconds": 1}, 1)
        assert await host.send({"type": "start"})
        rng, skipped, record = random.Random(3), 0, None
        while (message := await host.next()) is not None and message["type"] != "bye":
            if message["type"] == "record":
                record = message["match"]
            elif message["type"] == "decide" and host.decision is not None:
                if skipped < 2:
                    skipped += 1          # let its clock run out: the server plays for it
                else:
                    await host.act(rng.choice(host.decision.legal))
        await stop(tasks[0], host)
    assert record is not None
    return record


def test_a_persons_decisions_the_server_s_clock_took_are_marked_in_the_match_file(
        tmp_path: Path) -> None:
    record = run(two_decisions_let_run_out(tmp_path))
    save = parse_match_document(record)
    assert len(save.timeouts) == 2
    for hand, step in save.timeouts:
        assert save.match.hand_actions[hand][step].seat == 0
    kept = tmp_path / "kept.json"           # the player's copy keeps them (seat marked)
    kept.write_text(json.dumps(record))
    assert mark_own_seat(kept, 0) is not None and load_save(kept).timeouts == save.timeouts


async def a_timeout_then_a_restart(folder: Path) -> tuple[list[list[int]], dict[str, Any]]:
    """The person lets their first decision run out, answers one more and the server
    stops (saving the room); on its folder again, they take the seat back and finish.
    (the timeouts the room's file held at the stop, the match file at the end)"""
    clock = {"pause_seconds": 0, "turn_seconds": 1, "claim_seconds": 1}
    async with served(folder) as (_server, uri):
        [host], tasks = await seat_all(uri, {"seats": ["open", "easy", "easy", "easy"],
                                             "hands": 1, **clock}, 1)
        assert await host.send({"type": "start"})
        rng, asked = random.Random(3), 0
        while asked < 2 and (message := await host.next()) is not None:
            if message["type"] == "decide" and host.decision is not None:
                asked += 1
                if asked == 2:            # the first one was left to run out
                    await host.act(rng.choice(host.decision.legal))
        room, token = host.room, host.token
        await stop(tasks[0], host)
    held = json.loads((folder / "rooms" / f"{room}.json").read_text())["timeouts"]
    async with served(folder) as (_server, uri):
        back = Client(uri, {"type": "rejoin", "room": room, "token": token})
        task = asyncio.create_task(back.run())
        log: list[dict[str, Any]] = []
        await play(back, random.Random(4), log)
        await stop(task, back)
    [record] = [m["match"] for m in log if m["type"] == "record"]
    return held, record


def test_the_decisions_the_clock_took_outlast_a_server_restart(tmp_path: Path) -> None:
    held, record = run(a_timeout_then_a_restart(tmp_path))
    assert held and all(tuple(p) in parse_match_document(record).timeouts for p in held)
