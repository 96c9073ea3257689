"""What the table shows: the viewer's view of the round after each change, and the
board's model (game.ui.table_model) fed from it."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.view import Phase, PlayerView
from game.play.feed import SeatFeed
from game.render.board_model import TableModel
from game.shell.table_source import TableSource
from game.ui.gb_table import flowers_of, hands_per_wind
from game.ui.table_model import Plate, Translate, table_model


@dataclass(frozen=True)
class Snapshot:
    """The viewer's situation at one version of the round."""

    key: Hashable                 # (controller version, viewer, show_all)
    view: PlayerView
    acting: bool                  # the viewer must decide now
    legal: tuple[Action, ...]     # the viewer's legal actions (empty unless acting)
    claim_id: Hashable            # which discard the viewer may claim (None: none)
    unseen: tuple[int, ...]       # copies of each kind the viewer cannot see
    last_discarder: int | None    # the seat whose discard is the newest on the table
    wins: tuple[Event, ...] = ()  # the hand's wins so far, in order (血战到底 goes on)
    flowers: tuple[tuple[int, ...], ...] = ()   # 国标: each seat's flowers set aside

    @property
    def claiming(self) -> bool:
        return self.claim_id is not None


def take(feed: SeatFeed, version: int, show_all: bool) -> Snapshot:
    """The snapshot of the viewer's feed as it is now (`version`: the table's)."""
    view = feed.view
    assert view is not None, "a seat's feed is filled as soon as its table is"
    turn = feed.turn
    source = view.claim_from
    claim_id = (feed.hands, source, len(view.discards[source])) \
        if turn is not None and view.phase == Phase.CLAIM and source is not None else None
    return Snapshot((version, feed.seat, show_all), view, turn is not None,
                    turn.legal if turn is not None else (), claim_id,
                    tuple(view.unseen_counts()), feed.last_discarder(),
                    tuple(e for e in feed.events if e.kind == E.WIN) if view.won else (),
                    flowers_of(feed.events, view.players) if view.flowers else ())


def seat_wind(view: PlayerView, seat: int) -> int:
    """The seat's wind this hand: the dealer is East, and the winds move with it."""
    return (seat - view.dealer) % view.players


def discardable(snap: Snapshot, ready_on: bool) -> set[int]:
    """The kinds the viewer may discard now (with 报听 switched on: only ready ones)."""
    return {a.tile for a in snap.legal if a.kind == A.DISCARD and a.tile is not None
            and (a.ready or not ready_on)}


def build_model(source: TableSource, snap: Snapshot,
                open_hands: tuple[tuple[int, ...], ...] | None,
                hidden: frozenset[tuple[str, int]], t: Translate) -> TableModel:
    """The board's content from the viewer's view, the seats' plates and (debug) the other
    seats' hands face up where `open_hands` gives them."""
    view = snap.view
    plates = [Plate(*plate) for plate in source.plates(view, t)]
    hand, hands = source.progress()
    return table_model(view, plates, t, hand=hand, hands=hands,
                       shown=dict(enumerate(open_hands)) if open_hands is not None else None,
                       last_discard=snap.last_discarder, hidden=hidden, events=snap.wins,
                       flowers=snap.flowers, per_wind=hands_per_wind(source.ruleset))
