"""The data of a 国标麻将 ruleset (its "guobiao" object): the flowers in the wall, the
fan minimum, the base every payer pays and how many hands each prevailing wind lasts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .tiles import NUM_KINDS

FLOWER_KINDS = 8    # 春夏秋冬梅兰竹菊: wall tiles 34-41, never in a hand


@dataclass(frozen=True)
class GuobiaoRules:
    """How a 国标 hand is dealt, won and paid beyond the common ruleset fields."""

    flowers: int          # flower tiles in the wall (8), each set aside and replaced (补花)
    min_fan: int          # the smallest legal win, flowers not counted (8)
    base: int             # what every payer pays besides the fan (8)
    hands_per_wind: int   # hands a prevailing wind lasts (4)

    def flower_kinds(self) -> range:
        """The wall's flower tiles: kinds just past the 34 of play."""
        return range(NUM_KINDS, NUM_KINDS + self.flowers)


def guobiao_rules(data: Any) -> GuobiaoRules | None:
    """The "guobiao" object of a ruleset read (None when absent); ValueError or TypeError
    names a fault."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise TypeError("'guobiao' must be an object")
    values = [data.get(k) for k in ("flowers", "min_fan", "base", "hands_per_wind")]
    numbers = [v for v in values if type(v) is int]
    if len(numbers) != len(values):
        raise ValueError("'guobiao' needs whole numbers flowers, min_fan, base, hands_per_wind")
    flowers, min_fan, base, per_wind = numbers
    if flowers not in (0, FLOWER_KINDS):
        raise ValueError(f"'guobiao.flowers' is 0 or {FLOWER_KINDS}")
    if not 0 <= min_fan <= 88 or not 0 <= base <= 100 or not 1 <= per_wind <= 16:
        raise ValueError("'guobiao' min_fan 0-88, base 0-100, hands_per_wind 1-16")
    return GuobiaoRules(flowers, min_fan, base, per_wind)
