"""`python -m game join`: a bot-protocol program plays a seat of a remote room, and a
server that sends something impossible gets one line and a clean exit."""
from __future__ import annotations

import asyncio
import json
import random
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from ai.protocol import view_message
from game import paths
from game.engine.match import Match
from game.engine.state import RoundState
from game.net import ticket
from game.net.client import Backoff, Client, stop
from game.net.wire import NET_PROTOCOL
from game.play.setup import MatchSetup
from game.rulesets import load_ruleset
from game.shell.i18n import Translator
from game.shell.saves import load_save, parse_match_document, save_document
from tests.net_helpers import FAST, ROOT, end_server, play, seat_all, served, start_server
from tests.test_net_play import run
from tests.test_online_pages import free_port

BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"


async def join(uri: str, code: str, data: Path, bot: str = BOT) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "join", uri, code, "--name", "Simple", "--bot", bot,
        "--data-dir", str(data), cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)


async def bot_in_a_room(folder: Path, ruleset: str = "dazhong", bot: str = BOT
                        ) -> tuple[list[dict[str, Any]], int, str]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              "ruleset": ruleset, **FAST}, 1)
        host = clients[0]
        proc = await join(uri, str(host.room), folder / "player", bot)
        log: list[dict[str, Any]] = []
        while not (host.lobby and host.lobby["seats"][1]["state"] == "connected"):
            message = await host.next()
            assert message is not None
            log.append(message)
        await host.send({"type": "start"})
        await play(host, random.Random(4), log)
        _, err = await proc.communicate()
        tasks[0].cancel()
        return log, await proc.wait(), err.decode()


def test_a_program_joins_a_remote_room_and_plays_its_seat_to_the_end(tmp_path: Path) -> None:
    log, status, err = run(bot_in_a_room(tmp_path))
    assert status == 0, err
    assert "seat 1 in room" in err and "the match is over" in err
    assert "hand 1: shuffle verified" in err
    names = [m["seats"][1]["name"] for m in log if m["type"] == "lobby"]
    assert names[-1] == "Simple"
    match = log[-2]["match"]
    assert any(a.startswith("1 discard") for a in match["match"]["hands"][0])
    [kept] = (tmp_path / "player" / "matches").glob("online-*.json")   # in the player's library
    saved = load_save(kept)
    assert saved.match.to_record() == parse_match_document(match).match.to_record()
    assert saved.setup.seats[1].name == "Simple" and saved.setup.source == "online"


async def lying_server(reply: dict[str, Any], data: Path) -> tuple[int, str]:
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps({"type": "joined", "room": "ABCDEF", "seat": 1,
                                  "token": "t" * 32}))
        await ws.send(json.dumps(reply))
        await asyncio.sleep(1)

    async with serve(handler, "127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        proc = await join(f"ws://127.0.0.1:{port}", "ABCDEF", data)
        _, err = await proc.communicate()
        return await proc.wait(), err.decode()


def test_a_server_that_sends_impossible_things_gets_one_line_and_an_exit(tmp_path: Path
                                                                         ) -> None:
    view = view_message(RoundState.new(load_ruleset(), 1).view(1))
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "decide", "id": 1, "deadline_ms": 1000, "legal": ["0 discard 1m"],
          "view": view}, "impossible legal action"),
        ({"type": "decide", "id": 1, "deadline_ms": 1000, "legal": ["1 discard 1m"],
          "view": {**view, "hand": "1m" * 40}}, "tiles"),
        ({"type": "hello", "seat": 1, "players": 4, "ruleset": "/etc/passwd"}, "ruleset"),
        ({"type": "lobby", "seats": "x" * 100}, "lobby"),
    ]
    for reply, expected in cases:
        status, err = run(lying_server(reply, tmp_path))
        lines = [line for line in err.splitlines()
                 if not line.startswith(("seat ", "connected to "))]
        assert status == 1 and len(lines) == 1 and expected in lines[0], err
        assert "Traceback" not in err


def test_a_record_that_does_not_replay_is_told_in_one_line_and_not_kept(
        tmp_path: Path) -> None:
    from game import paths
    from game.net.join import keep_record
    paths.set_data_dir(tmp_path)
    try:
        for bad in ({"kind": "mahjong-table-save"}, "x" * 100, {"format": 1, "hands": [["9"]]}):
            kept, words = keep_record(bad)
            line = str(words)
            assert kept is None and "\n" not in line and "not kept" in line
        assert not list(tmp_path.rglob("*.json"))
    finally:
        paths.set_data_dir(None)


async def lines_of(stream: asyncio.StreamReader, into: list[str]) -> None:
    while line := await stream.readline():
        into.append(line.decode().rstrip("\n"))


async def seen(lines: list[str], text: str) -> None:
    """Wait until a line holds `text` (bounded)."""
    for _ in range(6000):
        if any(text in line for line in lines):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no line with {text!r}: {lines}")


async def join_through_a_kill(folder: Path) -> tuple[list[str], int, str]:
    port = free_port()
    proc, uri = start_server(folder / "server", port=port)
    host = Client(uri, {"type": "create", "name": "Ann", "seats": ["open", "open", "easy",
                                                                    "easy"], **FAST},
                  Backoff(0.05, 0.2))
    task = asyncio.create_task(host.run())
    try:
        while host.room is None:
            assert await host.next() is not None, host.problem
        bot = await join(uri, host.room, folder / "player")
        assert bot.stderr is not None
        lines: list[str] = []
        reading = asyncio.create_task(lines_of(bot.stderr, lines))
        while not (host.lobby and host.lobby["seats"][1]["state"] == "connected"):
            assert await host.next() is not None, host.problem
        await host.send({"type": "start"})
        while host.decision is None:        # the host holds the table up: play waits
            assert await host.next() is not None, host.problem
        end_server(proc, signal.SIGKILL)
        await seen(lines, "until the server answers")
        proc, _ = start_server(folder / "server", port=port)
        await play(host, random.Random(5), [])
        await bot.wait()
        await reading
        return lines, bot.returncode or 0, host.room
    finally:
        await stop(task, host)
        end_server(proc)


def test_join_tells_each_change_of_its_connection_once_across_a_server_killed(
        tmp_path: Path) -> None:
    lines, status, room = run(join_through_a_kill(tmp_path))
    assert status == 0, lines
    told = [line for line in lines if line.startswith(CHANGE_LINES)]
    assert [line.split(" ")[0] for line in told] == [
        "connected", "seat", "connection", "cannot", "reconnected:", "the", "the"], told
    assert "until the server answers" in told[3] and f"seat 1 of room {room} is back" in told[4]
    assert "the match is over" in told[5] and "said bye" in told[6]
    assert not ticket.join_path(room).exists()     # the match is over: nothing to take back


CHANGE_LINES = ("connected", "seat ", "connection lost", "the server", "reconnected",
                "the match is over", "cannot take", "cannot reach")


def a_record() -> dict[str, Any]:
    """A finished match's file, as a server's `record` carries it."""
    golden = min((ROOT / "tests" / "golden").glob("*.json"))
    record = json.loads(golden.read_text(encoding="utf-8"))["record"]
    return save_document(Match.from_record(record, load_ruleset(record["ruleset"])),
                         MatchSetup())


async def kept_seat_server(answer: list[dict[str, Any]], data: Path
                           ) -> tuple[int, str, list[Any]]:
    """`join` run with a ticket for the room kept in its data folder, against a server
    that answers its first message with `answer`."""
    firsts: list[Any] = []

    async def handler(ws: ServerConnection) -> None:
        firsts.append(json.loads(await ws.recv()))
        for message in answer:
            await ws.send(json.dumps(message))
        await ws.close()

    async with serve(handler, "127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        uri = f"ws://127.0.0.1:{port}"
        paths.set_data_dir(data)
        try:
            ticket.save(ticket.Ticket(uri, "ABCDEF", 2, "t" * 32), ticket.join_path("ABCDEF"))
        finally:
            paths.set_data_dir(None)
        proc = await join(uri, "ABCDEF", data)
        _, err = await proc.communicate()
        return await proc.wait(), err.decode(), firsts


def test_join_with_a_kept_ticket_collects_the_match_that_finished_meanwhile(
        tmp_path: Path) -> None:
    answer = [{"type": "joined", "room": "ABCDEF", "seat": 2, "token": "t" * 32},
              {"type": "record", "match": a_record()}, {"type": "bye"}]
    status, err, firsts = run(kept_seat_server(answer, tmp_path))
    assert status == 0, err
    assert firsts == [{"type": "rejoin", "room": "ABCDEF", "token": "t" * 32,
                       "protocol": NET_PROTOCOL}]
    assert "the match is over" in err and "seat 2 in room ABCDEF" in err
    assert len(list((tmp_path / "matches").glob("online-*.json"))) == 1
    assert not (tmp_path / "join" / "ABCDEF.json").exists()


def test_join_whose_kept_seat_is_refused_says_so_once_and_forgets_it(tmp_path: Path) -> None:
    answer = [{"type": "error", "message": "that match is too old to collect"}]
    status, err, _ = run(kept_seat_server(answer, tmp_path))
    told = [line for line in err.splitlines() if line.startswith(CHANGE_LINES)]
    refusal = "cannot take the seat back: that match is too old to collect"
    assert status == 1 and told[1:] == [refusal], err
    assert not (tmp_path / "join" / "ABCDEF.json").exists()


async def refusing_server(error: dict[str, Any], data: Path, *options: str) -> tuple[int, str]:
    """`join` against a server that refuses its join with `error`, then closes."""
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(error))
        await ws.close()

    async with serve(handler, "127.0.0.1", 0) as listening:
        port = next(iter(listening.sockets)).getsockname()[1]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "game", "join", f"ws://127.0.0.1:{port}", "ABCDEF",
            "--bot", BOT, "--data-dir", str(data), *options, cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        _, err = await proc.communicate()
        return await proc.wait(), err.decode()


@pytest.mark.parametrize("error,key", [
    ({"type": "error", "code": "room_full", "message": "the room is full"},
     "net.refusal.room_full"),
    ({"type": "error", "code": "started", "message": "the match has started: rejoin "
      "with your token, or watch"}, "net.refusal.started"),
    ({"type": "error", "code": "no_such_room", "message": "no such room"},
     "net.refusal.no_such_room"),
])
def test_join_tells_a_refusal_in_the_games_words_and_language(tmp_path: Path, error: dict[str, Any],
                                                              key: str) -> None:
    """A refusal is the translation tables' line for its code, in --language (else the
    game's own setting), never the server's English; nothing after it."""
    zh = Translator("zh")
    status, err = run(refusing_server(error, tmp_path / "a", "--language", "zh"))
    lines = err.splitlines()
    assert status == 1 and lines[1:] == [zh(key)], err
    assert lines[0].startswith(zh("net.change.connected", server="")[:4]), err
    settings = tmp_path / "b" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"language": "zh"}))
    status, err = run(refusing_server(error, tmp_path / "b"))
    assert err.splitlines()[1:] == [zh(key)], err
    assert json.loads(settings.read_text()) == {"language": "zh"}    # only read
    status, err = run(refusing_server(error, tmp_path / "c"))
    assert err.splitlines()[1:] == [Translator("en")(key)], err     # no setting: English


def test_join_puts_an_old_servers_own_words_under_the_general_line(tmp_path: Path) -> None:
    status, err = run(refusing_server({"type": "error", "message": "the room is full"},
                                      tmp_path, "--language", "zh"))
    assert status == 1 and err.splitlines()[1:] == [Translator("zh")("net.refusal_old"),
                                                    "  the room is full"], err
