"""The opponent levels the menu offers, by name."""
from __future__ import annotations

import random
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
