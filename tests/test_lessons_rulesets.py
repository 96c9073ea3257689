"""Lessons of the other rulesets: each names its ruleset, accepts that ruleset's own moves
(换三张, 定缺), plays on after a 血战到底 win and never offers a 国标 win under 8 fan."""
from __future__ import annotations

import json

import pytest

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import FLOWER, WinKind
from game.engine.tiles import parse_tile, parse_tiles
from game.shell.lessons import LessonError, load_lessons, parse_lesson, read_move
from game.shell.tutor import Tutor
from tests.test_lessons import play_through

LESSONS = {lesson.id: lesson for lesson in load_lessons()}


def test_each_lesson_names_its_ruleset_and_old_ones_play_dazhong():
    rulesets = {name: lesson.ruleset for name, lesson in LESSONS.items()}
    assert rulesets.pop("bloody") == "xuezhan" and rulesets.pop("guobiao") == "guobiao"
    assert set(rulesets.values()) == {"dazhong"}
    for lesson in LESSONS.values():
        assert Tutor(lesson).match.ruleset.id == lesson.ruleset


def test_swap_and_void_moves_are_read_as_the_engine_names_them():
    trio = Action(0, A.SWAP, None, tuple(parse_tiles("149p")))
    assert read_move("swap p").fits(trio) and read_move("swap 941p").fits(trio)
    assert not read_move("swap m").fits(trio) and not read_move("swap 146p").fits(trio)
    assert read_move("void p").fits(Action(0, A.VOID, parse_tile("1p")))
    assert not read_move("void s").fits(Action(0, A.VOID, parse_tile("1p")))
    assert read_move("discard").fits(Action(0, A.DISCARD, parse_tile("9p")))


def test_bad_ruleset_moves_are_refused_in_one_line():
    good = json.loads(paths.asset("lessons", "07_bloody.json").read_text(encoding="utf-8"))
    step = good["steps"][0]
    for change, words in [({"ruleset": "riichi"}, "unknown ruleset"),
                          ({"steps": [{**step, "accept": ["void x"]}]}, "void names its suit"),
                          ({"steps": [{**step, "accept": ["swap 12p"]}]}, "three tiles"),
                          ({"others": {"1": ["void q"]}}, "seat 1: a void"),
                          ({"others": {"1": ["fly 5m"]}}, "seat 1")]:
        with pytest.raises(LessonError, match=words) as info:
            parse_lesson({**good, **change}, "bloody")
        assert "\n" not in str(info.value)


def test_a_swap_of_the_wrong_suit_and_a_wrong_void_are_explained_not_played():
    tutor = Tutor(LESSONS["bloody"])
    tutor.run_others()
    wrong = Action(0, A.SWAP, None, tuple(parse_tiles("123m")))
    assert not tutor.play(wrong).ok and tutor.state.phase.value == "swap"
    assert tutor.play(Action(0, A.SWAP, None, tuple(parse_tiles("469p")))).ok
    tutor.run_others()
    assert not tutor.play(Action(0, A.VOID, parse_tile("1m"))).ok
    assert tutor.play(Action(0, A.VOID, parse_tile("1p"))).ok
    tutor.run_others()
    assert [a.tile for a in tutor.legal()] == [parse_tile("1p")], "only the void suit goes"


def test_the_bloody_hand_goes_on_after_the_players_win_until_three_have_won():
    tutor = Tutor(LESSONS["bloody"])
    play_through(tutor)
    state = tutor.state
    assert state.is_over and tutor.finished
    assert [(w.seat, w.how) for w in state.wins] == [
        (0, WinKind.DISCARD), (2, WinKind.SELF_DRAW), (3, WinKind.DISCARD)]
    after = state.actions[[a.kind for a in state.actions].index(A.HU) + 1:]
    assert after and all(a.seat != 0 for a in after), "the winner plays no more"
    assert state.scores == [1, -3, 4, -2]      # the summary's account


def test_the_guobiao_hand_under_eight_fan_is_never_offered_a_win():
    tutor = Tutor(LESSONS["guobiao"])
    tutor.run_others()
    tutor.play(tutor.right_moves()[0])
    tutor.run_others()
    kinds = {a.kind for a in tutor.legal()}
    assert tutor.state.window is not None and A.CHI in kinds and A.HU not in kinds
    play_through(tutor)
    win = tutor.state.wins[0]
    assert win.seat == 0 and win.pattern.name == "pure_straight" and win.pattern.fan == 22
    assert tutor.state.scores[0] == 3 * (8 + 22)
    assert not any(e.kind == FLOWER for e in tutor.state.events), "no flower is ever drawn"
