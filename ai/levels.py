"""The registry of AI levels: adding a level is one `register` call (or one entry
below); the arena, the new-match form, replay, review, statistics and the matches page
all list the levels from here.

Seat specs are read by game.play.setup.SeatSpec; here they become seats.
"""
from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

from ai.base import Agent
from ai.easy import EasyAgent
from ai.hard import HardAgent
from ai.master import MasterAgent
from ai.medium import MediumAgent
from ai.seats import AgentSeat
from game.play.seat import Seat
from game.play.setup import SeatKind, SeatSpec, SetupError


@dataclass(frozen=True)
class Level:
    """An AI level: its name (also its translation key, level.NAME, where it has one),
    how to make its agent, its strength (higher is stronger: menus list the strongest
    first), and how to make it for a table, where a clock may cap its thinking (None: as
    `make`; the arena always uses `make`, whose budget is counted in work)."""

    name: str
    make: Callable[[random.Random], Agent]
    strength: int
    at_table: Callable[[random.Random], Agent] | None = None


TABLE_CAP_S = 0.9     # seconds a level may think at a table before it plays its best so far
LEVELS: dict[str, Level] = {}


def register(level: Level) -> None:
    """Add (or replace) a level."""
    LEVELS[level.name] = level


for _level in (Level("easy", EasyAgent, 1), Level("medium", MediumAgent, 2),
               Level("hard", HardAgent, 3),
               Level("master", MasterAgent, 4, partial(MasterAgent, time_cap=TABLE_CAP_S))):
    register(_level)

STRONGEST = "hard"        # the level that reviews, hints and plays a seat under 托管


def level_names(strongest_first: bool = True) -> list[str]:
    """Every registered level's name, by strength."""
    return [lv.name for lv in sorted(LEVELS.values(), key=lambda lv: lv.strength,
                                     reverse=strongest_first)]


def make_agent(level: str, seed: int, at_table: bool = False) -> Agent:
    """A fresh agent of `level` with its own RNG seeded by `seed`; `at_table`: as it plays
    at a table (Level.at_table)."""
    try:
        chosen = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level '{level}' (known: {', '.join(LEVELS)})") from None
    factory = chosen.at_table if at_table and chosen.at_table is not None else chosen.make
    return factory(random.Random(seed))


def nearest_level(level: str) -> str:
    """`level` if this build has it, else the strongest level it has (a file from a
    build with other levels still plays)."""
    return level if level in LEVELS else level_names()[0]


def check_spec(spec: SeatSpec) -> str | None:
    """None if this build can seat `spec`, else what is wrong (one line)."""
    if spec.kind is SeatKind.PROGRAM:
        try:
            words = shlex.split(spec.program)
        except ValueError as exc:
            return f"cannot read the command of 'bot:{spec.program}': {exc}"
        return None if words else "'bot:' needs a command"
    if spec.kind is SeatKind.AI and spec.level not in LEVELS:
        return f"unknown level '{spec.level}' (known: {', '.join(LEVELS)}, or bot:COMMAND)"
    return None


def parse_spec(text: str) -> SeatSpec:
    """A seat spec from its text, checked against this build (SetupError if unusable)."""
    spec = SeatSpec.parse(text)
    problem = check_spec(spec)
    if problem is not None:
        raise SetupError(problem)
    return spec


def make_seat(spec: SeatSpec, seed: int, seat: int, players: int, ruleset_id: str,
              executor: Executor | None = None, deadline_ms: int | None = None,
              at_table: bool = False) -> Seat:
    """The seat for an AI level (a level this build lacks: its strongest) or an outside
    program that Medium replaces if it keeps failing; decisions on `executor` if given;
    `at_table`: the level as a table seats it (Level.at_table)."""
    if spec.kind is SeatKind.PROGRAM:
        from ai.bot import DEFAULT_DEADLINE_MS, BotSeat, medium_fallback
        return BotSeat(spec.program, seat, players, ruleset_id, medium_fallback(seed),
                       deadline_ms or DEFAULT_DEADLINE_MS, executor=executor)
    if spec.kind is not SeatKind.AI:
        raise ValueError(f"a {spec.kind.value} seat is not played by the computer")
    return AgentSeat(make_agent(nearest_level(spec.level), seed, at_table), spec.name, executor)
