"""国标麻将's waits hints tell only the waits on which the hand would reach 8 fan, and say
when a hand is ready in shape but short of them; the other rulesets' hints are unchanged."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine.hands import HandRules
from game.engine.tiles import parse_tile
from game.engine.view import PlayerView
from game.play.setup import Scenario, SeatSpec
from game.scenes.table import painter
from game.scenes.table.framing import frame_of
from game.shell.app import App
from game.shell.i18n import Translator
from game.shell.session import MatchSession
from game.shell.settings import Settings
from game.ui.gb_waits import winning_waits
from game.ui.hand import waits_after
from game.ui.hints import hint_frame
from tests.test_table_scene import AI3, MakeApp, table
from tests.test_table_scene import make_app as table_app  # noqa: F401  (a fixture)

OTHERS = ("1112223334445s", "5556667778889s", "1112223334445z")
UNDER = "222m345p678p45m77z9s"     # after 9s: 3m/6m in shape, at most 7 fan either way
OVER = "123m456m789m23p55p7z"      # after 7z: 1p/4p, a pure straight (清龙): 16 fan
EN, ZH = Translator("en"), Translator("zh")
ON = replace(Settings(), hint_efficiency=True, hint_danger=False)


def session(hand: str, ruleset: str = "guobiao") -> MatchSession:
    """Seat 0 (the person, the dealer) holds `hand` (14 tiles: its turn); the others no
    honours where the ruleset has none."""
    others = OTHERS if ruleset == "guobiao" else (*OTHERS[:2], "1112223334445p")
    return MatchSession.new(ruleset, 5, 4, [SeatSpec.parse("human", "You"), *AI3],
                            scenario=Scenario((hand, *others), ruleset))


def view_of(hand: str, ruleset: str = "guobiao") -> tuple[PlayerView, HandRules]:
    """Seat 0's view of `hand` dealt, and the ruleset's hand rules."""
    s = session(hand, ruleset)
    return s.round.view(0), s.match.ruleset.hand_rules


def shape_and_legal(hand: str, discard: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    s = session(hand)
    view, tile = s.round.view(0), parse_tile(discard)
    kinds = waits_after(view.hand, tile, s.match.ruleset.hand_rules)
    return kinds, winning_waits(view, tile, kinds, 8)


def test_a_hand_under_8_fan_has_shape_waits_but_none_that_win() -> None:
    kinds, legal = shape_and_legal(UNDER, "9s")
    assert kinds == (parse_tile("3m"), parse_tile("6m"))
    assert legal == ()


def test_a_hand_over_8_fan_keeps_its_waits() -> None:
    kinds, legal = shape_and_legal(OVER, "7z")
    assert legal == kinds == (parse_tile("1p"), parse_tile("4p"))


def test_the_minimum_decides() -> None:
    s = session(UNDER)
    view, tile = s.round.view(0), parse_tile("9s")
    kinds = waits_after(view.hand, tile, s.match.ruleset.hand_rules)
    assert winning_waits(view, tile, kinds, 1) == kinds


def test_a_wait_that_reaches_the_minimum_only_by_self_draw_is_shown() -> None:
    s = session(UNDER)     # 3m: 7 fan self-drawn (不求人 4), 5 on a discard (门前清 2)
    view, tile = s.round.view(0), parse_tile("9s")
    kinds = waits_after(view.hand, tile, s.match.ruleset.hand_rules)
    assert winning_waits(view, tile, kinds, 7) == (parse_tile("3m"),)


@pytest.mark.parametrize("words,line", [(EN, "Ready in shape, under 8 fan"),
                                        (ZH, "听牌但不够8番")])
def test_the_discard_hint_says_ready_in_shape_under_8(words: Translator, line: str) -> None:
    hints = hint_frame(*view_of(UNDER), ON, True, parse_tile("9s"), False, words, None, 8)
    assert hints.title == line and hints.tiles == ()


def test_the_discard_hint_lists_the_waits_that_win() -> None:
    hints = hint_frame(*view_of(OVER), ON, True, parse_tile("7z"), False, EN, None, 8)
    assert [k for k, _ in hints.tiles] == [parse_tile("1p"), parse_tile("4p")]
    assert hints.title == EN("table.hint.ready", total=sum(n for _, n in hints.tiles))


def test_dazhong_shows_the_shape_waits_as_before() -> None:
    hints = hint_frame(*view_of("222m345p678p45m99p9s", "dazhong"), ON, True,
                       parse_tile("9s"), False, EN)
    assert [k for k, _ in hints.tiles] == [parse_tile("3m"), parse_tile("6m")]
    assert hints.title.startswith("After it: ready")


Shown = list[tuple[str, tuple[tuple[int, int], ...]]]


def panel_shown(app: App, monkeypatch: pytest.MonkeyPatch) -> Shown:
    """The waits panels painted in one frame: (title, tiles with their copies)."""
    shown: Shown = []
    real = painter.waits_panel

    def spy(height: int, title: str, waits: tuple[tuple[int, int], ...],
            font: int) -> pygame.Surface:
        shown.append((title, waits))
        return real(height, title, waits, font)

    monkeypatch.setattr(painter, "waits_panel", spy)
    app.step(1 / 60, [])
    return shown


@pytest.mark.parametrize("hand,discard,title,kinds", [
    (UNDER, "9s", "table.waits_short", ()),
    (OVER, "7z", "table.waits_if", ("1p", "4p"))])
def test_the_table_panel_shows_only_winning_waits(
        request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, hand: str,
        discard: str, title: str, kinds: tuple[str, ...]) -> None:
    make: MakeApp = request.getfixturevalue("table_app")
    app = make(session(hand))
    app.settings.hint_efficiency = False     # the waits panel, not the discard hint
    scene = table(app)
    app.step(1 / 60, [])
    scene.hand.focus = scene.hand.tiles.index(parse_tile(discard))
    assert frame_of(scene).min_fan == 8
    shown = panel_shown(app, monkeypatch)
    assert [(t, [k for k, _ in w]) for t, w in shown] == \
        [(scene.t(title, fan=8), [parse_tile(k) for k in kinds])]
