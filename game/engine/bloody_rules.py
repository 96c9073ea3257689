"""The data of a 血战到底 ruleset (its "bloody" object): 换三张, how a self-drawn win is
rewarded, the fan cap and the fan of the wins' circumstances."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SELF_DRAW_MODES = ("point", "fan")   # 自摸加底 (one more point from each payer) or 自摸加番
BONUSES = ("root", "kong_bloom", "kong_shot", "robbed_kong", "last_tile", "heavenly",
           "earthly", "self_draw")
MAX_FAN = 16


@dataclass(frozen=True)
class BloodyRules:
    """How a 血战到底 hand is played and paid beyond the common ruleset fields."""

    swap: bool                     # 换三张 before 定缺
    self_draw: str                 # "point" (自摸加底) or "fan" (自摸加番)
    cap_fan: int                   # 封顶: a win pays 2^(fan-1) points, fan at most this
    bonus: dict[str, int]          # fan of 根 (each) and of the circumstances of a win

    def points(self, fan: int) -> int:
        """The points of a win of `fan` after the cap."""
        return 1 << (min(fan, self.cap_fan) - 1)


def bloody_rules(data: Any) -> BloodyRules | None:
    """The "bloody" object of a ruleset read (None when absent); ValueError or TypeError names a fault."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise TypeError("'bloody' must be an object")
    swap, mode, cap, bonus = (data.get(k) for k in ("swap", "self_draw", "cap_fan", "bonus"))
    if type(swap) is not bool:
        raise ValueError("'bloody.swap' must be true or false")
    if mode not in SELF_DRAW_MODES:
        raise ValueError("'bloody.self_draw' must be \"point\" or \"fan\"")
    if type(cap) is not int or not 1 <= cap <= MAX_FAN:
        raise ValueError(f"'bloody.cap_fan' must be a whole number from 1 to {MAX_FAN}")
    if not isinstance(bonus, dict) or sorted(bonus) != sorted(BONUSES) or any(
            type(v) is not int or not 0 <= v <= MAX_FAN for v in bonus.values()):
        raise ValueError(f"'bloody.bonus' must give each of {', '.join(BONUSES)} "
                         f"a fan from 0 to {MAX_FAN}")
    return BloodyRules(swap, str(mode), cap, {k: int(bonus[k]) for k in BONUSES})
