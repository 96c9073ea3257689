"""A match at the table as data: who sits where, at which level or as which program,
the engine's Match, the agents, and its own file in the match library (written after
every action; rebuilt from it)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.match import Match
from game.engine.scenario import scenario_wall
from game.engine.state import RoundState
from game.engine.tiles import parse_tiles
from game.engine.wall import derive_seed
from game.rulesets import load_ruleset
from game.shell import library, locks, saves

if TYPE_CHECKING:  # the AI package itself is imported when an agent is made
    from ai.base import Agent

HUMAN = "human"
BOT_PREFIX = "bot:"                     # a seat played by an outside program
AI_LEVELS = ("hard", "medium", "easy")  # strongest first


@dataclass(frozen=True)
class SeatSetup:
    """Who plays a seat: "human" or an AI level, and the name shown at the table."""

    kind: str
    name: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name}

    @classmethod
    def from_dict(cls, data: Any, seat: int) -> SeatSetup:
        """A seat from a save's set-up; anything unreadable becomes a medium AI."""
        if isinstance(data, dict) and isinstance(data.get("kind"), str):
            return cls(data["kind"], str(data.get("name") or f"P{seat + 1}"))
        return cls("medium", f"P{seat + 1}")


def make_level_agent(level: str, seed: int) -> Agent:
    """An agent of `level`, or of the strongest level below it that this build has."""
    from ai.levels import LEVELS, make_agent
    order = AI_LEVELS[AI_LEVELS.index(level):] if level in AI_LEVELS else AI_LEVELS
    for name in (*order, *AI_LEVELS):
        if name in LEVELS:
            return make_agent(name, seed)
    raise ValueError(f"no AI level available for '{level}'")


def scenario_match(scenario: dict[str, Any], seed: int, length: int) -> Match:
    """A match whose first hand is dealt from a scenario (hotseat debug files):
    {"ruleset", "dealer", "hands": [...], "draws": "...", "replacements": "..."}."""
    ruleset = load_ruleset(str(scenario.get("ruleset", "dazhong")))
    dealer = int(scenario.get("dealer", 0))
    hands = [parse_tiles(str(h)) for h in scenario["hands"]]
    wall = scenario_wall(ruleset, hands, parse_tiles(str(scenario.get("draws", ""))),
                         parse_tiles(str(scenario.get("replacements", ""))), dealer)
    return Match(ruleset, seed, length, walls={0: tuple(wall)}, first_dealer=dealer)


class MatchSession:
    """A match with its table set-up and agents; saved after every action."""

    def __init__(self, match: Match, setup: dict[str, Any]) -> None:
        self.match = match
        self.setup = setup
        # a debugging session never overwrites the player's own match
        # a new match gets its own library file; a resumed one writes back to its file;
        # a file opened from outside the library is copied there only once play goes on
        self.save_path: Path | None = None
        self.save_problem: str | None = None    # why the last autosave failed, if it did
        self.agents: dict[int, Agent] = {}
        try:
            for s, seat in enumerate(self.seats):
                if seat.kind != HUMAN:
                    self.agents[s] = self._make_agent(s, seat.kind)
                    self._take_program_name(s)
        except ValueError:
            self.close_agents()
            raise
        self._stand_ins: dict[int, Agent] = {}

    def _make_agent(self, seat: int, kind: str) -> Agent:
        """A seat's agent: an AI level, or an outside program ("bot:COMMAND")."""
        seed = derive_seed(self.match.seed, 100 + seat)
        if kind.startswith(BOT_PREFIX):
            from ai.levels import make_seat_agent
            return make_seat_agent(kind, seed, seat, self.match.ruleset.players,
                                   self.match.ruleset.id)
        return make_level_agent(kind, seed)

    def _take_program_name(self, seat: int) -> None:
        """An outside program's seat is shown by the name it gave itself in its hello."""
        name = getattr(self.agents[seat], "hello_name", None)
        stored = self.setup.get("seats")
        if name and isinstance(stored, list) and seat < len(stored) \
                and isinstance(stored[seat], dict):     # a new list: a save's stays as read
            self.setup["seats"] = [*stored[:seat], {**stored[seat], "name": name},
                                   *stored[seat + 1:]]

    def close_agents(self) -> None:
        """End every outside program seated here (no process outlives the table) and let
        go of the match file, which another copy of the game may then open."""
        locks.release(self.save_path)
        for agent in self.agents.values():
            close = getattr(agent, "close", None)
            if close is not None:
                close()

    @classmethod
    def new(cls, ruleset_id: str, seed: int, length: int, seats: list[SeatSetup],
            debug: bool = False, scenario: dict[str, Any] | None = None) -> MatchSession:
        """A fresh match; `scenario` (debug) fixes the first hand's wall."""
        if scenario is not None:
            match = scenario_match(scenario, seed, length)
        else:
            match = Match(load_ruleset(ruleset_id), seed, length)
        if len(seats) != match.ruleset.players:
            raise ValueError(f"{len(seats)} seats for a {match.ruleset.players}-player ruleset")
        setup: dict[str, Any] = {"ruleset": match.ruleset.id, "seed": seed, "length": length,
                                 "seats": [s.to_dict() for s in seats], "debug": debug}
        if scenario is not None:
            setup["scenario"] = scenario
        return cls(match, setup)

    @classmethod
    def from_save(cls, save: saves.Save, path: Path | None = None) -> MatchSession:
        """Continue a match file with its seats as they were: written back to `path` when
        it is a match of the library, else to a new library file once play goes on."""
        session = cls(save.match, dict(save.setup))
        if path is not None and library.in_library(path) and not save.bare_record:
            session.save_path = Path(path)
            locks.hold(session.save_path)   # if another copy won, autosave forks a new file
        return session

    # ------------------------------------------------------------- seats
    @property
    def seats(self) -> list[SeatSetup]:
        stored = self.setup.get("seats")
        stored = stored if isinstance(stored, list) else []
        return [SeatSetup.from_dict(stored[s] if s < len(stored) else
                                    ({"kind": HUMAN, "name": "P1"} if s == 0 else None), s)
                for s in range(self.match.ruleset.players)]

    @property
    def debug(self) -> bool:
        return bool(self.setup.get("debug"))

    @property
    def round(self) -> RoundState:
        return self.match.round

    def is_human(self, seat: int) -> bool:
        """A human sits here (whether or not the computer plays it now, 托管)."""
        return self.seats[seat].kind == HUMAN

    def agent_for(self, seat: int) -> Agent | None:
        """The agent playing `seat` now: its AI, a stand-in under 托管, or None (human)."""
        if seat in self.agents:
            return self.agents[seat]
        if not self.round.auto[seat]:
            return None
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make_level_agent("hard", derive_seed(self.match.seed, 200 + seat))
        return self._stand_ins[seat]

    # ----------------------------------------------------------- actions
    def apply(self, action: Action) -> None:
        """Apply a decision through the engine (IllegalAction if not legal) and autosave."""
        self.match.apply(action)
        self.autosave()

    def start_next_hand(self) -> None:
        self.match.start_next_hand()
        self.autosave()

    def autosave(self) -> bool:
        """Write the match and set-up atomically to its own file of the library. False if
        it cannot be written (a full disk, say): `save_problem` says why, the file keeps its
        last good state, play goes on in memory and the next autosave tries again. A
        file another copy of the game plays is never written: the match goes on in a new one."""
        try:
            if self.save_path is None or not locks.hold(self.save_path):
                self.save_path = library.new_match_path("debug" if self.debug else "match")
            saves.write_save(self.save_path, self.match, self.setup)
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
        self.autosave()
        return True
