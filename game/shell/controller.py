"""A match at the table: who sits where, the agents, saving, and the driver.

`MatchSession` is the data: the engine's Match, a JSON-able set-up (ruleset, seats,
length, debug flags) and the AI agents; it autosaves after every action and is
rebuilt from a save.  `Controller` drives it on the frame clock: AI seats are asked
off the render path (an executor, on an immutable PlayerView), human seats answer
through `submit`, and every decision goes through the engine's legal_actions() and
apply() only.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.match import Match
from game.engine.scenario import scenario_wall
from game.engine.state import RoundState
from game.engine.tiles import parse_tiles
from game.engine.wall import derive_seed
from game.rulesets import load_ruleset
from game.shell import saves

if TYPE_CHECKING:  # the AI package itself is imported when an agent is made
    from ai.base import Agent

HUMAN = "human"
AI_LEVELS = ("hard", "medium", "easy")  # strongest first
CLAIM_DELAY_SHARE = 0.5                 # an AI answers a claim window in half its delay


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
        self.save_path: Path = (paths.data_dir() / "debug-autosave.json" if setup.get("debug")
                                else paths.autosave_path())
        self.agents: dict[int, Agent] = {
            s: make_level_agent(seat.kind, derive_seed(match.seed, 100 + s))
            for s, seat in enumerate(self.seats) if seat.kind != HUMAN
        }
        self._stand_ins: dict[int, Agent] = {}

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
    def from_save(cls, save: saves.Save) -> MatchSession:
        """Continue a saved match with its seats as they were."""
        return cls(save.match, dict(save.setup))

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

    def autosave(self) -> None:
        """Write the match and set-up atomically to `save_path`."""
        saves.write_save(self.save_path, self.match, self.setup)

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


class TableListener(Protocol):
    """What the table scene hears from the controller."""

    def on_events(self, events: list[Event]) -> None:
        """New engine events, in order, right after the action that caused them."""

    def on_reset(self) -> None:
        """The round was replaced (next hand or undo): forget animations and state."""


class InlineExecutor(Executor):
    """Runs each job at once on the calling thread (headless tests, benchmarks)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(exc)
        return future


@dataclass
class _Job:
    """One AI decision being computed: valid while the round and legal list stay the same."""

    round: RoundState
    legal: tuple[Action, ...]
    future: Future[Action]
    delay: float
    waited: float = 0.0


def _fallback(legal: tuple[Action, ...]) -> Action:
    """A safe answer when an agent fails: pass, else a plain discard, else the first."""
    for kind in (A.PASS, A.DISCARD):
        for a in legal:
            if a.kind == kind and not a.ready:
                return a
    return legal[0]


class Controller:
    """Drives a session frame by frame: asks agents, waits for humans, applies actions."""

    def __init__(self, session: MatchSession, listener: TableListener | None = None,
                 executor: Executor | None = None, thinking_delay: float = 0.8) -> None:
        self.session = session
        self.listener = listener
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.thinking_delay = thinking_delay
        self.paused = False          # debug: AI seats wait (humans can still act)
        self.steps = 0               # debug: AI actions allowed while paused
        self.version = 0             # bumps whenever the table changed
        self.closed = False          # the table was left: no more AI work
        self.reasoning: dict[int, list[tuple[str, float]]] = {}
        self._jobs: dict[int, _Job] = {}
        self._hint: _Job | None = None
        self._hint_agent: Agent | None = None
        self._round = session.round
        self._seen = len(self._round.events)

    # ------------------------------------------------------------ queries
    @property
    def round(self) -> RoundState:
        return self.session.round

    def is_ai(self, seat: int) -> bool:
        """The computer plays this seat now (an AI seat, or a human seat under 托管)."""
        return self.session.agent_for(seat) is not None

    def humans_to_act(self) -> list[int]:
        """Human-played seats whose decision the round is waiting for."""
        return [s for s in self.round.seats_to_act() if not self.is_ai(s)]

    def thinking(self) -> list[int]:
        """AI seats whose decision is pending."""
        return [s for s in self.round.seats_to_act() if self.is_ai(s)]

    def legal(self, seat: int) -> list[Action]:
        return self.round.legal_actions(seat)

    # ------------------------------------------------------------ actions
    def submit(self, action: Action) -> bool:
        """A human seat's decision; False (nothing applied) if it is not legal now."""
        if self.is_ai(action.seat) or action not in self.legal(action.seat):
            return False
        self._apply(action)
        return True

    def set_auto(self, seat: int, on: bool) -> None:
        """托管: hand `seat` to the computer (or take it back), through the engine too."""
        if not self.round.is_over and self.round.auto[seat] != on:
            self._apply(Action(seat, A.AUTO, on=on))

    def step(self) -> None:
        """Debug: let one AI action through while paused."""
        self.steps += 1

    def undo(self) -> bool:
        """Debug: take back the last decision; the table pauses so the AI does not redo it."""
        if not self.session.undo():
            return False
        self.paused = True
        self.steps = 0
        self._sync()
        return True

    def close(self) -> None:
        """Stop the worker: pending decisions are dropped, the one being computed is let
        finish on its own (its thread then ends) and nothing new is ever asked."""
        self.closed = True
        for job in [*self._jobs.values(), *([self._hint] if self._hint else [])]:
            job.future.cancel()
        self._jobs.clear()
        self._hint = None
        self.executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------- frames
    def update(self, dt: float, hold: bool = False) -> None:
        """Advance AI thinking by dt seconds and apply at most one ready decision.
        hold: the table is still animating, so decisions wait (thinking goes on)."""
        self._sync()
        if self.round.is_over or self.closed:
            return
        to_act = self.round.seats_to_act()
        for seat in list(self._jobs):
            if seat not in to_act or not self._current(self._jobs[seat], seat):
                self._jobs.pop(seat).future.cancel()
        for seat in to_act:
            if seat not in self._jobs and self.is_ai(seat):
                self._jobs[seat] = self._ask(seat)
        for job in self._jobs.values():
            job.waited += dt
        if hold or (self.paused and self.steps <= 0):
            return
        for seat in to_act:
            ready = self._jobs.get(seat)
            if ready is not None and ready.future.done() and ready.waited >= ready.delay:
                del self._jobs[seat]
                self.steps = max(0, self.steps - 1)
                self._apply(self._answer(seat, ready))
                return

    def hint(self, seat: int) -> Action | None:
        """What the Hard AI would do in `seat`'s place now; computed once per decision,
        off the render path (None until ready)."""
        if self.closed or seat not in self.humans_to_act():
            return None
        job = self._hint
        if job is None or not self._current(job, seat):
            if self._hint_agent is None:
                self._hint_agent = make_level_agent("hard", 7)
            self._hint = job = self._submit(self._hint_agent, seat, 0.0)
        if job.future.done() and job.future.exception() is None:
            return job.future.result()
        return None

    # ------------------------------------------------------------ helpers
    def _current(self, job: _Job, seat: int) -> bool:
        return job.round is self.round and job.legal == tuple(self.legal(seat))

    def _ask(self, seat: int) -> _Job:
        agent = self.session.agent_for(seat)
        assert agent is not None
        share = CLAIM_DELAY_SHARE if self.round.window is not None else 1.0
        return self._submit(agent, seat, self.thinking_delay * share)

    def _submit(self, agent: Agent, seat: int, delay: float) -> _Job:
        legal = tuple(self.legal(seat))
        future = self.executor.submit(agent.choose, self.round.view(seat), list(legal))
        return _Job(self.round, legal, future, delay)

    def _answer(self, seat: int, job: _Job) -> Action:
        """The agent's decision, or a safe one if it failed or answered illegally."""
        agent = self.session.agent_for(seat)
        error = job.future.exception()
        action = None if error is not None else job.future.result()
        if action not in job.legal:
            self.reasoning[seat] = [(f"fallback: {error or action}", 0.0)]
            return _fallback(job.legal)
        self.reasoning[seat] = agent.explain() if agent is not None else []
        return action

    def _apply(self, action: Action) -> None:
        self.session.apply(action)
        self.version += 1
        events = self.round.events[self._seen:]
        self._seen = len(self.round.events)
        if self.listener is not None and events:
            self.listener.on_events(list(events))

    def _sync(self) -> None:
        """Notice a replaced round (next hand, undo) and start listening to it afresh."""
        if self.session.round is self._round:
            return
        for job in self._jobs.values():
            job.future.cancel()
        self._jobs.clear()
        self._round = self.session.round
        self._seen = len(self._round.events)
        self.version += 1
        if self.listener is not None:
            self.listener.on_reset()
