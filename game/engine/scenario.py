"""Walls built to order: reproduce a situation exactly (tests, debug scenarios)."""
from __future__ import annotations

from collections.abc import Sequence

from .ruleset import Ruleset
from .tiles import NUM_KINDS
from .wall_notation import wall_tile_name


class ScenarioError(ValueError):
    """A scenario whose tiles do not fit the ruleset's tile set."""


def scenario_wall(
    ruleset: Ruleset,
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    replacements: Sequence[int] = (),
    dealer: int = 0,
) -> list[int]:
    """A wall that deals `hands` (indexed by seat; the dealer's has 14 tiles), then gives
    `draws` in order from the front and `replacements` in order from the back; every
    other tile of the set lies in between, in sorted order.

    国标: a hand, the draws and the replacements may hold flowers (kinds 34-41). A flower
    dealt or drawn is set aside and replaced from the back: the replacements serve the
    deal first (each seat from the dealer on), then play. Flowers not placed lie in the
    middle of the wall, far from both ends.
    """
    n = ruleset.players
    if len(hands) != n:
        raise ScenarioError(f"{len(hands)} hands given for {n} players")
    for seat, hand in enumerate(hands):
        want = ruleset.hand_size + (1 if seat == dealer else 0)
        if len(hand) != want:
            raise ScenarioError(f"seat {seat} has {len(hand)} tiles; it should have {want}")
    front = [t for i in range(n) for t in hands[(dealer + i) % n]] + list(draws)
    back = list(reversed(replacements))
    left = {k: ruleset.copies for k in ruleset.tile_kinds}
    flowers = ruleset.guobiao.flower_kinds() if ruleset.guobiao is not None else ()
    left.update((k, 1) for k in flowers)
    for t in front + back:
        if left.get(t, 0) <= 0:
            if t >= NUM_KINDS and not flowers:
                raise ScenarioError(f"{wall_tile_name(t)}: this ruleset has no flowers")
            raise ScenarioError(f"too many copies of {wall_tile_name(t)} for this tile set")
        left[t] -= 1
    middle = [k for k in sorted(left) if k < NUM_KINDS for _ in range(left[k])]
    half = len(middle) // 2
    unplaced = [k for k in flowers if left[k]]
    return front + middle[:half] + unplaced + middle[half:] + back
