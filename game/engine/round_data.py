"""The data of a round in play, and the steps every rule of the round shares: the
queue of automatic steps and the seats' order. The rules build on it layer by layer,
one class each: round_view (what each seat may see) <- settle (payments, the round's
end) <- draws (dealing, drawing, kongs' tiles) <- claim_window (answers to a discard;
claims.py ranks the answers) <- turn (legal actions, the turn's play) <- state (the
public RoundState)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from . import view as V
from .actions import Action
from .events import Event, Payment, WinKind
from .frozen import rebuilt
from .gb_shapes import guobiao_win_test
from .hands import win_test
from .melds import Meld
from .ruleset import Ruleset
from .scoring import PatternResult
from .tiles import NUM_KINDS
from .view import DiscardView, MeldView
from .wall import Wall

# How the seat on turn got there: it decides what the turn allows.
AFTER_DRAW: Final = "draw"      # drew a tile (or the dealer's first turn): may win by self-draw
AFTER_CLAIM: Final = "claim"    # took a discard by chi/peng: must discard (or kong), no self-draw

# Claim window kinds
ON_DISCARD: Final = "discard"
ON_ADDED_KONG: Final = "rob_kong"

NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Discard:
    """A tile in a discard pool. claimed_by: the seat that took it, if any."""

    tile: int
    ready: bool = False
    auto: bool = False
    claimed_by: int | None = None

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)


@cache
def pooled(tile: int, ready: bool, auto: bool, claimed_by: int | None = None) -> Discard:
    """The one Discard of these fields (built once, then shared: it is never changed)."""
    return Discard(tile, ready, auto, claimed_by)


@dataclass(frozen=True, slots=True)
class WinRecord:
    """One winner of a round."""

    seat: int
    how: WinKind
    tile: int
    from_seat: int | None
    pattern: PatternResult
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt(self)


@dataclass(slots=True)
class ClaimWindow:
    """Answers being gathered for one discard (or one added kong that may be robbed).

    seats: who may claim, ascending; options: the claims of those seats worked out so
    far (a seat's are worked out when it is asked, see `Claiming._options`)."""

    kind: str
    tile: int
    from_seat: int
    seats: list[int]
    options: dict[int, list[Action]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)

    def pending(self) -> list[int]:
        return [s for s in self.seats if s not in self.answers]


class RoundData:
    """Everything a round holds; the rule layers above add what it does."""

    def __init__(self, ruleset: Ruleset, wall_tiles: Sequence[int], dealer: int = 0) -> None:
        n = ruleset.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat")
        expected = ruleset.wall_size
        if len(wall_tiles) != expected:
            raise ValueError(f"a wall of {len(wall_tiles)} tiles; this ruleset has {expected}")
        self.ruleset = ruleset
        self.rules = ruleset.hand_rules
        self._is_win = win_test(self.rules)   # the engine's hands are trusted count lists
        if ruleset.guobiao is not None:   # 十三幺, 全不靠, 组合龙 win too
            self._is_win = guobiao_win_test(self._is_win)
        self._kinds = frozenset(ruleset.tile_kinds)
        self.players = n
        # for each seat, the other seats in turn order after it (who may claim its discard)
        self._others = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
        self.dealer = dealer
        self.wall = Wall(wall_tiles)
        self.initial_wall = tuple(wall_tiles)
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.discards: list[list[Discard]] = [[] for _ in range(n)]
        self.ready = [False] * n
        self.ready_waits: list[tuple[int, ...]] = [() for _ in range(n)]
        self.auto = [False] * n
        self.scores = [0] * n
        self.payments: list[Payment] = []
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.wins: list[WinRecord] = []
        self.phase = V.DEAL
        self.current = dealer
        self.drawn: int | None = None
        self.turn_via = AFTER_DRAW
        self.claimed_from: int | None = None   # discarder of the tile taken this turn
        self.claimed_tile: int | None = None
        self.triplet_peng: int | None = None   # claimed_tile if pung'd from a concealed triplet
        self.declined_hu = NOBODY  # passed 胡 on claimed_tile this turn
        self.chi_taken: tuple[int, int] | None = None  # (tile, discarder) until the next discard
        self.window: ClaimWindow | None = None
        self._legal: dict[int, tuple[Action, ...]] = {}   # legal_actions of this state, by seat
        # the turn whose legal actions were worked out last (its seat and the round's
        # events then: a hand changes only with an event), its hand's shanten (or a bound
        # below it) and 报听 discards; each seat's concealed hand after its last discard
        # with a bound below its shanten once one tile is drawn; and the seats whose
        # concealed hand is known to have no wait (they cannot 胡 a discard)
        self._reading: tuple[int, int, int, list[int]] | None = None
        self._floors: list[tuple[list[int], int] | None] = [None] * n
        self._waitless = [False] * n
        self._pool_views: list[tuple[DiscardView, ...]] = [() for _ in range(n)]
        # each seat's melds as views show them: (the melds, with 暗杠 tiles, without)
        self._meld_views: list[tuple[tuple[Meld, ...], tuple[MeldView, ...],
                                     tuple[MeldView, ...]] | None] = [None] * n
        self._queue: list[tuple[Callable[..., None], tuple[object, ...]]] = []
        # 血战到底 (bloody_round.py): each seat's void suit (-1: none), the seats that have
        # won and play no more, the setup decisions gathered, whether the tile just drawn
        # is a kong's replacement, the newest kong's payments (its seat; for 杠上炮) and
        # each seat's kong money (refunded at a draw by a seat that is not ready)
        self.bloody = ruleset.bloody
        self.voids = [-1] * n
        self.out = [False] * n
        self.setup_answers: dict[int, Action] = {}
        self.on_kong_draw = False
        self.last_kong: tuple[int, tuple[Payment, ...]] | None = None
        self.kong_income: list[list[Payment]] = []   # one list a seat, made by the setup
        self.kong_seen = 0
        # 国标 (gb_round.py): the flowers each seat has set aside, and the prevailing wind
        self.guobiao = ruleset.guobiao
        self.flowers = [0] * n
        self.flower_tiles: list[list[int]] = [[] for _ in range(n)]
        self.round_wind = 0

    def _copy_from(self, other: RoundData) -> None:
        """Take over `other`'s play so far (the same ruleset, wall and dealer): every
        container is copied, so the two rounds go on independently."""
        self.wall = other.wall.copy()
        self.hands = [h[:] for h in other.hands]
        self.melds = [m[:] for m in other.melds]
        self.discards = [d[:] for d in other.discards]
        self.ready, self.ready_waits, self.auto = other.ready[:], other.ready_waits[:], other.auto[:]
        self.scores, self.payments = other.scores[:], other.payments[:]
        self.events, self.actions, self.wins = other.events[:], other.actions[:], other.wins[:]
        self.phase, self.current, self.drawn = other.phase, other.current, other.drawn
        self.turn_via, self.claimed_from = other.turn_via, other.claimed_from
        self.claimed_tile, self.triplet_peng = other.claimed_tile, other.triplet_peng
        self.declined_hu, self.chi_taken = other.declined_hu, other.chi_taken
        w = other.window
        self.window = None if w is None else ClaimWindow(
            w.kind, w.tile, w.from_seat, w.seats, dict(w.options), dict(w.answers))
        self._legal = dict(other._legal)
        self._reading = other._reading
        self._floors, self._waitless = other._floors[:], other._waitless[:]
        self._pool_views, self._meld_views = other._pool_views[:], other._meld_views[:]
        self._queue = []
        self.round_wind = other.round_wind
        if other.guobiao is not None:
            self.flowers = other.flowers[:]
            self.flower_tiles = [f[:] for f in other.flower_tiles]
            self.on_kong_draw = other.on_kong_draw
        if other.bloody is None:   # the 血战到底 fields never change in other rulesets
            return
        self.voids, self.out = other.voids[:], other.out[:]
        self.setup_answers, self.on_kong_draw = dict(other.setup_answers), other.on_kong_draw
        self.last_kong, self.kong_seen = other.last_kong, other.kong_seen
        self.kong_income = [k[:] for k in other.kong_income]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    # steps of the layers above, which the 血战到底 play (bloody_round) also takes
    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """`payer` pays `payee` (settle.Settling)."""
        raise NotImplementedError

    def _draw(self, seat: int) -> None:
        """`seat` draws from the wall (draws.Drawing)."""
        raise NotImplementedError

    def _after_tile_in(self, seat: int) -> None:
        """The automatic play a tile coming in may set off (turn.Turns says which)."""
        raise NotImplementedError

    def _kong_actions(self, seat: int) -> list[Action]:
        """The kongs of the seat's hand (draws.Drawing)."""
        raise NotImplementedError

    def _next_in(self, seat: int) -> int:
        """The seat after `seat` that still plays (血战到底: winners play no more)."""
        nxt = self._others[seat][0]
        out = self.out
        while out[nxt]:
            nxt = (nxt + 1) % self.players
        return nxt

    def _may_win(self, seat: int, hand: list[int], tile: int | None = None,
                 how: WinKind = WinKind.DISCARD) -> bool:
        """Whether a complete hand may win (on `tile`, `how`): not while it holds its void
        suit (定缺); 国标 (settle.Settling) asks for the minimum fan too."""
        void = self.voids[seat]
        if void < 0:
            return True
        for k in range(9 * void, 9 * void + 9):
            if hand[k]:
                return False
        return True

    def hand_of(self, seat: int) -> list[int]:
        """The concealed tiles of a seat as sorted kinds (full knowledge: debug and tests)."""
        return [k for k, n in enumerate(self.hands[seat]) if n for _ in range(n)]

    def _later(self, step: Callable[..., None], *args: object) -> None:
        """Queue an automatic step (a draw, an auto-discard): keeps long chains flat."""
        self._queue.append((step, args))

    def _drain(self) -> None:
        while self._queue:
            step, args = self._queue.pop(0)
            step(*args)
