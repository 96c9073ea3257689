"""After a match's end, on a real `serve` process: a person who missed the end collects
the record by `rejoin` for 7 days (also after a restart; never with a wrong token, never
once it is older), and the host's `rematch` makes a new room that the others join on
the connection that was told the end."""
from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from game.net.client import stop
from game.net.finished import KEEP_SECONDS, Archive
from game.net.wire import WireError
from tests.net_helpers import end_server, play, seat_all, start_server
from tests.test_net_hostile import (
    FIRST_ANSWER_S,
    TWO_PEOPLE,
    a_match_played,
    answers,
    received,
)
from tests.test_net_play import run


# ---------------------------------------------------------------- collection
async def guest_drops_before_the_end(uri: str) -> tuple[str, list[str], dict[str, Any]]:
    clients, tasks = await seat_all(uri, TWO_PEOPLE, 2)
    host, guest = clients
    await stop(tasks[1], guest)     # away for good: the fill level plays the guest's seat
    log: list[dict[str, Any]] = []
    hosting = asyncio.create_task(play(host, random.Random(1), log))
    await host.send({"type": "start"})
    await hosting
    await stop(tasks[0], host)
    assert [m["type"] for m in log][-2:] == ["record", "bye"]
    assert host.room is not None and host.token and guest.token
    return host.room, [host.token, guest.token], log[-2]["match"]


async def collect(uri: str, room: str, token: str) -> list[dict[str, Any]]:
    async with connect(uri) as ws:
        return await answers(ws, json.dumps({"type": "rejoin", "room": room, "token": token}),
                             0.5, first=FIRST_ANSWER_S)


def test_a_person_who_missed_the_end_collects_the_record_also_after_a_restart(
        tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    try:
        room, tokens, match = run(guest_drops_before_the_end(uri))
        first = run(collect(uri, room, tokens[1]))
        wrong = run(collect(uri, room, "w" * 32))
    finally:
        end_server(proc, signal.SIGKILL)
    assert first == [{"type": "joined", "room": room, "seat": 1, "token": tokens[1]},
                     {"type": "record", "match": match}, {"type": "bye"}]
    assert len(wrong) == 1 and "wrong token" in wrong[0]["message"]
    kept = list((tmp_path / "finished").glob(f"{room}-*.json"))
    assert len(kept) == 1 and not any(t in kept[0].read_text() for t in tokens)
    proc, uri = start_server(tmp_path)
    try:
        again = run(collect(uri, room, tokens[0]))
    finally:
        end_server(proc)
    assert [m["type"] for m in again] == ["joined", "record", "bye"]
    assert again[0]["seat"] == 0 and again[1]["match"] == match
    ended = int(kept[0].stem.split("-")[1])
    old = kept[0].with_name(f"{room}-{ended - KEEP_SECONDS - 60}.json")
    kept[0].rename(old)         # as if the match had ended more than 7 days ago
    proc, uri = start_server(tmp_path)
    try:
        late = run(collect(uri, room, tokens[0]))
    finally:
        end_server(proc)
    assert len(late) == 1 and "no such room" in late[0]["message"]
    assert not old.exists()


# ------------------------------------------------------------------- rematch
async def rematch(uri: str) -> dict[str, Any]:
    (host, guest), logs = await a_match_played(uri)
    found: dict[str, Any] = {"old": next(m["room"] for m in logs[0] if m["type"] == "lobby")}
    found["guest asks"] = await answers(guest, '{"type": "rematch"}', 0.3, FIRST_ANSWER_S)
    await host.send('{"type": "rematch"}')
    found["host"] = [await received(host), await received(host)]
    found["guest told"] = await received(guest)
    new = found["host"][0]["room"]
    found["host again"] = await answers(host, '{"type": "rematch"}', 0.3, FIRST_ANSWER_S)
    found["guest joins"] = await answers(
        guest, json.dumps({"type": "join", "room": new, "name": "Bob"}), 0.3, FIRST_ANSWER_S)
    for ws in (host, guest):
        await ws.close()
    return found


def test_the_hosts_rematch_makes_a_new_room_the_others_join_on_the_same_connection(
        tmp_path: Path) -> None:
    proc, uri = start_server(tmp_path)
    try:
        found = run(rematch(uri))
    finally:
        status, err = end_server(proc)
    assert status == 0 and "Traceback" not in err
    assert len(found["guest asks"]) == 1 and "only the host" in found["guest asks"][0]["message"]
    joined, lobby = found["host"]
    new = joined["room"]
    assert new != found["old"] and joined["type"] == "joined" and joined["seat"] == 0 and len(joined["token"]) >= 32
    assert lobby["type"] == "lobby" and lobby["room"] == new and not lobby["started"]
    assert {k: lobby[k] for k in TWO_PEOPLE if k != "seats"} == \
        {k: v for k, v in TWO_PEOPLE.items() if k != "seats"}
    assert [(s["kind"], s["level"]) for s in lobby["seats"]] == \
        [("person", None), ("open", None), ("ai", "easy"), ("ai", "hard")]
    assert found["guest told"] == {"type": "rematch", "room": new}
    assert found["host again"] == [{"type": "rematch", "room": new}]
    kinds = [m["type"] for m in found["guest joins"]]
    assert kinds == ["joined", "lobby"] and found["guest joins"][0]["seat"] == 1
    assert found["guest joins"][1]["seats"][1]["state"] == "connected"



def test_kept_matches_older_than_seven_days_or_kept_twice_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / "finished"
    folder.mkdir()
    now = int(time.time())
    names = [f"ABCDEF-{now - KEEP_SECONDS - 1}.json", f"GHJKMN-{now - 10}.json",
             f"GHJKMN-{now - 5}.json", "notes.json", "ZZZZZZ-x.json"]
    for name in names:
        (folder / name).write_text("{}")
    archive = Archive(folder)
    assert sorted(path.name for path in archive.load()) == sorted(names[:2])
    assert list(archive.ended) == ["GHJKMN"] and "GHJKMN" in archive
    assert archive.expired(time.time() + KEEP_SECONDS) == [folder / names[2]]
    assert not archive.ended


def test_a_damaged_kept_match_is_no_such_room(tmp_path: Path) -> None:
    folder = tmp_path / "finished"
    folder.mkdir()
    damaged = {"ABCDEF": b"{}", "PQRSTU": b"\xff\xfe", "GHJKMN": json.dumps(
        {"kind": "mahjong-net-finished", "version": 1, "code": "GHJKMN", "config": [1],
         "people": {}, "match": {}}).encode()}
    for code, data in damaged.items():
        (folder / f"{code}-{int(time.time())}.json").write_bytes(data)
    archive = Archive(folder)
    assert archive.load() == []
    for code in damaged:
        with pytest.raises(WireError, match="no such room"):
            archive.collect(code, "t" * 43)
