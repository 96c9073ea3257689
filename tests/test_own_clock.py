"""The viewer's own clock: its urgency from the time left, its countdown (ticks in the
last seconds, the time out once, a new decision's full time, held while paused), the
time an online decision or a claim has; and the name plates that show it with every
badge (the name keeps its first characters, no badge over the score)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.net.samples import SHORT_PEOPLE, sample_table
from game.play.seat import Turn
from game.render.board_model import SeatInfo
from game.render.clock_ring import URGENT_RED, ring_color, share_left, urgent
from game.render.layout import TableLayout
from game.render.name_plate import name_needs, plate_parts
from game.render.paint import GOLD
from game.scenes.table import TableScene
from game.scenes.table.own_clock import OwnClock, decision_seconds
from tests.shell_helpers import make_app

LABELS = {"dealer": "Dealer", "ready": "Ready", "auto": "Auto"}


def test_the_last_three_seconds_are_urgent() -> None:
    assert [urgent(s) for s in (20.0, 3.01, 3.0, 1.5, 0.0)] == [False, False, True, True, True]
    assert ring_color(10.0) == GOLD and ring_color(2.2) == URGENT_RED
    assert share_left(5, 20) == 0.25 and share_left(30, 20) == 1.0 and share_left(5, 0) == 0.0


def test_the_clock_ticks_each_last_second_and_runs_out_once() -> None:
    clock = OwnClock()
    assert clock.shown is None
    clock.follow("a", 5.0)
    assert clock.shown == (5.0, 5.0)
    ticks, outs = [], []
    for _ in range(12):
        outs.append(clock.run(0.5))
        ticks.append(clock.ticked)
    # 4.5 4.0 3.5 3.0 2.5 2.0 1.5 1.0 0.5 0.0, then held at 0
    assert ticks == [False, False, False, True, False, True, False, True, False, False,
                     False, False]
    assert outs.count(True) == 1 and outs[9]
    clock.follow("a", 5.0)
    assert clock.left == 0.0                  # the same decision: no new time
    clock.follow("b", 8.0)
    assert clock.shown == (8.0, 8.0)          # the next one: its full time
    clock.follow("c", 0.0)
    assert clock.shown is None                # no time limit: no clock
    clock.follow(None, 8.0)
    assert clock.shown is None                # nothing to decide


def test_a_decision_has_the_servers_time_else_the_claim_countdown() -> None:
    online = Turn(0, lambda: None, (), 20.0, 3)   # type: ignore[arg-type, return-value]
    local = Turn(0, lambda: None, (), None, 3)    # type: ignore[arg-type, return-value]
    assert decision_seconds(online, False, 8.0) == 20.0
    assert decision_seconds(online, True, 8.0) == 20.0
    assert decision_seconds(local, True, 8.0) == 8.0
    assert decision_seconds(local, False, 8.0) == 0.0
    assert decision_seconds(None, True, 8.0) == 0.0


def online_table(tmp_path: Path, sounds: list[str]) -> tuple[Any, TableScene]:
    app = make_app(tmp_path, "en")
    app.settings.sound_on = True
    app.scenes.replace("table", source=sample_table(app.t))
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    scene.play_sound = sounds.append     # type: ignore[method-assign]
    return app, scene


def test_an_online_turn_shows_the_servers_time_at_the_plate_and_ticks_at_the_end(
        tmp_path: Path) -> None:
    sounds: list[str] = []
    app, scene = online_table(tmp_path, sounds)
    app.step(0.0, [])
    assert scene.acting and scene.own_clock.shown == (600.0, 600.0)
    scene.own_clock.left = 3.2
    for _ in range(4):
        app.step(0.5, [])
    assert sounds.count("click") == 2 and scene.own_clock.left == pytest.approx(1.2)
    assert scene.acting, "a turn whose time is out is the server's to answer"
    before = app.screen.copy()
    scene.own_clock.left = 599.0
    app.step(0.0, [])
    assert before.get_at(scene.bubbles.clock_rect().midtop) != \
        app.screen.get_at(scene.bubbles.clock_rect().midtop)   # red then gold


def test_a_paused_table_holds_the_clock(tmp_path: Path) -> None:
    _, scene = online_table(tmp_path, [])
    scene.controller.paused = True
    for _ in range(4):
        scene.update(1.0)
    assert scene.own_clock.left == 600.0


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (2560, 1080)])
@pytest.mark.parametrize("name", [*SHORT_PEOPLE, "欧阳长长长长长长长长长名字", "Li"])
def test_a_plate_with_every_badge_keeps_the_names_start_and_the_score_clear(
        size: tuple[int, int], name: str) -> None:
    pygame.init()
    layout = TableLayout(size, 4)
    rect = next(iter(layout.plates.values()))
    for dealer in (True, False):
        info = SeatInfo(name, 0, -8888, -128, dealer, True, True, "reconnecting…")
        parts = plate_parts(layout, rect, info, LABELS)
        assert parts.name.w >= parts.name_needs >= name_needs(name, layout.small_font), \
            (size, name, dealer)
        assert not any(tag.colliderect(parts.score) or tag.colliderect(parts.delta)
                       for _, tag in parts.badges)
        assert all(rect.contains(tag) for _, tag in parts.badges)
        words = [word for (word, _), _ in parts.badges]
        assert {"Ready", "Auto"} <= set(words)       # only the dealer's may give way



def test_a_held_clock_stands_still_and_takes_the_decision_afresh_when_let_go() -> None:
    """While an online table's server is out of reach nothing is counted; let go, the
    decision is followed anew: with the time the server gives it when it asks again."""
    clock = OwnClock()
    clock.follow((0, 7, None, 20.0), 20.0)
    clock.run(5.0)
    assert not clock.hold(True)
    assert not clock.run(30.0) and clock.left == 15.0
    assert clock.hold(False) and clock.shown is None
    clock.follow((0, 7, None, 20.0), 20.0)        # asked again with its whole time
    assert clock.shown == (20.0, 20.0)
    clock.follow((0, 7, None, 12.5), 12.5)        # or with what is left of it
    assert clock.shown == (12.5, 12.5)
