"""What the player's hints say, from the player's seat's view alone (no pygame): per
discard, the shanten left and the effective tiles (进张) with their unseen copies; per
kind, how dangerous a discard is by Hard's own reading of the opponents (ai.hard); and
why the suggested discard is Hard's choice where the other hints make another look
better (game.shell.adviser.turn_reading: the numbers Hard decided with)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ai.hard import deal_in_risk
from game.analyze import discard_table
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import HandRules
from game.engine.view import PlayerView
from game.shell.adviser import turn_reading

SAFE, LOW, MEDIUM, HIGH = range(4)
# upper bounds of the deal-in chance of the levels below HIGH
DANGER_BOUNDS = (0.02, 0.06, 0.15)
RISK_STEP = 0.005   # a deal-in chance this much lower makes a discard "safer" (a reason)


@dataclass(frozen=True)
class Efficiency:
    """A hand after one discard: its shanten (0: ready, the tiles are then its waits) and
    the tiles that lower it, each with its copies unseen from the seat (none listed at 0)."""

    shanten: int
    tiles: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


@dataclass(frozen=True)
class Hints:
    """The hints of one moment of the seat's turn: per kind in hand, its Efficiency (empty
    when that hint is off) and its danger level (empty when off or nobody threatens)."""

    efficiency: dict[int, Efficiency]
    danger: dict[int, int]


def danger_level(chance: float) -> int:
    """SAFE, LOW, MEDIUM or HIGH for a deal-in chance."""
    return next((level for level, bound in enumerate(DANGER_BOUNDS) if chance < bound), HIGH)


def efficiency(counts: tuple[int, ...], unseen: tuple[int, ...],
               rules: HandRules) -> dict[int, Efficiency]:
    """Per kind of a 3n+2 hand (`counts`): the hand after discarding it ({} for another
    size); `unseen`: copies of each kind the seat cannot see."""
    if sum(counts) % 3 != 2:
        return {}
    return {kind: Efficiency(after, tuple(tiles))
            for kind, after, tiles in discard_table(counts, unseen, rules)}


def danger(view: PlayerView) -> dict[int, int]:
    """Per kind in the seat's hand, the danger level of discarding it; {} while no
    opponent has declared 报听 or looks ready (see ai.hard.deal_in_risk)."""
    risk = deal_in_risk(view)
    if risk is None:
        return {}
    return {kind: danger_level(float(risk[kind])) for kind in set(view.hand)}


@lru_cache(maxsize=8)
def hints_for(view: PlayerView, rules: HandRules, show_efficiency: bool,
              show_danger: bool) -> Hints:
    """The hints the switches ask for, read from `view` (the seat's own knowledge)."""
    return Hints(
        efficiency(tuple(view.hand_counts()), tuple(view.unseen_counts()), rules)
        if show_efficiency else {},
        danger(view) if show_danger else {})


@dataclass(frozen=True)
class Reason:
    """Why the suggested discard `tile` beats `other`, which a hint makes look better:
    `key` "risk" (the suggestion is riskier than the safest tile `other`, and still worth
    more), "risk_far" (the same, the safest tile not weighed: it is `steps` further from
    ready), "ready" / "closer" (`other` has more useful tiles, `other_total`, but is
    `steps` further from ready), "safer" (the same distance, less risk) or "value" (the
    same distance and risk, more expected points). `risks` and `points` (the deal-in
    chance and expected points of the suggestion, then of `other`) are Hard's own."""

    key: str
    tile: int
    other: int
    ready: bool = False          # the suggestion declares 报听
    risks: tuple[float, float] = (0.0, 0.0)
    points: tuple[float, float] = (0.0, 0.0)
    steps: int = 0
    other_total: int = 0


def _discard(suggested: Action | None) -> int | None:
    return suggested.tile if suggested is not None and suggested.kind == A.DISCARD else None


@lru_cache(maxsize=8)
def danger_reason(view: PlayerView, rules: HandRules, legal: tuple[Action, ...],
                  suggested: Action | None) -> Reason | None:
    """Why the suggested discard is worth its danger, when the danger colours mark it
    above the safest tile of the hand; None otherwise."""
    tile = _discard(suggested)
    levels = danger(view)
    if tile is None or suggested is None or not levels \
            or levels.get(tile, HIGH) == min(levels.values()):
        return None
    risk = deal_in_risk(view)
    assert risk is not None
    safe = min(levels, key=lambda k: (float(risk[k]), k))
    reading = turn_reading(view, legal)
    mine, theirs = reading.discards.get(tile), reading.discards.get(safe)
    if mine is None:
        return None
    base = Reason("risk", tile, safe, suggested.ready, (mine.risk, float(risk[safe])),
                  (mine.score, 0.0))
    if theirs is not None:
        return replace(base, points=(mine.score, theirs.score))
    after = efficiency(tuple(view.hand_counts()), tuple(view.unseen_counts()), rules)
    return replace(base, key="risk_far", steps=after[safe].shanten - mine.shanten)


@lru_cache(maxsize=8)
def draws_reason(view: PlayerView, rules: HandRules, legal: tuple[Action, ...],
                 suggested: Action | None) -> Reason | None:
    """Why the suggested discard is Hard's choice though another discard leaves more
    useful tiles (the one leaving the most); None when none does."""
    tile = _discard(suggested)
    after = efficiency(tuple(view.hand_counts()), tuple(view.unseen_counts()), rules)
    if tile is None or suggested is None or tile not in after:
        return None
    mine = after[tile]
    more = [k for k, e in after.items() if e.total > mine.total]
    if not more:
        return None
    other = max(more, key=lambda k: (after[k].total, -after[k].shanten, -k))
    base = Reason("closer", tile, other, suggested.ready,
                  steps=after[other].shanten - mine.shanten, other_total=after[other].total)
    if after[other].shanten > mine.shanten:
        return base if mine.shanten else replace(base, key="ready")
    reading = turn_reading(view, legal)
    me, them = reading.discards.get(tile), reading.discards.get(other)
    if me is None or them is None:
        return None
    return replace(base, key="safer" if me.risk < them.risk - RISK_STEP else "value",
                   risks=(me.risk, them.risk), points=(me.score, them.score))
