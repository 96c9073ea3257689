"""The end of an online match: the same final standings as a local match (places, ties,
names) from the record the server sent, kept in the library with the player's own seat
marked (its replay opens there); the host's Play again and the others' Join take the
same connection to the next room's lobby."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ai.protocol import ended_message
from game.net.kept import own_setup
from game.net.online_table import OnlineTable
from game.play.setup import MatchSetup, SeatKind, SeatSpec
from game.scenes.lobby import LobbyScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.shell.app import App
from game.shell.saves import load_save, save_document
from game.ui.standings_table import MEDAL_COLORS, places
from tests.shell_helpers import Backdrop, click, make_app
from tests.test_online_results import won_hand
from tests.test_online_table import ScriptLink, seated, told

NEXT = "QWERTY"
PEOPLE = ("Ann", "Bob")


def test_places_share_a_rank_on_equal_totals_and_count_the_seats_above() -> None:
    assert places([5, 9, 5, -19]) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert places([0, 0, 0, 0]) == [(1, 0), (1, 1), (1, 2), (1, 3)]
    assert places([-6, 6, 0, 0]) == [(1, 1), (2, 2), (2, 3), (4, 0)]
    medals = [MEDAL_COLORS.get(place) for place, _ in places([3, 3, 1, -7])]
    assert medals[0] == medals[1] == MEDAL_COLORS[1]      # a tie shares the gold
    assert medals[2] == MEDAL_COLORS[3] and medals[3] is None   # no silver after a tie


def room_setup(match: Any) -> MatchSetup:
    """The set-up a server writes: both people as people, two AI seats."""
    seats = (SeatSpec(SeatKind.HUMAN, name=PEOPLE[0]), SeatSpec(SeatKind.HUMAN, name=PEOPLE[1]),
             SeatSpec.parse("easy", name_id="ai.2"), SeatSpec.parse("hard", name_id="ai.3"))
    return MatchSetup("dazhong", match.seed, match.length, seats, source="online")


def finished_room(seat: int) -> tuple[ScriptLink, OnlineTable, Any]:
    """A seat told a one-hand match to its end: results, record and bye."""
    match = won_hand(length=1)
    link = ScriptLink()
    online = seated(link, seat)
    seats = [{"seat": s, "kind": "person", "name": n, "level": None, "state": "connected"}
             for s, n in enumerate(PEOPLE)] + \
        [{"seat": s, "kind": "ai", "name": None, "level": "easy", "state": "ai"}
         for s in (2, 3)]
    lobby = {"type": "lobby", "room": "ABCDEF", "host": 0, "started": True, "hand": 1,
             "hands": 1, "totals": [0, 0, 0, 0], "seats": seats}
    state = match.round
    link.inbox += [lobby, *told(match, seat),
                   ended_message(state),
                   {**lobby, "totals": list(match.totals)},
                   {"type": "record", "match": save_document(match, room_setup(match))},
                   {"type": "bye"}]
    online.update(0.0)
    return link, online, match


def final_page(tmp_path: Path, seat: int) -> tuple[App, ScriptLink, OnlineTable, Any]:
    """The app on the online match's final standings, as the table opens them."""
    link, online, match = finished_room(seat)
    app = make_app(tmp_path, "en")                # the menu, the table, its results
    app.scenes.push(Backdrop(app))
    assert online.next_page(True) == ("results", {"online": online})   # the last hand's
    page = online.next_page(True)
    assert page == ("results", {"online": online, "standings": True})
    app.scenes.push(page[0], **page[1])
    app.step(0.016, [])
    return app, link, online, match


@pytest.mark.parametrize("seat", [0, 1])
def test_the_kept_match_names_the_players_own_seat_and_its_replay_opens_there(
        tmp_path: Path, seat: int) -> None:
    _, online, match = finished_room(seat)
    assert online.over and online.final is not None
    path = online.final.save_path
    kept = load_save(path)
    kinds = [spec.kind for spec in kept.setup.seats]
    assert kinds[seat] is SeatKind.HUMAN and kinds[1 - seat] is SeatKind.REMOTE
    assert [spec.name for spec in kept.setup.seats[:2]] == list(PEOPLE)
    assert kept.match.totals == match.totals
    app = make_app(tmp_path, "en", Backdrop)
    app.scenes.push("replay", match_path=path)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.viewer == seat


def test_own_setup_keeps_ai_seats_and_makes_a_remote_own_seat_the_persons() -> None:
    setup = room_setup(won_hand(length=1))
    mine = own_setup(setup.with_seats((setup.seats[0], SeatSpec(SeatKind.REMOTE, name="Bob"),
                                       *setup.seats[2:])), 1)
    assert [s.kind for s in mine.seats] == [SeatKind.REMOTE, SeatKind.HUMAN, SeatKind.AI,
                                            SeatKind.AI]


def test_the_final_page_ranks_the_seats_by_name_and_offers_replay_review(tmp_path: Path) -> None:
    app, _, _, match = final_page(tmp_path, 1)
    scene = app.scenes.top
    assert isinstance(scene, ResultsScene) and scene.showing_standings
    assert scene.names[:2] == PEOPLE and scene.names[2] not in ("", "Seat 3")   # AI: its name
    assert scene.match.totals == match.totals
    assert scene.after["replay"].is_enabled and scene.after["review"].is_enabled
    assert scene.primary.text == "Back to menu"


def test_another_player_joins_the_hosts_next_room_on_the_same_link(tmp_path: Path) -> None:
    app, link, online, _ = final_page(tmp_path, 1)
    scene = app.scenes.top
    join = scene.after["rematch"]
    assert join.text == "Join" and not join.is_enabled   # no next room yet
    link.inbox.append({"type": "rematch", "room": NEXT})
    app.step(0.016, [])
    scene = app.scenes.top
    assert isinstance(scene, ResultsScene) and scene.after["rematch"].is_enabled
    click(app, scene.after["rematch"])
    assert link.sent[-1] == {"type": "join", "room": NEXT, "name": PEOPLE[1]}
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene) and lobby.online is not online
    assert lobby.online.link is link and not link.closed    # the same connection
    link.inbox += [{"type": "joined", "room": NEXT, "seat": 1, "token": "u" * 40},
                   {"type": "lobby", "room": NEXT, "host": 0, "started": False, "hand": 1,
                    "hands": 1, "totals": [0, 0, 0, 0], "seats": []}]
    app.step(0.016, [])
    assert lobby.online.room == NEXT and lobby.online.seat == 1 and not lobby.online.host


def test_the_host_plays_again_and_goes_to_the_new_rooms_lobby(tmp_path: Path) -> None:
    app, link, _, _ = final_page(tmp_path, 0)
    again = app.scenes.top.after["rematch"]
    assert again.text == "Play again" and again.is_enabled
    click(app, again)
    assert link.sent[-1] == {"type": "rematch"}
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene) and lobby.online.link is link and not link.closed
    link.inbox += [{"type": "joined", "room": NEXT, "seat": 0, "token": "v" * 40},
                   {"type": "lobby", "room": NEXT, "host": 0, "started": False, "hand": 1,
                    "hands": 1, "totals": [0, 0, 0, 0], "seats": []}]
    app.step(0.016, [])
    assert lobby.online.room == NEXT and lobby.online.host
    assert [type(s).__name__ for s in app.scenes.stack] == ["MenuScene", "LobbyScene"]
    click(app, lobby.start_button)
    assert link.sent[-1] == {"type": "start"}


def test_leaving_the_next_room_goes_back_where_the_match_was_reached_from(
        tmp_path: Path) -> None:
    """It left a blank page: the finished match's table, under the next room's lobby."""
    app, _, _, _ = final_page(tmp_path, 0)
    click(app, app.scenes.top.after["rematch"])
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    lobby.leave()
    assert type(app.scenes.top).__name__ == "MenuScene"



def test_once_the_server_closes_the_connection_there_is_no_next_room(tmp_path: Path) -> None:
    app, link, _, _ = final_page(tmp_path, 0)
    link.inbox.append(None)                   # the five minutes after the match are over
    app.step(0.016, [])
    assert not app.scenes.top.after["rematch"].is_enabled
    assert app.scenes.top.after["replay"].is_enabled
