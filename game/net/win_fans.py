"""Reading the fans an end_hand itemises for each win (docs/net_protocol.md), trusting
none of it: a short list of short keys, each with its fan and how often the win names
it, adding up to the win's fan. They come back as the keys the engine's win record
names (a key once for each time), so the end-of-hand page lists them as offline."""
from __future__ import annotations

import re
from typing import Any

from game.net.readers import ServerError

MAX_FANS = 40           # more entries than any win has
MAX_FAN = 1000          # one entry's fan, in all
MAX_COUNT = 16          # times a win names one key (8 flowers at most)
KEY = re.compile(r"[a-z0-9_]{1,40}")


def read_win_fans(message: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Each win's fans as its record's keys, in the end_hand's order (() for a win told
    without them: an older server); ServerError for a malformed list."""
    wins = message.get("wins")
    if not isinstance(wins, list):
        raise ServerError("net.bad_end_hand")
    return tuple(_fans(w.get("fans"), w.get("fan")) if isinstance(w, dict) else ()
                 for w in wins)


def _fans(value: Any, total: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not 0 < len(value) <= MAX_FANS:
        raise ServerError("net.bad_end_hand")
    keys: list[str] = []
    added = 0
    for entry in value:
        key, fan, count = (entry.get(k) for k in ("key", "fan", "count")) \
            if isinstance(entry, dict) else (None, None, None)
        if not isinstance(key, str) or not KEY.fullmatch(key) or type(fan) is not int \
                or not 0 <= fan <= MAX_FAN or type(count) is not int \
                or not 1 <= count <= MAX_COUNT:
            raise ServerError("net.bad_end_hand")
        keys += [key] * count
        added += fan
    if added != total:
        raise ServerError("net.bad_end_hand")
    return tuple(keys)
