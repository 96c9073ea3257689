"""What the table shows: the viewer's view of the round after each change, and the
board's plain-data model (seats, open hands, captions) built from it."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.view import Phase, PlayerView
from game.render.table_view import SeatInfo, TableModel
from game.shell.controller import Controller
from game.shell.session import MatchSession
from game.ui.wording import TAG_KEYS, words_for

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


def take(session: MatchSession, controller: Controller, viewer: int,
         show_all: bool) -> Snapshot:
    """The viewer's snapshot of the round as it is now."""
    view = session.round.view(viewer)
    acting = viewer in controller.humans_to_act()
    legal = tuple(controller.legal(viewer)) if acting else ()
    source = view.claim_from
    claim_id = (id(session.round), source, len(view.discards[source])) \
        if acting and view.phase == Phase.CLAIM and source is not None else None
    return Snapshot((controller.version, viewer, show_all), view, acting, legal, claim_id,
                    tuple(view.unseen_counts()), last_discarder(session))


def last_discarder(session: MatchSession) -> int | None:
    """The seat of the newest discard still lying in its pool (None after a claim)."""
    for e in reversed(session.round.events):
        if e.kind == E.DISCARD:
            return e.seat
        if e.kind in (E.CLAIM, E.DEAL):
            return None
    return None


def seat_wind(session: MatchSession, seat: int) -> int:
    """The seat's wind this hand: the dealer is East, and the winds move with it."""
    return (seat - session.round.dealer) % session.match.ruleset.players


def discardable(snap: Snapshot, ready_on: bool) -> set[int]:
    """The kinds the viewer may discard now (with 报听 switched on: only ready ones)."""
    return {a.tile for a in snap.legal if a.kind == A.DISCARD and a.tile is not None
            and (a.ready or not ready_on)}


def open_hand(session: MatchSession, seat: int, viewer: int,
              show_all: bool) -> tuple[int, ...] | None:
    """Debug: another seat's concealed tiles face up (from the full state, on purpose)."""
    if not show_all or seat == viewer:
        return None
    state = session.round
    tiles = state.hand_of(seat)
    if seat == state.current and state.drawn is not None and state.drawn in tiles:
        tiles.remove(state.drawn)
        tiles.append(state.drawn)
    return tuple(tiles)


def build_model(session: MatchSession, snap: Snapshot, viewer: int, show_all: bool,
                hidden: frozenset[tuple[str, int]], t: Translate) -> TableModel:
    """The board's content: seats with names, winds, scores and badges; open hands."""
    view, match = snap.view, session.match
    seats = []
    for s, setup in enumerate(session.seats):
        running = 0 if match.hand_finished else view.scores[s]
        seats.append(SeatInfo(setup.name, seat_wind(session, s), match.totals[s] + running,
                              view.scores[s], s == view.dealer, view.ready[s], view.auto[s],
                              words_for(t, TAG_KEYS, setup.kind.partition(":")[0])))
    return TableModel(
        view, tuple(seats),
        tuple(open_hand(session, s, viewer, show_all) for s in range(view.players)),
        snap.last_discarder, hidden,
        (t("table.wall", n=view.wall_remaining),
         t("table.hand", n=match.hand_number + 1, total=match.length)),
        {"dealer": t("table.badge.dealer"), "ready": t("table.badge.ready"),
         "auto": t("table.badge.auto")})
