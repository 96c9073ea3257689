"""What one seat may know of a round in play: the PlayerView the seats decide on."""
from __future__ import annotations

from . import view as V
from .melds import KONG_CONCEALED
from .round_data import RoundData
from .view import DiscardView, MeldView, PlayerView


class Viewing(RoundData):
    """The views of a round's seats."""

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know: its own hand, everything public, others' tile counts."""
        shown = self.phase is V.ROUND_END
        melds = tuple(self._melds_view(s, shown or s == seat) for s in range(self.players))
        discards = tuple(self._pool_view(s) for s in range(self.players))
        window = self.window
        won = [-1] * self.players
        laid: list[tuple[int, ...]] = [() for _ in range(self.players)]
        for w in self.wins:
            won[w.seat] = w.tile
            laid[w.seat] = _without(w.hand, w.tile)
        return PlayerView(
            seat=seat,
            players=self.players,
            ruleset_id=self.ruleset.id,
            phase=self.phase,
            dealer=self.dealer,
            current=self.current,
            hand=tuple(self.hand_of(seat)),
            drawn=self.drawn if (seat == self.current and self.phase is V.TURN) else None,
            hand_sizes=tuple([_tiles_in(hand) for hand in self.hands]),
            melds=melds,
            discards=discards,
            ready=tuple(self.ready),
            auto=tuple(self.auto),
            wall_remaining=len(self.wall),
            scores=tuple(self.scores),
            claim_tile=window.tile if window else None,
            claim_from=window.from_seat if window else None,
            claim_kind=window.kind if window else None,
            wildcard=self.rules.wildcard,
            copies=self.ruleset.copies,
            tile_kinds=self.ruleset.tile_kinds,
            voids=tuple(self.voids) if self.bloody is not None else (),
            won=tuple(won) if self.bloody is not None else (),
            won_hands=tuple(laid) if self.bloody is not None else (),
            flowers=tuple(self.flowers) if self.guobiao is not None else (),
            round_wind=self.round_wind if self.guobiao is not None else -1,
        )

    def _pool_view(self, seat: int) -> tuple[DiscardView, ...]:
        """A seat's pool as every view shows it, rebuilt only when the pool has changed
        (a pool only grows, and only its last tile is ever marked claimed)."""
        pool, shown = self.discards[seat], self._pool_views[seat]
        if len(shown) != len(pool) or (pool and shown[-1].claimed_by != pool[-1].claimed_by):
            kept = max(len(shown) - 1, 0)   # all but the last shown tile are settled
            shown = shown[:kept] + tuple(DiscardView(d.tile, d.ready, d.claimed_by)
                                         for d in pool[kept:])
            self._pool_views[seat] = shown
        return shown

    def _melds_view(self, seat: int, concealed: bool) -> tuple[MeldView, ...]:
        """A seat's melds as a view shows them (`concealed`: its 暗杠's tiles too),
        rebuilt only when they have changed (a meld is added, a 碰 becomes a kong)."""
        melds = self.melds[seat]
        if not melds:
            return ()
        known = self._meld_views[seat]
        if known is None or known[0] != tuple(melds):
            shown = tuple(MeldView(m.kind, m.tiles, m.claimed, m.from_seat) for m in melds)
            hidden = tuple(MeldView(m.kind, (), m.claimed, m.from_seat)
                           if m.kind == KONG_CONCEALED else v for m, v in zip(melds, shown))
            known = self._meld_views[seat] = (tuple(melds), shown, hidden)
        return known[1] if concealed else known[2]


def _tiles_in(hand: list[int]) -> int:
    """The tiles a count list holds (a loop the compiler makes native; `sum` is not)."""
    total = 0
    for copies in hand:
        total += copies
    return total


def _without(tiles: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """`tiles` less one copy of `tile`."""
    out = list(tiles)
    out.remove(tile)
    return tuple(out)
