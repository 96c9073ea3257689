"""What people in and around rooms tell each other besides play: quick phrases said at
a room (`say` → `said`) and the list of rooms that asked to be found (`list` →
`rooms`). Both answer only on the server's event loop, from what the rooms hold."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.net.conn import Conn
from game.net.limits import Limits
from game.net.phrases import PhraseLimit, read_phrase
from game.net.rooms import Room
from game.net.wire import SEAT_OPEN, TOLD_NEW_FROM, WireError, encode


def say(conn: Conn, message: dict[str, Any], limits: Limits) -> None:
    """A seat's quick phrase, relayed as `said` to everyone in its room who reads it
    (the sayer too: that is its answer); WireError for a watcher, an unknown key, or a
    seat past its limit (nothing relayed)."""
    room, seat = conn.room, conn.seat
    if room is None or seat is None:
        raise WireError("only a person holding a seat says phrases", "not_seated")
    phrase = read_phrase(message.get("phrase"))
    limit = room.phrase_limits.setdefault(
        seat, PhraseLimit(limits.phrase_gap_seconds, limits.phrases_per_minute))
    if not limit.take():
        raise WireError(f"too many phrases: at most one every {limits.phrase_gap_seconds:g} s "
                        f"and {limits.phrases_per_minute} a minute", "rate_limited")
    said = encode({"type": "said", "seat": seat, "phrase": phrase})
    for link in room.links():
        if link.protocol >= TOLD_NEW_FROM:
            link.send(said)


def listed(room: Room) -> dict[str, Any] | None:
    """A room as the list shows it, or None if it is not listed, started, closed or
    full."""
    config = room.config
    free = sum(1 for s, word in enumerate(config.seats)
               if word == SEAT_OPEN and s not in room.people)
    if not config.listed or room.started or room.closed or free == 0:
        return None
    host = room.people.get(room.host) if room.host is not None else None
    return {"room": room.code, "ruleset": config.ruleset, "hands": config.hands,
            "seats_free": free, "host_name": host.name if host is not None else None}


def rooms_message(conn: Conn, rooms: Iterable[Room], limits: Limits) -> dict[str, Any]:
    """The answer to `list`: the listed rooms one may join (the oldest first, at most
    `limits.listed_rooms`); WireError when the connection lists too often."""
    if not conn.lists.take():
        raise WireError(f"too many room lists: at most {limits.lists_per_minute} a minute",
                        "rate_limited")
    shown: list[dict[str, Any]] = []
    for room in rooms:
        entry = listed(room)
        if entry is not None:
            shown.append(entry)
            if len(shown) >= limits.listed_rooms:
                break
    return {"type": "rooms", "rooms": shown}
