"""A server's refusal (an `error` message) in the player's words, by its code: what
happened and what to do. A code this client does not know (a newer server) or none (an
older one) gets a general line, the server's own English line beside it."""
from __future__ import annotations

from typing import Any

from game.shell.i18n import Words

KEYS = {
    "room_full": "net.refusal.room_full", "no_such_room": "net.refusal.no_such_room",
    "started": "net.refusal.started", "already_started": "net.refusal.already_started",
    "closed": "net.refusal.closed", "bad_name": "net.refusal.bad_name",
    "wrong_token": "net.refusal.wrong_token", "rate_limited": "net.refusal.rate_limited",
    "not_host": "net.refusal.not_host", "server_full": "net.refusal.server_full",
    "stopping": "net.refusal.stopping", "in_a_room": "net.refusal.in_a_room",
    "taken_back": "net.refusal.taken_back", "stale_decision": "net.refusal.stale_decision",
    "too_late": "net.refusal.too_late", "watchers_full": "net.refusal.watchers_full",
    "bad_setup": "net.refusal.bad_setup", "bad_message": "net.refusal.bad_message",
    "internal": "net.refusal.internal", "bad_phrase": "net.refusal.bad_phrase",
    "not_seated": "net.refusal.not_seated",
}
CODES = tuple(KEYS)
OLD, OTHER = "net.refusal_old", "net.refusal_other"   # no code; a code not known here
GENERAL = (OLD, OTHER)             # the lines the server's own words go beside
WATCHABLE = ("started",)           # refusals whose page offers to watch the room
ENDING = ("closed", "taken_back")  # refusals that end the place held: the page stops


def refusal(message: dict[str, Any]) -> Words:
    """The line an `error` message (as read_message checked it) is shown by."""
    code = message.get("code")
    key = OLD if code is None else KEYS.get(code, OTHER)
    return Words(key)
