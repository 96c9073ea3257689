"""The opponent levels the menu offers, by name."""
from __future__ import annotations

import random
import shlex
from collections.abc import Callable

from ai.base import Agent
from ai.easy import EasyAgent
from ai.hard import HardAgent
from ai.medium import MediumAgent

LEVELS: dict[str, Callable[[random.Random], Agent]] = {
    "easy": EasyAgent,
    "medium": MediumAgent,
    "hard": HardAgent,
}


def make_agent(level: str, seed: int) -> Agent:
    """A fresh agent of `level` with its own RNG seeded by `seed`."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level '{level}' (known: {', '.join(LEVELS)})") from None
    return factory(random.Random(seed))


BOT_PREFIX = "bot:"


def is_bot(spec: str) -> bool:
    """Whether a seat spec names an outside program ("bot:COMMAND")."""
    return spec.startswith(BOT_PREFIX)


def check_spec(spec: str) -> str | None:
    """None if `spec` is a level or "bot:COMMAND", else what is wrong."""
    if is_bot(spec):
        try:
            words = shlex.split(spec[len(BOT_PREFIX):])
        except ValueError as exc:
            return f"cannot read the command of {spec!r}: {exc}"
        return None if words else "'bot:' needs a command"
    return None if spec in LEVELS else f"unknown level '{spec}' (known: {', '.join(LEVELS)}, " \
        "or bot:COMMAND)"


def make_seat_agent(spec: str, seed: int, seat: int, players: int, ruleset_id: str,
                    deadline_ms: int | None = None) -> Agent:
    """The agent for a seat spec: a level's agent, or an outside program ("bot:CMD")
    that Medium replaces if it keeps failing."""
    if not is_bot(spec):
        return make_agent(spec, seed)
    from ai.bot import DEFAULT_DEADLINE_MS, BotAgent, medium_fallback
    return BotAgent(spec[len(BOT_PREFIX):], seat, players, ruleset_id, medium_fallback(seed),
                    deadline_ms or DEFAULT_DEADLINE_MS)
