"""A 国标 room on a real loopback server: two people (random legal answers) and AI fill
play five hands to the record (the deal passing on each hand, the prevailing wind
turning south at the fifth), one of them dropping and taking the seat back midway;
every message is read as a client reads it (flowers, the prevailing wind, 补花 events,
the wins' fans and 8 + fan payments), and none before a hand's end tells another seat's
concealed tiles."""
from __future__ import annotations

import asyncio
import json
import random
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import event_message, view_message
from game.engine.events import Event, EventKind
from game.engine.match import Match
from game.engine.mcr import BASE
from game.engine.state import RoundState
from game.net.client import stop
from game.net.readers import ServerError, read_hands, read_seen_event, read_view, read_wins
from game.net.win_fans import read_win_fans
from game.rulesets import load_ruleset
from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, play, seat_all, served, taken_back
from tests.test_bot_protocol import MISBEHAVING
from tests.test_net_join import bot_in_a_room
from tests.test_net_play import run

HANDS = 5           # the prevailing wind turns south at the fifth hand


async def dropped_midway(folder: Path) -> dict[str, Any]:
    async with served(folder) as (_server, uri):
        clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "medium"],
                                              "ruleset": "guobiao", "hands": HANDS,
                                              "grace_seconds": 60, **FAST}, 2)
        host, guest = clients
        host_log: list[dict[str, Any]] = []
        hosting = asyncio.create_task(play(host, random.Random(1), host_log))
        assert await host.send({"type": "start"})
        guest_log: list[dict[str, Any]] = []
        await play(guest, random.Random(2), guest_log, stop_after=4)
        room, token = guest.room, guest.token
        await stop(tasks[1], guest)
        back, returning = taken_back(uri, room, token)
        back_log: list[dict[str, Any]] = []
        await asyncio.gather(hosting, play(back, random.Random(3), back_log))
        await stop(returning, back)
        await stop(tasks[0], host)
    return {"host": host_log, "guest": guest_log, "back": back_log}


def check_seat_log(log: list[dict[str, Any]], seat: int) -> int:
    """Read every message of one seat's log as the online table does; the number of 补花
    events heard. Before a hand's end, no view holds another seat's concealed tiles and
    no event another seat's drawn tile."""
    flowers = 0
    winds: set[tuple[int, int]] = set()
    for message in log:
        kind = message["type"]
        if isinstance(message.get("view"), dict):
            view = read_view(message["view"])
            assert view.seat == seat and len(view.flowers) == 4
            winds.add((view.round_wind, view.dealer))
            assert len(view.hand) == view.hand_sizes[seat]
        if kind == "event":
            event = read_seen_event(message, 4)
            if event.seat != seat and event.kind == EventKind.DRAW:
                assert event.tile is None
            flowers += event.kind == EventKind.FLOWER
        if kind == "end_hand":
            wins = read_wins(message, 4)
            assert read_hands(message, 4) is not None and sum(message["scores"]) == 0
            for win in wins:   # the winner takes 8 + fan from the discarder, 8 from others
                fan = win.data.as_dict()["fan"]
                assert fan >= 8 and message["scores"][win.seat] in (
                    3 * (BASE + fan), BASE + fan + 2 * BASE)
    assert winds <= {(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)}   # east by each dealer, south
    return flowers


def told_events(match: Match, seat: int) -> list[Event]:
    """The events of every hand of a finished match as `seat` may know them."""
    again = Match(match.ruleset, match.seed, match.length, match.walls, match.first_dealer)
    told: list[Event] = []
    for number, actions in enumerate(match.hand_actions):
        if number:
            again.start_next_hand()
        for action in actions:
            again.apply(action)
        told += again.round.events_for(seat)
    return told


def test_a_guobiao_room_plays_its_match_to_the_record_with_a_seat_taken_back(
        tmp_path: Path) -> None:
    logs = asyncio.run(asyncio.wait_for(dropped_midway(tmp_path), 240))
    assert [m["type"] for m in logs["back"]][:2] == ["joined", "hello"]
    assert logs["back"][1]["ruleset"] == "guobiao"
    for name, log in logs.items():
        assert check_seat_log(log, 0 if name == "host" else 1) > 0 or name == "guest"
    assert [m["type"] for m in logs["host"]][-2:] == ["record", "bye"]
    assert logs["host"][-2] == logs["back"][-2]
    match = parse_match_document(logs["host"][-2]["match"]).match
    assert match.is_over and match.ruleset.id == "guobiao" and len(match.history) == HANDS
    ends = [m for m in logs["host"] if m["type"] == "end_hand"]
    assert len(ends) == HANDS
    for end, hand in zip(ends, match.history):   # each win's fans, as the engine counted
        assert [Counter(keys) for keys in read_win_fans(end)] == \
            [Counter(w.pattern.applicable) for w in hand.wins]
    heard = [{k: v for k, v in m.items() if k != "view"} for m in logs["host"]
             if m["type"] == "event"]
    assert heard == [event_message(e) for e in told_events(match, 0)]
    seen = {(m["view"]["round_wind"], m["view"]["dealer"]) for m in logs["host"]
            if isinstance(m.get("view"), dict)}
    assert seen == {(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)}


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10, 10**7), st.text(max_size=6),
                 st.lists(st.integers(-2, 9), max_size=5), st.just({}))


def guobiao_hand(seed: int, actions: int) -> RoundState:
    """A guobiao hand after `actions` random legal actions (or at its end)."""
    state = Match(load_ruleset("guobiao"), seed, 1).round
    rng = random.Random(seed)
    while actions > 0 and not state.is_over:
        state.apply(rng.choice(state.legal_actions(state.seats_to_act()[0])))
        actions -= 1
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), actions=st.integers(0, 120), key=st.sampled_from(
    ["flowers", "round_wind", "flowers.0", "flowers.3", "hand", "melds", "wall"]), junk=JUNK)
def test_a_guobiao_view_or_event_mangled_is_read_or_refused_in_one_line(
        seed: int, actions: int, key: str, junk: Any) -> None:
    state = guobiao_hand(seed, actions)
    seat = state.seats_to_act()[0] if not state.is_over else 0
    view = json.loads(json.dumps(view_message(state.view(seat))))
    assert read_view(view) == state.view(seat)
    name, _, index = key.partition(".")
    if index:
        view[name][int(index)] = junk
    else:
        view[name] = junk
    try:
        read = read_view(view)
    except ServerError as exc:
        assert "\n" not in str(exc)
    else:   # what is read is a view the ruleset could hold
        assert len(read.flowers) == 4 and sum(read.flowers) <= 8 and 0 <= read.round_wind < 4
    flowers = [event_message(e) for e in state.events_for(seat) if e.kind == EventKind.FLOWER]
    for message in flowers:
        assert read_seen_event(message, 4).data.as_dict() == message["data"]
        mangled = {**message, "data": {"flower": junk}}
        try:
            assert read_seen_event(mangled, 4).data.as_dict()["flower"] in range(8)
        except ServerError as exc:
            assert "\n" not in str(exc)


def test_a_program_joins_a_guobiao_room_and_is_told_the_flowers_and_winds(
        tmp_path: Path) -> None:
    heard = tmp_path / "heard.txt"
    log, status, err = run(bot_in_a_room(tmp_path, "guobiao",
                                         f"{MISBEHAVING} record {shlex.quote(str(heard))}"))
    assert status == 0, err
    assert "hand 1: shuffle verified" in err and "the match is over" in err
    told = [json.loads(line) for line in Path(f"{heard}.all").read_text().splitlines()]
    assert told[0]["ruleset"] == "guobiao" and told[-1]["type"] == "bye"
    views = [m["view"] for m in told if m["type"] == "decide"]
    assert views and all(len(v["flowers"]) == 4 and v["round_wind"] == 0 for v in views)
    assert any(m["type"] == "event" and m["kind"] == "flower" for m in told)
    assert log[-2]["type"] == "record"
