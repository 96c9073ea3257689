"""Quick phrases: the keys a seat may say at a room's table (keys, never free text, so
nothing needs moderating; each viewer reads a key in their own language), and how often
a seat may say one."""
from __future__ import annotations

import time
from collections import deque
from typing import Any

from game.net.wire import WireError

PHRASE_KEYS = {     # each phrase's translation key; a new phrase is one more line here
    "hello": "phrase.hello", "thanks": "phrase.thanks", "nice_hand": "phrase.nice_hand",
    "sorry": "phrase.sorry", "hurry_up": "phrase.hurry_up", "oops": "phrase.oops",
    "well_played": "phrase.well_played", "again": "phrase.again",
}
PHRASES = tuple(PHRASE_KEYS)
SHOWN_SECONDS = 4.0     # how long a table shows a phrase by its seat


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


class Heard:
    """The phrases a table heard, the last of each seat and when (time.monotonic())."""

    def __init__(self, lasting: bool = False) -> None:
        """`lasting`: shown for as long as the table lasts (a sample for the self-check)."""
        self.last: dict[int, tuple[str, float]] = {}
        self.lasting = lasting

    def hear(self, seat: int, phrase: str, at: float | None = None) -> None:
        """A `said` (a key this client does not know is not shown)."""
        if phrase in PHRASE_KEYS:
            self.last[seat] = (phrase, time.monotonic() if at is None else at)

    def shown(self, now: float | None = None) -> dict[int, str]:
        """Each seat's phrase still to be shown: its translation key."""
        now = time.monotonic() if now is None else now
        return {seat: PHRASE_KEYS[phrase] for seat, (phrase, at) in self.last.items()
                if self.lasting or 0.0 <= now - at < SHOWN_SECONDS}
