"""The online match in progress: which server, room and seat, and the seat's token.

Kept in the data folder (written atomically) while an online match is on, so that after
a crash of the game the menu's Continue can take the seat back; cleared at the match's
end or when the player leaves the seat. The token lives only here. `mahjong join` keeps
one a room (`join_path`) so that, run again, it takes its seat back or collects the
finished match.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from game import paths
from game.files import DataError, read_json, write_atomic
from game.net.wire import WireError, read_code, read_token

TICKET_CAP = 4096
MAX_ADDRESS = 200
MAX_SEATS = 4


@dataclass(frozen=True)
class Ticket:
    """Where the player's online seat is, and the secret that takes it back."""

    server: str
    room: str
    seat: int
    token: str

    def rejoin(self) -> dict[str, str]:
        """The message that takes the seat back."""
        return {"type": "rejoin", "room": self.room, "token": self.token}


def ticket_path() -> Path:
    return paths.data_dir() / "online.json"


def join_path(room: str) -> Path:
    """Where `mahjong join` keeps its seat of room `room` (a checked code)."""
    return paths.data_dir() / "join" / f"{room}.json"


def good_address(text: str) -> bool:
    """Whether `text` looks like a server address this game connects to."""
    return (text.startswith(("ws://", "wss://")) and len(text) <= MAX_ADDRESS
            and text.isprintable() and " " not in text)


def save(ticket: Ticket, path: Path | None = None) -> str | None:
    """Keep the ticket (in `path`, else the game's); None, or why it could not be written
    (play goes on)."""
    try:
        write_atomic(path or ticket_path(), json.dumps(asdict(ticket)))
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def load(path: Path | None = None) -> Ticket | None:
    """The kept ticket (of `path`, else the game's), or None (none, or not one this game
    wrote)."""
    path = path or ticket_path()
    if not path.is_file():
        return None
    try:
        data = read_json(path, path.name, cap=TICKET_CAP)
        if not isinstance(data, dict):
            return None
        server, room, seat, token = (data.get(k) for k in ("server", "room", "seat", "token"))
        if not (isinstance(server, str) and good_address(server) and type(seat) is int
                and 0 <= seat < MAX_SEATS):
            return None
        return Ticket(server, read_code(room), seat, read_token(token))
    except (DataError, WireError):
        return None


def clear(path: Path | None = None) -> None:
    """The match is over or the seat given up: nothing to take back."""
    try:
        (path or ticket_path()).unlink(missing_ok=True)
    except OSError:
        pass
