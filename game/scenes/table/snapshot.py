"""What the table shows: the viewer's view of the round after each change, and the
board's model (game.ui.table_model) fed from it."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.render.table_view import TableModel
from game.shell.controller import Controller
from game.shell.session import MatchSession
from game.ui.table_model import Plate, Translate, last_discarder, open_hands, table_model


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
        if acting and view.phase == "claim" and source is not None else None
    return Snapshot((controller.version, viewer, show_all), view, acting, legal, claim_id,
                    tuple(view.unseen_counts()),
                    last_discarder(session.round.events))


def seat_wind(session: MatchSession, seat: int) -> int:
    """The seat's wind this hand: the dealer is East, and the winds move with it."""
    return (seat - session.round.dealer) % session.match.ruleset.players


def discardable(snap: Snapshot, ready_on: bool) -> set[int]:
    """The kinds the viewer may discard now (with 报听 switched on: only ready ones)."""
    return {a.tile for a in snap.legal if a.kind == A.DISCARD and a.tile is not None
            and (a.ready or not ready_on)}


def debug_open_hands(session: MatchSession, viewer: int) -> dict[int, tuple[int, ...]]:
    """Debug: every other seat's concealed tiles face up (from the full state, on purpose:
    the one place the table asks it)."""
    state = session.round
    return open_hands(state.view(s) for s in range(state.players) if s != viewer)


def build_model(session: MatchSession, snap: Snapshot, viewer: int, show_all: bool,
                hidden: frozenset[tuple[str, int]], t: Translate) -> TableModel:
    """The board's content from the viewer's view, the seats' plates and (debug) the other
    seats' open hands."""
    view, match = snap.view, session.match
    running = [0] * view.players if match.hand_finished else view.scores
    plates = [Plate(setup.name, setup.kind, match.totals[s] + running[s])
              for s, setup in enumerate(session.seats)]
    return table_model(view, plates, t, hand=match.hand_number, hands=match.length,
                       shown=debug_open_hands(session, viewer) if show_all else None,
                       last_discard=snap.last_discarder, hidden=hidden)
