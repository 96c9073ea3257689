"""血战到底 scoring in hand notation: each pattern's fan, 根, the circumstances of a win,
the cap and 自摸加底 / 自摸加番."""
from __future__ import annotations

import copy

import pytest

from game.engine.bloody_score import WinContext, xuezhan_score
from game.engine.melds import PENG, Meld
from game.engine.ruleset import ruleset_from_dict
from game.engine.tiles import parse_counts, parse_tile, parse_tiles
from game.rulesets import load_ruleset

XZ = load_ruleset("xuezhan")


def variant(**bloody: object):
    data = copy.deepcopy(XZ.source)
    data["bloody"].update(bloody)
    return ruleset_from_dict(data)


def score(hand: str, win: str, melds: str = "", ruleset=XZ, **context: bool):
    pengs = [Meld(PENG, (t, t, t), t, 1) for t in parse_tiles(melds)]
    return xuezhan_score(parse_counts(hand, 14), pengs, parse_tile(win), WinContext(**context),
                         ruleset)


@pytest.mark.parametrize(("hand", "win", "melds", "patterns", "points"), [
    ("123m456m789m11p456p", "4p", "", {"basic": 1}, 1),                        # 平胡
    ("111m222m333p444p55p", "5p", "", {"basic": 1, "all_triplets": 1}, 2),     # 对对胡
    ("123m456m789m11m456m", "4m", "", {"basic": 1, "one_suit": 2}, 4),         # 清一色
    ("1122m3344p5566p77p", "7p", "", {"basic": 1, "seven_pairs": 2}, 4),       # 七对
    ("1111m22m33p44p55p66p", "6p", "", {"basic": 1, "dragon_seven_pairs": 3}, 8),  # 龙七对
    ("111m222m333m444m55m", "5m", "", {"basic": 1, "pure_triplets": 3}, 8),    # 清对
    ("222m555m888m222p55p", "5p", "", {"basic": 1, "all_258_triplets": 3}, 8),  # 将对
    ("55m", "5m", "1m7m2p3p", {"basic": 1, "all_triplets": 1, "golden_hook": 1}, 4),  # 金钩钓
    ("123m789m111p789p99p", "9p", "", {"basic": 1, "terminal_sets": 2}, 4),     # 带幺九
    ("111m123m456p789p55p", "5p", "", {"basic": 1, "root": 1}, 2),              # 根
    ("1111m2222m33p44p55p", "5p", "", {"basic": 1, "dragon_seven_pairs": 3, "root": 1}, 16),
    ("1122m3344m5566m77m", "7m", "", {"basic": 1, "one_suit": 2, "seven_pairs": 2}, 16),  # 清七对
])
def test_each_pattern_and_its_points(hand, win, melds, patterns, points):
    result = score(hand, win, melds)
    assert dict(result.patterns) == patterns
    assert result.fan == sum(patterns.values())
    assert result.points == points


def test_the_cap_bounds_the_points_not_the_fan():
    result = score("1111m2233m4455m66m", "6m")   # 清龙七对: 1 + 2 + 3 = 6 fan, over the cap
    assert result.fan == 6
    assert result.points == 1 << (XZ.bloody.cap_fan - 1) == 16
    assert variant(cap_fan=3).bloody.points(6) == 4


@pytest.mark.parametrize("circumstance", ["kong_bloom", "kong_shot", "robbed_kong",
                                          "last_tile"])
def test_each_circumstance_adds_a_fan(circumstance):
    result = score("123m456m789m11p456p", "4p", **{circumstance: True})
    assert dict(result.patterns) == {"basic": 1, circumstance: 1}
    assert result.points == 2


def test_heavenly_and_earthly_hands_pay_the_cap():
    for which in ("heavenly", "earthly"):
        result = score("123m456m789m11p456p", "4p", self_drawn=True, **{which: True})
        assert result.points == 16 + 1   # the cap, and 自摸加底


def test_self_draw_adds_a_point_or_a_fan_as_the_ruleset_says():
    assert score("123m456m789m11p456p", "4p", self_drawn=True).points == 2   # 自摸加底
    by_fan = score("123m456m789m11p456p", "4p", ruleset=variant(self_draw="fan"), self_drawn=True)
    assert dict(by_fan.patterns) == {"basic": 1, "self_draw": 1}
    assert by_fan.points == 2


@pytest.mark.parametrize(("hand", "win", "ruleset", "error"), [
    ("123m456m789p11s456s", "4s", XZ, "two suits"),           # no void: three suits
    ("123m456m789m11p457p", "4p", XZ, "not a winning hand"),
    ("123m456m789m11p456p", "9p", XZ, "not in the hand"),
    ("123m456m789m11p456p", "4p", load_ruleset("dazhong"), "not a 血战到底"),
])
def test_what_is_not_a_xuezhan_win_is_refused(hand, win, ruleset, error):
    with pytest.raises(ValueError, match=error):
        score(hand, win, ruleset=ruleset)
