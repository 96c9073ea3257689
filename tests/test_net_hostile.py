"""Hostile clients change nothing: each bad message gets one `error` line (or the
connection is closed), never a traceback, and another room's match plays on."""
from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net.limits import Limits
from game.net.wire import CLIENT_TYPES
from tests.net_helpers import FAST, play, seat_all, served
from tests.test_net_play import run

FIRST_ANSWER_S = 20.0   # a loaded machine may be slow; a missing answer still fails
SERVER_TYPES = {"joined", "lobby", "error", "hello", "decide", "event", "end_hand", "bye",
                "state", "record", "rematch", "fair", "said", "rooms"}
TWO_PEOPLE = {"seats": ["open", "open", "easy", "hard"], "hands": 1, "fill": "easy",
              "grace_seconds": 0, **FAST}


async def answers(ws: ClientConnection, frame: str | bytes, wait: float = 0.3,
                  first: float | None = None) -> list[dict[str, Any]]:
    """What the server sends back to one frame: anything until it is quiet for `wait`
    seconds (`first`: how long to wait for the first answer, when one must come however
    long a busy machine takes to give it)."""
    await ws.send(frame)
    got = []
    try:
        got.append(json.loads(await asyncio.wait_for(ws.recv(), first or wait)))
        while True:
            got.append(json.loads(await asyncio.wait_for(ws.recv(), wait)))
    except (asyncio.TimeoutError, ConnectionClosed):
        return got


async def received(ws: ClientConnection) -> dict[str, Any]:
    """The next message (one must come, however long a busy machine takes)."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), FIRST_ANSWER_S))
    return message


async def play_raw(ws: ClientConnection, rng: random.Random) -> list[dict[str, Any]]:
    """Answer every decide with a random legal action, up to bye; every message."""
    log = [await received(ws)]
    while log[-1]["type"] != "bye":
        if log[-1]["type"] == "decide":
            await ws.send(json.dumps({"type": "action", "id": log[-1]["id"],
                                      "action": rng.choice(log[-1]["legal"])}))
        log.append(await received(ws))
    return log


async def seated(uri: str, first: dict[str, Any]) -> tuple[ClientConnection, dict[str, Any]]:
    """A bare connection that sent `first` (create or join) and got its `joined`."""
    ws = await connect(uri)
    await ws.send(json.dumps(first))
    while (message := await received(ws))["type"] != "joined":
        assert message["type"] == "lobby", message
    return ws, message


async def a_match_played(uri: str, people: int = 2, watch: bool = False
                         ) -> tuple[list[ClientConnection], list[list[dict[str, Any]]]]:
    """A room of TWO_PEOPLE made, joined (and watched), started and played to its end on
    bare connections; the connections and what each was sent."""
    host, joined = await seated(uri, {"type": "create", "name": "Ann", **TWO_PEOPLE})
    room = joined["room"]
    conns = [host] + [(await seated(uri, {"type": "join", "room": room, "name": f"P{i}"}))[0]
                      for i in range(1, people)]
    if watch:
        conns.append(await connect(uri))
        await conns[-1].send(json.dumps({"type": "watch", "room": room}))
    await host.send(json.dumps({"type": "start"}))
    logs = await asyncio.gather(*(play_raw(ws, random.Random(i)) for i, ws in enumerate(conns)))
    for log in logs:
        assert log[-2]["type"] == "record"
    return conns, list(logs)



BAD: list[tuple[str | bytes, str]] = [
    (b"\x00binary", "binary frames"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "shutdown"}', "unknown message type"),
    ('{"type": "create", "name": "A", "seats": ["open", "bot:rm -rf /", "easy", "easy"]}',
     "'seats'"),
    ('{"type": "create", "name": "A", "ruleset": "../../etc/passwd"}', "unknown ruleset"),
    ('{"type": "create", "name": "A", "hands": 100000000000000000000}', "'hands'"),
    ('{"type": "create", "name": "A", "turn_seconds": 1e308}', "'turn_seconds'"),
    ('{"type": "create", "name": "' + "x" * 25 + '"}', "name"),
    ('{"type": "create", "name": "a\\u0000b"}', "name"),
    ('{"type": "join", "room": "ZZZZZZ", "name": "B"}', "no such room"),
    ('{"type": "join", "room": "/etc/passwd", "name": "B"}', "no such room"),
    ('{"type": "rejoin", "room": "ZZZZZZ", "token": "' + "t" * 43 + '"}', "no such room"),
    ('{"type": "action", "id": 1, "action": "0 discard 1m"}', "no decision"),
    ('{"type": "start"}', "only the host"),
    ('{"type": "rematch"}', "within"),
    ('{"type": "rematch", "room": "ZZZZZZ", "seat": 0, "host": true}', "within"),
    ('{"type": "fair", "hand": 1, "commitment": "' + "0" * 64 + '"}', "unknown message type"),
    ('{"type": "fair", "hand": 1, "seed": 5, "salt": "' + "0" * 32 + '"}',
     "unknown message type"),
    ('{"type": "say", "phrase": "hello"}', "holding a seat"),
    ('{"type": "create", "name": "A", "listed": "yes"}', "'listed'"),
    ('{"type": "join", "room": "ZZZZZZ", "name": "B", "protocol": -1}', "'protocol'"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
]


async def each_bad_message(folder: Path) -> list[tuple[str, list[dict[str, Any]]]]:
    async with served(folder) as (_server, uri), connect(uri) as ws:
        return [(expected, await answers(ws, frame, first=FIRST_ANSWER_S))
                for frame, expected in BAD]


def test_each_bad_message_gets_one_error_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for expected, got in run(each_bad_message(tmp_path)):
        assert len(got) == 1 and got[0]["type"] == "error", (expected, got)
        assert expected in got[0]["message"] and "\n" not in got[0]["message"]
    assert "internal error" not in capsys.readouterr().err


async def hostile_seat(folder: Path) -> dict[str, Any]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST}, 2)
        host, guest = clients
        await host.send({"type": "start"})
        while guest.decision is None and host.decision is None:
            await guest.next() if host.decision is None else None
            await asyncio.sleep(0.01)
        waiting = host if host.decision is not None else guest
        other = guest if waiting is host else host
        decision = waiting.decision
        assert decision is not None
        found = {}
        found["other seat"] = (await _round_trip(other, {
            "type": "action", "id": decision.id, "action": decision.legal[0].to_text()}))
        found["not legal"] = await _round_trip(waiting, {
            "type": "action", "id": decision.id, "action": f"{waiting.seat} hu 1m"})
        found["stale id"] = await _round_trip(waiting, {
            "type": "action", "id": decision.id + 1000, "action": decision.legal[0].to_text()})
        found["second room"] = await _round_trip(waiting, {"type": "create", "name": "X"})
        for client, task in zip(clients, tasks):
            task.cancel()
        return found


async def _round_trip(client: Any, message: dict[str, Any]) -> str:
    await client.send(message)
    while True:
        got = await asyncio.wait_for(client.next(), 5)
        if got is None or got["type"] == "error":
            return "" if got is None else str(got["message"])


def test_a_seat_acts_only_for_itself_and_only_on_its_current_decision(tmp_path: Path) -> None:
    found = run(hostile_seat(tmp_path))
    assert "no decision is waiting" in found["other seat"]
    assert "not one of the legal actions" in found["not legal"]
    assert "is over" in found["stale id"]
    assert "already in a room" in found["second room"]


async def flooded(ws: ClientConnection, frame: str) -> str:
    """Send `frame` 200 times at once; the last error before the connection is closed."""
    for _ in range(200):
        try:
            await ws.send(frame)
        except ConnectionClosed:
            break
    last = ""
    try:
        while True:
            last = json.loads(await asyncio.wait_for(ws.recv(), 15))["message"]
    except ConnectionClosed:
        pass
    return last


async def floods(folder: Path) -> tuple[list[str], str, int | None]:
    async with served(folder, Limits(failures_per_minute=5)) as (_server, uri):
        async with connect(uri) as ws:
            wrong: list[str] = []
            for _ in range(10):     # a new guess is allowed every 12 s: none of these
                got = await answers(ws, '{"type": "watch", "room": "ZZZZZZ"}', 0.05)
                wrong.extend(m["message"] for m in got)
        async with connect(uri) as ws:
            last = await flooded(ws, '{"type": "start"}')
        async with connect(uri) as ws:
            try:
                await ws.send("x" * (70 * 1024))
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            code = ws.close_code
        return wrong, last, code


def test_floods_guesses_and_huge_frames_are_cut_off(tmp_path: Path) -> None:
    wrong, last, code = run(floods(tmp_path))
    assert all("no such room" in w for w in wrong[:5])
    assert all("wait a minute" in w for w in wrong[5:])
    assert "too many messages" in last
    assert code == 1009     # message too big


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*CLIENT_TYPES, "hello", "fair", ""])},
    optional={"name": json_values | st.text(max_size=30), "room": json_values,
              "token": json_values, "id": json_values, "action": json_values | st.text(),
              "seats": json_values | st.lists(st.sampled_from(["open", "easy", "hard", "x"])),
              "hands": json_values, "ruleset": json_values, "fill": json_values,
              "turn_seconds": json_values, "hand": json_values, "commitment": json_values,
              "seed": json_values | st.integers(0, 2**64), "salt": json_values,
              "listed": json_values,
              "phrase": json_values | st.sampled_from(["hello", "again", "x"]),
              "protocol": json_values | st.integers(0, 3)})


async def fuzz_beside_a_match(folder: Path, fuzz: list[dict[str, Any] | bytes]
                              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "easy", "easy", "easy"],
                                              **FAST}, 1)
        log: list[dict[str, Any]] = []
        playing = asyncio.create_task(play(clients[0], random.Random(0), log))
        await clients[0].send({"type": "start"})
        got: list[dict[str, Any]] = []
        ws = await connect(uri)
        for message in fuzz:
            frame = message if isinstance(message, bytes) else json.dumps(message)
            if ws.close_code is not None:       # a leave, a bye: the next comes anew
                ws = await connect(uri)
            got.extend(await answers(ws, frame, 0.02))
        await ws.close()
        await playing
        tasks[0].cancel()
        return got, log


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fuzz=st.lists(messages | st.binary(max_size=20), min_size=1, max_size=25))
def test_fuzzed_messages_never_break_the_server_or_another_room(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        fuzz: list[dict[str, Any] | bytes]) -> None:
    got, log = run(fuzz_beside_a_match(tmp_path / str(abs(hash(str(fuzz)))), fuzz))
    assert all(m.get("type") in SERVER_TYPES for m in got)
    assert all("\n" not in m["message"] for m in got if m["type"] == "error")
    assert [m["type"] for m in log][-2:] == ["record", "bye"]
    assert "internal error" not in capsys.readouterr().err


AFTER_S = 2.0       # the time a rematch may be asked in, here


async def after_a_match(folder: Path) -> dict[str, Any]:
    """Forged, junk and late rematches, a wrong token for a finished match and a flood of
    rematches, each beside a finished match; what each was answered, and the rooms."""
    async with served(folder, Limits(after_bye_seconds=AFTER_S)) as (server, uri):
        (host, guest, watcher), logs = await a_match_played(uri, watch=True)
        old = next(m["room"] for m in logs[0] if m["type"] == "lobby")
        stranger = await connect(uri)
        asked = {
            "guest": (guest, {}),
            "watcher": (watcher, {}),
            "guest with junk": (guest, {"room": old, "seat": 0, "host": 0, "name": "Ann",
                                        "token": "t" * 43, "id": [1]}),
            "stranger": (stranger, {"room": old}),
            "wrong token": (stranger, {"type": "rejoin", "room": old, "token": "w" * 43}),
        }
        found: dict[str, Any] = {}
        for what, (ws, fields) in asked.items():
            frame = json.dumps({"type": "rematch", **fields})
            found[what] = await answers(ws, frame, 0.2, FIRST_ANSWER_S)
        found["rooms before"] = sorted(server.rooms)
        host_asks = {"type": "rematch", "hands": 16, "seats": ["hard"] * 4, "ruleset": "x"}
        found["host"] = await answers(host, json.dumps(host_asks), 0.3, FIRST_ANSWER_S)
        await asyncio.wait_for(asyncio.gather(guest.wait_closed(), watcher.wait_closed()),
                               AFTER_S + FIRST_ANSWER_S)   # let go: no new place taken
        found["host late"] = await answers(host, '{"type": "rematch"}', 0.2, FIRST_ANSWER_S)
        found["rooms after"] = sorted(server.rooms)
        found["flood"] = await flooded(stranger, '{"type": "rematch"}')
        await host.close()
        return found


def test_forged_junk_and_late_rematches_change_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = run(after_a_match(tmp_path))
    expected = {"guest": "only the host", "watcher": "only the host",
                "guest with junk": "only the host", "stranger": "within",
                "wrong token": "wrong token", "host late": "within"}
    for what, words in expected.items():
        got = found[what]
        assert len(got) == 1 and got[0]["type"] == "error", (what, got)
        assert words in got[0]["message"] and "\n" not in got[0]["message"], (what, got)
    assert found["rooms before"] == []
    joined, lobby = found["host"]
    assert joined["type"] == "joined" and lobby["hands"] == 1 and lobby["ruleset"] == "dazhong"
    assert found["rooms after"] == [joined["room"]]
    assert "too many messages" in found["flood"]
    assert "internal error" not in capsys.readouterr().err
