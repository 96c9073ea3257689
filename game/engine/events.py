"""What happened in a round, for the UI, logs and replays."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .vocab import Word


class EventKind(Word):
    """What an event is about."""

    DEAL = "deal"
    DRAW = "draw"
    DISCARD = "discard"
    READY = "ready"                # 报听 declared
    CLAIM = "claim"                # chi / peng / direct kong taken from a discard
    KONG = "kong"                  # concealed or added kong declared (added: may be robbed)
    KONG_DONE = "kong_done"        # an added kong that nobody robbed
    CLAIM_WINDOW = "claim_window"
    PASS = "pass"
    WIN = "win"
    PAYMENT = "payment"
    EXHAUSTED = "exhausted"        # 流局
    AUTO = "auto"                  # 托管 switched


class WinKind(Word):
    """How a hand was won; a self-drawn win is "tsumo", as its action is named."""

    SELF_DRAW = "tsumo"            # 自摸
    DISCARD = "discard"            # 点炮
    ROB_KONG = "rob_kong"          # 抢杠胡


DEAL, DRAW, DISCARD = EventKind.DEAL, EventKind.DRAW, EventKind.DISCARD
READY, CLAIM, KONG, KONG_DONE = EventKind.READY, EventKind.CLAIM, EventKind.KONG, \
    EventKind.KONG_DONE
CLAIM_WINDOW, PASS, WIN = EventKind.CLAIM_WINDOW, EventKind.PASS, EventKind.WIN
PAYMENT, EXHAUSTED, AUTO = EventKind.PAYMENT, EventKind.EXHAUSTED, EventKind.AUTO


@dataclass(frozen=True, slots=True)
class Payment:
    """payer pays amount to payee for reason (an action or a win pattern)."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. tile is hidden from other seats for private draws."""

    kind: EventKind
    seat: int = -1
    tile: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private: bool = False                 # the tile is known only to `seat`
    secret: tuple[str, ...] = ()          # data keys known only to `seat`
    own: bool = False                     # the whole event is known only to `seat`

    def seen_by(self, seat: int) -> Event | None:
        """This event as `seat` may know it: another seat's drawn tile, 暗杠 tile and
        报听 waits are hidden, and another seat's own events (its claim window, its pass:
        they would say it could claim the tile) are not told at all; None: `seat` is not
        told of it."""
        if seat == self.seat or not (self.private or self.secret or self.own):
            return self
        if self.own:
            return None
        data = {k: v for k, v in self.data.items() if k not in self.secret}
        return Event(self.kind, self.seat, None if self.private else self.tile, data,
                     self.private, self.secret)
