"""How the analysis reads a concealed hand: by hand rules alone (any of the 34 kinds), or
by a ruleset's own rules — its tiles, its hand rules and its winning shapes. 国标's
extra shapes (十三幺, 全不靠 / 七星不靠, 组合龙) are beyond the engine's shanten: there the
shanten is the lower of the engine's and the shapes' own (game.engine.gb_shanten), and
the wins, waits and effective tiles come from the ruleset's win test and that shanten
tried over every kind of the ruleset."""
from __future__ import annotations

from collections.abc import Sequence

from game.engine.efficiency import discard_options
from game.engine.gb_shanten import shape_shanten
from game.engine.gb_shapes import guobiao_win_test
from game.engine.hands import DEFAULT_RULES, HandRules, is_win, shanten, waits, win_test
from game.engine.ruleset import Ruleset
from game.engine.tiles import MAX_COPIES, NUM_KINDS, tile_name

Options = list[tuple[int, int, list[int]]]


class HandReading:
    """Shanten, win, waits and discard options of hands read by one set of rules."""

    def __init__(self, rules: HandRules = DEFAULT_RULES, ruleset: Ruleset | None = None) -> None:
        self.ruleset = ruleset
        self.rules = ruleset.hand_rules if ruleset is not None else rules
        self.kinds = ruleset.tile_kinds if ruleset is not None else tuple(range(NUM_KINDS))
        self._in_play = frozenset(self.kinds)
        self.shapes = ruleset is not None and ruleset.guobiao is not None
        self._wins = guobiao_win_test(win_test(self.rules))

    def refusal(self, counts: Sequence[int]) -> str | None:
        """Why the ruleset cannot read `counts` (tiles it does not play with), or None."""
        strays = [k for k in range(NUM_KINDS) if counts[k] and k not in self._in_play]
        if not strays or self.ruleset is None:
            return None
        names = " ".join(tile_name(k) for k in strays)
        return f"{names}: not a tile of ruleset {self.ruleset.id!r}"

    def shanten(self, counts: Sequence[int]) -> int:
        now = shanten(counts, self.rules)
        return shape_shanten(counts, now) if self.shapes else now

    def is_win(self, counts: Sequence[int]) -> bool:
        """Whether the 3n+2 concealed hand is complete."""
        if self.shapes:
            return sum(counts) % 3 == 2 and self._wins(list(counts))
        return is_win(counts, self.rules)

    def waits(self, counts: Sequence[int]) -> list[int]:
        """The kinds of the ruleset completing the 3n+1 hand (not a fifth copy)."""
        if not self.shapes:
            return [k for k in waits(counts, self.rules) if k in self._in_play]
        hand = list(counts)
        out = []
        for k in self.kinds:
            if hand[k] < MAX_COPIES:
                hand[k] += 1
                if self._wins(hand):
                    out.append(k)
                hand[k] -= 1
        return out

    def discard_options(self, counts: Sequence[int]) -> Options:
        """For a 3n+2 hand, per kind held: the shanten after discarding it and the
        kinds of the ruleset whose draw then lowers it."""
        if not self.shapes:
            return [(k, after, [e for e in effective if e in self._in_play])
                    for k, after, effective in discard_options(counts, self.rules)]
        hand = list(counts)
        out: Options = []
        for k in range(NUM_KINDS):
            if hand[k]:
                hand[k] -= 1
                after = self.shanten(hand)
                out.append((k, after, self._lowering(hand, after)))
                hand[k] += 1
        return out

    def _lowering(self, hand: list[int], now: int) -> list[int]:
        out = []
        for k in self.kinds:
            if hand[k] < MAX_COPIES:
                hand[k] += 1
                if self.shanten(hand) < now:
                    out.append(k)
                hand[k] -= 1
        return out
