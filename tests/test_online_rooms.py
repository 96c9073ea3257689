"""Listed rooms from the player's side, against a real `game serve` on loopback: the host
form lists a room, the Online page shows the listed rooms (not the others) and joins one
with its button; a server that cannot be reached, or sends garbage, gives one line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.net.client import Background
from game.net.readers import ServerError
from game.net.room_list import ListedRoom, fetch_rooms, read_rooms
from tests.shell_helpers import click, make_app
from tests.test_online_pages import free_port, server, until

__all__ = ["server"]      # the real server's fixture


def hosted(uri: str, name: str, listed: bool) -> Background:
    """A room made by the client library (listed or not), once it is made."""
    first = {"type": "create", "name": name, "listed": listed,
             "seats": ["open", "open", "easy", "easy"]}
    host = Background(uri, first)
    while host.client.room is None:
        host.poll()
    return host


def test_the_online_page_lists_listed_rooms_and_joins_one(server: Any, tmp_path: Path) -> None:
    uri = server["uri"]
    listed, unlisted = hosted(uri, "Ann", True), hosted(uri, "Hid", False)
    try:
        app = make_app(tmp_path, "en")
        app.settings.online_server = uri
        app.scenes.push("online", way="join")
        page = app.scenes.top
        until(app, lambda: page.finder.done > 0)
        until(app, lambda: page._shown == page.finder.done)
        assert page.finder.problem is None
        assert [r.room for r in page.finder.rooms] == [listed.client.room]
        texts = [getattr(w, "text", "") for w in app.ui.get_sprite_group().sprites()]
        entry = next(text for text in texts if text.startswith(listed.client.room))
        assert "Ann" in entry and "1 free" in entry
        assert not any(unlisted.client.room in text for text in texts)
        page.name = "Bo"
        join = [w for w in app.ui.get_sprite_group().sprites()
                if getattr(w, "text", "") == "Join" and w is not page.go_button]
        click(app, join[0])
        lobby = app.scenes.top
        assert type(lobby).__name__ == "LobbyScene"
        until(app, lambda: lobby.online.seat is not None)
        assert (lobby.online.room, lobby.online.seat) == (listed.client.room, 1)
        lobby.online.give_up()
    finally:
        listed.close()
        unlisted.close()


def test_the_host_form_asks_for_a_listed_room(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    app.scenes.push("online")
    page = app.scenes.top
    assert page.first_message()["listed"] is False
    page._set_listed(True)
    assert page.first_message()["listed"] is True


def test_an_empty_list_says_so_and_a_lost_server_gives_one_line(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    app.scenes.push("online", way="join", rooms=())
    texts = [getattr(w, "text", "") for w in app.ui.get_sprite_group().sprites()]
    assert app.t("online.rooms_none") in texts
    with pytest.raises(ServerError) as lost:
        fetch_rooms(f"ws://127.0.0.1:{free_port()}", timeout=5.0)
    assert lost.value.words.key == "net.unreachable" and "\n" not in str(lost.value)


def test_a_server_s_list_is_read_without_trusting_it() -> None:
    good = {"room": "K7QX2M", "ruleset": "dazhong", "hands": 2, "seats_free": 1,
            "host_name": "Ann\u0000\n"}
    bad = [None, 3, [], {}, {**good, "room": "k7qx2m"}, {**good, "hands": True},
           {**good, "seats_free": 0}, {**good, "ruleset": "../x"}, {**good, "hands": 10**9}]
    rooms = read_rooms({"type": "rooms", "rooms": [*bad, good, {**good, "host_name": None}]})
    assert rooms == (ListedRoom("K7QX2M", "dazhong", 2, 1, "Ann"),
                     ListedRoom("K7QX2M", "dazhong", 2, 1, ""))
    assert len(read_rooms({"type": "rooms", "rooms": [good] * 80})) == 50


def test_back_from_a_room_the_list_is_looked_for_afresh(server: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    app.settings.online_server = server["uri"]
    app.scenes.push("online", way="join")
    page = app.scenes.top
    until(app, lambda: page._shown == page.finder.done > 0)
    assert page.finder.rooms == ()
    listed = hosted(server["uri"], "Ann", True)
    try:
        app.scenes.push("settings")
        app.scenes.pop()                            # back on the page: it looks again
        until(app, lambda: page._shown == page.finder.done > 1)
        assert [r.room for r in page.finder.rooms] == [listed.client.room]
    finally:
        listed.close()
