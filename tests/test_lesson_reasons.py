"""Every lesson replayed with every wrong move at every step: a wrong discard is told its
true reason (shanten first, then useful tiles, then safety) with the engine's numbers,
in zh and en; nothing is left to click once a lesson is done; every bubble a lesson
shows is one a lesson so far has taught."""
from __future__ import annotations

import re

import pytest

from ai.hard import deal_in_risk
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.efficiency import effective_tiles
from game.engine.hands import shanten
from game.scenes.lesson import LessonScene
from game.shell.i18n import Translator
from game.shell.lesson_why import WHY_KEYS, reason_words, tile_words
from game.shell.lessons import Lesson, load_lessons
from game.shell.tutor import PLAYER, Tutor
from tests.shell_helpers import frames, make_app

LESSONS = load_lessons()
WORDS = {language: Translator(language) for language in ("zh", "en")}
TAUGHT_WITH = {A.PENG: A.PASS, A.CHI: A.PASS, A.KONG: A.PASS, A.HU: A.PASS}


def engine_facts(tutor: Tutor, kind: int) -> tuple[int, int, int]:
    """(shanten, useful tiles, risk %) of discarding `kind` now, from the engine's own
    shanten and effective tiles and Hard's deal-in chances."""
    view = tutor.state.view(PLAYER)
    counts = view.hand_counts()
    counts[kind] -= 1
    unseen = view.unseen_counts()
    risk = deal_in_risk(view)
    return (shanten(counts, tutor.state.rules),
            sum(unseen[k] for k in effective_tiles(counts, tutor.state.rules)),
            0 if risk is None else round(100 * float(risk[kind])))


def expected_reason(wrong: tuple[int, int, int], right: tuple[int, int, int]) -> str:
    (s, n, r), (bs, bn, br) = wrong, right
    if (bs, -bn) < (s, -n):
        return "shanten" if s != bs else "tiles"
    if r > br:
        return "safety_trade" if (s, -n) < (bs, -bn) else "safety"
    return "same" if (s, n, r) == (bs, bn, br) else ""


def check_wrong(tutor: Tutor, action: Action) -> str | None:
    """Play a wrong move; check its verdict; the reason key of a wrong discard measured
    against another (None for any other move)."""
    played = len(tutor.state.actions)
    verdict = tutor.play(action)
    assert not verdict.ok and len(tutor.state.actions) == played
    best = verdict.tiles.get("best")
    if action.kind != A.DISCARD or best is None or best == action.tile:
        assert verdict.reason == ""
        return None
    assert action.tile is not None
    wrong, right = engine_facts(tutor, action.tile), engine_facts(tutor, best)
    numbers = verdict.numbers
    assert (numbers["shanten"], numbers["count"], numbers["risk"]) == wrong
    assert (numbers["best_shanten"], numbers["best_count"], numbers["best_risk"]) == right
    assert verdict.reason == expected_reason(wrong, right), (tutor.lesson.id, action)
    if numbers["count"] > numbers["best_count"]:     # the bigger number is wrong: say why
        assert verdict.reason in ("shanten", "safety_trade")
    for language, t in WORDS.items():
        line = reason_words(verdict.reason, verdict.tiles, numbers, t, language)
        assert "{" not in line and line != WHY_KEYS[verdict.reason]
        assert tile_words(action.tile, language) in line and tile_words(best, language) in line
        said = {int(n) for n in re.findall(r"\d+", line)}
        assert {numbers["count"], numbers["best_count"]} <= said or verdict.reason == "safety"
        if verdict.reason.startswith("safety"):
            assert {numbers["risk"], numbers["best_risk"]} <= said
        ready = t("lesson.state.ready")
        if verdict.reason in ("shanten", "safety_trade"):
            for n in (numbers["shanten"], numbers["best_shanten"]):
                assert (ready in line) if n == 0 else (str(n) in line)
    return verdict.reason


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_wrong_move_says_its_true_reason(lesson: Lesson) -> None:
    tutor = Tutor(lesson)
    tutor.run_others()
    reasons = []
    while not tutor.finished:
        right = tutor.right_moves()
        for action in [a for a in tutor.legal() if a not in right]:
            reasons.append(check_wrong(tutor, action))
        assert tutor.play(right[0]).ok
        tutor.run_others()
    told = [r for r in reasons if r is not None]
    assert "" not in told and "same" not in told, \
        "a lesson never calls an equally good or better discard wrong"
    assert tutor.legal() == [] and tutor.right_moves() == []


def test_the_efficiency_lessons_ready_discard_beats_more_tiles_by_shanten() -> None:
    """The message players saw: 7s leaves 22 tiles, 9s only 8, and 9s is right."""
    tutor = Tutor(next(x for x in LESSONS if x.id == "efficiency"))
    tutor.run_others()
    tutor.play(tutor.right_moves()[0])
    tutor.run_others()
    seven = next(a for a in tutor.legal() if a.tile is not None and tile_words(a.tile, "en")
                 == "7 of bamboo")
    verdict = tutor.play(seven)
    assert verdict.reason == "shanten"
    assert (verdict.numbers["shanten"], verdict.numbers["best_shanten"]) == (1, 0)
    zh = reason_words(verdict.reason, verdict.tiles, verdict.numbers, WORDS["zh"], "zh")
    assert "打七条后离听牌还差 1 步" in zh and "打九条后已听牌" in zh


def test_the_defence_lesson_weighs_a_faster_hand_against_the_risk() -> None:
    tutor = Tutor(next(x for x in LESSONS if x.id == "defence"))
    tutor.run_others()
    tutor.play(tutor.right_moves()[0])
    tutor.run_others()
    four = next(a for a in tutor.legal() if a.tile is not None
                and tile_words(a.tile, "en") == "4 of bamboo")
    verdict = tutor.play(four)
    assert verdict.reason == "safety_trade"
    assert verdict.numbers["risk"] > verdict.numbers["best_risk"]


def test_only_lessons_from_the_ready_one_on_offer_it() -> None:
    offered = [lesson.ready_offered for lesson in LESSONS]
    first = next(i for i, lesson in enumerate(LESSONS) if lesson.teaches_ready)
    assert offered == [i >= first for i in range(len(LESSONS))]
    for lesson in LESSONS[:first]:
        tutor = Tutor(lesson)
        tutor.run_others()
        while not tutor.finished:
            assert not any(a.ready for a in tutor.legal())
            tutor.play(tutor.right_moves()[0])
            tutor.run_others()


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_every_bubble_shown_is_taught_and_none_is_left_at_the_end(tmp_path, index) -> None:
    taught = set()
    for lesson in LESSONS[:index + 1]:
        for step in lesson.steps:
            for pattern in step.accept:
                kind = "ready" if pattern == "ready" else pattern.split()[0]
                taught |= {kind, TAUGHT_WITH.get(kind, kind)}
    app = make_app(tmp_path)
    app.settings.anim_speed = 0.0
    app.scenes.push("lesson", index=index)
    page = app.scenes.top
    assert isinstance(page, LessonScene) and page.tutor is not None
    tutor = page.tutor
    for _ in range(200):
        frames(app, 2)
        shown = {o.kind for o in page.bubbles.options}
        assert shown <= taught, (tutor.lesson.id, tutor.step, shown - taught)
        if tutor.finished:
            break
        if tutor.player_to_act:
            page.play(tutor.right_moves()[0])
    assert tutor.finished
    frames(app, 2)
    assert page.bubbles.options == [] and page.hand.enabled == set() and tutor.legal() == []


def test_the_buttons_are_where_the_lessons_say() -> None:
    texts = [step.goal for lesson in LESSONS for step in lesson.steps]
    zh = [t["zh"] for t in texts if "「" in t["zh"] and "上方" in t["zh"]]
    assert zh and all("右上方" in text for text in zh)
    en = [t["en"] for t in texts if "button" in t["en"]]
    assert en and all("right end of your hand" in text for text in en)
