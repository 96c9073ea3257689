"""A match: several hands, dealer rotation, running scores, and its replayable record."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionSyntaxError
from .events import Payment
from .ruleset import Ruleset
from .state import IllegalAction, RoundState, WinRecord
from .tiles import NotationError, format_tiles, parse_tiles
from .wall import derive_seed, shuffled_wall

RECORD_FORMAT = 1


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
            wall = tuple(shuffled_wall(rs.tile_kinds, rs.copies, derive_seed(self.seed, number)))
        self.hand_actions.append([])
        return RoundState(self.ruleset, wall, dealer)

    @property
    def hand_number(self) -> int:
        """0-based number of the hand in progress (or just finished)."""
        return len(self.hand_actions) - 1

    @property
    def hand_finished(self) -> bool:
        return self.round.is_over

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
            "walls": {str(k): format_tiles(v, sort=False) for k, v in sorted(self.walls.items())},
            "hands": [[a.to_text() for a in acts] for acts in self.hand_actions],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], ruleset: Ruleset) -> Match:
        """Replay a record; RecordError names the first problem found."""
        if not isinstance(record, dict):
            raise RecordError("the record is not a JSON object")
        fmt = record.get("format")
        if fmt != RECORD_FORMAT:
            raise RecordError(f"record format {fmt!r} is not supported (expected {RECORD_FORMAT})")
        if record.get("ruleset_digest") != ruleset.digest:
            raise RecordError(
                f"the record was made with a different version of ruleset '{record.get('ruleset')}'"
            )
        try:
            walls = {int(k): tuple(parse_tiles(v)) for k, v in record.get("walls", {}).items()}
            match = cls(ruleset, int(record["seed"]), int(record["length"]), walls,
                        int(record.get("first_dealer", 0)))
            hands = record["hands"]
        except (KeyError, TypeError, ValueError, NotationError) as exc:
            raise RecordError(f"the record is malformed: {exc}") from None
        if not isinstance(hands, list) or not all(
            isinstance(texts, list) and all(isinstance(t, str) for t in texts) for texts in hands
        ):
            raise RecordError("the record's 'hands' is not a list of lists of actions")
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
