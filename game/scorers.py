"""Scoring one win under any ruleset: a registry of scorers keyed by ruleset id.

A scorer takes a Win (game.engine.win_context) and returns its Score; it raises NotAWin
when the hand does not win (or wins below the ruleset's minimum), and ValueError when the
tiles cannot be a finished hand of the ruleset. Rulesets scored by their patterns (the
大众 family, every shipped ruleset file without an entry here) need no entry; a ruleset
with its own counting adds one line to SCORERS.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine.bloody_score import WinContext as BloodyContext
from game.engine.bloody_score import xuezhan_score
from game.engine.mcr import MIN_FAN, guobiao_payments, mcr_fans, minimum_fan
from game.engine.ruleset import Ruleset, RulesetError
from game.engine.scoring import score_pattern
from game.engine.tiles import tile_name
from game.engine.win_context import NotAWin, Win
from game.rulesets import available_rulesets, load_ruleset


@dataclass(frozen=True)
class Score:
    """What a win scores: its fan, the patterns that make it up, and the points the
    winner receives from the table in all."""

    fan: int
    patterns: tuple[tuple[str, int], ...]   # (pattern key, fan), in the scorer's order
    points: int
    names: str = "pattern"   # whose keys: "pattern" (game.engine.patterns) or "mcr" (its fans)


Scorer = Callable[[Win], Score]


def check_tiles(ruleset: Ruleset, win: Win) -> None:
    """ValueError if the tiles cannot be a finished hand of `ruleset` (no flowers)."""
    problem = win.problem(ruleset.hand_size)
    if problem is None and win.context.flowers:
        problem = f"{ruleset.id} has no flowers"
    outside = sorted({k for k in win.concealed if k not in ruleset.tile_kinds}
                     | {k for m in win.melds for k in m.tiles if k not in ruleset.tile_kinds})
    if problem is None and outside:
        problem = f"{ruleset.id} has no tile {tile_name(outside[0])}"
    if problem:
        raise ValueError(problem)


def score_by_patterns(ruleset: Ruleset, win: Win) -> Score:
    """A win under a pattern ruleset: the largest pattern's fan, paid by the discarder,
    or by each other seat on a self-draw."""
    check_tiles(ruleset, win)
    try:
        result = score_pattern(win.counts, win.melds, ruleset.hand_rules, ruleset.patterns)
    except ValueError as exc:
        raise NotAWin(str(exc)) from None
    payers = ruleset.players - 1 if win.context.self_drawn else 1
    return Score(result.fan, ((result.name, result.fan),), result.fan * payers)


def score_guobiao(win: Win) -> Score:
    """A win under 国标 (MCR): pymahjonggb's fans, at least 8 besides the flowers."""
    fans = mcr_fans(win)
    if minimum_fan(fans) < MIN_FAN:
        raise NotAWin(f"{minimum_fan(fans)} fan without the flowers is below the "
                      f"{MIN_FAN}-fan minimum")
    fan = sum(f for _key, f in fans)
    discarder = None if win.context.self_drawn else 1
    return Score(fan, tuple(fans), guobiao_payments(fan, 0, discarder)[0], "mcr")


def score_xuezhan(win: Win) -> Score:
    """A win under 血战到底: its fan and patterns, and the points after the cap, paid by
    the discarder, or by each other seat on a self-draw (all still playing)."""
    ruleset = load_ruleset("xuezhan")
    check_tiles(ruleset, win)
    how = win.context
    context = BloodyContext(self_drawn=how.self_drawn, kong_bloom=how.kong_draw,
                            robbed_kong=how.robbed_kong,
                            last_tile=how.last_tile and how.self_drawn)
    try:
        result = xuezhan_score(win.counts, win.melds, win.win_tile, context, ruleset)
    except ValueError as exc:
        raise NotAWin(str(exc)) from None
    payers = ruleset.players - 1 if how.self_drawn else 1
    return Score(result.fan, result.patterns, result.points * payers)


SCORERS: dict[str, Scorer] = {
    "guobiao": score_guobiao,
    "xuezhan": score_xuezhan,
}
"""The rulesets that count their own way, by id."""


def known_rulesets() -> list[str]:
    """Every ruleset a win can be scored under."""
    return [*available_rulesets(), *(r for r in SCORERS if r not in available_rulesets())]


def scorer_for(ruleset_id: str) -> Scorer:
    """The scorer of a ruleset; RulesetError for an unknown one."""
    if ruleset_id in SCORERS:
        return SCORERS[ruleset_id]
    if ruleset_id not in available_rulesets():
        raise RulesetError(f"unknown ruleset {ruleset_id[:40]!r} "
                           f"(known: {', '.join(known_rulesets())})")
    ruleset = load_ruleset(ruleset_id)
    return lambda win: score_by_patterns(ruleset, win)
