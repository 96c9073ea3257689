"""The line breaker: Chinese breaks between any two characters, punctuation stays with its
text, English breaks at spaces, and nothing is lost."""
from __future__ import annotations

import random

import pytest

from game.render.linebreak import NO_END, NO_START, break_lines, units


def width(text: str) -> int:
    """Ten pixels a character: easy to reason about."""
    return 10 * len(text)


def test_chinese_breaks_between_any_two_characters():
    assert break_lines("有人打牌后其余各家可以选择", 50, width) == [
        "有人打牌后", "其余各家可", "以选择"]


def test_closing_punctuation_never_starts_a_line():
    lines = break_lines("优先级：胡 > 杠 > 碰 > 吃。所有人都回答", 170, width)
    assert lines[0] == "优先级：胡 > 杠 > 碰 >"
    assert lines[1].startswith("吃。"), "the full stop takes the character before it along"
    lines = break_lines("一二三四五六七八九。」之后", 90, width)
    assert lines[0] == "一二三四五六七八" and lines[1].startswith("九。」")


def test_opening_punctuation_never_ends_a_line():
    lines = break_lines("一二三四五六（七八九十", 70, width)
    assert lines[0] == "一二三四五六" and lines[1].startswith("（七")


def test_english_breaks_at_spaces_and_long_words_are_cut():
    assert break_lines("a ready player wins", 100, width) == ["a ready", "player", "wins"]
    assert break_lines("abcdefghijkl", 50, width) == ["abcde", "fghij", "kl"]
    assert units("共 108 张") == ["共 ", "108 ", "张"]


@pytest.mark.parametrize("seed", range(30))
def test_random_text_keeps_every_character_and_the_rules(seed):
    rng = random.Random(seed)
    alphabet = list("麻将规则胡杠碰吃万筒条") + list("。，、）》「（") + ["word ", "ab", " "]
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 80))).strip() or "麻"
    w = rng.randrange(30, 200)
    lines = break_lines(text, w, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for i, line in enumerate(lines):
        assert width(line) <= w or len(units(line)) == 1 or line[0] in NO_START \
            or len(line) <= 2
        if i and len(lines[i - 1]) > 1:
            assert line[:1] not in NO_START or lines[i - 1][-1:] in NO_START
        if i + 1 < len(lines) and len(line) > 1:
            assert line[-1:] not in NO_END
