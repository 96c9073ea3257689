"""Quick phrases and listed rooms on a real loopback server: who hears a phrase, the
limits on saying and listing, which rooms a list shows, and clients of the first protocol
version playing on beside them."""
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

from game.net.limits import Limits
from game.net.phrases import PHRASES
from game.net.wire import NET_PROTOCOL
from tests.net_helpers import served
from tests.test_net_hostile import FIRST_ANSWER_S, TWO_PEOPLE, answers, play_raw, seated
from tests.test_net_play import run

V2 = {"protocol": NET_PROTOCOL}
QUIET_S = 0.3       # nothing more came within this: nothing more was sent


async def heard(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message waiting for `ws`, up to a quiet moment."""
    got = []
    try:
        while True:
            got.append(json.loads(await asyncio.wait_for(ws.recv(), QUIET_S)))
    except asyncio.TimeoutError:
        return got


def said(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == "said"]


async def sayings(folder: Path) -> dict[str, Any]:
    async with served(folder, Limits(phrase_gap_seconds=3600.0)) as (_server, uri):
        host, joined = await seated(uri, {"type": "create", "name": "Ann", **V2,
                                          "seats": ["open", "open", "open", "easy"]})
        room = joined["room"]
        guest, _ = await seated(uri, {"type": "join", "room": room, "name": "Bo", **V2})
        old, _ = await seated(uri, {"type": "join", "room": room, "name": "Old"})
        watcher = await connect(uri)
        await watcher.send(json.dumps({"type": "watch", "room": room, **V2}))
        people = (host, guest, old, watcher)
        for ws in people:
            await heard(ws)                 # the lobbies
        found: dict[str, Any] = {}
        found["host says"] = await answers(host, json.dumps({"type": "say", "phrase": "hello",
                                                             "seat": 2}), QUIET_S, FIRST_ANSWER_S)
        found["others"] = [said(await heard(ws)) for ws in (guest, old, watcher)]
        found["too soon"] = await answers(host, '{"type": "say", "phrase": "thanks"}')
        found["watcher says"] = await answers(watcher, '{"type": "say", "phrase": "oops"}')
        found["unknown"] = await answers(guest, '{"type": "say", "phrase": "you lose"}')
        found["not text"] = await answers(guest, '{"type": "say", "phrase": ["hello"]}')
        found["no phrase"] = await answers(guest, '{"type": "say"}')
        found["old says"] = await answers(old, '{"type": "say", "phrase": "sorry"}')
        found["after"] = [said(await heard(ws)) for ws in people]
        for ws in people:
            await ws.close()
        return found


def test_a_phrase_reaches_the_room_once_and_refusals_relay_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = run(sayings(tmp_path))
    one = {"type": "said", "seat": 0, "phrase": "hello"}
    assert found["host says"] == [one]              # the sayer's answer is its own `said`
    guest, old, watcher = found["others"]
    assert guest == [one] and watcher == [one]
    assert old == []                                # a first-version client is sent none
    for what, code in (("too soon", "rate_limited"), ("watcher says", "not_seated"),
                       ("unknown", "bad_phrase"), ("not text", "bad_phrase"),
                       ("no phrase", "bad_phrase")):
        got = found[what]
        assert len(got) == 1 and got[0]["type"] == "error" and got[0]["code"] == code, \
            (what, got)
        assert "\n" not in got[0]["message"]
    assert said(found["old says"]) == []            # heard by the others, not by itself
    host, guest, old, watcher = found["after"]
    sorry = {"type": "said", "seat": 2, "phrase": "sorry"}
    assert host == guest == watcher == [sorry] and old == []
    assert "internal error" not in capsys.readouterr().err


async def a_minute_of_phrases(folder: Path) -> list[list[dict[str, Any]]]:
    async with served(folder, Limits(phrase_gap_seconds=0.0)) as (_server, uri):
        host, _ = await seated(uri, {"type": "create", "name": "Ann", **V2})
        await heard(host)
        got = [await answers(host, json.dumps({"type": "say", "phrase": phrase}))
               for phrase in PHRASES[:7]]
        await host.close()
        return got




def test_a_seat_says_five_phrases_a_minute_at_most(tmp_path: Path) -> None:
    got = run(a_minute_of_phrases(tmp_path))
    assert [g[0]["type"] for g in got] == ["said"] * 5 + ["error"] * 2
    assert all(len(g) == 1 for g in got)
    assert got[5][0]["code"] == "rate_limited" and "5 a minute" in got[5][0]["message"]


LISTED = {"listed": True, "seats": ["open", "open", "easy", "easy"], "hands": 2}


async def listings(folder: Path) -> dict[str, Any]:
    async with served(folder, Limits(listed_rooms=3)) as (server, uri):
        await seated(uri, {"type": "create", "name": "Ann", **LISTED})
        await seated(uri, {"type": "create", "name": "Hid", **LISTED, "listed": False})
        await seated(uri, {"type": "create", "name": "Nol", "seats": ["open"] * 4})
        await seated(uri, {"type": "create", "name": "Full", "listed": True,
                           "seats": ["open", "easy", "easy", "easy"]})
        started, _ = await seated(uri, {"type": "create", "name": "Go", **LISTED})
        await started.send('{"type": "start"}')
        looker = await connect(uri)
        found: dict[str, Any] = {"rooms before": len(server.rooms)}
        bad = [True, 1, "yes", None, [], {"a": 1}]
        found["malformed"] = [await answers(looker, json.dumps(
            {"type": "create", "name": "X", "listed": value}), QUIET_S, FIRST_ANSWER_S)
            for value in bad[1:]]
        found["rooms after"] = len(server.rooms)
        found["list"] = await answers(looker, '{"type": "list", "room": "x"}', QUIET_S,
                                      FIRST_ANSWER_S)
        for n in range(3):
            await seated(uri, {"type": "create", "name": f"M{n}", **LISTED, "hands": 1})
        found["bounded"] = await answers(looker, '{"type": "list"}', QUIET_S, FIRST_ANSWER_S)
        await looker.close()
        return found


def test_a_list_shows_listed_open_unstarted_rooms_only(tmp_path: Path) -> None:
    found = run(listings(tmp_path))
    for got in found["malformed"]:
        assert len(got) == 1 and got[0]["code"] == "bad_setup" and "'listed'" in \
            got[0]["message"], got
    assert found["rooms after"] == found["rooms before"]
    (answer,) = found["list"]
    assert answer["type"] == "rooms" and len(answer["rooms"]) == 1
    (entry,) = answer["rooms"]
    assert set(entry) == {"room", "ruleset", "hands", "seats_free", "host_name"}
    assert (entry["ruleset"], entry["hands"], entry["seats_free"], entry["host_name"]) == \
        ("dazhong", 2, 1, "Ann")
    (bounded,) = found["bounded"]
    assert len(bounded["rooms"]) == 3 and bounded["rooms"][0] == entry   # the oldest first


async def list_flood(folder: Path) -> dict[str, Any]:
    limits = Limits(lists_per_minute=2, list_burst=2)
    async with served(folder, limits) as (_server, uri):
        flooder, other = await connect(uri), await connect(uri)
        got = [await answers(flooder, '{"type": "list"}', QUIET_S, FIRST_ANSWER_S)
               for _ in range(4)]
        found = {"flooder": got, "other": await answers(other, '{"type": "list"}', QUIET_S,
                                                        FIRST_ANSWER_S)}
        found["still open"] = await answers(flooder, '{"type": "say", "phrase": "hello"}',
                                            QUIET_S, FIRST_ANSWER_S)
        await flooder.close()
        await other.close()
        return found


def test_a_list_flood_is_refused_and_the_server_serves_others(tmp_path: Path) -> None:
    found = run(list_flood(tmp_path))
    kinds = [g[0]["type"] for g in found["flooder"]]
    assert kinds == ["rooms", "rooms", "error", "error"]
    assert found["flooder"][2][0]["code"] == "rate_limited"
    assert found["other"][0]["type"] == "rooms"
    assert found["still open"][0]["code"] == "not_seated"   # answered: not cut off


async def old_clients_play(folder: Path) -> list[list[dict[str, Any]]]:
    async with served(folder) as (_server, uri):
        host, joined = await seated(uri, {"type": "create", "name": "Ann", "protocol": 1,
                                          **TWO_PEOPLE})
        guest, _ = await seated(uri, {"type": "join", "room": joined["room"], "name": "Bo"})
        await host.send('{"type": "start"}')
        return list(await asyncio.gather(play_raw(host, random.Random(1)),
                                         play_raw(guest, random.Random(2))))


def test_clients_of_the_first_version_play_a_match_through(tmp_path: Path) -> None:
    for log in run(old_clients_play(tmp_path)):
        hello = next(m for m in log if m["type"] == "hello")
        assert hello["protocol"] == NET_PROTOCOL == 2
        assert [m["type"] for m in log][-2:] == ["record", "bye"]
        assert {m["type"] for m in log} <= {"joined", "lobby", "hello", "decide", "event",
                                            "end_hand", "state", "record", "bye"}


def test_a_wrong_protocol_field_is_one_error_and_makes_nothing(tmp_path: Path) -> None:
    async def go() -> tuple[list[list[dict[str, Any]]], int]:
        async with served(tmp_path) as (server, uri), connect(uri) as ws:
            got = [await answers(ws, json.dumps({"type": "create", "name": "A",
                                                 "protocol": value}), QUIET_S, FIRST_ANSWER_S)
                   for value in ("2", 0, 1.5, True, 10**9)]
            return got, len(server.rooms)
    got, rooms = run(go())
    assert rooms == 0
    assert all(len(g) == 1 and "'protocol'" in g[0]["message"] for g in got), got


phrase_values = st.sampled_from(PHRASES) | st.none() | st.integers() | st.text(max_size=12) \
    | st.lists(st.sampled_from(PHRASES), max_size=2)


async def says_beside_a_match(folder: Path, said_values: list[Any]
                              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """A seat of one room says each value (gap 0: only the minute's limit counts) while
    another room plays its match on; what the sayer got, what that match's seat got, and
    what the list showed after."""
    async with served(folder, Limits(phrase_gap_seconds=0.0)) as (_server, uri):
        player, _ = await seated(uri, {"type": "create", "name": "Ann", **V2, **TWO_PEOPLE,
                                       "seats": ["open", "easy", "easy", "easy"]})
        sayer, joined = await seated(uri, {"type": "create", "name": "Bo", "listed": True,
                                           **V2})
        await player.send('{"type": "start"}')
        playing = asyncio.create_task(play_raw(player, random.Random(4)))
        await heard(sayer)
        got = []
        for value in said_values:
            got += await answers(sayer, json.dumps({"type": "say", "phrase": value}), 0.05,
                                 FIRST_ANSWER_S)
        listing = await answers(sayer, '{"type": "list"}', QUIET_S, FIRST_ANSWER_S)
        log = await playing
        await sayer.close()
        return got, log, [r["room"] for r in listing[0]["rooms"]] + [joined["room"]]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(said_values=st.lists(phrase_values, min_size=1, max_size=12))
def test_fuzzed_phrases_relay_five_good_keys_at_most_and_change_nothing_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], said_values: list[Any]) -> None:
    got, log, rooms = run(says_beside_a_match(tmp_path / str(abs(hash(str(said_values)))),
                                              said_values))
    good = [v for v in said_values if isinstance(v, str) and v in PHRASES]
    relayed = [m["phrase"] for m in got if m["type"] == "said"]
    assert relayed == good[:5]                      # in order, the minute's five at most
    errors = [m for m in got if m["type"] == "error"]
    assert len(errors) == len(said_values) - len(relayed)    # one line for each refusal
    assert all("\n" not in m["message"] for m in errors)
    assert {m["type"] for m in got} <= {"said", "error"}
    assert [m["type"] for m in log][-2:] == ["record", "bye"]   # the other room played on
    assert rooms[0] == rooms[-1]                    # the sayer's listed room is unchanged
    assert "internal error" not in capsys.readouterr().err


async def listed_across_a_restart(folder: Path) -> tuple[list[str], list[str], str]:
    async with served(folder) as (_server, uri):
        host, joined = await seated(uri, {"type": "create", "name": "Ann", **LISTED})
        await host.close()          # its seat waits for a rejoin: the room stays
    async with served(folder) as (_server, uri), connect(uri) as ws:
        got = await answers(ws, '{"type": "list"}', QUIET_S, FIRST_ANSWER_S)
        return [r["room"] for r in got[0]["rooms"]], [r["host_name"] for r in got[0]["rooms"]], \
            joined["room"]


def test_a_listed_room_is_listed_again_after_a_restart(tmp_path: Path) -> None:
    rooms, hosts, room = run(listed_across_a_restart(tmp_path))
    assert rooms == [room] and hosts == ["Ann"]
