"""A match: several hands, dealer rotation, running scores, and its replayable record."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from .actions import Action, ActionSyntaxError
from .events import Payment
from .ruleset import Ruleset
from .state import IllegalAction, RoundState, WinRecord
from .tiles import NotationError
from .wall import derive_seed
from .wall_notation import format_wall, parse_wall

RECORD_FORMAT = 1
MAX_HANDS = 64              # a match is 1, 4 or 16 hands; records beyond this are refused
MAX_ACTIONS_PER_HAND = 2000  # a hand of 136 tiles has a few hundred decisions at most
MAX_ACTION_CHARS = 64


class RecordError(ValueError):
    """A match record that cannot be replayed; the message says why."""


@dataclass(frozen=True)
class HandSummary:
    """How one finished hand went."""

    number: int
    dealer: int
    wins: tuple[WinRecord, ...]
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    exhausted: bool


@dataclass
class Match:
    """Hands played one after another; `round` is the hand in progress."""

    ruleset: Ruleset
    seed: int
    length: int
    walls: dict[int, tuple[int, ...]] = field(default_factory=dict)  # fixed walls (scenarios)
    first_dealer: int = 0
    totals: list[int] = field(init=False)
    history: list[HandSummary] = field(init=False, default_factory=list)
    hand_actions: list[list[Action]] = field(init=False, default_factory=list)
    round: RoundState = field(init=False)

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError("a match has at least one hand")
        self.totals = [0] * self.ruleset.players
        self.round = self._new_round(0, self.first_dealer)

    def _new_round(self, number: int, dealer: int) -> RoundState:
        wall = self.walls.get(number)
        if wall is None:
            rs = self.ruleset
            wall = tuple(rs.new_wall(derive_seed(self.seed, number)))
        self.hand_actions.append([])
        gb = self.ruleset.guobiao   # 国标: the prevailing wind turns every 4 hands
        wind = number // gb.hands_per_wind % 4 if gb is not None else 0
        return RoundState(self.ruleset, wall, dealer, round_wind=wind)

    @property
    def hand_number(self) -> int:
        """0-based number of the hand in progress (or just finished)."""
        return len(self.hand_actions) - 1

    @property
    def hand_finished(self) -> bool:
        return self.round.is_over

    @property
    def running_totals(self) -> list[int]:
        """The totals with what the hand in progress has paid so far."""
        if self.round.is_over:   # a finished hand is in `totals` already
            return list(self.totals)
        return [t + s for t, s in zip(self.totals, self.round.scores)]

    @property
    def is_over(self) -> bool:
        return self.round.is_over and len(self.history) >= self.length

    def apply(self, action: Action) -> None:
        """Apply an action to the hand in progress (IllegalAction if not legal)."""
        self.round.apply(action)
        self.hand_actions[-1].append(action)
        if self.round.is_over:
            self._close_hand()

    def _close_hand(self) -> None:
        r = self.round
        for s, d in enumerate(r.scores):
            self.totals[s] += d
        self.history.append(HandSummary(self.hand_number, r.dealer, tuple(r.wins),
                                        tuple(r.payments), tuple(r.scores), not r.wins))

    def next_dealer(self) -> int:
        """Dealer keeps the seat after winning or an exhaustive draw; else it passes on."""
        r = self.round
        if r.guobiao is not None:   # 国标: the deal passes on after every hand
            return r.next_seat(r.dealer)
        if not r.wins or any(w.seat == r.dealer for w in r.wins):
            return r.dealer
        return r.next_seat(r.dealer)

    def start_next_hand(self) -> None:
        """Deal the next hand (the current one must be finished, the match not over)."""
        if not self.round.is_over:
            raise IllegalAction("the hand in progress is not finished")
        if self.is_over:
            raise IllegalAction("the match is over")
        self.round = self._new_round(self.hand_number + 1, self.next_dealer())

    # ---------------------------------------------------------------- record
    def to_record(self) -> dict[str, Any]:
        """JSON-ready record: ruleset digest, seed, fixed walls and every hand's actions."""
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset.id,
            "ruleset_digest": self.ruleset.digest,
            "seed": self.seed,
            "length": self.length,
            "first_dealer": self.first_dealer,
            "walls": {str(k): format_wall(v) for k, v in sorted(self.walls.items())},
            "hands": [[a.to_text() for a in acts] for acts in self.hand_actions],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], ruleset: Ruleset) -> Match:
        """Replay a record; RecordError names the first problem found.

        Every field is checked for its type and range, fixed walls must hold exactly the
        ruleset's tiles, and every action must be legal at its point; keys this format
        does not define (a record's "seats", say) are left to the caller."""
        check_record_header(record, ruleset)
        walls = _record_walls(record, ruleset)
        length = record["length"]
        match = cls(ruleset, record["seed"], length, walls, record.get("first_dealer", 0))
        hands = _record_hands(record, length)
        for number, texts in enumerate(hands):
            if number > 0:
                try:
                    match.start_next_hand()
                except IllegalAction as exc:
                    raise RecordError(f"hand {number + 1}: {exc}") from None
            for i, text in enumerate(texts):
                try:
                    match.apply(Action.from_text(text))
                except (IllegalAction, ActionSyntaxError) as exc:
                    raise RecordError(f"hand {number + 1}, action {i + 1}: {exc}") from None
        return match


def _whole(value: Any) -> TypeGuard[int]:
    return type(value) is int


def check_record_header(record: Any, ruleset: Ruleset) -> None:
    """The record's format, ruleset, seed, length and first dealer, or RecordError."""
    if not isinstance(record, dict):
        raise RecordError("the record is not a JSON object")
    fmt = record.get("format")
    if not _whole(fmt):
        raise RecordError("the record has no format number")
    if fmt > RECORD_FORMAT:
        raise RecordError(f"the record was made by a newer version of the game (format {fmt}, "
                          f"this game reads up to {RECORD_FORMAT})")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"record format {fmt} is not supported")
    if record.get("ruleset") != ruleset.id:
        raise RecordError(f"the record is for ruleset {record.get('ruleset')!r}, "
                          f"not '{ruleset.id}'")
    if record.get("ruleset_digest") != ruleset.digest:
        raise RecordError(f"the record was made with a different version of ruleset "
                          f"'{ruleset.id}'")
    seed, length = record.get("seed"), record.get("length")
    if not _whole(seed) or not 0 <= seed < 2**64:
        raise RecordError("the record's seed is not a whole number from 0 to 2^64-1")
    if not _whole(length) or not 1 <= length <= MAX_HANDS:
        raise RecordError(f"the record's length is not a number of hands from 1 to {MAX_HANDS}")
    dealer = record.get("first_dealer", 0)
    if not _whole(dealer) or not 0 <= dealer < ruleset.players:
        raise RecordError("the record's first dealer is not a seat of this ruleset")


def _record_walls(record: dict[str, Any], ruleset: Ruleset) -> dict[int, tuple[int, ...]]:
    walls = record.get("walls", {})
    if not isinstance(walls, dict):
        raise RecordError("the record's 'walls' is not an object of hand number -> tiles")
    flowers = ruleset.guobiao.flower_kinds() if ruleset.guobiao is not None else ()
    full_set = sorted([*(k for k in ruleset.tile_kinds for _ in range(ruleset.copies)), *flowers])
    out: dict[int, tuple[int, ...]] = {}
    for key, text in walls.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 3) or int(key) >= MAX_HANDS:
            raise RecordError(f"the record's walls name a hand {key!r} that is not a hand number")
        if not isinstance(text, str) or len(text) > 4 * ruleset.wall_size:
            raise RecordError(f"the wall of hand {int(key) + 1} is not written as tiles")
        try:
            tiles = tuple(parse_wall(text))
        except NotationError as exc:
            raise RecordError(f"the wall of hand {int(key) + 1}: {exc}") from None
        if sorted(tiles) != full_set:
            raise RecordError(f"the wall of hand {int(key) + 1} does not hold exactly the "
                              f"{ruleset.wall_size} tiles of ruleset '{ruleset.id}'")
        out[int(key)] = tiles
    return out


def _record_hands(record: dict[str, Any], length: int) -> list[list[str]]:
    hands = record.get("hands")
    if not isinstance(hands, list) or not all(
        isinstance(texts, list) and all(isinstance(t, str) for t in texts) for texts in hands
    ):
        raise RecordError("the record's 'hands' is not a list of lists of actions")
    if len(hands) > length:
        raise RecordError(f"the record holds {len(hands)} hands for a match of {length}")
    for number, texts in enumerate(hands):
        if len(texts) > MAX_ACTIONS_PER_HAND:
            raise RecordError(f"hand {number + 1} holds {len(texts)} actions, more than any "
                              f"hand can")
        for i, text in enumerate(texts):
            if len(text) > MAX_ACTION_CHARS:
                raise RecordError(f"hand {number + 1}, action {i + 1} is too long")
    return hands
