"""Quick phrases at an online table: what a `said` shows by which seat (in the viewer's
words, for a few seconds, never when muted), and the picker that says one."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.net.phrases import PHRASE_KEYS, SHOWN_SECONDS, Heard
from game.net.samples import StillLink, sample_table
from game.scenes.table import phrases
from tests.shell_helpers import make_app
from tests.test_online_pages import server, table_with_a_friend, until

__all__ = ["server"]      # the real server's fixture


class Recording(StillLink):
    """The sample table's still connection, keeping what the table sends."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def click(app: Any, rect: pygame.Rect) -> None:
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])


def test_heard_phrases_last_a_few_seconds_and_unknown_keys_show_nothing() -> None:
    heard = Heard()
    heard.hear(1, "thanks", at=100.0)
    heard.hear(2, "a_newer_servers_phrase", at=100.0)
    assert heard.shown(101.0) == {1: PHRASE_KEYS["thanks"]}
    assert heard.shown(100.0 + SHOWN_SECONDS) == {}
    heard.hear(1, "oops", at=200.0)          # a seat's newest phrase replaces its last
    assert heard.shown(200.5) == {1: "phrase.oops"}


def test_a_said_shows_by_its_seat_in_the_viewer_s_words_unless_muted(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    online = sample_table(app.t)
    link = online.link
    assert isinstance(link, StillLink)
    link.said = [{"type": "said", "seat": 2, "phrase": "well_played"}]
    app.scenes.replace("table", source=online)
    table = app.scenes.top
    app.step(0.016, [])
    (bubble,) = phrases.bubbles(table)
    assert (bubble.seat, bubble.text) == (2, "Well played")
    plate = table.layout.plates[table.table.side(table.snapshot.view, 2)]
    assert bubble.rect.top >= plate.bottom                  # the top seat's: under its plate
    assert table.animating                                  # frames come until it goes
    app.settings.mute_phrases = True
    assert phrases.bubbles(table) == ()
    app.settings.mute_phrases = False
    zh = make_app(tmp_path / "zh", "zh")
    zh.scenes.replace("table", source=online)
    assert phrases.bubbles(zh.scenes.top)[0].text == "打得漂亮"   # each viewer's own words


def test_the_picker_says_a_phrase_and_mutes_phrases(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en")
    online = sample_table(app.t)
    link = Recording()
    online.link = link
    app.scenes.replace("table", source=online)
    table = app.scenes.top
    app.step(0.016, [])
    say = next(b for b in table.toolbar.buttons if b.key == phrases.KIND)
    click(app, say.rect)
    assert table.overlay_kind == phrases.KIND
    buttons = {b.key: b for b in table.overlay.buttons.buttons}
    assert len([k for k in buttons if k.startswith("phrase ")]) == len(PHRASE_KEYS)
    click(app, buttons["phrase thanks"].rect)
    assert link.sent == [{"type": "say", "phrase": "thanks"}]
    assert table.overlay is None
    click(app, say.rect)
    click(app, table.overlay.buttons.buttons[-2].rect)      # Mute phrases
    assert app.settings.mute_phrases
    assert '"mute_phrases": true' in (tmp_path / "settings.json").read_text()
    click(app, table.overlay.buttons.buttons[-2].rect)      # and back
    link.said = [{"type": "said", "seat": 1, "phrase": "oops"}]
    app.step(0.016, [])
    assert [b.seat for b in phrases.bubbles(table)] == [1]  # the table plays on under it
    table.overlay.buttons.buttons[-1].action()              # Close
    assert table.overlay is None and link.sent == [{"type": "say", "phrase": "thanks"}]


def test_phrases_cross_a_real_server_between_a_table_and_a_friend(server: Any) -> None:
    with table_with_a_friend(server) as (app, table, friend):
        friend.send({"type": "say", "phrase": "nice_hand"})
        until(app, lambda: bool(phrases.bubbles(table)), friend)
        (bubble,) = phrases.bubbles(table)
        assert (bubble.seat, bubble.text) == (1, "Nice hand!")
        heard: list[dict[str, Any]] = []

        def friend_heard() -> bool:     # the friend may also hear its own phrase back
            heard.extend(m for m in friend.poll() if m is not None and m["type"] == "said")
            return any(m["seat"] == 0 for m in heard)
        table.controller.say("again")
        until(app, friend_heard)
        assert [m for m in heard if m["seat"] == 0] == [{"type": "said", "seat": 0,
                                                          "phrase": "again"}]
        assert all(m == {"type": "said", "seat": 1, "phrase": "nice_hand"}
                   for m in heard if m["seat"] != 0)
