"""Quick phrases: the keys a seat may say at a room's table (keys, never free text, so
nothing needs moderating; each viewer reads a key in their own language), and how often
a seat may say one."""
from __future__ import annotations

import time
from collections import deque
from typing import Any

from game.net.wire import WireError

PHRASES = ("hello", "thanks", "nice_hand", "sorry", "hurry_up", "oops", "well_played",
           "again")
PHRASE_KEYS = {phrase: f"phrase.{phrase}" for phrase in PHRASES}   # translation keys


def read_phrase(value: Any) -> str:
    """A phrase key of the registry; WireError (its one line) for anything else."""
    if not isinstance(value, str):
        raise WireError("'phrase' must be a string: one of " + ", ".join(PHRASES), "bad_phrase")
    if value not in PHRASE_KEYS:
        raise WireError(f"unknown phrase {value[:24]!r} (known: {', '.join(PHRASES)})",
                        "bad_phrase")
    return value


class PhraseLimit:
    """At most one phrase every `gap` seconds and `most` in any `window` seconds."""

    def __init__(self, gap: float, most: int, window: float = 60.0) -> None:
        self.gap = gap
        self.most = most
        self.window = window
        self.said: deque[float] = deque(maxlen=max(1, most))

    def take(self) -> bool:
        """Whether one more may be said now (and if so it is counted)."""
        now = time.monotonic()
        said = self.said
        if said and now - said[-1] < self.gap:
            return False
        if len(said) >= self.most and (not said or now - said[0] < self.window):
            return False
        said.append(now)
        return True
