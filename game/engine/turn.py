"""A seat's turn: the legal actions of the seat on turn and of the seats asked about a
discard, and what the seat on turn does — discard (perhaps declaring 报听), kong, win."""
from __future__ import annotations

from itertools import compress

from . import actions as A
from . import bloody_round
from . import events as E
from . import view as V
from .actions import Action, discard_row, shared
from .claim_window import Claiming
from .events import Event, WinKind
from .hands import ready_discards, waits
from .melds import KONG_ADDED, KONG_CONCEALED, Meld
from .round_data import AFTER_DRAW, NOBODY, pooled
from .tiles import NUM_KINDS, format_tiles


class Turns(Claiming):
    """Legal actions and the turn's play."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (托管 switching aside: always allowed)."""
        return list(self.legal_now(seat))

    def legal_now(self, seat: int) -> tuple[Action, ...]:
        """legal_actions as the round keeps them, worked out once per state (no copy)."""
        legal = self._legal.get(seat)
        if legal is None:
            w = self.window
            if self.phase is V.TURN and seat == self.current:
                legal = self._turn_actions(seat)
            elif self.phase is V.CLAIM and w is not None and seat in w.seats \
                    and seat not in w.answers:
                legal = (*self._options(w, seat), shared(seat, A.PASS))
            elif self.phase is V.SWAP or self.phase is V.VOID:
                legal = bloody_round.setup_actions(self, seat)
            else:
                legal = ()
            self._legal[seat] = legal
        return legal

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        if self.bloody is not None:
            return bloody_round.turn_actions(self, seat)
        hand = self.hands[seat]
        acts: list[Action] = []
        can_kong = len(self.wall) > 0 and self.ruleset.claims["kong"]
        if self.ready[seat]:
            assert self.drawn is not None
            acts.append(shared(seat, A.DISCARD, self.drawn))
            if can_kong:  # the hand is locked: only a kong of the drawn tile, keeping the waits
                acts += [a for a in self._kong_actions(seat)
                         if a.tile == self.drawn and self._keeps_waits(seat, a)]
            return tuple(acts)
        # from 0 up the hand is not complete (国标: unknown, its special shapes are not read)
        floor = self._floor(seat) if self.guobiao is None else -1
        if self.turn_via == AFTER_DRAW and floor < 0 and self._is_win(hand) \
                and self._may_win(seat, hand, self.drawn, WinKind.SELF_DRAW):
            acts.append(shared(seat, A.SELF_DRAW, self.drawn))
        if can_kong:
            acts += self._kong_actions(seat)
        if self.guobiao is not None:   # 国标 has no 报听: no shanten read
            self._reading = None
            return (*acts, *compress(discard_row(seat), hand))
        now, ready_after = ready_discards(hand, self.rules, floor)
        self._reading = (seat, len(self.events), now, ready_after)
        row = discard_row(seat)
        if not ready_after:
            return (*acts, *compress(row, hand))
        for k in range(NUM_KINDS):
            if hand[k]:
                acts.append(row[k])
                if k in ready_after:
                    acts.append(shared(seat, A.DISCARD, k, (), True))
        return tuple(acts)

    def _floor(self, seat: int) -> int:
        """A shanten the seat's hand is known not to be below (-1: nothing known): when
        it is its last discard's hand plus the tile just drawn."""
        floor, drawn = self._floors[seat], self.drawn
        if floor is None or drawn is None or self.turn_via != AFTER_DRAW:
            return -1
        hand = self.hands[seat]
        hand[drawn] -= 1
        same = hand == floor[0]
        hand[drawn] += 1
        return floor[1] if same else -1

    def _apply_turn(self, action: Action) -> None:
        seat, tile = action.seat, action.tile
        assert tile is not None or action.kind == A.SELF_DRAW
        if action.kind == A.DISCARD:
            assert tile is not None
            self._discard(seat, tile, action.ready, auto=False)
        elif action.kind == A.SELF_DRAW:
            self._settle_wins([seat], WinKind.SELF_DRAW, self.drawn, None)
        elif action.kind == A.CONCEALED_KONG:
            assert tile is not None
            self.hands[seat][tile] -= 4
            self.melds[seat].append(Meld(KONG_CONCEALED, (tile,) * 4))
            self.events.append(Event(E.KONG, seat, tile, E.KongData(KONG_CONCEALED),
                                     private=True))  # laid face down
            self._pay_each(seat, self.ruleset.payments["concealed_kong"], "concealed_kong")
            self._replacement_draw(seat)
        elif action.kind == A.ADDED_KONG:
            assert tile is not None
            self.events.append(Event(E.KONG, seat, tile, E.KongData(KONG_ADDED)))
            self._open_rob_window(seat, tile)

    def _discard(self, seat: int, tile: int, ready: bool, auto: bool) -> None:
        reading, hand = self._reading, self.hands[seat]
        if reading is not None and reading[0] == seat and reading[1] == len(self.events):
            self._waitless[seat] = tile not in reading[3]
            hand[tile] -= 1
            # a discard never lowers a shanten; one tile drawn lowers it by one at most
            self._floors[seat] = (hand[:], reading[2] - 1)
        else:
            self._waitless[seat], self._floors[seat] = False, None
            hand[tile] -= 1
        self.discards[seat].append(pooled(tile, ready, auto))
        self.events.append(E.discarded(seat, tile, ready, auto))
        chi_taken, self.chi_taken = self.chi_taken, None
        if chi_taken is not None and chi_taken[0] == tile:
            # 吃吐: the first discard after a chi (a kong between or not) is the chi's tile
            self._pay(seat, chi_taken[1], self.ruleset.payments["chi"], "chi_refund")
        if ready:
            self.ready[seat] = True
            self.ready_waits[seat] = tuple(waits(self.hands[seat], self.rules))
            self.events.append(Event(E.READY, seat, tile,
                                     E.ReadyData(format_tiles(self.ready_waits[seat])),
                                     secret=True))  # the table learns: ready
            self._pay_each(seat, self.ruleset.payments["ready"], "ready")
        self.drawn = None
        self.claimed_tile = self.claimed_from = self.triplet_peng = None
        self.declined_hu = NOBODY
        self._open_discard_window(seat, tile)

    def _after_tile_in(self, seat: int) -> None:
        """Automatic play: 报听 and 托管 seats win at once; a 报听 hand discards the draw."""
        if (self.ready[seat] or self.auto[seat]) and self._is_win(self.hands[seat]) \
                and self._may_win(seat, self.hands[seat], self.drawn, WinKind.SELF_DRAW):
            self._settle_wins([seat], WinKind.SELF_DRAW, self.drawn, None)
            return
        if self.ready[seat] and self.drawn is not None and len(self.legal_now(seat)) == 1:
            self._legal = {}
            self._later(self._discard, seat, self.drawn, False, True)
