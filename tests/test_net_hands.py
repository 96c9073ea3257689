"""A hand's end over a real WebSocket server on loopback: every seat's concealed tiles go
to every seat and watcher with `end_hand`, and not one of them before it; the AI seats
carry the game's names."""
from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.state import RoundState
from game.engine.tiles import format_tiles
from game.net.client import Client, stop
from game.play.names import ai_name
from game.rulesets import load_ruleset
from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, play, seat_all, served

TIMEOUT_S = 120
SEATS = ["open", "easy", "open", "easy"]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT_S))


async def watched_match(folder: Path, seed: int) -> tuple[list[list[dict[str, Any]]],
                                                          list[int]]:
    """Two people and a watcher (there from the lobby) through a match of two hands:
    (the people's logs, then the watcher's; the people's seats)."""
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": SEATS, "hands": 2, **FAST}, 2)
        watcher = Client(uri, {"type": "watch", "room": clients[0].room})
        watching = asyncio.create_task(watcher.run())
        logs: list[list[dict[str, Any]]] = [[] for _ in range(3)]
        while not logs[2]:
            message = await watcher.next()
            assert message is not None, watcher.problem
            logs[2].append(message)
        players = [asyncio.create_task(play(c, random.Random(seed + i), logs[i]))
                   for i, c in enumerate([*clients, watcher])]
        assert await clients[0].send({"type": "start"})
        await asyncio.gather(*players)
        for client, task in zip([*clients, watcher], [*tasks, watching]):
            await stop(task, client)
    seats = [c.seat for c in clients]
    assert None not in seats
    return logs, [s for s in seats if s is not None]


def final_states(document: dict[str, Any]) -> list[RoundState]:
    """Each hand's state at its end, replayed from the match file's record."""
    record = parse_match_document(document).match.to_record()
    ruleset = load_ruleset(record["ruleset"])
    return [Match.from_record({**record, "hands": record["hands"][:n + 1]}, ruleset).round
            for n in range(len(record["hands"]))]


def hidden_from(message: Any, seat: int) -> list[str]:
    """What in a message (before its hand's end) would show another seat's concealed
    tiles: a list of `hands` anywhere (a lobby's `hands` is the match's length), a view of another seat, another seat's drawn tile."""
    found: list[str] = []
    if isinstance(message, dict):
        if isinstance(message.get("hands"), list):
            found.append("hands")
        view = message.get("view")
        if isinstance(view, dict) and view.get("seat") != seat:
            found.append(f"the view of seat {view.get('seat')}")
        if message.get("kind") == "draw" and message.get("seat") != seat \
                and message.get("tile") is not None:
            found.append("another seat's draw")
        for value in message.values():
            found += hidden_from(value, seat)
    elif isinstance(message, list):
        for value in message:
            found += hidden_from(value, seat)
    return found


@settings(max_examples=2, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_every_hand_is_shown_at_its_end_and_not_a_tile_before(tmp_path: Path,
                                                               seed: int) -> None:
    logs, seats = run(watched_match(tmp_path / str(seed), seed))
    record = logs[0][-2]["match"]
    states = final_states(record)
    assert len(states) == 2 and all(state.is_over for state in states)
    shown = [[format_tiles(state.hand_of(s)) for s in range(state.players)]
             for state in states]
    for log, seat in zip(logs, [*seats, -1]):
        ends = [i for i, m in enumerate(log) if m["type"] == "end_hand"]
        assert [log[i]["hands"] for i in ends] == shown
        assert [log[i]["scores"] for i in ends] == [list(s.scores) for s in states]
        before = [m for i, m in enumerate(log) if m["type"] not in ("end_hand", "record")
                  and i < ends[-1]]
        assert before and all(hidden_from(m, seat) == [] for m in before), \
            [hidden_from(m, seat) for m in before if hidden_from(m, seat)][:3]


async def back_after_the_end(folder: Path) -> tuple[list[dict[str, Any]], ...]:
    """The guest drops after the first hand's end and takes its seat back before the
    next hand is dealt: (what it heard before, what it heard back, the host's log)."""
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": SEATS, "hands": 2, **FAST,
                                              "pause_seconds": 3}, 2)
        host, guest = clients
        logs: tuple[list[dict[str, Any]], ...] = ([], [], [])
        hosting = asyncio.create_task(play(host, random.Random(1), logs[2]))
        await host.send({"type": "start"})
        await play(guest, random.Random(2), logs[0], until="end_hand")
        await stop(tasks[1], guest)
        back = Client(uri, {"type": "rejoin", "room": guest.room, "token": guest.token})
        back.room, back.token = guest.room, guest.token
        returning = asyncio.create_task(back.run())
        await asyncio.gather(hosting, play(back, random.Random(3), logs[1]))
        await stop(returning, back)
        await stop(tasks[0], host)
    return logs


def test_a_seat_taken_back_after_a_hands_end_is_shown_every_hand(tmp_path: Path) -> None:
    before, back, _host = run(back_after_the_end(tmp_path))
    kinds = [m["type"] for m in back]
    assert kinds[:4] == ["joined", "hello", "state", "end_hand"], kinds[:5]
    assert back[2]["view"]["phase"] == "round_end" and "hands" not in back[2]
    assert back[3] == before[-1] and before[-1]["type"] == "end_hand"   # told again
    assert kinds[-2:] == ["record", "bye"]


def test_ai_seats_carry_the_games_names_in_the_lobby_and_the_record(tmp_path: Path) -> None:
    logs, _seats = run(watched_match(tmp_path, 7))
    lobbies = [m for m in logs[0] if m["type"] == "lobby"]
    for lobby in lobbies:
        open_named = lobby["started"]    # an open seat nobody took is the AI's from the start
        for s, info in enumerate(lobby["seats"]):
            person = info["kind"] == "person"
            assert info["name_id"] == (None if person or (SEATS[s] == "open" and not open_named)
                                       else ai_name(s))
    assert {i["name"] for i in lobbies[-1]["seats"] if i["kind"] == "person"} == {"Ann", "P1"}
    seats = logs[0][-2]["match"]["setup"]["seats"]
    assert [seat["name_id"] for seat in seats] == \
        [ai_name(s) if SEATS[s] != "open" else "" for s in range(4)]
