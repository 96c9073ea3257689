"""The client's side of the shuffle proofs (docs/shuffle.md): the commitment each hand
begins with, the tiles this seat saw dealt and drawn, and the reveal after the hand,
checked by game.fair. Each revealed hand gets one line for the player: verified, or
what did not match.

Draws are placed in the wall by counting every seat's draws from the deal on; once the
seat missed part of a hand (a reconnection), its later draws are not placed (not
checked), the deal and the draws before still are.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine import events as E
from game.engine.ruleset import Ruleset
from game.engine.tiles import NotationError, parse_tile
from game.engine.view import PlayerView
from game.fair import (
    Draw,
    FairError,
    Seen,
    check_hand,
    dealt_count,
    read_commitment,
    read_hand,
    read_salt,
    read_seed,
)
from game.shell.i18n import Words


class ShuffleWatch:
    """The proofs of one seat's (or watcher's, seat -1) hands, from the server's messages."""

    def __init__(self, seat: int = -1) -> None:
        self.seat = seat
        self.promised: dict[int, str] = {}     # hand (from 1): its commitment
        self.verdicts: dict[int, Words] = {}   # hand: the line for its reveal
        self.hand = 0                          # the hand whose tiles are being noted
        self._seen: Seen | None = None
        self._whole = False                    # every draw of the hand heard from its deal
        self._front = self._back = 0
        self._dealing = False                  # 国标: the deal's flowers are being replaced
        self._flowers = 0                      # 国标: flowers set aside since the last draw

    def take(self, message: dict[str, Any], ruleset: Ruleset) -> None:
        """Note one message of the server (any type)."""
        kind = message.get("type")
        if kind == "hello":
            self._whole = False       # (again) at the table: what came while away is unknown
        elif kind == "fair":
            self._fair(message, ruleset)
        elif kind == "event":
            self._event(message)

    def view(self, view: PlayerView, ruleset: Ruleset) -> None:
        """The seat's view after a batch of events: right after the deal, its hand is the
        seat's deal."""
        seen = self._seen
        if seen is None or not self._whole or seen.dealt is not None or view.seat < 0:
            return
        if view.wall_remaining == ruleset.wall_size - dealt_count(ruleset) - self._back \
                and not view.discards[view.seat] and not view.melds[view.seat]:
            self._seen = replace(seen, seat=view.seat, dealer=view.dealer,
                                 dealt=tuple(sorted(view.hand)))

    def line(self, hand: int) -> Words | None:
        """What the player is told of hand `hand`'s (from 1) shuffle: its verdict, that
        its reveal has not come, or nothing when no commitment came (an older server)."""
        if hand in self.verdicts:
            return self.verdicts[hand]
        return Words("fair.waiting") if hand in self.promised else None

    def _event(self, message: dict[str, Any]) -> None:
        what = message.get("kind")
        if what == E.DEAL:
            if self._seen is not None and self._front == 0 and not self._seen.draws:
                self._whole = True
        elif what == E.FLOWER:
            self._flower()
        else:
            self._dealing = False
            if what == E.DRAW and self._whole:
                self._draw(message)

    def _flower(self) -> None:
        """国标: a flower set aside. Each of the deal's is replaced from the wall's back;
        in play, the flowers before a draw took its place, each next tile from the back."""
        if self._dealing:
            self._back += 1
        else:
            self._flowers += 1

    def _draw(self, message: dict[str, Any]) -> None:
        data = message.get("data")
        replacement = isinstance(data, dict) and data.get("replacement") is True
        if self._flowers:          # the first flower came from where the draw would have
            self._front += not replacement
            self._back += self._flowers - (not replacement)
            replacement, self._flowers = True, 0
        index = self._back if replacement else self._front
        if replacement:
            self._back += 1
        else:
            self._front += 1
        seen = self._seen
        if seen is None or message.get("seat") != self.seat or message.get("tile") is None:
            return
        try:
            tile = parse_tile(str(message["tile"]))
        except NotationError:
            self._whole = False
            return
        self._seen = replace(seen, draws=(*seen.draws, Draw(index, tile, replacement)))

    def _fair(self, message: dict[str, Any], ruleset: Ruleset) -> None:
        try:
            hand = read_hand(message.get("hand"))
        except FairError:
            return
        try:
            if "commitment" in message:
                self._promise(hand, read_commitment(message["commitment"]))
            else:
                self._reveal(hand, read_seed(message.get("seed")),
                             read_salt(message.get("salt")), ruleset)
        except FairError as exc:
            self.verdicts[hand] = Words("fair.malformed", detail=str(exc))

    def _promise(self, hand: int, promised: str) -> None:
        before = self.promised.setdefault(hand, promised)
        if before != promised:
            self.verdicts[hand] = Words("fair.changed")
        elif hand > self.hand:        # a new hand: its tiles are noted from its deal
            self.hand, self._seen, self._whole = hand, Seen(self.seat, 0), False
            self._front = self._back = self._flowers = 0
            self._dealing = True

    def _reveal(self, hand: int, seed: int, salt: str, ruleset: Ruleset) -> None:
        promised = self.promised.get(hand)
        if promised is None:
            self.verdicts[hand] = Words("fair.unpromised")
            return
        if hand in self.verdicts and self.verdicts[hand].key == "fair.changed":
            return
        seen = self._seen if hand == self.hand else None
        mismatch = check_hand(ruleset, promised, seed, salt, seen)
        if mismatch is None:
            self.verdicts[hand] = Words("fair.verified")
        elif mismatch.what == "hash":
            self.verdicts[hand] = Words("fair.bad_hash")
        elif mismatch.what == "deal":
            self.verdicts[hand] = Words("fair.bad_deal", wall=mismatch.expected,
                                        got=mismatch.got)
        else:
            self.verdicts[hand] = Words("fair.bad_draw", number=mismatch.number,
                                        wall=mismatch.expected, got=mismatch.got)
