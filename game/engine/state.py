"""RoundState: one hand of mahjong as a turn state machine.

Phases: DEAL (only while dealing) -> TURN (the seat on turn acts) <-> CLAIM (every
seat that can claim the discard answers; answers are gathered, then resolved by
priority 胡 > 杠 > 碰 > 吃) -> ROUND_END.  Draws, 报听 auto-discards and automatic
wins are consequences the engine applies itself; the action list holds only the
seats' decisions, so (ruleset, wall, dealer, actions) defines a round completely.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_

from . import actions as A
from . import bloody_round
from . import events as E
from . import view as V
from .actions import Action
from .events import Event, WinKind
from .round_data import AFTER_DRAW, Discard, WinRecord
from .ruleset import Ruleset
from .tiles import tile_name
from .turn import Turns
from .view import Phase

__all__ = ["Discard", "IllegalAction", "Phase", "RoundState", "WinRecord"]


class IllegalAction(Exception):
    """An action that is not legal now; the message says why."""


class RoundState(Turns):
    """A round in progress. Build with `RoundState.new` (seeded) or `from_wall`.

    Its rules live in layers, each in its module: round_data (what a round holds),
    settle (payments, the end), draws (the deal, draws, kongs), claim_window (answers
    to a discard), turn (legal actions, the turn's play), round_view (a seat's view)."""

    def __init__(self, ruleset: Ruleset, wall_tiles: Sequence[int], dealer: int = 0,
                 dealt: bool = True, round_wind: int = 0) -> None:
        """A round on `wall_tiles`, dealt (dealt=False: not yet, for clone); round_wind:
        the prevailing wind (0-3: east to north; 国标 scores it)."""
        super().__init__(ruleset, wall_tiles, dealer)
        self.round_wind = round_wind
        if not dealt:
            return
        self._deal()
        self._drain()
        self._legal = {}

    @classmethod
    def new(cls, ruleset: Ruleset, seed: int, dealer: int = 0) -> RoundState:
        """A round on a wall shuffled by `seed`."""
        return cls(ruleset, ruleset.new_wall(seed), dealer)

    @property
    def is_over(self) -> bool:
        return self.phase is V.ROUND_END

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """The round's events from index `start` on, as `seat` may know them."""
        seen = [e.seen_by(seat) for e in self.events[start:]]
        return [e for e in seen if e is not None]

    def seats_to_act(self) -> list[int]:
        """Seats whose decision the round is waiting for."""
        if self.phase is V.TURN:
            return [self.current]
        if self.phase is V.CLAIM and self.window is not None:
            return self.window.pending()
        if self.phase is V.SWAP or self.phase is V.VOID:
            return [s for s in range(self.players) if s not in self.setup_answers]
        return []

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else a readable reason."""
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        problem = action.problem()
        if problem is not None:
            return problem
        if action.tile is not None and action.tile not in self._kinds:
            return f"{tile_name(action.tile)} is not a tile of this ruleset"
        if not 0 <= action.seat < self.players:
            return f"seat {action.seat} is not at this table"
        if action.kind == A.AUTO:
            return None if self.phase is not V.ROUND_END else "the round is over"
        if self.phase is V.ROUND_END:
            return "the round is over"
        if action in self.legal_now(action.seat):
            return None
        if action.seat not in self.seats_to_act():
            if self.phase is V.CLAIM and self.window and action.seat in self.window.answers:
                return f"seat {action.seat} has already answered this discard"
            return f"it is not seat {action.seat}'s turn to act"
        if action.kind in A.TURN_KINDS and self.phase is V.CLAIM:
            return f"'{action.kind}' is not possible while a discard is being claimed"
        if action.kind in A.CLAIM_KINDS and self.phase is V.TURN:
            return f"'{action.kind}' is only possible on another seat's discard"
        if self.ready[action.seat] and action.kind == A.DISCARD and self.drawn is not None:
            return f"the hand is locked after 报听: only {tile_name(self.drawn)} may be discarded"
        own_tile = action.kind in (A.DISCARD, A.CONCEALED_KONG, A.ADDED_KONG)
        if own_tile and action.tile is not None and self.hands[action.seat][action.tile] == 0:
            return f"seat {action.seat} holds no {tile_name(action.tile)}"
        if action.ready:
            return "that discard does not leave the hand ready, so 报听 cannot be declared"
        if self.guobiao is not None and action.kind in (A.HU, A.SELF_DRAW):
            return f"the hand does not win with {self.guobiao.min_fan} fan besides the flowers"
        return f"'{action}' is not among the legal actions now"

    def apply(self, action: Action) -> None:
        """Apply a legal action; IllegalAction (with the reason) for anything else.

        An action object that legal_actions offered in this very state is known legal;
        any other (an equal copy, one from a record or another program) is checked."""
        # the seat read untyped: a malformed action's may be anything (compiled code
        # would refuse a typed read of it)
        seat = getattr(action, "seat", None)
        offered = self._legal.get(seat) if type(action) is Action and type(seat) is int else None
        if offered is None or not any(map(is_, offered, repeat(action))):
            reason = self.why_illegal(action)
            if reason is not None:
                readable = isinstance(action, Action) and action.problem() is None
                raise IllegalAction(f"{action if readable else repr(action)}: {reason}")
        self._legal = {}
        self.actions.append(action)
        if action.kind == A.AUTO:
            self._set_auto(action.seat, action.on)
        elif self.phase is V.TURN:
            self._apply_turn(action)
        elif self.phase is V.SWAP or self.phase is V.VOID:
            bloody_round.apply_setup(self, action)
        else:
            assert self.window is not None
            self.window.answers[action.seat] = action
            if action.kind == A.PASS:
                self.events.append(E.passed(action.seat))
            self._maybe_resolve()
        self._drain()
        self._legal = {}

    def clone(self) -> RoundState:
        """An independent copy (the wall's tile order is shared, it never changes)."""
        c = RoundState(self.ruleset, self.initial_wall, self.dealer, dealt=False)
        c._copy_from(self)
        return c

    def tile_count(self) -> int:
        """Tiles in hands, melds, pools (unclaimed) and the wall: always the full set."""
        n = len(self.wall) + sum(map(sum, self.hands)) + sum(self.flowers)
        n += sum(len(m.tiles) for ms in self.melds for m in ms)
        n += sum(1 for ds in self.discards for d in ds if d.claimed_by is None)
        return n

    def _set_auto(self, seat: int, on: bool) -> None:
        self.auto[seat] = on
        self.events.append(Event(E.AUTO, seat, data=E.AutoData(on)))
        if not on:
            return
        if self.phase is V.TURN and seat == self.current and self.turn_via == AFTER_DRAW:
            if self._is_win(self.hands[seat]) \
                    and self._may_win(seat, self.hands[seat], self.drawn, WinKind.SELF_DRAW):
                self._settle_wins([seat], WinKind.SELF_DRAW, self.drawn, None)
        elif self.phase is V.CLAIM and self.window is not None:
            w = self.window
            if seat in w.seats and seat not in w.answers:
                opts = self._options(w, seat)
                if opts[0].kind == A.HU:
                    w.answers[seat] = opts[0]
                    self._maybe_resolve()
