"""The shuffle proofs over a real server on loopback: each hand's commitment before its
first event and its reveal after its end_hand, to every seat and watcher; each seat's
check of them (and of a tile that differs); the match file's proofs and --check."""
from __future__ import annotations

import asyncio
import copy
import json
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from game.fair import commitment
from game.net.client import Client, stop
from game.net.readers import read_view
from game.net.shuffle_watch import ShuffleWatch
from game.rulesets import load_ruleset
from game.shell.saves import SaveError, _checksum, parse_match_document, summary
from tests.net_helpers import FAST, end_server, play, seat_all, served, start_server

TIMEOUT_S = 120


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT_S))


async def watched_match(folder: Path, hands: int, ruleset: str = "dazhong"
                        ) -> tuple[list[list[dict[str, Any]]], list[int]]:
    """Two people and two AI seats play; a watcher follows from before the start and
    another comes in after it. Every message each of them got, and the people's seats."""
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              "hands": hands, "ruleset": ruleset, **FAST}, 2)
        room = clients[0].room
        early = Client(uri, {"type": "watch", "room": room})
        tasks.append(asyncio.create_task(early.run()))
        logs: list[list[dict[str, Any]]] = [[], [], [], []]
        players = [asyncio.create_task(play(c, random.Random(7 + i), logs[i]))
                   for i, c in enumerate([*clients, early])]
        while early.lobby is None:
            await asyncio.sleep(0.01)
        assert await clients[0].send({"type": "start"})
        while not any(m["type"] == "event" for m in logs[0]):
            await asyncio.sleep(0.01)
        late = Client(uri, {"type": "watch", "room": room})
        tasks.append(asyncio.create_task(late.run()))
        players.append(asyncio.create_task(play(late, random.Random(9), logs[3])))
        await asyncio.gather(*players)
        for client, task in zip([*clients, early, late], tasks):
            await stop(task, client)
    return logs, [c.seat for c in clients if c.seat is not None]


def verdicts(log: list[dict[str, Any]], seat: int) -> ShuffleWatch:
    """A log as the game's seat takes it (game.net.room_seat feeds the same calls)."""
    watch = ShuffleWatch(seat)
    rules = load_ruleset(next(m["ruleset"] for m in log if m["type"] == "lobby"))
    for message in log:
        watch.take(message, rules)
        if message["type"] == "event" and "view" in message:
            watch.view(read_view(message["view"]), rules)
    return watch


@pytest.fixture(scope="module", params=["dazhong", "guobiao"])
def played(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
           ) -> tuple[list[list[dict[str, Any]]], list[int]]:
    return run(watched_match(tmp_path_factory.mktemp("fair"), 2, request.param))


def is_deal(message: dict[str, Any]) -> bool:
    return message["type"] == "event" and message["kind"] == "deal"


def test_each_hand_is_committed_before_its_first_event_and_revealed_after_its_end(
        played: tuple[list[list[dict[str, Any]]], list[int]]) -> None:
    logs, _seats = played
    for log in logs[:3]:        # both seats and the watcher there from the start
        fair = [(i, m) for i, m in enumerate(log) if m["type"] == "fair"]
        kinds = [m.get("kind") for m in log]      # a deal's first event (国标: flowers between)
        deals = [i for i, kind in enumerate(kinds) if is_deal(log[i]) and "deal" not in
                 [k for k in kinds[:i] if k != "flower"][-1:]]
        ends = [i for i, m in enumerate(log) if m["type"] == "end_hand"]
        assert len(deals) == len(ends) == 2
        assert [m["hand"] for _, m in fair] == [1, 1, 2, 2]
        (c1, m1), (r1, m2), (c2, m3), (r2, m4) = fair
        assert c1 < deals[0] and ends[0] < r1 < c2 < deals[1] and ends[1] < r2
        assert [m["type"] for m in log[r2 + 1:]][-2:] == ["record", "bye"]
        for promise, reveal in ((m1, m2), (m3, m4)):
            assert set(promise) == {"type", "hand", "commitment"}
            assert set(reveal) == {"type", "hand", "seed", "salt"}
            assert commitment(reveal["seed"], reveal["salt"]) == promise["commitment"]
            assert len(reveal["salt"]) == 32
        assert m2["salt"] != m4["salt"]


def test_a_watcher_coming_in_mid_hand_gets_its_commitment_with_the_state(
        played: tuple[list[list[dict[str, Any]]], list[int]]) -> None:
    log = played[0][3]
    kinds = [m["type"] for m in log]
    assert kinds[:2] == ["state", "fair"]
    assert log[kinds.index("fair")] == next(m for m in played[0][0] if m["type"] == "fair")


def test_every_seat_verifies_every_hand_and_a_tile_that_differs_is_caught(
        played: tuple[list[list[dict[str, Any]]], list[int]]) -> None:
    logs, seats = played
    for log, seat in zip(logs, [*seats, -1, -1]):
        watch = verdicts(log, seat)
        assert {h: w.key for h, w in watch.verdicts.items()} == {1: "fair.verified",
                                                                  2: "fair.verified"}
    log, seat = logs[0], seats[0]
    own_draws = [i for i, m in enumerate(log) if m["type"] == "event" and m["kind"] == "draw"
                 and m["seat"] == seat]
    assert own_draws
    changed = copy.deepcopy(log)
    tile = changed[own_draws[0]]["tile"]
    changed[own_draws[0]]["tile"] = "1m" if tile != "1m" else "2m"
    assert verdicts(changed, seat).verdicts[1].key == "fair.bad_draw"
    salted = copy.deepcopy(log)
    reveal = next(m for m in salted if m["type"] == "fair" and "salt" in m)
    reveal["salt"] = "0" * 32
    assert verdicts(salted, seat).verdicts[1].key == "fair.bad_hash"
    dealt = next(i for i, m in enumerate(log) if m["type"] == "event" and "view" in m)
    view = changed[dealt]["view"]
    swapped = copy.deepcopy(log)
    hand = swapped[dealt]["view"]["hand"]
    swapped[dealt]["view"]["hand"] = hand.replace(hand[0], "1" if hand[0] != "1" else "2", 1)
    assert view is not None
    assert verdicts(swapped, seat).verdicts[1].key == "fair.bad_deal"


def test_the_match_file_keeps_the_proofs_and_its_check_verifies_them(
        played: tuple[list[list[dict[str, Any]]], list[int]], tmp_path: Path) -> None:
    logs, _seats = played
    document = logs[0][-2]["match"]
    assert [entry["hand"] for entry in document["fair"]] == [1, 2]
    save = parse_match_document(document)
    assert save.fair == document["fair"]
    assert "the shuffle of 2 hand(s) proved" in summary(save)
    forged = copy.deepcopy(document)
    forged["fair"][1]["seed"] += 1
    body = {k: v for k, v in forged.items() if k != "checksum"}
    forged["checksum"] = _checksum(body)
    with pytest.raises(SaveError, match="the shuffle proofs do not hold: hand 2"):
        parse_match_document(forged)
    old = {k: v for k, v in document.items() if k not in ("fair", "checksum")}
    old["checksum"] = _checksum(old)
    assert parse_match_document(old).fair is None
    (tmp_path / "forged.json").write_text(json.dumps(forged), encoding="utf-8")
    (tmp_path / "good.json").write_text(json.dumps(document), encoding="utf-8")
    from game.__main__ import check_files
    assert check_files([tmp_path / "good.json"]) == 0
    assert check_files([tmp_path / "forged.json"]) == 2


async def forged_proofs(folder: Path) -> tuple[list[str], list[dict[str, Any]],
                                                list[dict[str, Any]]]:
    """A seated person sends `fair` messages of their own mid-hand: the answers, and the
    `fair` messages both seats got."""
    forged = [{"type": "fair", "hand": 1, "commitment": "0" * 64},
              {"type": "fair", "hand": 1, "seed": 1, "salt": "0" * 32},
              {"type": "fair", "hand": "x", "seed": [], "salt": None}]
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST}, 2)
        logs: list[list[dict[str, Any]]] = [[], []]
        await clients[0].send({"type": "start"})
        while not any(m["type"] == "fair" for m in logs[1]):
            message = await clients[1].next()
            assert message is not None
            logs[1].append(message)
        errors = []
        for message in forged:
            await clients[1].send(message)
            while (answer := await clients[1].next()) is not None and answer["type"] != "error":
                logs[1].append(answer)
            assert answer is not None
            errors.append(answer["message"])
        players = [asyncio.create_task(play(c, random.Random(i), logs[i]))
                   for i, c in enumerate(clients)]
        await asyncio.gather(*players)
        for client, task in zip(clients, tasks):
            await stop(task, client)
    return errors, *[[m for m in log if m["type"] == "fair"] for log in logs]


def test_a_fair_message_from_a_client_gets_one_error_and_changes_nothing(
        tmp_path: Path) -> None:
    errors, host, guest = run(forged_proofs(tmp_path))
    assert len(errors) == 3
    assert all("unknown message type 'fair'" in e and "\n" not in e for e in errors)
    assert host == guest and len(host) == 2
    assert commitment(host[1]["seed"], host[1]["salt"]) == host[0]["commitment"]


def test_a_restarted_server_keeps_the_hands_commitment(tmp_path: Path) -> None:
    async def until_decide(uri: str) -> tuple[Client, dict[str, Any]]:
        clients, tasks = await seat_all(uri, {"seats": ["open", "easy", "easy", "easy"],
                                              "turn_seconds": 600}, 1)
        host = clients[0]
        await host.send({"type": "start"})
        promise = None
        while host.decision is None:
            message = await host.next()
            assert message is not None
            promise = message if message["type"] == "fair" else promise
        assert promise is not None
        tasks[0].cancel()
        return host, promise

    async def back(uri: str, room: str, token: str) -> list[dict[str, Any]]:
        client = Client(uri, {"type": "rejoin", "room": room, "token": token})
        task = asyncio.create_task(client.run())
        got = []
        while not got or got[-1]["type"] != "fair":
            message = await client.next()
            assert message is not None
            got.append(message)
        await stop(task, client)
        return got

    proc, uri = start_server(tmp_path)
    try:
        host, promise = run(until_decide(uri))
    finally:
        end_server(proc, signal.SIGKILL)
    proc, uri = start_server(tmp_path)
    try:
        got = run(back(uri, str(host.room), str(host.token)))
    finally:
        end_server(proc)
    assert got[-1] == promise


def test_the_games_seat_shows_what_the_proof_showed() -> None:
    from game.net.samples import sample_hand_end
    from game.shell.i18n import Translator
    t = Translator("zh")
    honest, tampered = sample_hand_end(t), sample_hand_end(t, tampered=True)
    assert honest.shuffle_line() is not None and honest.shuffle_line().key == "fair.verified"
    assert "洗牌已验证" in honest.shuffle_line().said(t)
    warned = tampered.shuffle_line()
    assert warned is not None and warned.key == "fair.bad_draw"
    assert "9m" in str(warned) or "8m" in str(warned)


def test_the_games_own_seat_verifies_a_hand_played_over_the_network(tmp_path: Path) -> None:
    """The game's online seat (the table page's source, on its own client thread) plays a
    hand against a real server: its deal is noted, and the end-of-hand line says so."""
    from game.net.client import Background
    from game.net.online_table import OnlineTable
    from game.shell.i18n import Translator

    async def hand() -> OnlineTable:
        async with served(tmp_path / "server") as (_server, uri):
            online = OnlineTable(Background(uri, {
                "type": "create", "name": "Ann", "seats": ["open", "easy", "easy", "easy"],
                "hands": 2, **FAST}), uri, Translator("en"))
            rng, started = random.Random(3), False
            try:
                while 1 not in online.shuffle.verdicts and not online.stopped:
                    online.update(0.016)
                    if online.room is not None and online.host and not started:
                        online.start()
                        started = True
                    for seat in online.humans_to_act():
                        turn = online.feed(seat).turn
                        if turn is not None:
                            online.submit(rng.choice(turn.legal))
                    await asyncio.sleep(0.005)
            finally:
                online.close()
            return online

    online = run(hand())
    seen = online.shuffle._seen
    assert seen is not None and seen.dealt is not None and len(seen.dealt) in (13, 14)
    assert online.shuffle.verdicts[1].key == "fair.verified"
