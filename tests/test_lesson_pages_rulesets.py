"""The 血战到底 and 国标 lessons played by clicks on the real page: three tiles picked on
the hand and passed by their bubble, the void suit by its bubble, a win, and a 国标 hand
under 8 fan shown no Win."""
from __future__ import annotations

from game.engine import actions as A
from game.engine.tiles import parse_tile
from tests.shell_helpers import frames
from tests.test_lesson_pages import click_bubble, click_tile, open_lesson, press, shown


def pick_tiles(app, page, names):
    for name in names:
        index = next(i for i, k in enumerate(page.hand.tiles)
                     if k == parse_tile(name) and i not in page.picked)
        press(app, page.hand.rects[index].center)


def test_the_bloody_lesson_passes_three_picks_a_void_and_plays_on(tmp_path):
    app, page = open_lesson(tmp_path, 6, "en")
    assert page.bubbles.options == [], "nothing is picked for the player"
    pick_tiles(app, page, ["1m", "2m", "3m"])
    assert [o.kind for o in page.bubbles.options] == [A.SWAP]
    click_bubble(app, page, A.SWAP)
    assert not page.tutor.verdict.ok and page.picked == [] and page.tutor.step == 0
    pick_tiles(app, page, ["1p", "1m", "4p", "9p"])
    assert sorted(page.hand.tiles[i] for i in page.picked) == [parse_tile("4p"),
                                                               parse_tile("9p")]
    pick_tiles(app, page, ["6p"])
    click_bubble(app, page, A.SWAP)
    frames(app, 3)
    assert page.tutor.step == 1 and len(page.bubbles.options) == 3
    page.choose(0)                                   # 缺万: not the suit held least
    assert not page.tutor.verdict.ok and "hold a single dot" in shown(page)
    page.choose(1)
    frames(app, 3)
    assert page.tutor.step == 2 and page.hand.enabled == {parse_tile("1p")}
    click_tile(app, page, "1p")
    frames(app, 10)
    click_bubble(app, page, A.HU)
    frames(app, 20)
    assert page.tutor.finished and len(page.tutor.state.wins) == 3
    assert "Only three wins ended the hand" in shown(page)


def test_the_guobiao_lesson_shows_no_win_under_eight_fan(tmp_path):
    app, page = open_lesson(tmp_path, 7)
    click_tile(app, page, "7z")
    frames(app, 5)
    kinds = {o.kind for o in page.bubbles.options}
    assert A.CHI in kinds and A.PASS in kinds and A.HU not in kinds
    assert "不到 8 番" in shown(page)
    click_bubble(app, page, A.PASS)
    frames(app, 3)
    assert [o.kind for o in page.bubbles.options] == [A.SELF_DRAW]
    click_bubble(app, page, A.SELF_DRAW)
    frames(app, 3)
    assert page.tutor.finished and "清龙 16 番" in shown(page)
