"""The main menu and an online seat's kept ticket: it looks whether the room's match is
still on; one that ended meanwhile is offered to collect, and collecting keeps its record
in the player's Matches and clears the ticket; a server out of reach keeps the ticket for
later, a refusal clears it. Each is said in a dialog."""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.server import ServerConnection, serve

from game.net import ticket
from game.net.wire import NET_PROTOCOL
from game.shell.app import App
from game.shell.settings import Settings
from tests.shell_helpers import click, dialogs, make_app
from tests.test_net_join import a_record

TOKEN = "t" * 40
BOUND_S = 30.0          # a bound on waiting for the server, never a measurement


@contextmanager
def room_server(rejoin: list[dict[str, Any]], watch: dict[str, Any]
                ) -> Iterator[tuple[str, list[Any]]]:
    """A server on loopback that answers `watch` with `watch` and `rejoin` with the
    messages of `rejoin` (then keeps the connection open, as after a match's bye)."""
    heard: list[Any] = []

    def handler(ws: ServerConnection) -> None:
        first = json.loads(ws.recv())
        heard.append(first)
        for message in [watch] if first["type"] == "watch" else rejoin:
            ws.send(json.dumps(message))
        for _ in ws:
            pass

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        port = server.socket.getsockname()[1]
        try:
            yield f"ws://127.0.0.1:{port}", heard
        finally:
            server.shutdown()
            thread.join(10)


def until(app: App, done: Callable[[], bool]) -> None:
    end = time.monotonic() + BOUND_S
    while not done():
        assert time.monotonic() < end, "the menu never got there"
        app.step(0.016, [])
        time.sleep(0.01)


def menu_with_ticket(tmp_path: Path, uri: str) -> App:
    app = make_app(tmp_path, "en")
    ticket.save(ticket.Ticket(uri, "ABCDEF", 2, TOKEN))
    app.scenes.replace("menu")
    return app


def continue_text(app: App) -> str:
    return str(app.scenes.top.buttons["menu.continue"].text)


ENDED = {"type": "error", "message": "no room ABCDEF"}
LOBBY = {"type": "lobby", "room": "ABCDEF", "host": 0, "started": True, "seats": []}


def test_a_match_that_ended_meanwhile_is_collected_into_the_players_matches(
        tmp_path: Path) -> None:
    answer = [{"type": "joined", "room": "ABCDEF", "seat": 2, "token": TOKEN},
              {"type": "record", "match": a_record()}, {"type": "bye"}]
    with room_server(answer, ENDED) as (uri, heard):
        app = menu_with_ticket(tmp_path, uri)
        until(app, lambda: continue_text(app) == "Collect ABCDEF")
        click(app, app.scenes.top.buttons["menu.continue"])
        until(app, lambda: bool(dialogs(app)))
        assert "kept in your Matches" in dialogs(app)[0].message
        assert heard == [{"type": "watch", "room": "ABCDEF", "protocol": NET_PROTOCOL},
                         {"type": "rejoin", "room": "ABCDEF", "token": TOKEN,
                          "protocol": NET_PROTOCOL}]
    assert ticket.load() is None
    assert len(list((tmp_path / "saves" / "matches").glob("online-*.json"))) == 1
    assert continue_text(app) == "Continue"
    app.scenes.clear()


def test_a_match_still_on_is_offered_as_its_room(tmp_path: Path) -> None:
    with room_server([], LOBBY) as (uri, heard):
        app = menu_with_ticket(tmp_path, uri)
        until(app, lambda: heard != [] and app.scenes.top.online.finished is False)
        assert continue_text(app) == "Rejoin ABCDEF"
        app.scenes.clear()


def test_a_refused_collection_is_said_and_forgets_the_ticket(tmp_path: Path) -> None:
    refusal = [{"type": "error", "message": "that match is too old to collect"}]
    with room_server(refusal, ENDED) as (uri, _):
        app = menu_with_ticket(tmp_path, uri)
        until(app, lambda: continue_text(app) == "Collect ABCDEF")
        click(app, app.scenes.top.buttons["menu.continue"])
        until(app, lambda: bool(dialogs(app)))
        message = dialogs(app)[0].message
    assert "no longer has the match of room ABCDEF" in message and "too old" in message
    assert ticket.load() is None
    app.scenes.clear()


def test_a_collection_that_cannot_reach_the_server_keeps_the_ticket(tmp_path: Path) -> None:
    with room_server([], ENDED) as (uri, _):
        app = menu_with_ticket(tmp_path, uri)
        until(app, lambda: continue_text(app) == "Collect ABCDEF")
    click(app, app.scenes.top.buttons["menu.continue"])       # the server is gone now
    until(app, lambda: bool(dialogs(app)))
    message = dialogs(app)[0].message
    assert "Cannot reach" in message and "collected later" in message
    assert ticket.load() == ticket.Ticket(uri, "ABCDEF", 2, TOKEN)
    assert continue_text(app) == "Collect ABCDEF"
    app.scenes.clear()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_online_entry_keeps_its_widest_code_inside_its_button_at_every_size(
        tmp_path: Path, language: str) -> None:
    for size, scale in (((960, 600), 1.0), ((800, 600), 1.0), ((2560, 1080), 1.0),
                        ((1280, 800), 2.0), ((960, 600), 2.0)):
        settings = Settings(path=tmp_path / "settings.json")
        settings.language, settings.ui_scale = language, scale
        app = App(settings, "menu", size=size)
        for code in ("WWWWWW", "MMMMMM"):
            for finished in (False, True):
                app.scenes.replace("menu", kept=ticket.Ticket("ws://h:1", code, 0, TOKEN),
                                   finished=finished)
                app.step(0.016, [])
                button = app.scenes.top.buttons["menu.continue"]
                assert code in button.text
                room = 2 * button.text_horiz_alignment_padding     # the padding both sides
                assert button.font.size(button.text)[0] + room <= button.rect.w, \
                    (size, scale, button.text)
        app.scenes.clear()
