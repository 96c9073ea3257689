"""A level registered for the length of a test (the registry as it was afterwards)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ai.levels import LEVELS, Level, register


@contextmanager
def registered(level: Level) -> Iterator[str]:
    """`level` in the registry within the block; a level of its name that was there
    before comes back after it."""
    kept = LEVELS.get(level.name)
    register(level)
    try:
        yield level.name
    finally:
        del LEVELS[level.name]
        if kept is not None:
            register(kept)
