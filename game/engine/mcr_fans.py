"""The fans of 国标麻将 (Mahjong Competition Rules, MCR 2006) as pymahjonggb counts them:
each row is our key, the Chinese name the library returns, and the fan of one instance.

The 81 fans of the rulebook, in the rulebook's order, then 明暗杠 (a concealed kong with a
melded kong, 5 fan), which the library scores in place of 暗杠 + 明杠. The names players
read (zh and en) are in the translation tables under each key.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple


class McrFan(NamedTuple):
    key: str
    library: str    # the name MahjongFanCalculator returns
    fan: int


MCR_FANS = tuple(McrFan(*row) for row in (
    ("big_four_winds", "大四喜", 88), ("big_three_dragons", "大三元", 88),
    ("all_green", "绿一色", 88), ("nine_gates", "九莲宝灯", 88), ("four_kongs", "四杠", 88),
    ("seven_shifted_pairs", "连七对", 88), ("thirteen_orphans", "十三幺", 88),
    ("all_terminals", "清幺九", 64), ("little_four_winds", "小四喜", 64),
    ("little_three_dragons", "小三元", 64), ("all_honors", "字一色", 64),
    ("four_concealed_pungs", "四暗刻", 64), ("pure_terminal_chows", "一色双龙会", 64),
    ("quadruple_chow", "一色四同顺", 48), ("four_pure_shifted_pungs", "一色四节高", 48),
    ("four_pure_shifted_chows", "一色四步高", 32), ("three_kongs", "三杠", 32),
    ("all_terminals_and_honors", "混幺九", 32),
    ("seven_pairs", "七对", 24), ("greater_honors_and_knitted_tiles", "七星不靠", 24),
    ("all_even_pungs", "全双刻", 24), ("full_flush", "清一色", 24),
    ("pure_triple_chow", "一色三同顺", 24), ("pure_shifted_pungs", "一色三节高", 24),
    ("upper_tiles", "全大", 24), ("middle_tiles", "全中", 24), ("lower_tiles", "全小", 24),
    ("pure_straight", "清龙", 16), ("three_suited_terminal_chows", "三色双龙会", 16),
    ("pure_shifted_chows", "一色三步高", 16), ("all_fives", "全带五", 16),
    ("triple_pung", "三同刻", 16), ("three_concealed_pungs", "三暗刻", 16),
    ("lesser_honors_and_knitted_tiles", "全不靠", 12), ("knitted_straight", "组合龙", 12),
    ("upper_four", "大于五", 12), ("lower_four", "小于五", 12),
    ("big_three_winds", "三风刻", 12),
    ("mixed_straight", "花龙", 8), ("reversible_tiles", "推不倒", 8),
    ("mixed_triple_chow", "三色三同顺", 8), ("mixed_shifted_pungs", "三色三节高", 8),
    ("chicken_hand", "无番和", 8), ("last_tile_draw", "妙手回春", 8),
    ("last_tile_claim", "海底捞月", 8), ("out_with_replacement_tile", "杠上开花", 8),
    ("robbing_the_kong", "抢杠和", 8),
    ("all_pungs", "碰碰和", 6), ("half_flush", "混一色", 6),
    ("mixed_shifted_chows", "三色三步高", 6), ("all_types", "五门齐", 6),
    ("melded_hand", "全求人", 6), ("two_concealed_kongs", "双暗杠", 6),
    ("two_dragon_pungs", "双箭刻", 6),
    ("outside_hand", "全带幺", 4), ("fully_concealed_hand", "不求人", 4),
    ("two_melded_kongs", "双明杠", 4), ("last_tile", "和绝张", 4),
    ("dragon_pung", "箭刻", 2), ("prevalent_wind", "圈风刻", 2), ("seat_wind", "门风刻", 2),
    ("concealed_hand", "门前清", 2), ("all_chows", "平和", 2), ("tile_hog", "四归一", 2),
    ("double_pung", "双同刻", 2), ("two_concealed_pungs", "双暗刻", 2),
    ("concealed_kong", "暗杠", 2), ("all_simples", "断幺", 2),
    ("pure_double_chow", "一般高", 1), ("mixed_double_chow", "喜相逢", 1),
    ("short_straight", "连六", 1), ("two_terminal_chows", "老少副", 1),
    ("pung_of_terminals_or_honors", "幺九刻", 1), ("melded_kong", "明杠", 1),
    ("one_voided_suit", "缺一门", 1), ("no_honors", "无字", 1),
    ("edge_wait", "独听・边张", 1), ("closed_wait", "独听・嵌张", 1),
    ("single_wait", "独听・单钓", 1), ("self_drawn", "自摸", 1),
    ("flower_tiles", "花牌", 1),
    ("concealed_kong_and_melded_kong", "明暗杠", 5),
))
"""Every fan the library can return, the rulebook's 81 first."""

BY_LIBRARY_NAME = {fan.library: fan for fan in MCR_FANS}
UNIT_FAN = {fan.key: fan.fan for fan in MCR_FANS}   # the fan of one instance of each fan
FLOWER_FAN = "flower_tiles"


def fan_counts(applicable: Iterable[str]) -> list[tuple[str, int, int]]:
    """A 国标 win's fans as (key, times met, fan in all), in the order first met: each
    instance of a fan is one entry of the win's patterns (the flowers: one per flower)."""
    return [(key, times, UNIT_FAN[key] * times)
            for key, times in Counter(applicable).items() if key in UNIT_FAN]
