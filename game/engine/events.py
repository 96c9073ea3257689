"""What happened in a round, for the UI, logs and replays: each event kind has a typed
shape of data (read with isinstance), written out as the same JSON object as always."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import cache

from .actions import ActionKind
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
    SWAP = "swap"                  # 换三张: the tiles a seat passed on and got
    VOID = "void"                  # 定缺: a seat's void suit, told when every seat has chosen
    FLOWER = "flower"              # 补花: a flower set aside (国标), shown to every seat


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
SWAP, VOID, FLOWER = EventKind.SWAP, EventKind.VOID, EventKind.FLOWER

FROM = {"key": "from"}   # the metadata of a seat field written as "from" (a Python keyword)


@dataclass(frozen=True, slots=True)
class EventData:
    """An event's data; this base is the data of the kinds that carry none (pass, 流局)."""

    def as_dict(self) -> dict[str, object]:
        """The data as records and the bot protocol write it: its keys, tile lists."""
        return {f.metadata.get("key", f.name): _plain(getattr(self, f.name))
                for f in fields(self)}

    def hidden(self) -> EventData:
        """The data as another seat may know it (all of it, unless a kind says otherwise)."""
        return self


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True, slots=True)
class DealData(EventData):
    tiles: int                       # how many tiles the seat was dealt


@dataclass(frozen=True, slots=True)
class DrawData(EventData):
    replacement: bool                # a kong's replacement tile, from the back of the wall


@dataclass(frozen=True, slots=True)
class DiscardData(EventData):
    ready: bool                      # 报听 declared with this discard
    auto: bool                       # discarded by the engine (a 报听 hand's draw)


@dataclass(frozen=True, slots=True)
class ReadyData(EventData):
    waits: str | None                # the waiting tiles; None: another seat's, not told

    def as_dict(self) -> dict[str, object]:
        return {} if self.waits is None else {"waits": self.waits}

    def hidden(self) -> EventData:
        return ReadyData(None)


@dataclass(frozen=True, slots=True)
class ClaimData(EventData):
    kind: ActionKind                 # chi, peng or kong
    from_seat: int = field(metadata=FROM)
    tiles: tuple[int, ...]           # the meld made


@dataclass(frozen=True, slots=True)
class KongData(EventData):
    kind: str                        # the meld kind: kong_concealed or kong_added


@dataclass(frozen=True, slots=True)
class KongDoneData(EventData):
    scored_as: str                   # the payment it settled as: added_kong or direct_kong


@dataclass(frozen=True, slots=True)
class ClaimWindowData(EventData):
    kind: str                        # on a "discard", or on an added kong ("rob_kong")
    from_seat: int = field(metadata=FROM)


@dataclass(frozen=True, slots=True)
class WinData(EventData):
    how: WinKind
    from_seat: int | None = field(metadata=FROM)
    pattern: str
    fan: int


@dataclass(frozen=True, slots=True)
class PaymentData(EventData):
    payer: int
    amount: int
    reason: str                      # an action's payment or a win's pattern


@dataclass(frozen=True, slots=True)
class AutoData(EventData):
    on: bool


@dataclass(frozen=True, slots=True)
class SwapData(EventData):
    direction: int                   # 1: to the next seat, 2: across, 3: to the seat before
    given: tuple[int, ...]           # the three tiles passed on (only the seat's own)
    received: tuple[int, ...]        # the three tiles got (only the seat's own)

    def hidden(self) -> EventData:
        return SwapData(self.direction, (), ())


@dataclass(frozen=True, slots=True)
class VoidData(EventData):
    suit: int                        # 0 m, 1 p, 2 s


@dataclass(frozen=True, slots=True)
class FlowerData(EventData):
    flower: int                      # 0-7: 春 夏 秋 冬 梅 兰 竹 菊


DATA_OF: dict[EventKind, type[EventData]] = {
    DEAL: DealData, DRAW: DrawData, DISCARD: DiscardData, READY: ReadyData, CLAIM: ClaimData,
    KONG: KongData, KONG_DONE: KongDoneData, CLAIM_WINDOW: ClaimWindowData, PASS: EventData,
    WIN: WinData, PAYMENT: PaymentData, EXHAUSTED: EventData, AUTO: AutoData,
    SWAP: SwapData, VOID: VoidData, FLOWER: FlowerData,
}
"""The shape of each kind's data."""

NO_DATA = EventData()


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
    data: EventData = NO_DATA
    private: bool = False                 # the tile is known only to `seat`
    secret: bool = False                  # part of the data is known only to `seat`
    own: bool = False                     # the whole event is known only to `seat`

    def seen_by(self, seat: int) -> Event | None:
        """This event as `seat` may know it: another seat's drawn tile, 暗杠 tile and
        报听 waits are hidden, and another seat's own events (its claim window, its pass:
        they would say it could claim the tile) are not told at all; None: `seat` is not
        told of it."""
        return self if seat == self.seat else self.seen_by_others()

    def seen_by_others(self) -> Event | None:
        """This event as every seat but its own may know it (the same for each of them)."""
        if not (self.private or self.secret or self.own):
            return self
        if self.own:
            return None
        return _hidden(self.kind, self.seat, None if self.private else self.tile,
                       self.data.hidden() if self.secret else self.data, self.private,
                       self.secret)


@cache
def _hidden(kind: EventKind, seat: int, tile: int | None, data: EventData, private: bool,
            secret: bool) -> Event:
    """One shared event of these fields: the few shapes of a hidden event (a draw, a 暗杠,
    a 报听 as others see them) are built once, not once per seat and event."""
    return Event(kind, seat, tile, data, private, secret)


# The events of every turn, each built once for its fields and then shared (an event is
# never changed): a draw, a discard, a claim window, a pass, a payment.

@cache
def drawn(seat: int, tile: int, replacement: bool) -> Event:
    """`seat` drew `tile` (a kong's replacement: from the back of the wall)."""
    return Event(DRAW, seat, tile, DrawData(replacement), private=True)


@cache
def discarded(seat: int, tile: int, ready: bool, auto: bool) -> Event:
    """`seat` discarded `tile` (declaring 报听; by the engine, for a 报听 hand)."""
    return Event(DISCARD, seat, tile, DiscardData(ready, auto))


@cache
def claim_window(seat: int, tile: int, kind: str, from_seat: int) -> Event:
    """`seat` may claim `tile` (of a discard or an added kong) from `from_seat`."""
    return Event(CLAIM_WINDOW, seat, tile, ClaimWindowData(kind, from_seat), own=True)


@cache
def passed(seat: int) -> Event:
    """`seat` passed on the tile it could claim."""
    return Event(PASS, seat, own=True)


@cache
def paid(payee: int, payer: int, amount: int, reason: str) -> Event:
    """`payer` paid `amount` to `payee` for `reason`."""
    return Event(PAYMENT, payee, data=PaymentData(payer, amount, reason))


def last_discarder(events: Sequence[Event]) -> int | None:
    """The seat of the newest discard still lying in its pool (None after a claim)."""
    for e in reversed(events):
        if e.kind == DISCARD:
            return e.seat
        if e.kind in (CLAIM, DEAL):
            return None
    return None
