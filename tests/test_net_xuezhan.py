"""A 血战到底 room on a real loopback server: a person (random legal answers, 换三张 and
定缺 among them) and AI fill play the match to its record; the client reads the views'
void suits and winners."""
from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from game.engine import actions as A
from game.net.client import stop
from game.net.readers import read_view
from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, play, seat_all, served


async def bloody_room(folder: Path) -> list[dict[str, Any]]:
    async with served(folder) as (_server, uri):
        [host], [task] = await seat_all(uri, {"seats": ["open", "easy", "medium", "hard"],
                                              "ruleset": "xuezhan", **FAST}, 1)
        log: list[dict[str, Any]] = []
        assert await host.send({"type": "start"})
        await play(host, random.Random(5), log)
        await stop(task, host)
    return log


def test_a_bloody_room_plays_its_match_to_the_record(tmp_path: Path) -> None:
    log = asyncio.run(asyncio.wait_for(bloody_room(tmp_path), 120))
    assert [m["type"] for m in log][-2:] == ["record", "bye"]
    match = parse_match_document(log[-2]["match"]).match
    assert match.is_over and match.ruleset.id == "xuezhan"
    mine = [a for a in match.hand_actions[0] if a.seat == 0]
    assert [a.kind for a in mine[:2]] == [A.SWAP, A.VOID]
    views = [read_view(m["view"]) for m in log if isinstance(m.get("view"), dict)]
    assert views[-1].voids[0] == mine[1].tile // 9 and -1 not in views[-1].voids
