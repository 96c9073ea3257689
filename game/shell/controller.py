"""The driver of a match at the table (the data is game.shell.session.MatchSession).

`Controller` drives it on the frame clock: AI seats and outside programs are asked off
the render path (an executor, on an immutable PlayerView), human seats answer through
`submit`, and every decision goes through the engine's legal_actions() and apply() only.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.state import RoundState
from game.shell.session import MatchSession, make_level_agent

if TYPE_CHECKING:  # the AI package itself is imported when an agent is made
    from ai.base import Agent

CLAIM_DELAY_SHARE = 0.5                 # an AI answers a claim window in half its delay


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


def _passes(job: _Job) -> bool:
    """Whether a finished decision is a pass: it is played at once (a pause before a
    pass would tell the table that the seat could have claimed the tile)."""
    return job.future.exception() is None and job.future.result().kind == A.PASS


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
        self._told: dict[int, tuple[RoundState, int]] = {}  # (round, events) a bot heard
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
        """Stop the worker and end the seats' bot programs: pending decisions are dropped,
        the one being computed finishes on its own (its thread then ends) and nothing new
        is ever asked."""
        self.closed = True
        for job in [*self._jobs.values(), *([self._hint] if self._hint else [])]:
            job.future.cancel()
        self._jobs.clear()
        self._hint = None
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.session.close_agents()

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
            if ready is not None and ready.future.done() and (ready.waited >= ready.delay
                                                               or _passes(ready)):
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
        observe = getattr(agent, "observe", None)
        if observe is not None:  # an outside program hears its seat's events first
            future = self.executor.submit(_observe_then_choose, agent, self._untold(seat),
                                          self.round.view(seat), list(legal))
        else:
            future = self.executor.submit(agent.choose, self.round.view(seat), list(legal))
        return _Job(self.round, legal, future, delay)

    def _untold(self, seat: int) -> list[Event]:
        """The events of the round an outside program at `seat` has not heard yet."""
        heard_round, heard = self._told.get(seat, (self.round, 0))
        self._told[seat] = (self.round, len(self.round.events))
        return self.round.events_for(seat, heard if heard_round is self.round else 0)

    def _tell_hand_end(self) -> None:
        """Outside programs hear the last events of a finished hand, then its result."""
        bots = {s: a for s, a in self.session.agents.items() if hasattr(a, "end_hand")}
        if not bots or self.closed:
            return
        from ai.protocol import wins_message
        wins = wins_message(self.round.wins)
        for seat, agent in bots.items():
            self.executor.submit(_observe_then_end, agent, self._untold(seat),
                                 list(self.round.scores), wins)

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
        if self.round.is_over:
            self._tell_hand_end()
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


def _observe_then_choose(agent: Any, events: list[Event], view: Any,
                         legal: list[Action]) -> Action:
    """A bot's turn on the worker: the events since it last heard, then its decision."""
    agent.observe(events)
    return agent.choose(view, legal)


def _observe_then_end(agent: Any, events: list[Event], scores: list[int],
                      wins: list[dict[str, Any]]) -> None:
    """A bot told on the worker that its hand is over: the last events, then the result."""
    agent.observe(events)
    agent.end_hand(scores, wins)
