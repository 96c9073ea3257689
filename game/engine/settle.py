"""Money and the end of a round: payments, wins scored and paid, a wall run dry."""
from __future__ import annotations

from . import bloody_round, gb_round
from . import events as E
from . import view as V
from .events import Event, Payment, WinKind
from .round_data import WinRecord
from .round_view import Viewing
from .scoring import score_pattern
from .tiles import NUM_KINDS


class Settling(Viewing):
    """Payments and the round's end."""

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount == 0 or payer == payee:
            return
        p = Payment(payer, payee, amount, reason)
        self.payments.append(p)
        self.scores[payer] -= amount
        self.scores[payee] += amount
        self.events.append(E.paid(payee, payer, amount, reason))

    def _pay_each(self, payee: int, amount: int, reason: str) -> None:
        out = self.out   # 血战到底: a seat that has won pays no more
        for s in range(self.players):
            if s != payee and not out[s]:
                self._pay(s, payee, amount, reason)

    def _may_win(self, seat: int, hand: list[int], tile: int | None = None,
                 how: WinKind = WinKind.DISCARD) -> bool:
        if self.guobiao is not None:   # 国标: only with the minimum fan, flowers not counted
            return gb_round.may_win(self, seat, hand, tile, how)
        return super()._may_win(seat, hand, tile, how)

    def _settle_wins(self, winners: list[int], how: WinKind, tile: int | None,
                     from_seat: int | None) -> None:
        assert tile is not None
        if self.bloody is not None:
            bloody_round.settle_wins(self, winners, how, tile, from_seat)
            return
        if self.guobiao is not None:   # one winner: the first after the discarder
            gb_round.settle_win(self, winners[0], how, tile, from_seat)
            return
        self._legal = {}
        for seat in winners:
            hand = self.hands[seat][:]
            if how != WinKind.SELF_DRAW:
                hand[tile] += 1  # the won tile stays where it is; the record shows it in hand
            pattern = score_pattern(hand, self.melds[seat], self.rules, self.ruleset.patterns)
            record = WinRecord(seat, how, tile, from_seat, pattern,
                               tuple(k for k in range(NUM_KINDS) for _ in range(hand[k])),
                               tuple(self.melds[seat]))
            self.wins.append(record)
            self.events.append(Event(E.WIN, seat, tile, E.WinData(how, from_seat, pattern.name,
                                                                pattern.fan)))
            if how == WinKind.SELF_DRAW:
                self._pay_each(seat, pattern.fan, pattern.name)
            else:
                assert from_seat is not None
                self._pay(from_seat, seat, pattern.fan, pattern.name)
        self.phase = V.ROUND_END
        self.drawn = None

    def _exhaust(self) -> None:
        self.phase = V.ROUND_END
        self.drawn = None
        self.events.append(Event(E.EXHAUSTED))
        if self.bloody is not None:
            bloody_round.settle_draw(self)
