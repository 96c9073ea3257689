"""Learn to play, driven through the real pages: the menu entry, the list with progress,
a lesson played by clicks (a wrong tile explained, the right one taken), 报听 by its
bubble, and Next."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UILabel

from game.engine.tiles import parse_tile
from game.scenes.lesson import LessonScene
from game.scenes.lessons import LessonsScene
from game.shell.lessons import load_progress
from tests.shell_helpers import click, frames, key, make_app


def press(app, pos):
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    frames(app)


def click_tile(app, page, name):
    index = page.hand.tiles.index(parse_tile(name))
    press(app, page.hand.rects[index].center)


def click_bubble(app, page, kind):
    index = next(i for i, o in enumerate(page.bubbles.options) if o.kind == kind)
    press(app, page.bubbles.rects[index].center)


def open_lesson(tmp_path, number, language="zh"):
    app = make_app(tmp_path, language)
    app.settings.anim_speed = 0.0          # the other seats move at once
    click(app, app.scenes.top.buttons["menu.lessons"])
    listing = app.scenes.top
    assert isinstance(listing, LessonsScene) and len(listing.lesson_buttons) == 8
    listing.reveal(listing.lesson_buttons[number])     # the later ones lie below the view
    frames(app)
    click(app, listing.lesson_buttons[number])
    page = app.scenes.top
    assert isinstance(page, LessonScene)
    return app, page


def shown(page):
    return " ".join(text for part in page._parts() for text, _ in part.spans)


def test_a_lesson_is_played_by_clicks_and_kept_as_done(tmp_path):
    app, page = open_lesson(tmp_path, 0)
    click_tile(app, page, "1m")
    assert "一万已经在一组或一对里了" in shown(page), "the wrong tile is explained by name"
    assert len(page.hand.tiles) == 14, "and not played"
    click_tile(app, page, "9m")
    frames(app, 3)
    assert page.tutor.player_to_act and page.tutor.step == 1
    click_bubble(app, page, "tsumo")
    assert page.tutor.finished and "melds" in load_progress()
    assert page.next_button.is_enabled
    click(app, page.next_button)
    assert isinstance(app.scenes.top, LessonScene) and app.scenes.top.index == 1
    click(app, app.scenes.top.back_button)
    listing = app.scenes.top
    assert isinstance(listing, LessonsScene)
    labels = [e.text for e in app.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]
    assert labels.count("已完成") == 1 and labels.count("未完成") == 7


def test_ready_is_declared_with_its_bubble(tmp_path):
    app, page = open_lesson(tmp_path, 3, "en")
    click_tile(app, page, "9s")
    assert not page.tutor.verdict.ok, "a discard without 报听 is not this step"
    click_bubble(app, page, "ready")
    assert page.ready_on and page.hand.enabled == {parse_tile("9s")}
    click_tile(app, page, "9s")
    frames(app, 10)
    assert page.tutor.state.ready[0] and page.tutor.finished
    assert page.tutor.state.wins[0].seat == 0


def test_again_starts_the_hand_over(tmp_path):
    app, page = open_lesson(tmp_path, 1)
    click_tile(app, page, "4s")
    assert page.tutor.step == 1
    click(app, page.again_button)
    assert page.tutor.step == 0 and len(page.hand.tiles) == 14


def test_the_keys_choose_a_tile_and_a_bubble(tmp_path):
    app, page = open_lesson(tmp_path, 2)
    page.hand.focus = page.hand.tiles.index(parse_tile("1s"))
    key(app, pygame.K_RETURN)
    assert page.tutor.step == 1 and page.bubbles.options[0].kind == "peng"
    key(app, pygame.K_1)
    assert page.tutor.verdict.ok and page.tutor.step == 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, LessonsScene)


def test_a_wrong_tile_is_named_in_english_too(tmp_path):
    app, page = open_lesson(tmp_path, 0, "en")
    click_tile(app, page, "4p")
    assert "The 4 of dots is already part of a set or a pair" in shown(page)


def test_a_wrong_discard_shows_its_reason_by_shanten(tmp_path):
    for language, words in (("zh", ("打七条后离听牌还差 1 步", "打九条后已听牌")),
                            ("en", ("Without the 7 of bamboo the hand is 1 from ready",
                                    "without the 9 of bamboo it is ready"))):
        app, page = open_lesson(tmp_path / language, 1, language)
        click_tile(app, page, "4s")
        frames(app, 3)
        click_tile(app, page, "7s")
        assert not page.tutor.verdict.ok and page.tutor.verdict.reason == "shanten"
        assert all(w in shown(page) for w in words), shown(page)


def test_nothing_is_left_to_click_when_the_claims_lesson_ends(tmp_path):
    app, page = open_lesson(tmp_path, 2)
    while not page.tutor.finished:
        page.play(page.tutor.right_moves()[0])
        frames(app, 5)
    assert page.bubbles.options == [] and page.hand.enabled == set()
    tiles = list(page.hand.tiles)
    press(app, page.hand.rects[0].center)
    assert page.hand.tiles == tiles and page.tutor.finished
