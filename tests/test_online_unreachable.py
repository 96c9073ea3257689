"""While an online table's server cannot be reached: a card counts down to the next
attempt, Retry now attempts at once, Leave goes to the menu with the seat kept; the room's
connection states are not shown as they were; a first connection that fails says what to
do in the player's words, not the socket's error."""
from __future__ import annotations

import signal
import time
from typing import Any

from game.net import ticket
from game.net.online_table import OnlineTable
from game.net.samples import StillLink, sample_room, sample_table
from game.scenes.table.connection import KIND
from game.shell.i18n import Translator, Words
from tests.net_helpers import end_server
from tests.shell_helpers import make_app
from tests.test_online_pages import host_a_room, serve, server, start_table, until
from tests.test_online_table import ScriptLink, seated

__all__ = ["server"]      # the real server's fixture


def test_a_lost_server_makes_everyone_s_connection_unknown_until_it_answers() -> None:
    link = ScriptLink()
    online = seated(link)
    link.inbox.append({"type": "lobby", "host": 0, "started": True, "seats": [
        {"seat": 0, "kind": "person", "name": "Ann", "state": "connected"},
        {"seat": 1, "kind": "person", "name": "Bob", "state": "connected"},
        {"seat": 2, "kind": "ai", "level": "hard", "state": "ai"},
        {"seat": 3, "kind": "open", "state": "played by AI"}]})
    online.update(0.0)
    t = Translator("en")
    assert online.lobby.state_words(0, t) == "connected"
    link.state = "reconnecting"
    online.update(0.0)
    assert [online.lobby.state_words(s, t) for s in range(4)] == [
        "state unknown", "state unknown", "AI", "played by AI"]
    assert online.retry_in() is None              # not yet failed to reach it
    link.unreachable, link.next_attempt = True, time.monotonic() + 4.2
    assert 4.0 < (online.retry_in() or 0) <= 4.2
    link.next_attempt = None
    assert online.retry_in() == 0.0               # an attempt under way


def test_a_first_connection_that_fails_says_what_to_do_without_the_socket_s_error() -> None:
    link = StillLink(problem=Words("net.unreachable", server="ws://example.org:1",
                                   detail="[Errno 111] Connect call failed"))
    online = OnlineTable(link, "ws://example.org:1", Translator("en"))
    link.said = [None]
    online.update(0.0)
    assert online.stopped and online.problem is not None
    assert "Errno" not in online.problem and "check the address" in online.problem
    assert sample_room(Translator("zh"), "problem").problem == "连不上服务器：请检查地址，确认服务器开着"


def test_the_table_s_card_counts_down_retries_now_and_leaves_with_the_seat_kept(
        tmp_path: Any) -> None:
    app = make_app(tmp_path, "en")
    online = sample_table(app.t)
    link = online.link
    assert isinstance(link, StillLink)
    retried: list[int] = []
    link.retry_now = lambda: retried.append(1)    # type: ignore[method-assign]
    app.scenes.replace("table", source=online)
    table = app.scenes.top
    app.step(0.016, [])
    assert table.overlay is None
    link.state, link.unreachable = "reconnecting", True
    link.next_attempt = time.monotonic() + 6.5
    app.step(0.016, [])
    card = table.overlay
    assert table.overlay_kind == KIND and card.title == "Server unreachable"
    assert card.lines[0] == "Retrying in 7 s"
    [retry, leave] = card.buttons.buttons
    assert (retry.label, leave.label) == ("Retry now", "Leave")
    retry.action()
    assert retried == [1]
    link.state = "connected"
    app.step(0.016, [])
    assert table.overlay is None                  # the server answered: the card goes
    link.state = "reconnecting"
    app.step(0.016, [])
    ticket.save(ticket.Ticket(online.server, "K7QX2M", 0, "t" * 40))
    table.overlay.buttons.buttons[1].action()
    assert type(app.scenes.top).__name__ == "MenuScene"
    assert ticket.load() is not None              # the menu can take the seat back


def test_a_killed_server_shows_the_card_and_the_seat_comes_back_by_itself(
        server: Any) -> None:
    app = make_app(server["folder"].parent, "en")
    lobby = host_a_room(app, server["uri"])
    from game.net.client import Background
    friend = Background(server["uri"], {"type": "join", "room": lobby.online.room,
                                        "name": "Bob"})
    try:
        until(app, lambda: "Bob" in [s.get("name") for s in lobby.online.lobby.seats()])
        table = start_table(app, lobby, friend)
        online = table.controller
        end_server(server["proc"], signal.SIGKILL)
        until(app, lambda: table.overlay_kind == KIND)
        assert table.overlay.lines[0].startswith(("Retrying in", "Retrying now"))
        assert "connected" not in [online.lobby.state_words(s, app.t) for s in range(2)]
        server["proc"] = serve(server["folder"], server["port"])
        table.overlay.buttons.buttons[0].action()         # Retry now
        until(app, lambda: table.overlay is None and online.link.state == "connected"
              and online.ready, friend)
        assert online.problem is None
        until(app, lambda: online.lobby.state_words(0, app.t) == "connected", friend)
    finally:
        friend.close()
        app.scenes.clear()


def test_the_card_s_technical_line_is_apart_and_the_seat_s_clock_stands_still(
        tmp_path: Any) -> None:
    """The card says what happened and what to do in the player's words; the socket's
    error goes in its own smaller, dimmer line, never alone. The seat's decision clock
    stops while the connection is down and has its whole time again once it is back."""
    app = make_app(tmp_path, "zh")
    online = sample_table(app.t)
    link = online.link
    assert isinstance(link, StillLink)
    app.scenes.replace("table", source=online)
    table = app.scenes.top
    app.step(2.0, [])
    clock = table.own_clock
    assert clock.shown is not None and clock.left < clock.total
    left = clock.left
    link.state = "reconnecting"                 # down: before the card as well
    for _ in range(3):
        app.step(2.0, [])
    assert clock.left == left
    link.unreachable, link.next_attempt = True, time.monotonic() + 6.5
    link.problem = Words("net.unreachable", server=online.server,
                         detail="[Errno 111] Connect call failed ('127.0.0.1', 1)")
    app.step(2.0, [])
    card = table.overlay
    assert table.overlay_kind == KIND and clock.left == left
    assert card.lines == [app.t("online.retry_in", n=7), app.t("online.unreachable_hint"),
                          app.t("online.seat_kept")]
    assert "[Errno 111]" in card.detail and online.server in card.detail
    assert not any("Errno" in line for line in card.lines)
    link.state = "connected"
    app.step(0.016, [])
    assert table.overlay is None and clock.left >= clock.total - 0.016   # whole, less a frame
    app.step(2.0, [])
    assert clock.left < clock.total             # and runs again
