"""血战到底's fan: `xuezhan_score` adds up a winning hand's fan (its patterns from the
registry, 根, the win's circumstances) and its points after the cap."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .melds import Meld
from .patterns import PATTERNS, WinningHand, kind_totals
from .tiles import NUM_KINDS, suit_of

if TYPE_CHECKING:
    from .ruleset import Ruleset

# A pattern that stands for others, which then do not count as well
SUPERSEDES = {
    "dragon_seven_pairs": ("seven_pairs",),
    "pure_triplets": ("one_suit", "all_triplets"),
    "all_258_triplets": ("all_triplets",),
}
CONTEXT_ORDER = ("heavenly", "earthly", "kong_bloom", "kong_shot", "robbed_kong", "last_tile",
                 "self_draw")


def roots(hand: WinningHand) -> int:
    """根: the kinds the hand holds all four of (as a kong, or in hand and melds)."""
    return kind_totals(hand).count(4)


@dataclass(frozen=True)
class WinContext:
    """The circumstances of a win, which add fan."""

    self_drawn: bool = False
    kong_bloom: bool = False     # 杠上开花: self-drawn with a kong's replacement tile
    kong_shot: bool = False      # 杠上炮: on the discard after the discarder's kong
    robbed_kong: bool = False    # 抢杠胡
    last_tile: bool = False      # 海底捞月: self-drawn with the wall's last tile
    heavenly: bool = False       # 天胡: the dealer's dealt hand wins
    earthly: bool = False        # 地胡: another seat's first draw wins, before any claim


@dataclass(frozen=True)
class XuezhanScore:
    """A 血战到底 win: its fan (before the cap), the itemised patterns with their fan,
    and the points each payer pays (after the cap; with 自摸加底 for a self-draw)."""

    fan: int
    patterns: tuple[tuple[str, int], ...]
    points: int

    @property
    def name(self) -> str:
        """The hand's leading pattern: its highest-fan hand pattern."""
        shapes = [p for p in self.patterns if p[0] not in CONTEXT_ORDER and p[0] != "root"]
        return max(shapes, key=lambda p: p[1])[0] if shapes else self.patterns[0][0]


def xuezhan_score(concealed_with_win: Sequence[int], melds: Sequence[Meld], win_tile: int,
                  context: WinContext, ruleset: Ruleset) -> XuezhanScore:
    """The fan and points of a 血战到底 winning hand.

    `concealed_with_win`: the 34 concealed counts, the winning tile included; `melds`:
    the melds laid down; `win_tile`: the tile won on. ValueError for a hand that does not
    win, holds all three suits (no void), or a ruleset that is not 血战到底."""
    rules = ruleset.bloody
    if rules is None:
        raise ValueError(f"ruleset '{ruleset.id}' is not a 血战到底 ruleset")
    if len(concealed_with_win) != NUM_KINDS or not concealed_with_win[win_tile]:
        raise ValueError("the winning tile is not in the hand")
    hand = WinningHand(concealed_with_win, melds, ruleset.hand_rules)
    if not hand.is_win:
        raise ValueError("not a winning hand")
    suits = {suit_of(k) for k in range(NUM_KINDS) if concealed_with_win[k]}
    suits |= {suit_of(m.tiles[0]) for m in melds}
    if len(suits) > 2 or 3 in suits:
        raise ValueError("a 血战到底 win holds at most two suits (one is void)")
    fans = ruleset.patterns
    met = [name for name in fans if name == "basic" or PATTERNS[name](hand)]
    gone = {old for name in met for old in SUPERSEDES.get(name, ())}
    items = [(name, fans[name]) for name in met if name not in gone]
    bonus = rules.bonus
    extra_roots = roots(hand) - ("dragon_seven_pairs" in met)
    if extra_roots > 0 and bonus["root"]:
        items.append(("root", bonus["root"] * extra_roots))
    happened = (context.heavenly, context.earthly, context.kong_bloom, context.kong_shot,
                context.robbed_kong, context.last_tile,
                context.self_drawn and rules.self_draw == "fan")
    for name, on in zip(CONTEXT_ORDER, happened):
        if on and bonus[name]:
            items.append((name, bonus[name]))
    fan = sum(f for _, f in items)
    points = rules.points(fan) + (context.self_drawn and rules.self_draw == "point")
    return XuezhanScore(fan, tuple(items), points)



def fan_items(applicable: Sequence[str], fan: int,
              ruleset: Ruleset) -> tuple[tuple[str, int], ...] | None:
    """A 血战到底 win's fan item by item, in its patterns' order (`applicable`): each
    pattern's fan from the ruleset, 根 the rest (the win's `fan` is their sum). None for
    another ruleset, or where the items do not add up to the win's fan."""
    rules = ruleset.bloody
    if rules is None:
        return None
    fans = {n: ruleset.patterns.get(n, rules.bonus.get(n, 0)) for n in applicable if n != "root"}
    rest = fan - sum(fans.values())
    if rest != 0 and ("root" not in applicable or rest < 0):
        return None
    return tuple((n, fans.get(n, rest)) for n in applicable)
