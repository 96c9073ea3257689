"""The player's aids at an online table, as at a local one: 托管 (the room's fill level
answers each decision on this computer until the player takes the seat back, with the
same switch and badge), the hints on the seat's view, a log that is not blank after the
seat is taken back, and the client's problem lines in the player's language."""
from __future__ import annotations

import ast
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai.protocol import decide_message, event_message, hello_message, view_message
from game.engine import events as E
from game.engine.match import Match
from game.engine.state import RoundState
from game.net.online_table import OnlineTable
from game.rulesets import load_ruleset
from game.scenes.table.framing import frame_of
from game.shell.app import App
from game.shell.controller import InlineExecutor
from game.shell.i18n import LANGUAGES, Translator, Words, load_strings
from game.shell.specimens import declared_session
from game.ui.action_log import tile_words
from tests.net_helpers import ROOT
from tests.shell_helpers import make_app
from tests.test_online_table import ScriptLink, played, told

TOKEN = "t" * 40


def asked(language: str = "en") -> tuple[ScriptLink, OnlineTable, Match, int]:
    """A seat of a room at its first decision (the dealer's first discard), its AI thinking
    at once on the calling thread."""
    match = played(8, 0)
    seat = match.round.seats_to_act()[0]
    link = ScriptLink()
    online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key, InlineExecutor())
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": seat, "token": TOKEN},
                   {"type": "lobby", "room": "ABCDEF", "host": seat, "started": True,
                    "fill": "easy", "seats": []},
                   hello_message(seat, 4, "dazhong"), *told(match, seat),
                   decide_message(match.round.view(seat), match.round.legal_actions(seat),
                                  20000, 3)]
    online.update(0.0)
    return link, online, match, seat


def test_auto_answers_the_decision_with_the_fill_level_and_shows_as_at_a_local_table() -> None:
    link, online, match, seat = asked()
    feed = online.feed(seat)
    assert online.offers_auto and feed.turn is not None and online.humans_to_act() == [seat]
    online.set_auto(seat, True)
    assert feed.turn is None and online.humans_to_act() == []      # not the player's now
    assert feed.view is not None and feed.view.auto[seat]           # the 托管 badge
    assert online.is_ai(seat) and online.thinking() == [seat]
    assert feed.events[-1].kind == E.AUTO                           # the log says so
    online.update(0.0)
    assert len(link.acted) == 1 and link.acted[0] in match.round.legal_actions(seat)
    assert online.thinking() == []


def test_auto_off_gives_the_waiting_decision_back_to_the_player() -> None:
    link, online, match, seat = asked()
    online.assist.executor = Never()       # the fill level has not decided yet
    online.set_auto(seat, True)
    online.update(0.0)
    online.set_auto(seat, False)
    feed = online.feed(seat)
    assert link.acted == [] and feed.turn is not None
    assert list(feed.turn.legal) == match.round.legal_actions(seat)
    assert feed.view is not None and not feed.view.auto[seat]
    choice = feed.turn.legal[0]
    assert online.submit(choice) and link.acted == [choice]


class Never(Executor):
    """An executor whose jobs never finish (an AI still thinking)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return Future()


def table_of(tmp_path: Path, online: OnlineTable, language: str = "en") -> tuple[App, object]:
    app = make_app(tmp_path, language)
    app.scenes.push("table", source=online)
    app.step(0.016, [])
    return app, app.scenes.top


def test_the_online_table_has_the_auto_switch_and_badge(tmp_path: Path) -> None:
    link, online, _, seat = asked()
    app, table = table_of(tmp_path, online)
    try:
        assert "auto" in [b.key for b in table.toolbar.buttons]
        app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0,
                                            unicode="t")])
        assert table.auto_on
        model = table._board_model()[0]
        assert model.seats[seat].auto                               # the plate's badge
        assert any(app.t("table.log.auto_on", name=online.seat_name(seat, app.t)) == line
                   for line in table.log.lines)
        app.step(0.016, [])
        assert len(link.acted) == 1                                 # answered for the player
    finally:
        app.scenes.clear()


def seat_at(state: RoundState, seat: int) -> tuple[ScriptLink, OnlineTable]:
    """Seat `seat` of a room whose hand stands at `state`, asked its decision."""
    link = ScriptLink()
    online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key, InlineExecutor())
    events = [event_message(e) for e in state.events_for(seat)]
    events[-1]["view"] = view_message(state.view(seat))
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": seat, "token": TOKEN},
                   hello_message(seat, 4, "dazhong"), *events,
                   decide_message(state.view(seat), state.legal_actions(seat), 20000, 5)]
    online.update(0.0)
    return link, online


def test_every_hint_works_on_the_online_table_from_the_seats_view(tmp_path: Path) -> None:
    state = declared_session().round                # seat 0 discards; another declared
    _, online = seat_at(state, 0)
    app, table = table_of(tmp_path, online)
    try:
        settings = app.settings
        settings.hint_suggest = settings.hint_efficiency = settings.hint_danger = True
        app.step(0.016, [])
        assert table.acting and table._hint in state.legal_actions(0)   # the gold border
        hints = frame_of(table).hints
        assert {kind for kind, _ in hints.tints} == set(table.hand.tiles)   # danger
        table.hand.focus = 0
        assert frame_of(table).hints.panel                  # the focused tile's efficiency
    finally:
        app.scenes.clear()


def test_a_seat_taken_back_midway_shows_the_hand_so_far_in_the_log(tmp_path: Path) -> None:
    match = played(5, 40)
    state = match.round
    seat = 1
    link = ScriptLink()
    online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key, InlineExecutor())
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": seat, "token": TOKEN},
                   hello_message(seat, 4, "dazhong"),
                   {"type": "state", "view": view_message(state.view(seat))}]
    online.update(0.0)
    assert online.feed(seat).events == []            # nothing of the hand was told again
    before = len(state.events)
    mover = state.seats_to_act()[0]
    match.apply(state.legal_actions(mover)[0])       # play goes on before the table opens
    link.inbox += [event_message(seen) for e in state.events[before:]
                   if (seen := e.seen_by(seat)) is not None]
    link.inbox[-1]["view"] = view_message(state.view(seat))
    online.update(0.0)
    assert online.feed(seat).events
    view = online.resumed_from(seat)
    assert view is not None
    app, table = table_of(tmp_path, online, "zh")
    try:
        assert table.log.lines[0] == app.t("table.log.recap")
        assert app.t("table.log.recap_wall", n=view.wall_remaining) in table.log.lines
        other = next(s for s in range(4) if any(d.claimed_by is None for d in view.discards[s]))
        pool = [d.tile for d in view.discards[other] if d.claimed_by is None]
        name = online.seat_name(other, app.t)
        assert app.t("table.log.recap_pool", name=name,
                     tiles=" ".join(tile_words(k, "zh") for k in pool)) in table.log.lines
        link.inbox += [hello_message(seat, 4, "dazhong"),          # dropped and back again
                       {"type": "state", "view": view_message(view)}]
        app.step(0.016, [])
        assert table.log.lines[0] == app.t("table.log.recap")
    finally:
        app.scenes.clear()


def words_calls() -> list[tuple[str, int, ast.expr | None]]:
    """Every ServerError(...) and Words(...) made in the game with a key of its own (not
    one handed on): where, and its first argument."""
    calls = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("ServerError", "Words") \
                    and not (node.args and isinstance(node.args[0], ast.Name)):  # a carrier
                calls.append((f"{path.name}:{node.lineno}", node.lineno,
                              node.args[0] if node.args else None))
    return calls


def test_every_problem_line_of_the_client_is_a_written_out_key_in_both_languages() -> None:
    strings = load_strings()
    calls = words_calls()
    assert len(calls) > 40
    bad = [where for where, _, arg in calls
           if not (isinstance(arg, ast.Constant) and arg.value in strings
                   and all(strings[arg.value].get(lang) for lang in LANGUAGES))]
    assert bad == []


@pytest.mark.parametrize("said", [
    [{"type": "event", "kind": "fly", "seat": 0, "tile": None, "data": {}}],
    [{"type": "decide", "id": 1, "deadline_ms": 10, "legal": ["0 discard 1m"], "view": {}}],
    [None],                                                  # the connection is gone
])
def test_a_bad_server_or_a_lost_connection_is_told_in_the_players_language(
        said: list[Any]) -> None:
    zh = Translator("zh")
    link = ScriptLink()
    link.problem = Words("net.lost")
    online = OnlineTable(link, "ws://127.0.0.1:9", zh, InlineExecutor())
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": 1, "token": TOKEN},
                   hello_message(1, 4, "dazhong"), *said]
    online.update(0.0)
    assert online.problem is not None and "\n" not in online.problem
    assert any("\u4e00" <= c <= "\u9fff" for c in online.problem), online.problem
    assert "the server" not in online.problem and "connection" not in online.problem


def test_a_server_refusal_before_a_seat_is_told_in_the_players_language() -> None:
    zh = Translator("zh")
    link = ScriptLink()
    online = OnlineTable(link, "ws://127.0.0.1:9", zh, InlineExecutor())
    link.inbox.append({"type": "error", "message": "no room K7QX2M"})
    online.update(0.0)
    assert online.problem == zh("net.refusal_old") and online.detail == "no room K7QX2M"


def test_the_hand_counter_follows_the_deals_after_the_lobby_told_a_hands_end() -> None:
    match = Match(load_ruleset(), 3, 4)
    rng = random.Random(3)
    while not match.round.is_over:
        seat = match.round.seats_to_act()[0]
        match.apply(rng.choice(match.round.legal_actions(seat)))
    link = ScriptLink()
    online = OnlineTable(link, "ws://127.0.0.1:9", lambda key, **kw: key, InlineExecutor())
    lobby = {"type": "lobby", "room": "ABCDEF", "host": 0, "started": True, "hand": 1,
             "hands": 4, "seats": []}
    link.inbox += [{"type": "joined", "room": "ABCDEF", "seat": 0, "token": TOKEN}, lobby,
                   hello_message(0, 4, "dazhong"), *told(match, 0),
                   {"type": "end_hand", "scores": [0, 0, 0, 0], "wins": []}, lobby]
    online.update(0.0)
    assert online.progress() == (0, 4) and online.hand_finished
    match.start_next_hand()
    link.inbox += told(match, 0)                   # the next deal, no lobby message
    online.update(0.0)
    assert online.progress() == (1, 4) and not online.hand_finished
