"""The online table's source: a seat's feed filled from the server's messages, the
player's choices sent back, nothing a server sends taken on trust, the ticket kept while a
seat is held."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ai.protocol import (
    decide_message,
    ended_message,
    event_message,
    hello_message,
    view_message,
)
from game import paths
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.match import Match
from game.net import ticket
from game.net.online_table import OnlineTable
from game.net.readers import ServerError, read_seen_event
from game.net.room_lobby import RoomLobby
from game.net.samples import sample_lobby
from game.play.setup import MatchSetup, SeatSpec
from game.rulesets import load_ruleset
from game.shell.i18n import Translator
from game.shell.saves import save_document

TOKEN = "t" * 40


class ScriptLink:
    """A connection whose server says what the test puts in `inbox`."""

    def __init__(self) -> None:
        self.inbox: list[dict[str, Any] | None] = []
        self.sent: list[dict[str, Any]] = []
        self.acted: list[Action | str] = []
        self.state, self.problem, self.refused = "connected", None, False
        self.unreachable, self.next_attempt = False, None
        self.closed = False

    def poll(self) -> list[dict[str, Any] | None]:
        out, self.inbox = self.inbox, []
        return [json.loads(json.dumps(m)) if m is not None else None for m in out]

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def act(self, action: Action | str) -> None:
        self.acted.append(action)

    def close(self, timeout: float = 5.0) -> None:
        self.closed = True


def played(seed: int, actions: int) -> Match:
    """A match whose first hand has had `actions` random legal actions."""
    match = Match(load_ruleset(), seed, 1)
    rng = random.Random(seed)
    for _ in range(actions):
        if match.round.is_over:
            break
        seat = match.round.seats_to_act()[0]
        match.apply(rng.choice(match.round.legal_actions(seat)))
    return match


def seated(link: ScriptLink, seat: int = 1) -> OnlineTable:
    online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key)
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": seat, "token": TOKEN},
                   hello_message(seat, 4, "dazhong")]
    online.update(0.0)
    return online


def seen(event: Event) -> tuple[Any, ...]:
    """What a table shows of an event (the flags of who may know it are the server's)."""
    return event.kind, event.seat, event.tile, event.data


def told(match: Match, seat: int) -> list[dict[str, Any]]:
    """The seat's events of the hand as the server sends them (its view on the last)."""
    messages = [event_message(e) for e in match.round.events_for(seat)]
    messages[-1]["view"] = view_message(match.round.view(seat))
    return messages


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_event_reads_back_into_its_typed_data(seed: int) -> None:
    match = played(seed, 400)
    for seat in range(4):
        for event in match.round.events_for(seat):
            message = json.loads(json.dumps(event_message(event)))
            assert seen(read_seen_event(message, 4)) == seen(event)


def test_the_feed_holds_the_seats_events_view_and_decision_and_a_click_is_sent() -> None:
    link = ScriptLink()
    online = seated(link)
    match = played(4, 9)
    state = match.round
    link.inbox += told(match, 1)
    online.update(0.0)
    feed = online.feed(1)
    assert [seen(e) for e in feed.events] == [seen(e) for e in state.events_for(1)]
    assert feed.view == state.view(1)
    assert online.humans_to_act() == []
    seat = state.seats_to_act()[0]
    while seat != 1:                       # play on until the seat decides
        before = len(state.events)
        match.apply(random.Random(seat).choice(state.legal_actions(seat)))
        link.inbox += [event_message(e) for e in state.events[before:]
                       if e.seen_by(1) is not None]
        if link.inbox:
            link.inbox[-1]["view"] = view_message(state.view(1))
        seat = state.seats_to_act()[0]
    legal = state.legal_actions(1)
    link.inbox.append(decide_message(state.view(1), legal, 20000, 7))
    online.update(0.0)
    assert online.humans_to_act() == [1] and feed.turn is not None
    assert list(feed.turn.legal) == legal
    assert not online.submit(Action(0, legal[0].kind, legal[0].tile))   # not this seat's
    assert online.submit(legal[0]) and link.acted == [legal[0]]
    assert feed.turn is None and online.problem is None


@pytest.mark.parametrize("bad", [
    {"type": "event", "kind": "discard", "seat": 9, "tile": "1m", "data": {}},
    {"type": "event", "kind": "fly", "seat": 0, "tile": None, "data": {}},
    {"type": "event", "kind": "claim", "seat": 0, "tile": "1m",
     "data": {"kind": "steal", "from": 1, "tiles": "111m"}},
    {"type": "decide", "id": 1, "deadline_ms": 10, "legal": ["0 discard 1m"], "view": {}},
])
def test_what_a_server_may_not_send_stops_play_with_one_line(bad: dict[str, Any]) -> None:
    link = ScriptLink()
    online = seated(link)
    link.inbox += told(played(5, 0), 1)
    online.update(0.0)
    link.inbox.append(bad)
    online.update(0.0)
    assert online.stopped and link.closed
    assert online.problem is not None and "\n" not in online.problem
    assert online.next_page(False) == ("lobby", {"online": online, "owner": False})


def test_a_decision_for_another_seat_is_refused() -> None:
    link = ScriptLink()
    online = seated(link)
    match = played(6, 0)
    link.inbox += told(match, 1)
    state = match.round
    link.inbox.append(decide_message(state.view(0), state.legal_actions(0), 100, 1))
    online.update(0.0)
    assert online.problem is not None and online.humans_to_act() == []
    with pytest.raises(ServerError):
        read_seen_event({"type": "event", "kind": "deal", "seat": 0, "data": {"tiles": "x"}}, 4)


def test_the_ticket_is_kept_while_the_seat_is_held_and_the_record_goes_to_the_library() -> None:
    link = ScriptLink()
    online = seated(link)
    assert ticket.load() == ticket.Ticket("ws://127.0.0.1:9", "ABCDEF", 1, TOKEN)
    assert ticket.load().rejoin() == {"type": "rejoin", "room": "ABCDEF", "token": TOKEN}
    match = played(7, 2000)
    assert match.round.is_over
    setup = MatchSetup("dazhong", match.seed, 1, tuple(SeatSpec.parse("human", f"P{s}")
                                                      for s in range(4)))
    link.inbox += [{"type": "record", "match": save_document(match, setup)}, {"type": "bye"},
                   None]
    online.update(0.0)
    assert online.over and online.problem is None
    kept, _line = online.kept
    assert kept is not None and kept.parent.parent == paths.data_dir()
    assert ticket.load() is None


def test_a_ticket_that_is_not_one_is_not_offered() -> None:
    for text in ("{", "[]", json.dumps({"server": "http://x", "room": "ABCDEF", "seat": 0,
                                        "token": TOKEN}),
                 json.dumps({"server": "ws://x", "room": "../..", "seat": 0, "token": TOKEN}),
                 json.dumps({"server": "ws://x", "room": "ABCDEF", "seat": 9, "token": TOKEN})):
        paths.data_dir().mkdir(parents=True, exist_ok=True)
        ticket.ticket_path().write_text(text)
        assert ticket.load() is None


def test_a_seat_taken_back_shows_the_hand_afresh_from_the_decision_it_is_asked() -> None:
    match = played(8, 0)
    state = match.round
    seat = state.seats_to_act()[0]
    link = ScriptLink()
    online = seated(link, seat)
    link.inbox += told(match, seat)                    # the deal, then a batch cut by a drop
    link.inbox.append(event_message(state.events_for(seat)[-1]))
    online.update(0.0)
    assert online.feed(seat).events
    link.inbox += [hello_message(seat, 4, "dazhong"),  # back: hello, the pending decision
                   decide_message(state.view(seat), state.legal_actions(seat), 5000, 3)]
    online.update(0.0)
    feed = online.feed(seat)
    assert online.problem is None and feed.events == [] and feed.view == state.view(seat)
    assert feed.turn is not None and list(feed.turn.legal) == state.legal_actions(seat)


def test_a_seat_taken_back_from_the_menu_begins_its_log_from_the_decision_it_is_asked() -> None:
    state = played(8, 5).round
    seat = state.seats_to_act()[0]
    link = ScriptLink()
    online = seated(link, seat)             # a new page on the ticket: joined, hello
    link.inbox.append(decide_message(state.view(seat), state.legal_actions(seat), 5000, 4))
    online.update(0.0)
    assert online.problem is None and online.resumed_from(seat) == state.view(seat)
    assert online.feed(seat).events == [] and online.feed(seat).turn is not None


def mutated(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A message with one field dropped or replaced by something of another kind."""
    out = json.loads(json.dumps(message))
    key = rng.choice([k for k in out if k != "type"] or ["type"])
    if rng.random() < 0.3:
        out.pop(key, None)
    else:
        out[key] = rng.choice([None, -1, 10**9, "", "x" * 300, [], {}, [1, "a"], True, 0.5])
    return out


@pytest.mark.parametrize("seed", range(4))
def test_mangled_server_messages_never_raise_and_stop_in_one_line(seed: int) -> None:
    rng = random.Random(seed)
    match = played(seed, 30)
    state = match.round
    seat = state.seats_to_act()[0]
    real = [{"type": "joined", "room": "ABCDEF", "seat": seat, "token": TOKEN},
            {"type": "lobby", "room": "ABCDEF", "host": 0, "hand": 1, "hands": 1,
             "totals": [0] * 4, "seats": []},
            hello_message(seat, 4, "dazhong"), *told(match, seat),
            decide_message(state.view(seat), state.legal_actions(seat), 900, 4),
            {"type": "end_hand", "scores": [0] * 4, "wins": [],
             "hands": ended_message(state)["hands"]}]
    for _ in range(40):
        link = ScriptLink()
        online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key)
        cut = rng.randrange(len(real))
        link.inbox = [*real[:cut], mutated(real[cut], rng), *real[cut + 1:]]
        online.update(0.0)                       # never raises
        assert online.problem is None or "\n" not in online.problem
        if online.started and online.ready and not online.stopped:
            online.plates(online.feed(seat).view, lambda key, **kw: key)
            online.info(lambda key, **kw: key)


WIN = {"seat": 1, "how": "discard", "pattern": "basic", "fan": 6, "tile": "4s", "from": 0}


@pytest.mark.parametrize("field", [
    {"hands": h} for h in ("1m", 4, {}, ["1m"] * 3, ["1m", "2m", "3m", 4], ["zz"] * 4,
                           ["1m" * 40] * 4, [None] * 4, [["1m"]] * 4)] + [
    {"wins": w} for w in (None, {}, [WIN] * 5, [3], [{**WIN, "seat": 9}], [{**WIN, "how": "x"}],
                          [{**WIN, "tile": "zz"}], [{**WIN, "from": "0"}], [{**WIN, "fan": "6"}])])
def test_an_end_that_is_not_one_stops_play_in_one_line(field: dict[str, Any]) -> None:
    match = played(8, 0)
    link = ScriptLink()
    online = seated(link, 0)
    link.inbox += [*told(match, 0), {"type": "end_hand", "scores": [0] * 4, "wins": [],
                                     "hands": ["1m"] * 4, **field}]
    online.update(0.0)
    assert online.stopped and online.problem is not None and "\n" not in online.problem
    assert not online.hand_over and online.shown_hands is None and online.told_wins == ()


def test_ai_seats_are_named_as_offline_in_each_players_language() -> None:
    started, before = RoomLobby(sample_lobby(started=True)), RoomLobby(sample_lobby(False))
    for language, names in (("zh", ["老周", "大宝"]), ("en", ["Zhou", "Bao"])):
        t = Translator(language)
        assert [started.seat_name(s, t) for s in (2, 3)] == names
        assert before.seat_name(2, t) == t("online.seat_name", n=3)   # open, nobody yet
    for name_id in ("you", "ai.9", 3, None, "seat.ai_name.0"):   # not an AI seat's name
        lobby = {**sample_lobby(True), "seats": [{"kind": "ai", "name_id": name_id}]}
        assert RoomLobby(lobby).seat_name(0, Translator("en")) == "Seat 1"
