"""The Online pages driven headless against a real `game serve` on loopback: host a room,
a friend (the client library) joins, the host starts, the table is fed by the remote
seat and a click answers its decision; a dropped connection shows and comes back; Continue
takes the seat back after the game was closed; a broken server gives one line."""
from __future__ import annotations

import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.net import ticket
from game.net.client import Background
from game.shell.app import App
from tests.net_helpers import ROOT, end_server
from tests.shell_helpers import click, frames, make_app

TIMEOUT_S = 60.0       # a bound on waiting for the server, never a measurement


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(folder: Path, port: int) -> subprocess.Popen[str]:
    """`python -m game serve` on a given port, once it accepts connections."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port),
                             "--data-dir", str(folder)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("serving on ws://127.0.0.1:"), line
    return proc


@pytest.fixture
def server(tmp_path: Path) -> Any:
    port = free_port()
    proc = serve(tmp_path / "server", port)
    holder = {"proc": proc, "uri": f"ws://127.0.0.1:{port}", "port": port,
              "folder": tmp_path / "server"}
    yield holder
    end_server(holder["proc"])


def until(app: App, done: Callable[[], bool], friend: Background | None = None) -> None:
    """Run frames (the friend answering its decisions) until `done()`."""
    rng = random.Random(3)
    end = time.monotonic() + TIMEOUT_S
    while not done():
        assert time.monotonic() < end, "the server did not get there"
        if friend is not None:
            answer(friend, rng)
        app.step(0.016, [])
        time.sleep(0.01)


def answer(friend: Background, rng: random.Random) -> None:
    friend.poll()
    decision = friend.client.decision
    if decision is not None:
        friend.act(rng.choice(decision.legal))


def own_turn(table: Any) -> bool:
    """Whether the table asks the viewer to discard (a claim it is asked is passed)."""
    if table.acting and table.snapshot.claiming:
        table.pass_claim()
    return table.acting and any(a.kind == A.DISCARD for a in table.legal)


def host_a_room(app: App, uri: str) -> Any:
    """From the menu: Online, a room with two seats for people and two AI, to its lobby."""
    click(app, app.scenes.top.buttons["menu.online"])
    page = app.scenes.top
    assert type(page).__name__ == "OnlineScene"
    page.server, page.name = uri, "Ann"
    page.seats = ["open", "open", "easy", "easy"]
    page.turn_seconds = 60
    click(app, page.go_button)
    lobby = app.scenes.top
    assert type(lobby).__name__ == "LobbyScene"
    until(app, lambda: lobby.online.room is not None)
    return lobby


def friend_listed(app: App, lobby: Any) -> None:
    """Wait until the lobby lists the friend Bob."""
    until(app, lambda: "Bob" in [s.get("name") for s in lobby.online.lobby.seats()])


def start_table(app: App, lobby: Any, friend: Background) -> Any:
    """The host starts the room; the table page it opens (the friend answering meanwhile)."""
    click(app, lobby.start_button)
    until(app, lambda: type(app.scenes.top).__name__ == "TableScene", friend)
    return app.scenes.top


@contextmanager
def table_with_a_friend(server: Any) -> Iterator[tuple[App, Any, Background]]:
    """The host's room, a friend joined by its code, started: the app, its table page and
    the friend (closed, and the pages cleared, afterwards)."""
    app = make_app(server["folder"].parent, "en")
    lobby = host_a_room(app, server["uri"])
    friend = Background(server["uri"], {"type": "join", "room": lobby.online.room,
                                        "name": "Bob"})
    try:
        friend_listed(app, lobby)
        yield app, start_table(app, lobby, friend), friend
    finally:
        friend.close()
        app.scenes.clear()


def test_host_a_room_a_friend_joins_the_table_plays_by_click(server: Any) -> None:
    app = make_app(server["folder"].parent, "en")
    lobby = host_a_room(app, server["uri"])
    code = lobby.online.room
    assert ticket.load() == ticket.Ticket(server["uri"], code, 0, ticket.load().token)
    friend = Background(server["uri"], {"type": "join", "room": code, "name": "Bob"})
    try:
        friend_listed(app, lobby)
        frames(app, 2)
        texts = [w.text for w in app.ui.get_sprite_group().sprites() if hasattr(w, "text")]
        assert any("Bob" in str(text) for text in texts)     # the lobby lists the friend
        table = start_table(app, lobby, friend)
        assert table.controller.info(app.t)[0] == f"Room {code}"   # the code on screen
        until(app, lambda: own_turn(table), friend)     # claims passed on the way
        index = next(i for i, tile in enumerate(table.hand.tiles)
                     if A.Action(table.viewer, A.DISCARD, tile) in table.legal)
        tile = table.hand.tiles[index]
        pos = table.hand.rects[index].center
        app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        assert not table.acting                          # sent: the decision is gone
        feed = table.controller.feed(0)

        def discarded() -> bool:
            return any(e.kind == E.DISCARD and e.seat == 0 and e.tile == tile
                       for e in feed.events)
        until(app, discarded, friend)                    # the server played it
        assert table.controller.notice is None           # and refused nothing
        names = [p[0] for p in table.controller.plates(feed.view, table.t)]
        assert names[:2] == ["Ann", "Bob"]
    finally:
        friend.close()
        app.scenes.clear()


def test_a_dropped_server_shows_reconnecting_and_the_seat_comes_back(server: Any) -> None:
    with table_with_a_friend(server) as (app, table, friend):
        online = table.controller
        end_server(server["proc"], signal.SIGKILL)
        until(app, lambda: online.link.state == "reconnecting")
        assert "Connection lost, reconnecting…" in online.info(app.t)
        server["proc"] = serve(server["folder"], server["port"])
        until(app, lambda: online.link.state == "connected" and online.ready
              and online.problem is None, friend)
        until(app, lambda: table.acting or online.thinking(), friend)
        assert "Connection lost, reconnecting…" not in online.info(app.t)
        recap = app.t("table.log.recap")      # the log starts again from the hand so far
        until(app, lambda: table.motion.log.lines[:1] == [recap], friend)


def test_continue_offers_the_online_match_after_the_game_was_closed(server: Any) -> None:
    app = make_app(server["folder"].parent, "en")
    lobby = host_a_room(app, server["uri"])
    code = lobby.online.room
    friend = Background(server["uri"], {"type": "join", "room": code, "name": "Bob"})
    try:
        friend_listed(app, lobby)
        start_table(app, lobby, friend)
        app.scenes.clear()                  # the game is gone (as after a crash)
        assert ticket.load() is not None
        again = make_app(server["folder"].parent, "en")
        button = again.scenes.top.buttons["menu.continue"]
        assert button.is_enabled and code in button.text
        click(again, button)
        until(again, lambda: type(again.scenes.top).__name__ == "TableScene", friend)
        table = again.scenes.top
        assert table.controller.seat == 0
        until(again, lambda: table.acting or table.controller.thinking(), friend)
        assert table.motion.log.lines[:1] == [again.t("table.log.recap")]   # the hand so far
        again.scenes.clear()
    finally:
        friend.close()


def test_a_refused_connection_gives_one_line_and_the_way_to_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    app.scenes.push("lobby", server=f"ws://127.0.0.1:{free_port()}",
                    first={"type": "join", "room": "K7QX2M", "name": "Ann"})
    lobby = app.scenes.top
    until(app, lambda: lobby.online.problem is not None)
    frames(app, 2)
    assert lobby.online.problem.startswith("Cannot reach the server")
    assert "Errno" not in lobby.online.problem and "check the address" in lobby.online.problem
    assert "\n" not in lobby.online.problem
    menu = [w for w in app.ui.get_sprite_group().sprites()
            if getattr(w, "text", "") == "Back to the menu"]
    click(app, menu[0])
    assert type(app.scenes.top).__name__ == "MenuScene"
    assert ticket.load() is None


class Garbage:
    """A WebSocket server on its own thread that answers anything with `reply`."""

    def __init__(self, reply: str) -> None:
        import asyncio
        import threading

        from websockets.asyncio.server import ServerConnection, serve

        async def handler(ws: ServerConnection) -> None:
            await ws.recv()
            await ws.send(reply)
            await asyncio.sleep(5)

        async def main() -> None:
            async with serve(handler, "127.0.0.1", 0) as listening:
                self.port = next(iter(listening.sockets)).getsockname()[1]
                self.up.set()
                await self.stop.wait()

        self.loop = asyncio.new_event_loop()
        self.up, self.stop = threading.Event(), asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(main(),),
                                       daemon=True)
        self.thread.start()
        assert self.up.wait(10)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


@pytest.mark.parametrize("reply", ["not json at all", '{"type": "joined", "room": "../x"}',
                                   '{"type": "hello", "seat": 0}'])
def test_a_server_that_sends_garbage_gives_one_line(tmp_path: Path, reply: str) -> None:
    server = Garbage(reply)
    try:
        app = make_app(tmp_path, "en")
        app.scenes.push("lobby", server=f"ws://127.0.0.1:{server.port}",
                        first={"type": "create", "name": "Ann"})
        lobby = app.scenes.top
        until(app, lambda: lobby.online.problem is not None)
        assert "\n" not in lobby.online.problem and lobby.online.stopped
        frames(app, 2)
        lobby.back()
        assert type(app.scenes.top).__name__ == "MenuScene"
    finally:
        server.close()


def test_a_server_that_never_answers_leaves_the_way_back_open(tmp_path: Path) -> None:
    with socket.socket() as silent:        # takes the connection, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        app = make_app(tmp_path, "en")
        click(app, app.scenes.top.buttons["menu.online"])
        app.scenes.push("lobby", server=f"ws://127.0.0.1:{silent.getsockname()[1]}",
                        first={"type": "join", "room": "K7QX2M", "name": "Ann"})
        lobby = app.scenes.top
        frames(app, 5)
        assert lobby.online.room is None and lobby.online.problem is None
        lobby.back()                         # Back (or Esc): to the Online page
        assert type(app.scenes.top).__name__ == "OnlineScene"
        assert lobby.online.stopped


def test_a_kept_seat_on_a_server_gone_for_good_can_be_given_up(tmp_path: Path) -> None:
    ticket.save(ticket.Ticket(f"ws://127.0.0.1:{free_port()}", "K7QX2M", 0, "t" * 40))
    app = make_app(tmp_path, "en")
    click(app, app.scenes.top.buttons["menu.continue"])
    lobby = app.scenes.top
    until(app, lambda: lobby.online.problem is not None)
    frames(app, 2)
    assert ticket.load() is not None                 # not reached is not refused
    click(app, lobby.leave_button)
    assert type(app.scenes.top).__name__ == "MenuScene" and ticket.load() is None
    assert not app.scenes.top.buttons["menu.continue"].is_enabled
