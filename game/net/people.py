"""The people of a room: who holds which open seat, by name and the SHA-256 of their
token (a token itself is never kept), as rooms hold them and their files write them."""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from game.net.wire import SEAT_OPEN, RoomConfig, WireError, read_name


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


@dataclass
class Person:
    """Who holds an open seat: a name and the hash of their token."""

    name: str
    token_sha256: str


def seat_of_token(people: dict[int, Person], token: str) -> int:
    """The seat whose person holds `token`; WireError if none does."""
    digest = token_hash(token)
    for seat, person in people.items():
        if hmac.compare_digest(person.token_sha256, digest):
            return seat
    raise WireError("wrong token for this room", "wrong_token")


def people_doc(people: dict[int, Person]) -> dict[str, Any]:
    """The people as a file keeps them."""
    return {str(s): {"name": p.name, "token_sha256": p.token_sha256}
            for s, p in people.items()}


def read_people(value: Any, config: RoomConfig) -> dict[int, Person]:
    """The people of a file (people_doc's), each at an open seat of `config`."""
    if not isinstance(value, dict):
        raise WireError("the room's people are not an object")
    people: dict[int, Person] = {}
    for key, person in value.items():
        seat = int(key) if key.isascii() and key.isdigit() and len(key) == 1 else -1
        if not 0 <= seat < len(config.seats) or config.seats[seat] != SEAT_OPEN or \
                not isinstance(person, dict):
            raise WireError(f"the room's people name a seat {key[:4]!r} that is not open")
        digest = person.get("token_sha256")
        if not isinstance(digest, str) or len(digest) != 64:
            raise WireError("a person of the room has no token hash")
        people[seat] = Person(read_name(person.get("name")), digest)
    return people
