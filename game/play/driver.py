"""The one driver of play: any mix of seats through the seat contract and the engine's
legal_actions() / apply().

Every loop that plays a round — the table, the arena, autoplay, the benchmarks, the
tools, the network server — is a `Driver`: it asks the seats that must act for their
decisions (`ask`), plays an answered one (`play`), and after every action tells each
seat the new events it may see, then the end of a finished hand. `run_round` plays a
round to its end on the calling thread; the table and the server call `ask` and `play`
on their own clocks instead.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass
from functools import partial
from operator import attrgetter, is_
from typing import NamedTuple, Protocol

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.match import Match
from game.engine.state import IllegalAction, RoundState
from game.engine.view import PlayerView
from game.play.seat import Answer, HandEnd, Known, Reasoning, Seat, Turn

_LISTENS = attrgetter("listens")
Deadline = Callable[[RoundState, int], "float | None"]   # seconds a seat has to decide
Question = tuple[Turn, Answer, float]    # a decision asked: its turn, answer, when asked


class Watcher(Protocol):
    """Something told what a seat is told, with the seat's view (a table's feed, a
    spectator)."""

    def see(self, events: Sequence[Event], view: PlayerView) -> None: ...


class Table(Protocol):
    """What a driver plays on: a round, and the door its actions go through (a Match or
    a session records them; a lone round applies them)."""

    @property
    def round(self) -> RoundState: ...

    def apply(self, action: Action) -> None: ...


@dataclass
class LoneRound:
    """A single round as a table (the arena's hands, benchmarks)."""

    round: RoundState

    def apply(self, action: Action) -> None:
        self.round.apply(action)


@dataclass(frozen=True)
class Defaulted:
    """The reason kept for a move the table played for a seat (its safe default): the
    move and why the seat's own answer was not played; no estimates."""

    action: str
    why: str
    score: float = 0.0
    win_chance: float | None = None
    expected_points: float | None = None
    deal_in_risk: float | None = None
    samples: int = 0


class SeatFault(RuntimeError):
    """A seat answered with something not legal, or failed, where that is a bug."""


def safe_default(view: PlayerView, legal: Sequence[Action]) -> Action:
    """What is played for a seat that did not answer in time, or failed: pass, else
    discard the drawn tile, else any plain discard, else the first legal action."""
    for action in legal:
        if action.kind == A.PASS:
            return action
    plain = [a for a in legal if a.kind == A.DISCARD and not a.ready]
    for action in plain:
        if action.tile == view.drawn:
            return action
    return (plain or list(legal))[0]


class _Asked(NamedTuple):
    """A decision asked of a seat ahead of its play — its question, then the round it
    was asked in: valid while its round and legal list stay the same."""

    turn: Turn
    answer: Answer
    started: float
    round: RoundState
    actions: int        # the round's actions when asked: none since, it is still current


class Driver:
    """Plays rounds with `seats` (seat i at index i) on `table`.

    strict: an illegal answer or a failing seat raises SeatFault (the arena, tests);
    otherwise the safe default is played and the reason kept in `reasoning`.
    explained: each seat's explain() of its last decision is kept in `reasoning` (the
    table's reasoning panel); off where nobody reads it (playouts, the arena)."""

    def __init__(self, table: Table, seats: Sequence[Seat], deadline: Deadline | None = None,
                 strict: bool = False, explained: bool = True) -> None:
        self.table = table
        self.seats = list(seats)
        self.deadline = deadline
        self.strict = strict
        self.explained = explained
        self.decisions = 0
        self.reasoning: dict[int, Reasoning] = {}
        self.times: list[list[float]] = [[] for _ in self.seats]   # ms per decision
        self._asked: dict[int, _Asked] = {}
        self._watchers: dict[int, list[Watcher]] = {}
        self._heard_round: RoundState | None = None
        self._heard = 0                 # events of the round every seat was told
        self._ended: RoundState | None = None

    @property
    def round(self) -> RoundState:
        return self.table.round

    # ------------------------------------------------------------ telling
    def tell(self) -> None:
        """Tell every seat that listens (or is watched) the events it has not heard (a
        replaced round — the next hand, an undo — is told from its start), then every
        seat the end of a finished hand (a hand ends with its last events: nothing new,
        nothing to end)."""
        state = self.table.round
        if state is not self._heard_round:
            self._heard_round, self._heard = state, 0
        heard, events = self._heard, state.events
        if heard == len(events):
            return
        self._heard = len(events)
        if self._watchers or any(map(_LISTENS, self.seats)):
            self._tell_each(state, events[heard:])
        if state.is_over and self._ended is not state:
            self._ended = state
            end = HandEnd(tuple(state.scores), tuple(state.wins),
                          tuple(tuple(state.hand_of(s)) for s in range(state.players)))
            for seat in self.seats:
                seat.end_hand(end)

    def _tell_each(self, state: RoundState, new: list[Event]) -> None:
        """Tell each seat that listens or is watched (and its watchers) the new events it
        may know."""
        others = [e.seen_by_others() for e in new]   # each event hidden once for all
        public = all(map(is_, others, new))
        for s, seat in enumerate(self.seats):
            if not (seat.listens or s in self._watchers):
                continue
            events = new if public else \
                [o if o is not None and e.seat != s else e for e, o in zip(new, others)
                 if o is not None or e.seat == s]
            if events:
                seat.observe(events)
                if s in self._watchers:
                    view = state.view(s)
                    for watcher in self._watchers[s]:
                        watcher.see(events, view)

    def watch(self, seat: int, watcher: Watcher) -> None:
        """Tell `watcher` what `seat` is told, with the seat's view after each batch, from
        the start of the round in play."""
        self.tell()
        self._watchers.setdefault(seat, []).append(watcher)
        watcher.see(self.round.events_for(seat), self.round.view(seat))

    # ------------------------------------------------------------- asking
    def to_act(self) -> list[int]:
        """Seats whose decision the round is waiting for."""
        return self.round.seats_to_act()

    def asked(self, seat: int) -> Answer | None:
        """The answer pending from `seat` for the current decision, if it was asked."""
        asked = self._asked.get(seat)
        if asked is None:
            return None
        state = self.table.round
        if asked.round is state and asked.actions == len(state.actions):
            return asked.answer
        if asked.round is not state or seat not in state.seats_to_act() \
                or asked.turn.legal != state.legal_now(seat):
            del self._asked[seat]
            asked.answer.cancel()
            return None
        return asked.answer

    def ask(self, seat: int) -> Answer:
        """Ask `seat` for its current decision (once: asking again returns the same
        pending answer). The seat hears the events before its turn first."""
        pending = self.asked(seat)
        if pending is not None:
            return pending
        question = self._question(seat)
        state = self.table.round
        self._asked[seat] = _Asked(*question, state, len(state.actions))
        return question[1]

    def _question(self, seat: int) -> Question:
        """Tell the seats what happened, then ask `seat` its decision now."""
        self.tell()
        state = self.table.round
        legal = state.legal_now(seat)
        self.decisions += 1
        turn = Turn(seat, partial(state.view, seat), legal,
                    self.deadline(state, seat) if self.deadline else None, self.decisions)
        started = time.perf_counter()
        return turn, self.seats[seat].decide(turn), started

    def ask_all(self) -> None:
        """Ask every seat that must act now (the table: several may think at once)."""
        for seat in self.round.seats_to_act():
            self.ask(seat)

    def turn(self, seat: int) -> Turn | None:
        """The decision `seat` was asked for, while it is current."""
        return self._asked[seat].turn if self.asked(seat) is not None else None

    def forget(self, seat: int | None = None) -> None:
        """Drop `seat`'s pending decision (None: every seat's — the table was left, or a
        round replaced); it is asked afresh."""
        for s in [seat] if seat is not None else list(self._asked):
            asked = self._asked.pop(s, None)
            if asked is not None:
                asked.answer.cancel()

    # ------------------------------------------------------------ playing
    def play(self, seat: int, timeout: float | None = None) -> Action:
        """Apply `seat`'s answer to its current decision (waiting up to `timeout` seconds;
        None: as long as the turn's deadline): an answer that failed, came too late or is
        not legal gets the safe default (strict: SeatFault). Then every seat is told."""
        # an answer pending is taken; else the seat is asked now (not recorded: it is
        # played at once)
        turn, answer, started = self._asked.pop(seat)[:3] if self.asked(seat) is not None \
            else self._question(seat)
        action, why = self._take(answer, turn.deadline if timeout is None else timeout)
        self.times[seat].append((time.perf_counter() - started) * 1000.0)
        if action is not None:
            try:    # the engine judges: an answer not among the legal actions changes nothing
                self.table.apply(action)
            except IllegalAction:
                action, why = None, f"chose {action!r}, which is not legal"
        if action is None:
            if self.strict:
                raise SeatFault(f"seat {seat} ({self.seats[seat].name}): {why}")
            action = safe_default(turn.view, turn.legal)
            self.reasoning[seat] = (Defaulted(action.to_text(), why or ""),)
            self.table.apply(action)
        elif self.explained:
            self.reasoning[seat] = self.seats[seat].explain()
        self.tell()
        return action

    @staticmethod
    def _take(answer: Answer, timeout: float | None) -> tuple[Action, None] | tuple[None, str]:
        """The answer's action, or why there is none to play."""
        if type(answer) is Known:   # decided inline: nothing to wait for or fail
            return answer.action, None
        try:
            action = answer.result(timeout)
        except TimeoutError:
            answer.cancel()
            return None, "no answer in time"
        except CancelledError:
            return None, "the decision was cancelled"
        except Exception as exc:  # noqa: BLE001 - a seat's failure is reported, not raised
            return None, f"failed: {exc}"
        return action, None

    def step(self) -> Action:
        """Ask the first seat that must act and play its answer (on this thread)."""
        return self.play(self.table.round.seats_to_act()[0])

    def run_round(self) -> None:
        """Play the round to its end on this thread, one seat at a time in the engine's
        order (so the same seeds always give the same game)."""
        self.tell()
        while not self.table.round.is_over:
            self.step()

    def close(self) -> None:
        """Drop pending decisions and close every seat (each once)."""
        self.forget()
        for seat in self.seats:
            seat.close()


def run_match(match: Match, seats: Sequence[Seat], strict: bool = False) -> Driver:
    """Play `match` to its end with `seats` on this thread; the driver (for its times)."""
    driver = Driver(match, seats, strict=strict)
    while True:
        driver.run_round()
        if match.is_over:
            return driver
        match.start_next_hand()
