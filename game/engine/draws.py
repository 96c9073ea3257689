"""Tiles coming in: the deal, draws from the front of the wall, kongs' replacement
draws from its back, and the kongs a hand may declare."""
from __future__ import annotations

from . import actions as A
from . import bloody_round, gb_round
from . import events as E
from . import view as V
from .actions import Action, shared
from .events import Event
from .hands import waits
from .melds import PENG
from .round_data import AFTER_DRAW, NOBODY
from .settle import Settling
from .tiles import NUM_KINDS


class Drawing(Settling):
    """Dealing, drawing and the kongs of a hand."""

    def _deal(self) -> None:
        if self.guobiao is not None:   # flowers set aside and replaced (补花)
            gb_round.deal(self)
            return
        size, draw = self.ruleset.hand_size, self.wall.draw
        for i in range(self.players):
            seat = (self.dealer + i) % self.players
            hand, count = self.hands[seat], size + (i == 0)
            for _ in range(count):
                tile = draw()
                hand[tile] += 1
            if i == 0:
                self.drawn = tile  # the dealer's 14th tile stands apart like a draw
            self.events.append(Event(E.DEAL, seat, data=E.DealData(count)))
        if self.bloody is not None:   # 换三张 and 定缺 come before the first turn
            bloody_round.begin_setup(self)
            return
        self.phase = V.TURN
        self.current = self.dealer
        self.turn_via = AFTER_DRAW
        self._after_tile_in(self.dealer)

    def _draw(self, seat: int) -> None:
        if len(self.wall) == 0:
            self._exhaust()
            return
        self._tile_in(seat, self.wall.draw(), replacement=False)

    def _replacement_draw(self, seat: int) -> None:
        if len(self.wall) == 0:
            self._exhaust()
            return
        if self.bloody is not None:
            bloody_round.note_kong(self, seat)
        self._tile_in(seat, self.wall.draw_back(), replacement=True)

    def _tile_in(self, seat: int, tile: int, replacement: bool) -> None:
        if tile >= NUM_KINDS:   # 国标: a flower is set aside and replaced from the back
            gb_round.set_aside(self, seat, tile)
            if len(self.wall) == 0:
                self._exhaust()
            else:
                self._tile_in(seat, self.wall.draw_back(), replacement)
            return
        self.hands[seat][tile] += 1
        self.drawn = tile
        self.phase = V.TURN
        self.current = seat
        self.turn_via = AFTER_DRAW
        self.on_kong_draw = replacement
        if not replacement:
            self.last_kong = None  # a kong's replacement draw goes on with the same turn
            self.claimed_tile = self.claimed_from = self.triplet_peng = None
            self.declined_hu = NOBODY
        self._legal = {}
        self.events.append(E.drawn(seat, tile, replacement))
        self._after_tile_in(seat)

    def _kong_actions(self, seat: int) -> list[Action]:
        """The kongs of the seat's hand: of four held (暗杠), of a held tile to a 碰 (补杠)."""
        hand, melds = self.hands[seat], self.melds[seat]
        acts = []
        if 4 in hand:
            wild = self.rules.wildcard
            acts = [shared(seat, A.CONCEALED_KONG, k) for k in range(NUM_KINDS)
                    if hand[k] == 4 and k != wild]
        if melds:
            acts += [shared(seat, A.ADDED_KONG, m.tiles[0]) for m in melds
                     if m.kind == PENG and hand[m.tiles[0]]]
        return acts

    def _keeps_waits(self, seat: int, kong: Action) -> bool:
        """For a 报听 hand: does this kong leave the waiting tiles unchanged?"""
        assert kong.tile is not None
        after = self.hands[seat][:]
        after[kong.tile] -= {A.CONCEALED_KONG: 4, A.ADDED_KONG: 1, A.KONG: 3}[kong.kind]
        return tuple(waits(after, self.rules)) == self.ready_waits[seat]
