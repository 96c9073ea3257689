"""What the results page shows of a finished hand, as one typed report: built from a
match played on this computer (everything is known), or from what one seat of an online
room was told (its own hand; of the others, their melds, wins and payments)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import events as E
from game.engine.events import Event, Payment, WinKind
from game.engine.match import Match
from game.engine.ruleset import Ruleset
from game.engine.scoring import PatternResult
from game.engine.state import WinRecord
from game.engine.tiles import NUM_KINDS
from game.engine.view import PlayerView
from game.shell.table_source import SeatHandEnd
from game.ui.hand_end import WON, HandRow, ending_status, hand_rows


@dataclass(frozen=True)
class HandReport:
    """A finished hand: who won how, every payment, the score changes and totals."""

    number: int                     # the hand, counted from 0
    length: int                     # hands in the match
    dealer: int
    exhausted: bool                 # 流局: nobody won
    rows: tuple[HandRow, ...]       # each seat's hand and how it ended
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]         # this hand's points of each seat
    totals: tuple[int, ...]         # the match totals after it
    match_over: bool                # it was the match's last hand
    names: tuple[str, ...]
    wins: tuple[WinRecord, ...] = ()   # in the order they were won (血战到底: several)


def local_report(match: Match, names: Sequence[str]) -> HandReport:
    """The match's last finished hand, as a table on this computer knows it."""
    hand = match.history[-1]
    return HandReport(hand.number, match.length, hand.dealer, hand.exhausted,
                      tuple(hand_rows(match.round)), tuple(hand.payments), tuple(hand.deltas),
                      tuple(match.totals), match.is_over, tuple(names), tuple(hand.wins))


def online_report(seen: SeatHandEnd, ruleset: Ruleset, names: Sequence[str]) -> HandReport:
    """The hand as the seat was told it: every seat's concealed tiles once the server
    showed them at the end (else its own only, the others' face down), the melds, the
    wins (pattern, fan, how; as end_hand told them, so a seat taken back after the end
    knows them too) and the payments."""
    view = seen.view
    told = seen.wins or tuple(e for e in seen.events    # the events: an older server
                              if e.kind == E.WIN and isinstance(e.data, E.WinData))
    fans = seen.fans if seen.wins else ()
    wins = tuple(_win(e, fans[i] if i < len(fans) else ())
                 for i, e in enumerate(told) if e.tile is not None)
    payments = tuple(Payment(e.data.payer, e.seat, e.data.amount, e.data.reason)
                     for e in seen.events
                     if e.kind == E.PAYMENT and isinstance(e.data, E.PaymentData))
    rows = tuple(_row(seat, view, _known(seat, view, seen.hands), wins, ruleset)
                 for seat in range(view.players))
    return HandReport(seen.number, seen.length, view.dealer, not wins, rows, payments,
                      seen.deltas, seen.totals, seen.number + 1 >= seen.length, tuple(names),
                      wins)


def _known(seat: int, view: PlayerView, hands: tuple[tuple[int, ...], ...] | None
           ) -> tuple[int, ...] | None:
    """A seat's concealed tiles as far as they were told (None: not told)."""
    if hands is not None:
        return hands[seat]
    return view.hand if seat == view.seat else None


def _win(event: Event, fans: tuple[str, ...]) -> WinRecord:
    """A win as told: who, how, the tile, the pattern and fan, its fans where told (as
    the record's keys; its hand is in the rows)."""
    data = event.data
    assert isinstance(data, E.WinData) and event.tile is not None
    pattern = PatternResult(data.pattern, data.fan, fans or (data.pattern,))
    return WinRecord(event.seat, data.how, event.tile, data.from_seat, pattern, (), ())


def _row(seat: int, view: PlayerView, known: tuple[int, ...] | None,
         wins: tuple[WinRecord, ...], ruleset: Ruleset) -> HandRow:
    """One seat's row: its tiles where `known`, else face down."""
    melds = view.melds[seat]
    won = [w for w in wins if w.seat == seat]
    paid = tuple(w for w in wins if w.from_seat == seat and w.how != WinKind.SELF_DRAW)
    size = view.hand_sizes[seat]
    tiles = sorted(known or ())
    if won:
        drawn = 1 if won[0].how == WinKind.SELF_DRAW else 0   # the won tile is in the hand
        if drawn and won[0].tile in tiles:
            tiles.remove(won[0].tile)
        hidden = 0 if known is not None else size - drawn
        return HandRow(seat, tuple(tiles), melds, WON, (won[0],), view.players, hidden)
    counts = None if known is None else [tiles.count(k) for k in range(NUM_KINDS)]
    status = ending_status(bool(paid), view.ready[seat], counts, ruleset.hand_rules)
    return HandRow(seat, tuple(tiles), melds, status, paid, view.players,
                   0 if known is not None else size)
