"""国标麻将 play on a round: flowers set aside and replaced from the wall's end (补花),
the win context a round gives (winds, flowers, last tile, kong draw, robbed kong, 和绝张),
the 8-fan minimum on every win offered, and the official payments.

The round's layers call these only for a ruleset with a "guobiao" object, so the other
rulesets play exactly as before. Fans are counted by pymahjonggb (game.engine.mcr, a C
extension), imported here only when a 国标 round asks."""
from __future__ import annotations

from . import events as E
from . import view as V
from .events import Event, WinKind
from .mcr_fans import UNIT_FAN
from .melds import KONG_CONCEALED
from .round_data import AFTER_DRAW, RoundData, WinRecord
from .scoring import PatternResult
from .tiles import NUM_KINDS
from .win_context import Win, WinContext


def is_flower(tile: int) -> bool:
    """Whether a wall tile is a flower (kinds 34-41, in 国标 walls only)."""
    return tile >= NUM_KINDS


def deal(r: RoundData) -> None:
    """Deal 13 tiles a seat (14 to the dealer) from the front of the wall, setting each
    flower aside; then each seat from the dealer on replaces its flowers from the wall's
    end, again and again while a replacement is a flower."""
    size, draw = r.ruleset.hand_size, r.wall.draw
    order = [(r.dealer + i) % r.players for i in range(r.players)]
    for i, seat in enumerate(order):
        count = size + (i == 0)
        for _ in range(count):
            _take(r, seat, draw())
        r.events.append(Event(E.DEAL, seat, data=E.DealData(count)))
    for i, seat in enumerate(order):
        while sum(r.hands[seat]) < size + (i == 0):
            _take(r, seat, r.wall.draw_back())
    r.phase = V.TURN
    r.current = r.dealer
    r.turn_via = AFTER_DRAW
    r._after_tile_in(r.dealer)


def _take(r: RoundData, seat: int, tile: int) -> None:
    """A dealt tile into the hand, or a flower set aside (the dealer's last tile in
    hand stands apart like a draw)."""
    if is_flower(tile):
        set_aside(r, seat, tile)
    else:
        r.hands[seat][tile] += 1
        if seat == r.dealer:
            r.drawn = tile


def set_aside(r: RoundData, seat: int, tile: int) -> None:
    """A flower leaves play: counted for its seat and shown to every seat."""
    r.flowers[seat] += 1
    r.flower_tiles[seat].append(tile)
    r.events.append(Event(E.FLOWER, seat, data=E.FlowerData(tile - NUM_KINDS)))


def context(r: RoundData, seat: int, how: WinKind, tile: int,
            hand: list[int]) -> WinContext:
    """How the win of `seat` on `tile` came (`hand`: its concealed tiles with `tile`)."""
    self_drawn = how == WinKind.SELF_DRAW
    return WinContext(
        self_drawn=self_drawn, flowers=r.flowers[seat],
        seat_wind=(seat - r.dealer) % r.players, round_wind=r.round_wind,
        last_tile=len(r.wall) == 0 and how != WinKind.ROB_KONG,
        kong_draw=self_drawn and r.on_kong_draw,
        robbed_kong=how == WinKind.ROB_KONG,
        fourth_tile=hand[tile] + _shown_elsewhere(r, tile, how) == 4)


def _shown_elsewhere(r: RoundData, tile: int, how: WinKind) -> int:
    """Copies of `tile` every seat can see outside the winner's hand: in the pools (not
    the discard being won on) and the melds laid face up."""
    n = sum(1 for pool in r.discards for d in pool if d.tile == tile and d.claimed_by is None)
    if how == WinKind.DISCARD:
        n -= 1
    for melds in r.melds:
        for m in melds:
            if m.kind != KONG_CONCEALED:
                n += m.tiles.count(tile)
    return n


def _win(r: RoundData, seat: int, hand: list[int], tile: int, how: WinKind) -> Win:
    concealed = tuple(k for k in range(NUM_KINDS) for _ in range(hand[k]))
    return Win(concealed, tuple(r.melds[seat]), tile, context(r, seat, how, tile, hand))


def may_win(r: RoundData, seat: int, hand: list[int], tile: int | None, how: WinKind) -> bool:
    """Whether a complete hand wins with at least the minimum fan, flowers not counted."""
    from .mcr import NotAWin, mcr_fans, minimum_fan
    if tile is None or not hand[tile]:
        return False
    assert r.guobiao is not None
    try:
        return minimum_fan(mcr_fans(_win(r, seat, hand, tile, how))) >= r.guobiao.min_fan
    except (NotAWin, ValueError):
        return False


def instances(fans: list[tuple[str, int]]) -> tuple[str, ...]:
    """A win's fans as the keys of their instances: a fan met twice (and each flower) is
    named once for each time, so that the fan of each is known from its key."""
    return tuple(key for key, fan in fans for _ in range(max(1, fan // UNIT_FAN.get(key, fan))))


def settle_win(r: RoundData, seat: int, how: WinKind, tile: int,
               from_seat: int | None) -> None:
    """Score the one winner by MCR and pay: on a discard the discarder pays base + fan
    and each other seat the base; a self-draw takes base + fan from each."""
    from .mcr import mcr_fans
    rules = r.guobiao
    assert rules is not None
    hand = r.hands[seat][:]
    if how != WinKind.SELF_DRAW:
        hand[tile] += 1
    fans = mcr_fans(_win(r, seat, hand, tile, how))
    fan = sum(f for _key, f in fans)
    top = max(fans, key=lambda kf: kf[1])[0]
    pattern = PatternResult(top, fan, instances(fans))
    r.wins.append(WinRecord(seat, how, tile, from_seat, pattern,
                            tuple(k for k in range(NUM_KINDS) for _ in range(hand[k])),
                            tuple(r.melds[seat])))
    r.events.append(Event(E.WIN, seat, tile, E.WinData(how, from_seat, top, fan)))
    for payer in range(r.players):
        if payer == seat:
            continue
        r._pay(payer, seat, rules.base, "base")
        if from_seat is None or how == WinKind.SELF_DRAW or payer == from_seat:
            r._pay(payer, seat, fan, "fan")
    r._legal = {}
    r.phase = V.ROUND_END
    r.drawn = None
