"""The guided lessons: each one loads, can be played to its end with the moves it asks
for, refuses and explains a wrong move without playing it, and keeps the progress."""
from __future__ import annotations

import json
import string

import pytest

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.tiles import parse_tile
from game.shell.lessons import (
    LessonError,
    first_start,
    load_lessons,
    load_progress,
    parse_lesson,
    save_progress,
)
from game.shell.tutor import Tutor

LESSONS = load_lessons()
FIELDS = {"tile", "best", "count", "best_count"}


def play_through(tutor: Tutor) -> int:
    """Play the right move at every step; the number of the player's decisions."""
    decisions = 0
    tutor.run_others()
    while not tutor.finished:
        assert not tutor.stuck
        right = tutor.right_moves()
        assert right, f"{tutor.lesson.id} step {tutor.step + 1}: no legal move is right"
        assert tutor.play(right[0]).ok
        decisions += 1
        tutor.run_others()
    return decisions


def void_only(tutor: Tutor) -> bool:
    """The player holds its void suit, so only that suit's tiles may be discarded."""
    void = tutor.state.view(0).voids[0] if tutor.state.view(0).voids else -1
    return void >= 0 and all(a.kind == A.DISCARD and a.tile is not None and a.tile // 9 == void
                             for a in tutor.legal())


def test_there_are_lessons_for_each_topic():
    assert [lesson.id for lesson in LESSONS] == [
        "melds", "efficiency", "claims", "ready", "winning", "defence", "bloody", "guobiao"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_each_lesson_can_be_played_to_its_end(lesson):
    tutor = Tutor(lesson)
    assert play_through(tutor) == len(lesson.steps)
    assert tutor.finished


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_wrong_move_is_explained_and_not_played(lesson):
    tutor = Tutor(lesson)
    tutor.run_others()
    while not tutor.finished:
        wrong = [a for a in tutor.legal() if a not in tutor.right_moves()]
        if not wrong and void_only(tutor):     # the engine itself allows only the void suit
            tutor.play(tutor.right_moves()[0])
            tutor.run_others()
            continue
        assert wrong, f"{lesson.id} step {tutor.step + 1} cannot be got wrong"
        played = len(tutor.state.actions)
        verdict = tutor.play(wrong[0])
        assert not verdict.ok and verdict.text == tutor.current_step.wrong
        assert len(tutor.state.actions) == played, "a wrong move is not played"
        tutor.play(tutor.right_moves()[0])
        tutor.run_others()


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_texts_name_only_known_facts(lesson):
    texts = [lesson.title, lesson.intro, lesson.summary]
    texts += [t for step in lesson.steps for t in (step.goal, step.right, step.wrong)]
    for text in texts:
        for value in text.values():
            names = {f for _, f, _, _ in string.Formatter().parse(value) if f}
            assert names <= FIELDS, (lesson.id, value)


def lesson(name):
    return next(x for x in LESSONS if x.id == name)


def test_claims_pay_as_the_rules_say():
    tutor = Tutor(lesson("claims"))
    play_through(tutor)
    assert tutor.state.scores == [2 + 1 + 4, -2 - 4, 0, -1]


def test_the_declared_hand_plays_and_wins_by_itself():
    tutor = Tutor(lesson("ready"))
    play_through(tutor)
    assert tutor.state.is_over and tutor.state.wins[0].seat == 0
    assert tutor.state.scores[0] == 3 + 3 * 6


def test_one_suit_is_the_winning_lessons_point():
    tutor = Tutor(lesson("winning"))
    tutor.run_others()
    verdict = tutor.play(Action(0, A.DISCARD, parse_tile("2m")))
    assert not verdict.ok
    play_through(tutor)
    assert tutor.state.wins[0].pattern.name == "one_suit" and tutor.state.scores[0] == 12


def test_a_winning_step_is_done_when_a_declared_hand_wins_by_itself():
    tutor = Tutor(lesson("winning"))
    tutor.run_others()
    assert tutor.play(Action(0, A.DISCARD, parse_tile("5p"), ready=True)).ok
    tutor.run_others()
    assert tutor.state.is_over and tutor.finished and not tutor.stuck


def test_defence_refuses_the_ready_players_tile_and_says_whose_it_is():
    tutor = Tutor(lesson("defence"))
    tutor.run_others()
    tutor.play(tutor.right_moves()[0])
    tutor.run_others()
    assert tutor.state.ready[1]
    verdict = tutor.play(Action(0, A.DISCARD, parse_tile("4s")))
    assert not verdict.ok and verdict.tiles["tile"] == parse_tile("4s")
    assert Action(0, A.DISCARD, parse_tile("1m")) in tutor.right_moves()


def test_the_efficiency_lesson_counts_the_tiles_left():
    tutor = Tutor(lesson("efficiency"))
    tutor.run_others()
    verdict = tutor.play(Action(0, A.DISCARD, parse_tile("7s")))
    assert not verdict.ok
    assert verdict.numbers["count"] < verdict.numbers["best_count"]
    assert verdict.tiles["best"] in (parse_tile("4s"), parse_tile("9s"))


def test_bad_lesson_files_are_refused_in_one_line():
    good = json.loads(paths.asset("lessons", "01_melds.json").read_text(encoding="utf-8"))
    for change, words in [({"steps": []}, "at least one step"),
                          ({"title": {"zh": "x"}}, "'title'"),
                          ({"scenario": {"hands": ["12x"]}}, "melds"),
                          ({"steps": [{**good["steps"][0], "accept": ["fly 5m"]}]}, "fly"),
                          ({"others": {"7": []}}, "no seat")]:
        with pytest.raises(LessonError, match=words) as info:
            parse_lesson({**good, **change}, "melds")
        assert "\n" not in str(info.value)


def test_progress_is_kept_and_a_damaged_file_reads_as_none(tmp_path):
    path = tmp_path / "lessons.json"
    assert load_progress(path) == set()
    assert save_progress({"melds", "claims"}, path) is None
    assert load_progress(path) == {"melds", "claims"}
    path.write_text("{not json", encoding="utf-8")
    assert load_progress(path) == set()


def test_first_start_is_a_data_folder_without_settings_or_progress(tmp_path):
    assert first_start()
    save_progress(set())
    assert not first_start()
    assert not first_start(paths.asset("rules_en.md")), "a settings file: not the first start"
