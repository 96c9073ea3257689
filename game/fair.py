"""A shuffle anyone can check (docs/shuffle.md): the commitment a server makes to a hand's
wall seed before the hand, the check of its reveal after it, and the check of the tiles
one seat saw dealt and drawn against the wall the revealed seed shuffles.

Pure: no I/O, no clock. The salt a server draws comes from `new_salt` (the secrets
module), never from the seed.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.ruleset import Ruleset
from game.engine.state import RoundState
from game.engine.wall import derive_seed
from game.engine.wall_notation import wall_tile_name
from game.wall_command import SEED_LIMIT, wall_tiles

SALT_CHARS = 32
_HEX = frozenset("0123456789abcdef")


class FairError(ValueError):
    """A commitment, seed or salt of the wrong shape, or a proof that does not hold."""


def new_salt() -> str:
    """32 random lowercase hex characters (128 bits from the secrets module)."""
    return secrets.token_hex(SALT_CHARS // 2)


def commitment(seed: int, salt: str) -> str:
    """The SHA-256, lowercase hex, of the UTF-8 text "SEED:SALT"."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def _hex(value: Any, size: int, what: str) -> str:
    if not isinstance(value, str) or len(value) != size or not set(value) <= _HEX:
        raise FairError(f"{what} is not {size} lowercase hex characters")
    return value


def read_commitment(value: Any) -> str:
    return _hex(value, 64, "the commitment")


def read_salt(value: Any) -> str:
    return _hex(value, SALT_CHARS, "the salt")


def read_seed(value: Any) -> int:
    if type(value) is not int or not 0 <= value < SEED_LIMIT:
        raise FairError("the seed is not a whole number from 0 to 2^64-1")
    return value


def read_hand(value: Any, hands: int = 16) -> int:
    """A hand's number, counted from 1 (as `lobby` and `state` count them)."""
    if type(value) is not int or not 1 <= value <= hands:
        raise FairError(f"the hand is not a number from 1 to {hands}")
    return value


@dataclass(frozen=True)
class Draw:
    """A tile the seat drew: the `index`-th draw of the hand from the front of the wall
    (counted from 0, every seat's draws counted), or from its back (a kong's)."""

    index: int
    tile: int
    replacement: bool


@dataclass(frozen=True)
class Seen:
    """What one seat saw of a hand's wall: its deal (sorted kinds; None when it did not
    see it) and its draws."""

    seat: int
    dealer: int
    dealt: tuple[int, ...] | None = None
    draws: tuple[Draw, ...] = ()


@dataclass(frozen=True)
class Mismatch:
    """What did not match: `what` is hash, deal or draw; `expected` the wall's tiles,
    `got` the seat's; `number` the draw's (counted from 1)."""

    what: str
    expected: str = ""
    got: str = ""
    number: int = 0


def dealt_slice(ruleset: Ruleset, dealer: int, seat: int) -> tuple[int, int]:
    """Where a seat's deal lies in the wall: (first place, how many). The dealer takes
    hand_size + 1 tiles from the front, then each next seat in turn hand_size."""
    size, after = ruleset.hand_size, (seat - dealer) % ruleset.players
    if after == 0:
        return 0, size + 1
    return size + 1 + (after - 1) * size, size


def _dealt(ruleset: Ruleset, wall: list[int], dealer: int, seat: int) -> tuple[int, ...]:
    """A seat's deal from the wall, sorted (国标: as the engine deals it, its flowers set
    aside and replaced from the wall's back)."""
    if ruleset.guobiao is not None:
        return tuple(sorted(RoundState(ruleset, wall, dealer).view(seat).hand))
    first, count = dealt_slice(ruleset, dealer, seat)
    return tuple(sorted(wall[first:first + count]))


def dealt_count(ruleset: Ruleset) -> int:
    """How many tiles the deal takes from the wall."""
    return ruleset.players * ruleset.hand_size + 1


def _names(tiles: Sequence[int]) -> str:
    return " ".join(wall_tile_name(k) for k in tiles)


def check_hand(ruleset: Ruleset, promised: str, seed: int, salt: str,
               seen: Seen | None) -> Mismatch | None:
    """The first thing that does not match in a hand's reveal: the hash of seed and
    salt against the commitment, then the seat's deal, then each draw; None if all do."""
    if commitment(seed, salt) != promised:
        return Mismatch("hash")
    if seen is None or seen.seat < 0:
        return None
    wall = wall_tiles(ruleset, seed)
    if seen.dealt is not None:
        expected = _dealt(ruleset, wall, seen.dealer, seen.seat)
        if expected != tuple(sorted(seen.dealt)):
            return Mismatch("deal", _names(expected), _names(sorted(seen.dealt)))
    front = dealt_count(ruleset)
    for number, draw in enumerate(seen.draws, 1):
        place = len(wall) - 1 - draw.index if draw.replacement else front + draw.index
        tile = wall[place] if 0 <= place < len(wall) else None
        if tile != draw.tile:
            return Mismatch("draw", wall_tile_name(tile) if tile is not None else "-",
                            wall_tile_name(draw.tile), number)
    return None


def proof_entry(hand: int, promised: str, seed: int | None = None,
                salt: str | None = None) -> dict[str, Any]:
    """A hand's entry in a match record's "fair" list (the reveal once it is made)."""
    entry: dict[str, Any] = {"hand": hand, "commitment": promised}
    if seed is not None and salt is not None:
        entry |= {"seed": seed, "salt": salt}
    return entry


def check_proofs(proofs: Any, match_seed: int, hands: int) -> int:
    """Check a match record's "fair" list: each entry's reveal hashes to its commitment,
    and its seed is the one the record's match seed gives that hand (so the walls played
    are those committed to). The number of hands proved; FairError names the first fault."""
    if not isinstance(proofs, list) or len(proofs) > hands:
        raise FairError("the shuffle proofs are not a list of at most one entry a hand")
    proved = 0
    for place, entry in enumerate(proofs, 1):
        if not isinstance(entry, dict) or entry.get("hand") != place:
            raise FairError(f"shuffle proof {place} is not hand {place}'s")
        promised = read_commitment(entry.get("commitment"))
        if "seed" not in entry and "salt" not in entry:
            continue
        seed, salt = read_seed(entry.get("seed")), read_salt(entry.get("salt"))
        if commitment(seed, salt) != promised:
            raise FairError(f"hand {place}: the revealed seed and salt do not hash to "
                            "its commitment")
        if seed != derive_seed(match_seed, place - 1):
            raise FairError(f"hand {place}: the revealed seed is not the seed its wall "
                            "was shuffled from")
        proved += 1
    return proved
