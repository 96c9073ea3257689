"""RoundState: one hand of mahjong as a turn state machine.

Phases: DEAL (only while dealing) -> TURN (the seat on turn acts) <-> CLAIM (every
seat that can claim the discard answers; answers are gathered, then resolved by
priority 胡 > 杠 > 碰 > 吃) -> ROUND_END.  Draws, 报听 auto-discards and automatic
wins are consequences the engine applies itself; the action list holds only the
seats' decisions, so (ruleset, wall, dealer, actions) defines a round completely.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import actions as A
from . import events as E
from .actions import Action, discard_row, shared
from .claims import resolve_claims
from .events import Event, Payment, WinKind
from .hands import ready_discards, waits, win_test
from .melds import CHI, KONG_ADDED, KONG_CONCEALED, KONG_DIRECT, PENG, Meld
from .ruleset import Ruleset
from .scoring import PatternResult, score_pattern
from .tiles import NUM_KINDS, format_tiles, suit_of, tile_name
from .view import DiscardView, MeldView, Phase, PlayerView
from .wall import Wall, shuffled_wall


class IllegalAction(Exception):
    """An action that is not legal now; the message says why."""


# How the seat on turn got there: it decides what the turn allows.
AFTER_DRAW = "draw"      # drew a tile (or the dealer's first turn): may win by self-draw
AFTER_CLAIM = "claim"    # took a discard by chi/peng: must discard (or kong), no self-draw

# Claim window kinds
ON_DISCARD = "discard"
ON_ADDED_KONG = "rob_kong"

# For each suited tile, the pairs of its suit that run with it, in the order 吃 offers them
CHI_PAIRS = tuple(
    tuple((a, b) for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2))
          if 0 <= a and b < 27 and suit_of(a) == suit_of(b) == suit_of(t))
    for t in range(27))
NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Discard:
    """A tile in a discard pool. claimed_by: the seat that took it, if any."""

    tile: int
    ready: bool = False
    auto: bool = False
    claimed_by: int | None = None


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


@dataclass(slots=True)
class ClaimWindow:
    """Answers being gathered for one discard (or one added kong that may be robbed).

    seats: who may claim, ascending; options: the claims of those seats worked out so
    far (a seat's are worked out when it is asked, see `RoundState._options`)."""

    kind: str
    tile: int
    from_seat: int
    seats: list[int]
    options: dict[int, list[Action]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)

    def pending(self) -> list[int]:
        return [s for s in self.seats if s not in self.answers]


class RoundState:
    """A round in progress. Build with `RoundState.new` (seeded) or `from_wall`."""

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
        self._kinds = frozenset(ruleset.tile_kinds)
        self.players = n
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
        self.phase = Phase.DEAL
        self.current = dealer
        self.drawn: int | None = None
        self.turn_via = AFTER_DRAW
        self.claimed_from: int | None = None   # discarder of the tile taken this turn
        self.claimed_tile: int | None = None
        self.triplet_peng: int | None = None   # claimed_tile if pung'd from a concealed triplet
        self.declined_hu = NOBODY  # passed 胡 on claimed_tile this turn
        self.chi_taken: tuple[int, int] | None = None  # (tile, discarder) until the next discard
        self.window: ClaimWindow | None = None
        self._legal: dict[int, list[Action]] = {}   # legal_actions of this state, by seat
        # the hand a turn's legal actions were worked out for, its shanten (or a bound
        # below it) and its 报听 discards; each seat's concealed hand after its last
        # discard with a bound below its shanten once one tile is drawn; and the seats
        # whose concealed hand is known to have no wait (they cannot 胡 a discard)
        self._reading: tuple[bytes, int, list[int]] | None = None
        self._floors: list[tuple[bytes, int] | None] = [None] * n
        self._waitless = [False] * n
        self._pool_views: list[tuple[DiscardView, ...]] = [() for _ in range(n)]
        self._queue: list[tuple[Callable[..., None], tuple[object, ...]]] = []
        self._deal()
        self._drain()
        self._legal = {}

    # ----------------------------------------------------------------- set-up
    @classmethod
    def new(cls, ruleset: Ruleset, seed: int, dealer: int = 0) -> RoundState:
        """A round on a wall shuffled by `seed`."""
        return cls(ruleset, shuffled_wall(ruleset.tile_kinds, ruleset.copies, seed), dealer)

    def _deal(self) -> None:
        size = self.ruleset.hand_size
        for i in range(self.players):
            seat = (self.dealer + i) % self.players
            for _ in range(size + (1 if i == 0 else 0)):
                tile = self.wall.draw()
                self.hands[seat][tile] += 1
                if i == 0:
                    self.drawn = tile  # the dealer's 14th tile stands apart like a draw
            self.events.append(Event(E.DEAL, seat, data=E.DealData(size + (i == 0))))
        self.phase = Phase.TURN
        self.current = self.dealer
        self.turn_via = AFTER_DRAW
        self._after_tile_in(self.dealer)

    # ------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.ROUND_END

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def hand_of(self, seat: int) -> list[int]:
        """The concealed tiles of a seat as sorted kinds (full knowledge: debug and tests)."""
        return [k for k, n in enumerate(self.hands[seat]) if n for _ in range(n)]

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """The round's events from index `start` on, as `seat` may know them."""
        seen = (e.seen_by(seat) for e in self.events[start:])
        return [e for e in seen if e is not None]

    def seats_to_act(self) -> list[int]:
        """Seats whose decision the round is waiting for."""
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase is Phase.CLAIM and self.window is not None:
            return self.window.pending()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (托管 switching aside: always allowed)."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._work_out_legal(seat)
        return list(legal)

    def _work_out_legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.TURN and seat == self.current:
            return self._turn_actions(seat)
        w = self.window
        if self.phase is Phase.CLAIM and w is not None and seat in w.seats \
                and seat not in w.answers:
            return [*self._options(w, seat), shared(seat, A.PASS)]
        return []

    def _offered(self, action: object) -> bool:
        """Whether `action` is one of the very objects that legal_actions offers in this
        state (so it is legal: the checks of why_illegal would all pass)."""
        for legal in self._legal.values():
            for offered in legal:
                if offered is action:
                    return True
        return False

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
            return None if self.phase is not Phase.ROUND_END else "the round is over"
        if self.phase is Phase.ROUND_END:
            return "the round is over"
        if action in self.legal_actions(action.seat):
            return None
        if action.seat not in self.seats_to_act():
            if self.phase is Phase.CLAIM and self.window and action.seat in self.window.answers:
                return f"seat {action.seat} has already answered this discard"
            return f"it is not seat {action.seat}'s turn to act"
        if action.kind in A.TURN_KINDS and self.phase is Phase.CLAIM:
            return f"'{action.kind}' is not possible while a discard is being claimed"
        if action.kind in A.CLAIM_KINDS and self.phase is Phase.TURN:
            return f"'{action.kind}' is only possible on another seat's discard"
        if self.ready[action.seat] and action.kind == A.DISCARD and self.drawn is not None:
            return f"the hand is locked after 报听: only {tile_name(self.drawn)} may be discarded"
        own_tile = action.kind in (A.DISCARD, A.CONCEALED_KONG, A.ADDED_KONG)
        if own_tile and action.tile is not None and self.hands[action.seat][action.tile] == 0:
            return f"seat {action.seat} holds no {tile_name(action.tile)}"
        if action.ready:
            return "that discard does not leave the hand ready, so 报听 cannot be declared"
        return f"'{action}' is not among the legal actions now"

    def apply(self, action: Action) -> None:
        """Apply a legal action; IllegalAction (with the reason) for anything else.

        An action object that legal_actions offered in this very state is known legal;
        any other (an equal copy, one from a record or another program) is checked."""
        if not self._offered(action):
            reason = self.why_illegal(action)
            if reason is not None:
                readable = isinstance(action, Action) and action.problem() is None
                raise IllegalAction(f"{action if readable else repr(action)}: {reason}")
        self._legal = {}
        self.actions.append(action)
        if action.kind == A.AUTO:
            self._set_auto(action.seat, action.on)
        elif self.phase is Phase.TURN:
            self._apply_turn(action)
        else:
            assert self.window is not None
            self.window.answers[action.seat] = action
            if action.kind == A.PASS:
                self.events.append(Event(E.PASS, action.seat, own=True))
            self._maybe_resolve()
        self._drain()
        self._legal = {}

    def _later(self, step: Callable[..., None], *args: object) -> None:
        """Queue an automatic step (a draw, an auto-discard): keeps long chains flat."""
        self._queue.append((step, args))

    def _drain(self) -> None:
        while self._queue:
            step, args = self._queue.pop(0)
            step(*args)

    def clone(self) -> RoundState:
        """An independent copy (the wall's tile order is shared, it never changes)."""
        c = RoundState.__new__(RoundState)
        c.__dict__.update(self.__dict__)
        c.wall = self.wall.copy()
        c.hands = [h[:] for h in self.hands]
        c.melds = [m[:] for m in self.melds]
        c.discards = [d[:] for d in self.discards]
        c.ready, c.ready_waits, c.auto = self.ready[:], self.ready_waits[:], self.auto[:]
        c._waitless, c._pool_views = self._waitless[:], self._pool_views[:]
        c._floors = self._floors[:]
        c.scores, c.payments, c.events = self.scores[:], self.payments[:], self.events[:]
        c.actions, c.wins = self.actions[:], self.wins[:]
        if self.window is not None:
            w = self.window
            c.window = ClaimWindow(w.kind, w.tile, w.from_seat, w.seats, dict(w.options),
                                   dict(w.answers))
        c._legal = dict(self._legal)
        c._queue = []
        return c

    def tile_count(self) -> int:
        """Tiles in hands, melds, pools (unclaimed) and the wall: always the full set."""
        n = len(self.wall) + sum(map(sum, self.hands))
        n += sum(len(m.tiles) for ms in self.melds for m in ms)
        n += sum(1 for ds in self.discards for d in ds if d.claimed_by is None)
        return n

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know: its own hand, everything public, others' tile counts."""
        melds = tuple(
            tuple(
                MeldView(m.kind, m.tiles if (m.kind != KONG_CONCEALED or s == seat
                                             or self.phase is Phase.ROUND_END) else (),
                         m.claimed, m.from_seat)
                for m in self.melds[s]
            )
            for s in range(self.players)
        )
        discards = tuple(self._pool_view(s) for s in range(self.players))
        window = self.window
        return PlayerView(
            seat=seat,
            players=self.players,
            ruleset_id=self.ruleset.id,
            phase=self.phase,
            dealer=self.dealer,
            current=self.current,
            hand=tuple(self.hand_of(seat)),
            drawn=self.drawn if (seat == self.current and self.phase is Phase.TURN) else None,
            hand_sizes=tuple(sum(h) for h in self.hands),
            melds=melds,
            discards=discards,
            ready=tuple(self.ready),
            auto=tuple(self.auto),
            wall_remaining=len(self.wall),
            scores=tuple(self.scores),
            claim_tile=window.tile if window else None,
            claim_from=window.from_seat if window else None,
            claim_kind=window.kind if window else None,
            wildcard=self.rules.wildcard,
            copies=self.ruleset.copies,
            tile_kinds=self.ruleset.tile_kinds,
        )

    def _pool_view(self, seat: int) -> tuple[DiscardView, ...]:
        """A seat's pool as every view shows it, rebuilt only when the pool has changed
        (a pool only grows, and only its last tile is ever marked claimed)."""
        pool, shown = self.discards[seat], self._pool_views[seat]
        if len(shown) != len(pool) or (pool and shown[-1].claimed_by != pool[-1].claimed_by):
            shown = tuple(DiscardView(d.tile, d.ready, d.claimed_by) for d in pool)
            self._pool_views[seat] = shown
        return shown

    # ------------------------------------------------------------- turn logic
    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        acts: list[Action] = []
        can_kong = len(self.wall) > 0 and self.ruleset.claims["kong"]
        if self.ready[seat]:
            assert self.drawn is not None
            acts.append(shared(seat, A.DISCARD, self.drawn))
            if can_kong:  # the hand is locked: only a kong of the drawn tile, keeping the waits
                acts += [a for a in self._kong_actions(seat)
                         if a.tile == self.drawn and self._keeps_waits(seat, a)]
            return acts
        floor = self._floor(seat)   # from 0 up the hand is not complete
        if self.turn_via == AFTER_DRAW and floor < 0 and self._is_win(hand):
            acts.append(shared(seat, A.SELF_DRAW, self.drawn))
        if can_kong:
            acts += self._kong_actions(seat)
        now, ready_after = ready_discards(hand, self.rules, floor)
        self._reading = (bytes(hand), now, ready_after)
        row = discard_row(seat)
        if not ready_after:
            return acts + [row[k] for k in range(NUM_KINDS) if hand[k]]
        for k in range(NUM_KINDS):
            if hand[k]:
                acts.append(row[k])
                if k in ready_after:
                    acts.append(shared(seat, A.DISCARD, k, (), True))
        return acts

    def _floor(self, seat: int) -> int:
        """A shanten the seat's hand is known not to be below (-1: nothing known): when
        it is its last discard's hand plus the tile just drawn."""
        floor, drawn = self._floors[seat], self.drawn
        if floor is None or drawn is None or self.turn_via != AFTER_DRAW:
            return -1
        hand = self.hands[seat]
        hand[drawn] -= 1
        same = bytes(hand) == floor[0]
        hand[drawn] += 1
        return floor[1] if same else -1

    def _kong_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        wild = self.rules.wildcard
        acts = []
        if 4 in hand:
            acts = [shared(seat, A.CONCEALED_KONG, k) for k in range(NUM_KINDS)
                    if hand[k] == 4 and k != wild]
        acts += [shared(seat, A.ADDED_KONG, m.tiles[0]) for m in self.melds[seat]
                 if m.kind == PENG and hand[m.tiles[0]]]
        return acts

    def _keeps_waits(self, seat: int, kong: Action) -> bool:
        """For a 报听 hand: does this kong leave the waiting tiles unchanged?"""
        assert kong.tile is not None
        after = self.hands[seat][:]
        after[kong.tile] -= {A.CONCEALED_KONG: 4, A.ADDED_KONG: 1, A.KONG: 3}[kong.kind]
        return tuple(waits(after, self.rules)) == self.ready_waits[seat]

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
        reading = self._reading
        if reading is not None and reading[0] == bytes(self.hands[seat]):
            self._waitless[seat] = tile not in reading[2]
            self.hands[seat][tile] -= 1
            # a discard never lowers a shanten; one tile drawn lowers it by one at most
            self._floors[seat] = (bytes(self.hands[seat]), reading[1] - 1)
        else:
            self._waitless[seat], self._floors[seat] = False, None
            self.hands[seat][tile] -= 1
        self.discards[seat].append(Discard(tile, ready, auto))
        self.events.append(Event(E.DISCARD, seat, tile, E.DiscardData(ready, auto)))
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

    # ------------------------------------------------------------ claim logic
    def _open_discard_window(self, discarder: int, tile: int) -> None:
        """Who may claim: a seat that answers for itself (no 报听, no 托管) and could 碰,
        杠 or 吃 by its tile counts is asked, its options worked out when it is; any other
        seat's options are worked out now (for such a seat that is only the win test)."""
        seats: list[int] = []
        options: dict[int, list[Action]] = {}
        if tile != self.rules.wildcard:
            claims = self.ruleset.claims
            peng, kong = claims["peng"], claims["kong"] and len(self.wall) > 0
            chi_seat = self.next_seat(discarder) if claims["chi"] and tile < 27 else None
            for seat in range(self.players):
                if seat == discarder:
                    continue
                hand = self.hands[seat]
                if self.ready[seat] or self.auto[seat]:
                    opts = self.claim_options(seat, tile, discarder)
                elif ((peng and hand[tile] >= 2) or (kong and hand[tile] == 3)
                      or (seat == chi_seat and self._chi_pairs(seat, tile))):
                    seats.append(seat)
                    continue
                elif self._waitless[seat]:
                    continue
                else:
                    hand[tile] += 1
                    opts = [shared(seat, A.HU, tile)] if self._is_win(hand) else []
                    hand[tile] -= 1
                if opts:
                    seats.append(seat)
                    options[seat] = opts
        if not seats:   # nobody may claim: the next seat draws
            self.phase, self.window = Phase.CLAIM, None
            self._later(self._draw, self.next_seat(discarder))
            return
        self._open_window(ClaimWindow(ON_DISCARD, tile, discarder, seats, options))

    def _options(self, window: ClaimWindow, seat: int) -> list[Action]:
        """The claims of one of the window's seats (worked out once, on first asking)."""
        opts = window.options.get(seat)
        if opts is None:
            opts = window.options[seat] = self.claim_options(seat, window.tile,
                                                             window.from_seat)
        return opts

    def claim_options(self, seat: int, tile: int, discarder: int) -> list[Action]:
        """The claims `seat` could answer a discard of `tile` by `discarder` with, by its
        hand now (胡, 杠, 碰, 吃; the claim window offers these, plus pass)."""
        hand = self.hands[seat]
        claims = self.ruleset.claims
        opts: list[Action] = []
        hand[tile] += 1
        if self._is_win(hand):
            opts.append(shared(seat, A.HU, tile))
        hand[tile] -= 1
        if claims["kong"] and hand[tile] == 3 and len(self.wall) > 0:
            kong = shared(seat, A.KONG, tile)
            if not self.ready[seat] or self._keeps_waits(seat, kong):
                opts.append(kong)
        if self.ready[seat]:
            return opts
        if claims["peng"] and hand[tile] >= 2:
            opts.append(shared(seat, A.PENG, tile))
        if claims["chi"] and seat == self.next_seat(discarder) and tile < 27:
            opts += [shared(seat, A.CHI, tile, pair) for pair in self._chi_pairs(seat, tile)]
        return opts

    def _chi_pairs(self, seat: int, tile: int) -> list[tuple[int, int]]:
        """The pairs of the seat's hand that run with a suited `tile`."""
        hand = self.hands[seat]
        wild = self.rules.wildcard
        return [(a, b) for a, b in CHI_PAIRS[tile]
                if hand[a] and hand[b] and a != wild and b != wild]

    def _open_rob_window(self, seat: int, tile: int) -> None:
        window = ClaimWindow(ON_ADDED_KONG, tile, seat, [])
        if self.ruleset.claims["rob_kong"]:
            same_turn = self.claimed_tile == tile
            declined = self.declined_hu if same_turn else NOBODY
            for other in range(self.players):
                if other != seat and other not in declined:
                    self.hands[other][tile] += 1
                    if self._is_win(self.hands[other]):
                        window.seats.append(other)
                        window.options[other] = [shared(other, A.HU, tile)]
                    self.hands[other][tile] -= 1
        self._open_window(window)

    def _open_window(self, window: ClaimWindow) -> None:
        self.phase = Phase.CLAIM
        self.window = window
        for seat in window.seats:
            # who may claim is each seat's own secret: each is told of its own window only
            self.events.append(Event(E.CLAIM_WINDOW, seat, window.tile,
                                     E.ClaimWindowData(window.kind, window.from_seat),
                                     own=True))
        for seat in window.seats:
            if self.ready[seat] or self.auto[seat]:
                opts = self._options(window, seat)
                if opts[0].kind == A.HU:
                    window.answers[seat] = opts[0]
        self._maybe_resolve()

    def _maybe_resolve(self) -> None:
        w = self.window
        assert w is not None
        if w.pending():
            return
        self.window = None
        winners, claim = resolve_claims(w.answers, w.from_seat, self.players,
                                        self.ruleset.claims["multiple_hu"]) \
            if w.answers else ([], None)
        if winners:
            how = WinKind.DISCARD if w.kind == ON_DISCARD else WinKind.ROB_KONG
            self._settle_wins(winners, how, w.tile, w.from_seat)
        elif w.kind == ON_ADDED_KONG:
            self._complete_added_kong(w.from_seat, w.tile)
        elif claim is not None:
            declined = frozenset(
                s for s in w.seats
                if w.answers[s].kind != A.HU and any(o.kind == A.HU for o in self._options(w, s)))
            self._take_claim(claim, w.from_seat)
            self.declined_hu = declined
        else:
            self._later(self._draw, self.next_seat(w.from_seat))

    def _mark_claimed(self, discarder: int, by: int) -> None:
        pool = self.discards[discarder]
        last = pool[-1]
        pool[-1] = Discard(last.tile, last.ready, last.auto, by)

    def _take_claim(self, claim: Action, discarder: int) -> None:
        seat, tile = claim.seat, claim.tile
        assert tile is not None
        self._mark_claimed(discarder, seat)
        hand = self.hands[seat]
        pay = self.ruleset.payments
        from_triplet = claim.kind == A.PENG and hand[tile] == 3
        if claim.kind == A.CHI:
            a, b = claim.tiles
            hand[a] -= 1
            hand[b] -= 1
            meld = Meld(CHI, tuple(sorted((a, b, tile))), tile, discarder)
            amount = pay["chi"]
            self.chi_taken = (tile, discarder)
        elif claim.kind == A.PENG:
            hand[tile] -= 2
            meld = Meld(PENG, (tile,) * 3, tile, discarder)
            amount = pay["peng"]
        else:
            hand[tile] -= 3
            meld = Meld(KONG_DIRECT, (tile,) * 4, tile, discarder)
            amount = pay["direct_kong"]
        self.melds[seat].append(meld)
        self.events.append(Event(E.CLAIM, seat, tile, E.ClaimData(claim.kind, discarder,
                                                                 meld.tiles)))
        self._pay(discarder, seat, amount, claim.kind if claim.kind != A.KONG else "direct_kong")
        if claim.kind == A.KONG:
            self._replacement_draw(seat)
            return
        self.phase = Phase.TURN
        self.current = seat
        self.turn_via = AFTER_CLAIM
        self.claimed_tile, self.claimed_from = tile, discarder
        self.triplet_peng = tile if from_triplet else None
        self.drawn = None

    def _complete_added_kong(self, seat: int, tile: int) -> None:
        self.hands[seat][tile] -= 1
        melds = self.melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind == PENG and m.tiles[0] == tile)
        peng = melds[i]
        melds[i] = peng.upgraded()
        # a peng of a concealed triplet upgraded in the turn it was claimed (a kong's
        # replacement draw between or not) scores as 直杠
        as_direct = self.triplet_peng == tile
        self.events.append(Event(E.KONG_DONE, seat, tile, E.KongDoneData("direct_kong"
                                                                     if as_direct else "added_kong")))
        if as_direct and peng.from_seat is not None:
            # settled as one 直杠: the 碰 already paid its part, the kong pays the rest
            pay = self.ruleset.payments
            self._pay(peng.from_seat, seat, pay["direct_kong"] - pay["peng"], "direct_kong")
        else:
            self._pay_each(seat, self.ruleset.payments["added_kong"], "added_kong")
        self._replacement_draw(seat)

    # ------------------------------------------------------------------ draws
    def _draw(self, seat: int) -> None:
        if len(self.wall) == 0:
            self._exhaust()
            return
        self._tile_in(seat, self.wall.draw(), replacement=False)

    def _replacement_draw(self, seat: int) -> None:
        if len(self.wall) == 0:
            self._exhaust()
            return
        self._tile_in(seat, self.wall.draw_back(), replacement=True)

    def _tile_in(self, seat: int, tile: int, replacement: bool) -> None:
        self.hands[seat][tile] += 1
        self.drawn = tile
        self.phase = Phase.TURN
        self.current = seat
        self.turn_via = AFTER_DRAW
        if not replacement:  # a kong's replacement draw goes on with the same turn
            self.claimed_tile = self.claimed_from = self.triplet_peng = None
            self.declined_hu = NOBODY
        self._legal = {}
        self.events.append(Event(E.DRAW, seat, tile, E.DrawData(replacement), private=True))
        self._after_tile_in(seat)

    def _after_tile_in(self, seat: int) -> None:
        """Automatic play: 报听 and 托管 seats win at once; a 报听 hand discards the draw."""
        if (self.ready[seat] or self.auto[seat]) and self._is_win(self.hands[seat]):
            self._settle_wins([seat], WinKind.SELF_DRAW, self.drawn, None)
            return
        if self.ready[seat] and self.drawn is not None and len(self.legal_actions(seat)) == 1:
            self._legal = {}
            self._later(self._discard, seat, self.drawn, False, True)

    def _exhaust(self) -> None:
        self.phase = Phase.ROUND_END
        self.drawn = None
        self.events.append(Event(E.EXHAUSTED))

    # ---------------------------------------------------------------- 托管
    def _set_auto(self, seat: int, on: bool) -> None:
        self.auto[seat] = on
        self.events.append(Event(E.AUTO, seat, data=E.AutoData(on)))
        if not on:
            return
        if self.phase is Phase.TURN and seat == self.current and self.turn_via == AFTER_DRAW:
            if self._is_win(self.hands[seat]):
                self._settle_wins([seat], WinKind.SELF_DRAW, self.drawn, None)
        elif self.phase is Phase.CLAIM and self.window is not None:
            w = self.window
            if seat in w.seats and seat not in w.answers:
                opts = self._options(w, seat)
                if opts[0].kind == A.HU:
                    w.answers[seat] = opts[0]
                    self._maybe_resolve()

    # -------------------------------------------------------------- payments
    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount == 0 or payer == payee:
            return
        p = Payment(payer, payee, amount, reason)
        self.payments.append(p)
        self.scores[payer] -= amount
        self.scores[payee] += amount
        self.events.append(Event(E.PAYMENT, payee, data=E.PaymentData(payer, amount, reason)))

    def _pay_each(self, payee: int, amount: int, reason: str) -> None:
        for s in range(self.players):
            if s != payee:
                self._pay(s, payee, amount, reason)

    def _settle_wins(self, winners: list[int], how: WinKind, tile: int | None,
                     from_seat: int | None) -> None:
        assert tile is not None
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
        self.phase = Phase.ROUND_END
        self.drawn = None
