"""The wire: WebSocket text frames of one JSON object each (docs/net_protocol.md).

Every frame a client sends is read here within limits (size, nesting, numbers, known
types and fields) into a plain dict; a room's set-up is checked field by field into a
RoomConfig. Anything else is a WireError whose text is the one-line `error` sent back.
"""
from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass
from typing import Any

import orjson

from game.files import DataError, parse_json
from game.rulesets import available_rulesets, load_ruleset

MAX_FRAME = 64 * 1024           # bytes in one frame, either way
MAX_DEPTH = 8                   # a client's message nests 2 deep at most
MAX_NAME = 24
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/I/L: read aloud safely
CODE_LENGTH = 6
TOKEN_BYTES = 24                # 192 bits
CLIENT_TYPES = ("create", "join", "rejoin", "watch", "start", "action", "leave",
                "rematch", "say", "list")
NET_PROTOCOL = 2                # docs/net_protocol.md's version (its history is there)
TOLD_NEW_FROM = 2               # a client of this version on is told version 2's messages:
                                # `said` and the shuffle proofs (`fair`)
MAX_PROTOCOL = 1000
SEAT_OPEN = "open"
LIMITS: dict[str, tuple[int, int, int]] = {   # field: (low, high, default)
    "hands": (1, 16, 1), "turn_seconds": (1, 600, 20), "claim_seconds": (1, 120, 8),
    "grace_seconds": (0, 3600, 30), "pause_seconds": (0, 30, 2),
}


class WireError(ValueError):
    """A client message that is refused; str() is the one-line error sent back, `code`
    the word a client shows it by (docs/net_protocol.md lists them)."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    """One message as the UTF-8 text of a frame (compact JSON)."""
    return orjson.dumps(message)


def read_frame(frame: str | bytes) -> dict[str, Any]:
    """A frame as a JSON object with a known "type"."""
    if not isinstance(frame, str):
        raise WireError("binary frames are not accepted: send JSON text")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise WireError(f"a frame longer than {MAX_FRAME} bytes")
    try:
        message = parse_json(frame, "the message", max_depth=MAX_DEPTH)
    except DataError as exc:
        raise WireError(str(exc)) from None
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    kind = message.get("type")
    if kind not in CLIENT_TYPES:
        shown = kind[:24] if isinstance(kind, str) else type(kind).__name__
        raise WireError(f"unknown message type {shown!r} (known: {', '.join(CLIENT_TYPES)})")
    return message


def read_name(value: Any) -> str:
    """A player's name: 1-24 printable characters, spaces folded."""
    if not isinstance(value, str):
        raise WireError("a name must be a string", "bad_name")
    name = " ".join(value.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise WireError(f"a name must be 1 to {MAX_NAME} printable characters", "bad_name")
    return name


def read_code(value: Any) -> str:
    """A room code as typed (any case, spaces and dashes ignored)."""
    if not isinstance(value, str) or len(value) > 2 * CODE_LENGTH:
        raise WireError("a room code must be a short string", "no_such_room")
    code = value.upper().replace("-", "").replace(" ", "")
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise WireError("no such room", "no_such_room")
    return code


def read_token(value: Any) -> str:
    if not isinstance(value, str) or not 16 <= len(value) <= 128 or not value.isascii():
        raise WireError("a token must be the string the server gave", "wrong_token")
    return value


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _whole(message: dict[str, Any], key: str) -> int:
    low, high, default = LIMITS[key]
    value = message.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise WireError(f"'{key}' must be a whole number from {low} to {high}", "bad_setup")
    return value


@dataclass(frozen=True)
class RoomConfig:
    """How a room plays: its ruleset, length, who sits where, and its clocks."""

    ruleset: str
    seats: tuple[str, ...]       # "open" or a level name, one per seat
    hands: int
    fill: str                    # the level that plays open seats nobody holds
    turn_seconds: int
    claim_seconds: int
    grace_seconds: int
    pause_seconds: int
    listed: bool = False         # shown to anyone who asks the server for its rooms

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "seats": list(self.seats)}


def read_config(message: dict[str, Any]) -> RoomConfig:
    """A room's set-up from a `create` message (or a room file); WireError if any field
    is of the wrong type, unknown or out of range."""
    from ai.levels import LEVELS  # the AI only where rooms are made: codes stay light
    ruleset = message.get("ruleset", "dazhong")
    if not isinstance(ruleset, str) or ruleset not in available_rulesets():
        raise WireError(f"unknown ruleset (known: {', '.join(available_rulesets())})", "bad_setup")
    players = load_ruleset(ruleset).players
    seats = message.get("seats", [SEAT_OPEN] + ["medium"] * (players - 1))
    words = (SEAT_OPEN, *LEVELS)
    if not isinstance(seats, list) or len(seats) != players or \
            not all(isinstance(s, str) and s in words for s in seats):
        raise WireError(f"'seats' must list {players} seats, each one of: {', '.join(words)}", "bad_setup")
    if SEAT_OPEN not in seats:
        raise WireError("'seats' must have at least one \"open\" seat", "bad_setup")
    fill = message.get("fill", "medium")
    if not isinstance(fill, str) or fill not in LEVELS:
        raise WireError(f"'fill' must be one of: {', '.join(LEVELS)}", "bad_setup")
    listed = message.get("listed", False)
    if type(listed) is not bool:
        raise WireError("'listed' must be true or false", "bad_setup")
    turn, claim, grace, pause = (_whole(message, k) for k in
                                 ("turn_seconds", "claim_seconds", "grace_seconds",
                                  "pause_seconds"))
    return RoomConfig(ruleset, tuple(seats), _whole(message, "hands"), fill, turn, claim,
                      grace, pause, listed)


def read_protocol(value: Any) -> int:
    """The protocol version a client says it speaks (`"protocol"` in any message)."""
    if type(value) is not int or not 1 <= value <= MAX_PROTOCOL:
        raise WireError(f"'protocol' must be a whole number from 1 to {MAX_PROTOCOL}")
    return value


def error(message: str, code: str) -> dict[str, Any]:
    """A refusal: its `code` for clients to show in their words, its English line."""
    return {"type": "error", "code": code, "message": " ".join(message.split())[:200]}
