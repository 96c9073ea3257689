"""The server's side of the shuffle proofs (docs/shuffle.md): each hand's `fair`
messages, its commitment before the hand and its seed and salt after it, and the proofs
a match file keeps. Hands are counted from 1 in them, as `lobby` and `state` count."""
from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.wall import derive_seed
from game.fair import commitment, proof_entry


def _played(match: Match, hand: int) -> bool:
    """Whether hand `hand` (from 0) is over."""
    return hand < match.hand_number or hand == match.hand_number and match.round.is_over


def fair_message(match: Match, salts: list[str], hand: int, reveal: bool) -> dict[str, Any]:
    """Hand `hand`'s (from 0) commitment, or its reveal (`reveal`, once it is over)."""
    seed = derive_seed(match.seed, hand)
    if reveal:
        return {"type": "fair", "hand": hand + 1, "seed": seed, "salt": salts[hand]}
    return {"type": "fair", "hand": hand + 1, "commitment": commitment(seed, salts[hand])}


def told(match: Match, salts: list[str]) -> list[dict[str, Any]]:
    """What someone coming into the room is sent: each hand's commitment so far, and the
    reveal of each hand over."""
    out = []
    for hand in range(match.hand_number + 1):
        out.append(fair_message(match, salts, hand, False))
        if _played(match, hand):
            out.append(fair_message(match, salts, hand, True))
    return out


def proofs(match: Match, salts: list[str]) -> list[dict[str, Any]]:
    """The match file's "fair" list: each hand's commitment, with its reveal once over."""
    out = []
    for hand in range(match.hand_number + 1):
        seed = derive_seed(match.seed, hand)
        promised = commitment(seed, salts[hand])
        out.append(proof_entry(hand + 1, promised, seed, salts[hand]) if _played(match, hand)
                   else proof_entry(hand + 1, promised))
    return out
