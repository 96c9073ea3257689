"""国标 (MCR) fan counting through pymahjonggb: known hands with values worked out by hand
from the 2006 rulebook, the 8-fan minimum, the payments, and malformed input refused by a
ValueError before it reaches the C++ calculator.

(The `mahjong` package counts riichi rules only, so it cannot be an oracle here.)"""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine.mcr import (
    BASE,
    MIN_FAN,
    guobiao_fan,
    guobiao_payments,
    is_legal_guobiao_win,
    mcr_fans,
)
from game.engine.mcr_fans import BY_LIBRARY_NAME, MCR_FANS
from game.engine.melds import Meld
from game.engine.tiles import NUM_KINDS, parse_tile
from game.engine.win_context import NotAWin, Win, WinContext
from game.rulesets import available_rulesets, load_ruleset
from game.score_input import parse_melds, read_win
from game.shell.i18n import LANGUAGES, load_strings
from game.ui.fan_keys import FAN_KEYS


def win(hand: str, tile: str, melds: str = "", **context: object) -> Win:
    return read_win(hand, tile, melds, WinContext(**context))  # type: ignore[arg-type]


@pytest.mark.parametrize("hand, tile, melds, context, fans", [
    # 花龙 (123m 456p 789s) 8, 门前清 2, a pung of 南 (neither seat nor round wind) 幺九刻 1
    ("123m456p789s11222z", "2z", "", {}, {"mixed_straight": 8, "concealed_hand": 2,
                                          "pung_of_terminals_or_honors": 1}),
    # self-drawn and concealed: 不求人 4 in place of 门前清 and 自摸; south seat: 门风刻 2,
    # which takes the place of 幺九刻
    ("123m456p789s11222z", "2z", "", {"self_drawn": True, "seat_wind": 1},
     {"mixed_straight": 8, "fully_concealed_hand": 4, "seat_wind": 2}),
    # the wall's last tile on a discard: 海底捞月 8; three flowers: 花牌 3
    ("123m456p789s11222z", "2z", "", {"last_tile": True, "flowers": 3},
     {"mixed_straight": 8, "last_tile_claim": 8, "concealed_hand": 2,
      "pung_of_terminals_or_honors": 1, "flower_tiles": 3}),
    # 十三幺 88 alone: it excludes 五门齐, 门前清 and 单钓将
    ("19m19p19s12345677z", "1m", "", {}, {"thirteen_orphans": 88}),
    # 七对 24 alone: it excludes 门前清 and 单钓将
    ("1122m3344p5566s77z", "7z", "", {}, {"seven_pairs": 24}),
    # 大四喜 88 + 字一色 64 + 四暗刻 64 + 单钓将 1 (大四喜 excludes the wind pungs' fans)
    ("11122233344455z", "5z", "", {}, {"big_four_winds": 88, "all_honors": 64,
                                       "four_concealed_pungs": 64, "single_wait": 1}),
    # 连七对 88 + 断幺 2 (it excludes 清一色, 七对, 门前清, 单钓将)
    ("22334455667788p", "8p", "", {}, {"seven_shifted_pairs": 88, "all_simples": 2}),
    # 全不靠 12 + 组合龙 12 (147m 258p 369s with five honors)
    ("147m258p369s12345z", "5z", "", {}, {"lesser_honors_and_knitted_tiles": 12,
                                          "knitted_straight": 12}),
    # 无番和: nothing else scores (three suits and a wind pair, no terminal pung)
    ("456s11z", "4s", "chi:234m,chi:567p,peng:888s", {}, {"chicken_hand": 8}),
    # 杠上开花 8 on a melded kong of 南: 五门齐 6, 幺九刻 1, 明杠 1, 单钓将 1
    ("123m456p789s55z", "5z", "kong:2222z", {"kong_draw": True, "self_drawn": True},
     {"mixed_straight": 8, "out_with_replacement_tile": 8, "all_types": 6,
      "pung_of_terminals_or_honors": 1, "melded_kong": 1, "single_wait": 1}),
    # robbing a kong of 8s: 抢杠和 8 (which excludes 和绝张); 8s in 789s is a closed wait
    ("123m456p789s11z", "8s", "peng:222z", {"robbed_kong": True},
     {"mixed_straight": 8, "robbing_the_kong": 8, "pung_of_terminals_or_honors": 1,
      "closed_wait": 1}),
    # the last 8s: 和绝张 4
    ("123m456p789s11z", "8s", "peng:222z", {"fourth_tile": True},
     {"mixed_straight": 8, "last_tile": 4, "pung_of_terminals_or_honors": 1,
      "closed_wait": 1}),
    # a concealed and a melded kong: 明暗杠 5 (the library's, for 暗杠 + 明杠)
    ("55m", "5m", "kong:1111z,ckong:2222z,peng:333z,peng:444z", {},
     {"big_four_winds": 88, "half_flush": 6, "single_wait": 1,
      "concealed_kong_and_melded_kong": 5}),
])
def test_known_hands(hand, tile, melds, context, fans):
    got = mcr_fans(win(hand, tile, melds, **context))
    assert dict(got) == fans and len(got) == len(fans)
    assert guobiao_fan(win(hand, tile, melds, **context)) == sum(fans.values())


def test_the_minimum_is_eight_fan_besides_the_flowers():
    # 平和 2, 断幺 2, 喜相逢 1 (678p 678s), 坎张 1: 6 fan
    hand = win("234m456p678s55s", "3m", "chi:678p")
    assert guobiao_fan(hand) == 6 and not is_legal_guobiao_win(hand)
    flowered = win("234m456p678s55s", "3m", "chi:678p", flowers=2)
    assert guobiao_fan(flowered) == MIN_FAN and not is_legal_guobiao_win(flowered)
    assert is_legal_guobiao_win(win("456s11z", "4s", "chi:234m,chi:567p,peng:888s"))


def test_a_hand_that_does_not_win_is_a_value_error():
    hand = win("123m456p789s11z235s", "5s")
    with pytest.raises(NotAWin, match="not a winning hand"):
        mcr_fans(hand)
    assert not is_legal_guobiao_win(hand)


@pytest.mark.parametrize("hand, tile, melds, context, named", [
    ("123m456p789s11z234s", "5s", "", {}, "not in the hand"),
    ("123m456p789s11z2345s", "5s", "", {}, "tiles in hand"),
    ("11111m456p789s111z", "1m", "", {}, "5 copies of 1m"),
    ("11m", "1m", "peng:111m,peng:222m,peng:333m,peng:444m,peng:555m", {}, "5 melds"),
    ("123m456p789s11z", "8s", "peng:1111z", {}, "pung is 3 identical"),
    ("123m456p789s11z", "8s", "chi:9m1p2p", {}, "chow"),
    ("123m456p789s11222z", "2z", "", {"seat_wind": 4}, "wind"),
    ("123m456p789s11222z", "2z", "", {"flowers": 9}, "flowers"),
    ("123m456p789s11222z", "2z", "", {"kong_draw": True}, "self-drawn"),
    ("123m456p789s11222z", "2z", "", {"robbed_kong": True, "self_drawn": True}, "robbed"),
])
def test_impossible_hands_never_reach_the_calculator(hand, tile, melds, context, named):
    with pytest.raises(ValueError, match=named) as info:
        mcr_fans(win(hand, tile, melds, **context))
    assert not isinstance(info.value, NotAWin)


def test_every_fan_has_a_key_and_names_in_both_languages():
    assert len(MCR_FANS) == 82 and len(BY_LIBRARY_NAME) == 82
    assert len({f.key for f in MCR_FANS}) == 82
    # the rulebook's 81 fans: 7 of 88, 6 of 64, 2 of 48, 3 of 32, 9 of 24, 6 of 16, 5 of 12,
    # 9 of 8, 7 of 6, 4 of 4, 10 of 2 and 13 of 1 (the flowers among them)
    values = [f.fan for f in MCR_FANS[:81]]
    assert [values.count(v) for v in (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)] == \
        [7, 6, 2, 3, 9, 6, 5, 9, 7, 4, 10, 13]
    strings = load_strings()
    assert set(FAN_KEYS) == {f.key for f in MCR_FANS}
    for key in FAN_KEYS.values():
        assert all(strings[key][language] for language in LANGUAGES)


@pytest.mark.parametrize("fan, winner, discarder, changes", [
    (11, 0, 2, [35, -8, -19, -8]),       # the discarder pays 8 + 11, the others 8
    (11, 1, None, [-19, 57, -19, -19]),  # self-drawn: 8 + 11 from each
])
def test_the_official_payments(fan, winner, discarder, changes):
    assert guobiao_payments(fan, winner, discarder) == changes


TILES = st.integers(0, NUM_KINDS - 1)


@settings(max_examples=300, deadline=None)
@given(st.lists(TILES, min_size=1, max_size=15), TILES,
       st.lists(st.tuples(st.sampled_from(["chi", "peng", "kong", "ckong"]),
                          st.lists(TILES, min_size=3, max_size=4)), max_size=5),
       st.builds(WinContext, st.booleans(), st.integers(-1, 9), st.integers(-1, 4),
                 st.integers(-1, 4), st.booleans(), st.booleans(), st.booleans(),
                 st.booleans()))
def test_any_tiles_score_or_raise_a_value_error(concealed, tile, melds, context):
    words = {"chi": "chi", "peng": "peng", "kong": "kong_direct", "ckong": "kong_concealed"}
    hand = Win(tuple(concealed), tuple(Meld(words[k], tuple(t)) for k, t in melds),
               tile, context)
    try:
        fans = mcr_fans(hand)
    except ValueError:
        return
    assert fans and all(fan > 0 for _key, fan in fans)


def test_meld_words_are_read():
    kinds = [m.kind for m in parse_melds("peng:555p, chi:123m,kong:7777s,ckong:1111z")]
    assert kinds == ["peng", "chi", "kong_direct", "kong_concealed"]
    assert parse_tile("5z") in win("123m456p789s1155z", "5z").concealed


def test_the_guobiao_ruleset_agrees_with_the_scorer():
    """国标's ruleset data says what the adapter does: 144 tiles, the 8-fan minimum,
    8 + fan payments, 16 hands; offered wherever a ruleset is chosen."""
    ruleset = load_ruleset("guobiao")
    gb = ruleset.guobiao
    assert gb is not None and ruleset.wall_size == 144 and ruleset.players == 4
    assert gb.min_fan == MIN_FAN and gb.base == BASE and gb.hands_per_wind * 4 == 16
    assert ruleset.default_match_length == 16
    assert "guobiao" in available_rulesets()
    assert sum(guobiao_payments(20, 3, 0)) == 0 and guobiao_payments(20, 3, 0)[0] == -(BASE + 20)


SETS = st.one_of(
    st.tuples(st.just("chi"), st.integers(0, 26).filter(lambda k: k % 9 <= 6)),
    st.tuples(st.sampled_from(["peng", "kong", "ckong"]), st.integers(0, NUM_KINDS - 1)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(SETS, st.booleans()), min_size=4, max_size=4),
       st.integers(0, NUM_KINDS - 1), st.data())
def test_every_regular_win_is_counted_in_known_fans(sets, pair, data):
    """Four sets and a pair, some of the sets exposed: the calculator counts it (a kong is
    always a meld: concealed tiles hold no kong)."""
    words = {"chi": "chi", "peng": "peng", "kong": "kong_direct", "ckong": "kong_concealed"}
    concealed, melds = [pair, pair], []
    for (kind, first), exposed in sets:
        tiles = (first, first + 1, first + 2) if kind == "chi" else (first,) * (
            3 if kind == "peng" else 4)
        if exposed or len(tiles) == 4:
            melds.append(Meld(words[kind], tiles, tiles[0]))
        else:
            concealed += tiles
    counts = [concealed.count(k) + sum(m.tiles.count(k) for m in melds)
              for k in range(NUM_KINDS)]
    assume(max(counts) <= 4)
    hand = Win(tuple(concealed), tuple(melds), data.draw(st.sampled_from(concealed)),
               WinContext(self_drawn=data.draw(st.booleans())))
    fans = mcr_fans(hand)
    keys = {f.key for f in MCR_FANS}
    assert fans and all(key in keys and fan > 0 for key, fan in fans)
    assert is_legal_guobiao_win(hand) == (sum(fan for key, fan in fans
                                               if key != "flower_tiles") >= MIN_FAN)
