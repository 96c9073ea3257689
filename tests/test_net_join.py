"""`python -m game join`: a bot-protocol program plays a seat of a remote room, and a
server that sends something impossible gets one line and a clean exit."""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from ai.protocol import view_message
from game.engine.state import RoundState
from game.rulesets import load_ruleset
from game.shell.saves import load_save, parse_match_document
from tests.net_helpers import FAST, ROOT, play, seat_all, served
from tests.test_net_play import run

BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"


async def join(uri: str, code: str, data: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "game", "join", uri, code, "--name", "Simple", "--bot", BOT,
        "--data-dir", str(data), cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)


async def bot_in_a_room(folder: Path) -> tuple[list[dict[str, Any]], int, str]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                              **FAST}, 1)
        host = clients[0]
        proc = await join(uri, str(host.room), folder / "player")
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
        lines = [line for line in err.splitlines() if not line.startswith("seat ")]
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
