"""A match at the table as data: the engine's Match, its typed set-up (who sits where),
and its own file in the match library (written after every action; rebuilt from it)."""
from __future__ import annotations

from pathlib import Path

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.scenario import scenario_wall
from game.engine.state import RoundState
from game.engine.wall import derive_seed
from game.engine.wall_notation import parse_wall
from game.play.setup import MatchSetup, Scenario, SeatKind, SeatSpec
from game.rulesets import load_ruleset
from game.shell import library, locks, saves


def scenario_match(scenario: Scenario, seed: int, length: int) -> Match:
    """A match whose first hand is dealt from a scenario (hotseat debug files)."""
    ruleset = load_ruleset(scenario.ruleset)
    hands = [parse_wall(h) for h in scenario.hands]
    wall = scenario_wall(ruleset, hands, parse_wall(scenario.draws),
                         parse_wall(scenario.replacements), scenario.dealer)
    return Match(ruleset, seed, length, walls={0: tuple(wall)}, first_dealer=scenario.dealer)


class MatchSession:
    """A match with its typed table set-up; saved after every action."""

    def __init__(self, match: Match, setup: MatchSetup) -> None:
        self.match = match
        players = match.ruleset.players
        self.setup = setup.with_seats(tuple(setup.seat(s) for s in range(players)))
        # a debugging session never overwrites the player's own match
        # a new match gets its own library file; a resumed one writes back to its file;
        # a file opened from outside the library is copied there only once play goes on
        self.save_path: Path | None = None
        self.save_problem: str | None = None    # why the last autosave failed, if it did
        self.timeouts: list[saves.Position] = []   # decisions the clock took (hand, step)

    def name_seat(self, seat: int, name: str) -> None:
        """Show `seat` by another name (an outside program's own, from its hello)."""
        seats = list(self.setup.seats)
        seats[seat] = seats[seat].named(name)
        self.setup = self.setup.with_seats(tuple(seats))

    def agent_seed(self, seat: int) -> int:
        """The seed of the AI (or stand-in) playing `seat`, from the match seed."""
        return derive_seed(self.match.seed, 100 + seat)

    def stand_in_seed(self, seat: int) -> int:
        """The seed of the AI that plays a person's seat under 托管."""
        return derive_seed(self.match.seed, 200 + seat)

    def release(self) -> None:
        """Let go of the match file: another copy of the game may then open it."""
        locks.release(self.save_path)

    @classmethod
    def new(cls, ruleset_id: str, seed: int, length: int, seats: list[SeatSpec],
            debug: bool = False, scenario: Scenario | None = None) -> MatchSession:
        """A fresh match; `scenario` (debug) fixes the first hand's wall."""
        if scenario is not None:
            match = scenario_match(scenario, seed, length)
        else:
            match = Match(load_ruleset(ruleset_id), seed, length)
        if len(seats) != match.ruleset.players:
            raise ValueError(f"{len(seats)} seats for a {match.ruleset.players}-player ruleset")
        return cls(match, MatchSetup(match.ruleset.id, seed, length, tuple(seats), debug,
                                     scenario=scenario))

    @classmethod
    def from_save(cls, save: saves.Save, path: Path | None = None) -> MatchSession:
        """Continue a match file with its seats as they were: written back to `path` when
        it is a match of the library, else to a new library file once play goes on."""
        session = cls(save.match, save.setup)
        session.timeouts = list(save.timeouts)
        if path is not None and library.in_library(path) and not save.bare_record:
            session.save_path = Path(path)
            locks.hold(session.save_path)   # if another copy won, autosave forks a new file
        return session

    # ------------------------------------------------------------- seats
    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self.setup.seats

    @property
    def debug(self) -> bool:
        return self.setup.debug

    @property
    def round(self) -> RoundState:
        return self.match.round

    def is_human(self, seat: int) -> bool:
        """A person at this table sits here (whether or not the computer plays it now)."""
        return self.seats[seat].kind is SeatKind.HUMAN

    # ----------------------------------------------------------- actions
    def apply(self, action: Action) -> None:
        """Apply a decision through the engine (IllegalAction if not legal) and autosave."""
        self.match.apply(action)
        self.autosave()

    def next_position(self) -> saves.Position:
        """(hand, step) the next action of the match will have."""
        return self.match.hand_number, len(self.match.hand_actions[-1])

    def mark_timeout(self, position: saves.Position) -> None:
        """The action at `position` was the default played when the clock ran out (kept
        in the file, so the review counts it apart from the player's own decisions)."""
        if position not in self.timeouts:
            self.timeouts.append(position)
            self.autosave()

    def start_next_hand(self) -> None:
        """Deal the next hand; a seat under 托管 stays under it (a new hand starts with it
        off, so it is switched on again, as a recorded action)."""
        kept = [seat for seat, on in enumerate(self.round.auto) if on]
        self.match.start_next_hand()
        for seat in kept:
            self.match.apply(Action(seat, A.AUTO, on=True))
        self.autosave()

    def autosave(self) -> bool:
        """Write the match and set-up atomically to its own file of the library. False if
        it cannot be written (a full disk, say): `save_problem` says why, the file keeps its
        last good state, play goes on in memory and the next autosave tries again. A
        file another copy of the game plays is never written: the match goes on in a new one."""
        try:
            if self.save_path is None or not locks.hold(self.save_path):
                self.save_path = library.new_match_path("debug" if self.debug else "match")
            saves.write_save(self.save_path, self.match, self.setup, self.timeouts)
        except OSError as exc:
            self.save_problem = exc.strerror or str(exc)
            return False
        self.save_problem = None
        return True

    def undo(self) -> bool:
        """Take back the last decision of the hand in progress by replaying the match
        without it; False if the hand has none."""
        if not self.match.hand_actions[-1]:
            return False
        record = self.match.to_record()
        record["hands"][-1].pop()
        self.match = Match.from_record(record, self.match.ruleset)
        self.timeouts = [p for p in self.timeouts if p < self.next_position()]
        self.autosave()
        return True
