"""A room's last `lobby` message as the client reads it: who sits where, their
connection states, the match's progress and totals, the room's fill level. A server may
send anything: every field is checked where it is read and falls back to a default."""
from __future__ import annotations

from typing import Any

from game.play.names import AI_NAMES
from game.shell.i18n import Translate
from game.shell.seat_names import NAME_KEYS

STATE_KEYS = {"reconnecting": "online.state.reconnecting", "played by AI": "online.state.by_ai",
              "empty": "online.state.empty", "connected": "online.state.connected"}
DEFAULT_FILL = "medium"
MAX_HANDS = 16


def bounded(value: Any, default: int, low: int, high: int) -> int:
    """`value` if it is an int within [low, high], else `default`."""
    return value if type(value) is int and low <= value <= high else default


class RoomLobby:
    """The room as its lobby message last showed it (empty before the first)."""

    def __init__(self, message: dict[str, Any] | None = None) -> None:
        self.message: dict[str, Any] = dict(message or {})

    def __bool__(self) -> bool:
        return bool(self.message)

    @property
    def started(self) -> bool:
        return self.message.get("started") is True

    @property
    def host(self) -> int | None:
        host = self.message.get("host")
        return host if type(host) is int else None

    @property
    def claim_seconds(self) -> float:
        return float(bounded(self.message.get("claim_seconds"), 8, 1, 120))

    @property
    def turn_seconds(self) -> int:
        return bounded(self.message.get("turn_seconds"), 20, 1, 600)

    @property
    def ruleset_id(self) -> str | None:
        """The room's ruleset as the server names it (None if it names none)."""
        ruleset = self.message.get("ruleset")
        return ruleset if isinstance(ruleset, str) and ruleset.isidentifier() else None

    @property
    def fill(self) -> str:
        """The level that plays open seats (and, here, a seat under 托管)."""
        fill = self.message.get("fill")
        return fill if isinstance(fill, str) and fill.isidentifier() else DEFAULT_FILL

    def seats(self) -> list[dict[str, Any]]:
        """The seats (each a dict with kind, name, level, state)."""
        seats = self.message.get("seats", [])
        return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []

    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = self.seats()
        return seats[seat] if 0 <= seat < len(seats) else {}

    def state_words(self, seat: int, t: Translate) -> str:
        """The seat's connection state in the player's words."""
        info = self.seat_info(seat)
        if info.get("kind") == "ai":
            return t("online.state.ai")
        state = info.get("state")
        return t(STATE_KEYS[state]) if isinstance(state, str) and state in STATE_KEYS \
            else t("online.state.unknown")

    def given_name(self, seat: int, t: Translate) -> str | None:
        """A person's name as they chose it; the game's name of a seat the AI plays, in
        the player's language (the server sends its id); None for a seat with neither."""
        info = self.seat_info(seat)
        name, name_id = info.get("name"), info.get("name_id")
        if isinstance(name, str) and name:
            return name
        return t(NAME_KEYS[name_id]) if name_id in AI_NAMES else None

    def seat_name(self, seat: int, t: Translate) -> str:
        """given_name, else "Seat N"."""
        return self.given_name(seat, t) or t("online.seat_name", n=seat + 1)

    def plate_kind(self, seat: int, t: Translate) -> str:
        """What a name plate says under the name: an AI seat's level, a connected
        person, else the seat's state."""
        info = self.seat_info(seat)
        level = info.get("level")
        if info.get("kind") == "ai" and isinstance(level, str):
            return level
        if info.get("state") == "connected":
            return "human"
        return self.state_words(seat, t)

    def is_ai(self, seat: int) -> bool:
        """The server's AI plays the seat (an AI seat, or a person's away too long)."""
        info = self.seat_info(seat)
        return info.get("kind") == "ai" or info.get("state") == "played by AI"

    def totals(self, players: int) -> list[int]:
        """The match totals before the hand in play."""
        totals = self.message.get("totals")
        if isinstance(totals, list) and len(totals) == players \
                and all(type(x) is int for x in totals):
            return list(totals)
        return [0] * players

    def progress(self) -> tuple[int, int]:
        """(the hand in play counted from 0, hands in the match)."""
        hands = bounded(self.message.get("hands"), 1, 1, MAX_HANDS)
        return bounded(self.message.get("hand"), 1, 1, hands) - 1, hands

    def unheard(self) -> RoomLobby:
        """The room while its server cannot be heard: each person's state unknown."""
        seats = [{**s, "state": "unknown"} if s.get("kind") == "person" else s
                 for s in self.seats()]
        return RoomLobby({**self.message, "seats": seats} if self.message else {})
