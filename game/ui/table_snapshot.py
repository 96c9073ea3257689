"""What the table shows, as plain data: built from the seat's PlayerView (plus the public
seat facts and, in debug, the open hands) once per change, never while drawing."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.render.table_model import SeatInfo, TableModel
from game.shell.controller import Controller, MatchSession
from game.ui.bubbles import Option, options_for

Translate = Callable[..., str]


@dataclass(frozen=True)
class TableSnapshot:
    """The viewer's situation: the view, whether and how it may act, and the board model."""

    key: Hashable                  # (controller version, viewer, show_all)
    view: PlayerView
    acting: bool
    legal: tuple[Action, ...]
    options: tuple[Option, ...]
    claim_id: Hashable             # identifies the open claim window (None: no claim)
    unseen: tuple[int, ...]
    model: TableModel

    @property
    def claiming(self) -> bool:
        return self.claim_id is not None

    def discardable(self, ready_on: bool) -> set[int]:
        """Tile kinds the viewer may discard now (only 报听 discards while the switch is on)."""
        return {a.tile for a in self.legal if a.kind == A.DISCARD and a.tile is not None
                and (a.ready or not ready_on)}

    def pass_action(self) -> Action | None:
        """The viewer's 过 in an open claim window, if it has one."""
        return next((a for a in self.legal if a.kind == A.PASS), None)


def seat_wind(seat: int, dealer: int, players: int) -> int:
    """A seat's wind this hand: the dealer sits East and the winds follow the turn order."""
    return (seat - dealer) % players


def take_snapshot(session: MatchSession, controller: Controller, viewer: int,
                  show_all: bool, t: Translate) -> TableSnapshot:
    """The snapshot of the table as `viewer` sees it now."""
    view = session.round.view(viewer)
    acting = viewer in controller.humans_to_act()
    legal = tuple(controller.legal(viewer)) if acting else ()
    claiming = acting and view.phase == "claim"
    source = view.claim_from
    claim_id = (id(session.round), source, len(view.discards[source])) \
        if claiming and source is not None else None
    return TableSnapshot((controller.version, viewer, show_all), view, acting, legal,
                         tuple(options_for(list(legal), claiming)) if acting else (),
                         claim_id, tuple(view.unseen_counts()),
                         _model(session, view, show_all, t))


def _model(session: MatchSession, view: PlayerView, show_all: bool,
           t: Translate) -> TableModel:
    match = session.match
    seats = []
    for s, setup in enumerate(session.seats):
        running = 0 if match.hand_finished else view.scores[s]
        seats.append(SeatInfo(setup.name, seat_wind(s, view.dealer, view.players),
                              match.totals[s] + running, view.scores[s], s == view.dealer,
                              view.ready[s], view.auto[s], t(f"table.tag.{setup.kind}")))
    return TableModel(
        view, tuple(seats),
        tuple(_open_hand(session, s, view.seat) if show_all else None
              for s in range(view.players)),
        _last_discard(session), frozenset(),
        (t("table.wall", n=view.wall_remaining),
         t("table.hand", n=match.hand_number + 1, total=match.length)),
        {"dealer": t("table.badge.dealer"), "ready": t("table.badge.ready"),
         "auto": t("table.badge.auto")})


def _open_hand(session: MatchSession, seat: int, viewer: int) -> tuple[int, ...] | None:
    """Debug: another seat's concealed tiles face up (from the full state, on purpose)."""
    if seat == viewer:
        return None
    state = session.round
    tiles = state.hand_of(seat)
    if seat == state.current and state.drawn is not None and state.drawn in tiles:
        tiles.remove(state.drawn)
        tiles.append(state.drawn)
    return tuple(tiles)


def _last_discard(session: MatchSession) -> int | None:
    """The seat whose newest pool tile is the latest discard still lying there."""
    for e in reversed(session.round.events):
        if e.kind == E.DISCARD:
            return e.seat
        if e.kind in (E.CLAIM, E.DEAL):
            return None
    return None
