"""Walls built to order: reproduce a situation exactly (tests, debug scenarios)."""
from __future__ import annotations

from collections.abc import Sequence

from .ruleset import Ruleset
from .tiles import tile_name


class ScenarioError(ValueError):
    """A scenario whose tiles do not fit the ruleset's tile set."""


def scenario_wall(
    ruleset: Ruleset,
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    replacements: Sequence[int] = (),
    dealer: int = 0,
    flowers: bool = False,
) -> list[int]:
    """A wall that deals `hands` (indexed by seat; the dealer's has 14 tiles), then gives
    `draws` in order from the front and `replacements` in order from the back; every
    other tile of the set lies in between, in sorted order (with `flowers`, 国标's
    flowers last, just before the replacements: a full wall nobody reaches them in).
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
    if flowers and ruleset.guobiao is not None:
        left.update((k, 1) for k in ruleset.guobiao.flower_kinds())
    for t in front + back:
        if left.get(t, 0) <= 0:
            raise ScenarioError(f"too many copies of {tile_name(t)} for this tile set")
        left[t] -= 1
    middle = [k for k in sorted(left) for _ in range(left[k])]
    return front + middle + back
