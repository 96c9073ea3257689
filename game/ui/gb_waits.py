"""国标麻将's waits hint: of a ready hand's shape waits, only those on which it would win
with the fan minimum (flowers not counted), by the engine's own count (game.engine.mcr, as
gb_round.may_win), in the seat's context as its view shows it: its melds, flowers, seat
and prevailing wind, and 和绝张 where every other copy is in sight. A wait counts when a
self-draw or a discard on it would be a legal win (a self-draw adds fan, so most often
the self-draw decides)."""
from __future__ import annotations

from functools import lru_cache

from game.engine.melds import Meld
from game.engine.tiles import MAX_COPIES
from game.engine.view import PlayerView
from game.engine.win_context import Win, WinContext


def _wins(view: PlayerView, counts: tuple[int, ...], tile: int, min_fan: int) -> bool:
    """Whether the concealed `counts` (3n+1) win on `tile` with `min_fan` by self-draw or
    on a discard."""
    from game.engine.mcr import NotAWin, mcr_fans, minimum_fan
    seat = view.seat
    hand = list(counts)
    hand[tile] += 1
    concealed = tuple(k for k, n in enumerate(hand) for _ in range(n))
    melds = tuple(Meld(m.kind, m.tiles, m.claimed, m.from_seat) for m in view.melds[seat])
    elsewhere = view.visible_counts()[tile] - counts[tile]   # the pools and melds
    base = WinContext(flowers=view.flowers[seat] if view.flowers else 0,
                      seat_wind=(seat - view.dealer) % view.players,
                      round_wind=max(0, view.round_wind),
                      fourth_tile=hand[tile] + elsewhere == MAX_COPIES)
    for self_drawn in (True, False):
        ctx = WinContext(self_drawn, base.flowers, base.seat_wind, base.round_wind,
                         fourth_tile=base.fourth_tile)
        try:
            if minimum_fan(mcr_fans(Win(concealed, melds, tile, ctx))) >= min_fan:
                return True
        except (NotAWin, ValueError):
            continue
    return False


@lru_cache(maxsize=64)
def legal_waits(view: PlayerView, counts: tuple[int, ...], kinds: tuple[int, ...],
                min_fan: int) -> tuple[int, ...]:
    """Of the shape waits `kinds` of the concealed `counts` (the seat's hand, after a
    discard where one is weighed), those that win with at least `min_fan`."""
    return tuple(k for k in kinds if _wins(view, counts, k, min_fan))


def winning_waits(view: PlayerView, discard: int | None, kinds: tuple[int, ...],
                  min_fan: int) -> tuple[int, ...]:
    """Of the shape waits `kinds` of the seat's hand — after discarding `discard` where
    one is weighed — those that win with at least `min_fan`."""
    counts = view.hand_counts()
    if discard is not None:
        counts[discard] -= 1
    return legal_waits(view, tuple(counts), kinds, min_fan)
