"""What happened in a round, for the UI, logs and replays."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Event kinds
DEAL = "deal"
DRAW = "draw"
DISCARD = "discard"
READY = "ready"          # 报听 declared
CLAIM = "claim"          # chi / peng / direct kong taken from a discard
KONG = "kong"            # concealed or added kong declared (added: may still be robbed)
KONG_DONE = "kong_done"  # an added kong that nobody robbed
CLAIM_WINDOW = "claim_window"
PASS = "pass"
WIN = "win"
PAYMENT = "payment"
EXHAUSTED = "exhausted"  # 流局
AUTO = "auto"            # 托管 switched


@dataclass(frozen=True)
class Payment:
    """payer pays amount to payee for reason (an action or a win pattern)."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True)
class Event:
    """One thing that happened. tile is hidden from other seats for private draws."""

    kind: str
    seat: int = -1
    tile: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private: bool = False                 # the tile is known only to `seat`
    secret: tuple[str, ...] = ()          # data keys known only to `seat`

    def seen_by(self, seat: int) -> Event:
        """This event as `seat` may know it: another seat's drawn tile, 暗杠 tile and
        报听 waits are hidden."""
        if seat == self.seat or not (self.private or self.secret):
            return self
        data = {k: v for k, v in self.data.items() if k not in self.secret}
        return Event(self.kind, self.seat, None if self.private else self.tile, data,
                     self.private, self.secret)
