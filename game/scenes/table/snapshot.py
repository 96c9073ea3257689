"""What the table shows: the viewer's view of the round after each change, and the
board's plain-data model (seats, open hands, captions) built from it."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.play.feed import SeatFeed
from game.render.table_view import SeatInfo, TableModel
from game.shell.session import MatchSession

Translate = Callable[..., str]


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
        if turn is not None and view.phase == "claim" and source is not None else None
    return Snapshot((version, feed.seat, show_all), view, turn is not None,
                    turn.legal if turn is not None else (), claim_id,
                    tuple(view.unseen_counts()), feed.last_discarder())


def seat_wind(view: PlayerView, seat: int) -> int:
    """The seat's wind this hand: the dealer is East, and the winds move with it."""
    return (seat - view.dealer) % view.players


def discardable(snap: Snapshot, ready_on: bool) -> set[int]:
    """The kinds the viewer may discard now (with 报听 switched on: only ready ones)."""
    return {a.tile for a in snap.legal if a.kind == A.DISCARD and a.tile is not None
            and (a.ready or not ready_on)}


def build_model(session: MatchSession, snap: Snapshot, viewer: int,
                open_hands: tuple[tuple[int, ...], ...] | None,
                hidden: frozenset[tuple[str, int]], t: Translate) -> TableModel:
    """The board's content: seats with names, winds, scores and badges; the other seats'
    hands face up where `open_hands` gives them (debug)."""
    view, match = snap.view, session.match
    seats = []
    for s, setup in enumerate(session.seats):
        running = 0 if match.hand_finished else view.scores[s]
        seats.append(SeatInfo(setup.name, seat_wind(view, s), match.totals[s] + running,
                              view.scores[s], s == view.dealer, view.ready[s], view.auto[s],
                              t(f"table.tag.{setup.tag}")))
    return TableModel(
        view, tuple(seats),
        tuple(None if open_hands is None or s == viewer else open_hands[s]
              for s in range(view.players)),
        snap.last_discarder, hidden,
        (t("table.wall", n=view.wall_remaining),
         t("table.hand", n=match.hand_number + 1, total=match.length)),
        {"dealer": t("table.badge.dealer"), "ready": t("table.badge.ready"),
         "auto": t("table.badge.auto")})
