"""The driver of a match at the table (the data is game.shell.session.MatchSession).

`Controller` runs the one driver (game.play.driver) on the frame clock: every seat is a
seat of the contract — AI levels and outside programs decide off the render path (an
executor, on an immutable PlayerView), a person's seat waits for `submit` — and every
decision goes through the engine's legal_actions() and apply() only. AI answers wait out
their thinking delay; a pass is played at once. An AI seat is asked the moment it must
act, so it thinks on the executor while its delay runs: it waits max(delay, thinking
time), never their sum, and frames go on meanwhile.
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.ruleset import Ruleset
from game.engine.state import RoundState
from game.engine.view import PlayerView
from game.play.driver import Driver
from game.play.feed import SeatFeed
from game.play.seat import Answer, Reasoning, Seat
from game.play.setup import SeatKind
from game.shell.adviser import Adviser
from game.shell.person import PersonSeat
from game.shell.seat_names import seat_name
from game.shell.session import MatchSession
from game.shell.table_source import PageCall, PlateText, TableListener, Translate

HINT_SEED = 7                           # the suggested move's AI is seeded alike every time
CLAIM_DELAY_SHARE = 0.5                 # an AI answers a claim window in half its delay
WAITING_DELAY = 0.1                     # 血战到底: the AI's delay once every person has won


class InlineExecutor(Executor):
    """Runs each job at once on the calling thread (headless tests, benchmarks)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(exc)
        return future


def _passes(answer: Answer) -> bool:
    """Whether a finished decision is a pass: it is played at once (a pause before a
    pass would tell the table that the seat could have claimed the tile)."""
    try:
        return answer.result(0).kind == A.PASS
    except Exception:  # noqa: BLE001 - a failed answer is no pass; the driver reports it
        return False


class Controller:
    """Drives a session frame by frame: asks seats, waits for people, applies actions
    (the table's source for a match on this computer: game.shell.table_source)."""

    def __init__(self, session: MatchSession, listener: TableListener | None = None,
                 executor: Executor | None = None, thinking_delay: float = 0.8,
                 claim_countdown: float = 0.0) -> None:
        self.session = session
        self.listener = listener
        self.claim_countdown = claim_countdown
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.thinking_delay = thinking_delay
        self.paused = False          # debug: AI seats wait (humans can still act)
        self.steps = 0               # debug: AI actions allowed while paused
        self.version = 0             # bumps whenever the table changed
        self.closed = False          # the table was left: no more AI work
        self.driver = Driver(session, self._seats())
        self.feeds = [SeatFeed(s) for s in range(session.match.ruleset.players)]
        for s, feed in enumerate(self.feeds):
            self.driver.watch(s, feed)
        self._waited: dict[int, tuple[Answer, float]] = {}
        self.adviser = Adviser(None, HINT_SEED, self.executor)   # the suggested move
        self._round = session.round
        self._results_for = -1
        self._ask_people()

    @classmethod
    def for_session(cls, session: MatchSession, thinking_delay: float,
                    claim_countdown: float) -> Controller:
        """The controller of a match on this computer, its timings from the match's set-up
        where it has them, else from the player's settings."""
        setup = session.setup
        delay = setup.thinking_delay if setup.thinking_delay is not None else thinking_delay
        countdown = setup.claim_countdown if setup.claim_countdown is not None \
            else float(claim_countdown)
        return cls(session, thinking_delay=delay, claim_countdown=countdown)

    def _seats(self) -> list[Seat]:
        """Each seat of the set-up as a seat of the contract (a program's own name from
        its hello is kept in the set-up)."""
        from ai.levels import STRONGEST, make_seat
        from ai.seats import AgentSeat
        session, ruleset = self.session, self.session.match.ruleset
        seats: list[Seat] = []

        def stand_in(s: int) -> Callable[[], Seat]:
            def make() -> Seat:
                from ai.levels import make_agent
                return AgentSeat(make_agent(STRONGEST, session.stand_in_seed(s)),
                                 executor=self.executor)
            return make
        try:
            for s, spec in enumerate(session.seats):
                if spec.is_person:
                    seats.append(PersonSeat(spec.name, stand_in(s)))
                    continue
                seat = make_seat(spec, session.agent_seed(s), s, ruleset.players, ruleset.id,
                                 self.executor, at_table=True)
                seats.append(seat)
                if spec.kind is SeatKind.PROGRAM and seat.name != spec.program:
                    session.name_seat(s, seat.name)
        except ValueError:
            for seat in seats:
                seat.close()
            raise
        return seats

    # ------------------------------------------------------------ queries
    @property
    def round(self) -> RoundState:
        return self.session.round

    @property
    def reasoning(self) -> dict[int, Reasoning]:
        """The last decision's reasoning of each seat the computer played."""
        return self.driver.reasoning

    def is_ai(self, seat: int) -> bool:
        """The computer plays this seat now (an AI seat, or a person's seat under 托管)."""
        return not self.session.seats[seat].is_person or self.round.auto[seat]

    def humans_to_act(self) -> list[int]:
        """Person-played seats whose decision the round is waiting for."""
        return [s for s in self.round.seats_to_act() if not self.is_ai(s)]

    def thinking(self) -> list[int]:
        """AI seats whose decision is pending."""
        return [s for s in self.round.seats_to_act() if self.is_ai(s)]

    @property
    def ruleset(self) -> Ruleset:
        return self.session.match.ruleset

    @property
    def debug(self) -> bool:
        return self.session.debug

    @property
    def offers_auto(self) -> bool:
        """托管 goes through the engine here."""
        return True

    @property
    def save_problem(self) -> str | None:
        return self.session.save_problem

    @property
    def show_all_hands(self) -> bool:
        return self.session.debug and self.session.setup.show_all_hands

    @show_all_hands.setter
    def show_all_hands(self, on: bool) -> None:
        self.session.setup = replace(self.session.setup, show_all_hands=on)

    def is_person(self, seat: int) -> bool:
        return self.session.is_human(seat)

    def people_out(self) -> bool:
        """血战到底: every person at the table has won and only waits for the others
        (whose AI then plays at once)."""
        people = [s for s in range(self.round.players) if self.is_person(s)]
        return bool(people) and all(self.round.out[s] for s in people)

    def seat_name(self, seat: int, t: Translate) -> str:
        return seat_name(self.session.seats[seat], seat, t)

    def plates(self, view: PlayerView, t: Translate) -> list[PlateText]:
        match = self.session.match
        running = [0] * view.players if match.hand_finished else view.scores
        return [(seat_name(setup, s, t), setup.text, match.totals[s] + running[s])
                for s, setup in enumerate(self.session.seats)]

    def progress(self) -> tuple[int, int]:
        return self.session.match.hand_number, self.session.match.length

    @property
    def hand_finished(self) -> bool:
        return self.session.match.hand_finished

    def info(self, t: Translate) -> list[str]:
        lines = [t("table.seed", seed=self.session.match.seed)] if self.debug else []
        if self.save_problem is not None:
            lines.append(t("table.save_failed"))
        return lines

    def next_page(self, hand_shown: bool) -> PageCall | None:
        """The results page, once a finished hand has been shown."""
        match = self.session.match
        if not (match.hand_finished and hand_shown) or self._results_for == match.hand_number:
            return None
        self._results_for = match.hand_number
        return "results", {"session": self.session}

    def leave(self) -> bool:
        """Saved first: a match that cannot be saved keeps the player at the table."""
        return self.session.autosave()

    def legal(self, seat: int) -> list[Action]:
        return self.round.legal_actions(seat)

    def feed(self, seat: int) -> SeatFeed:
        """What `seat` may know, as its table shows it: view, events, pending decision."""
        return self.feeds[seat]

    def resumed_from(self, seat: int) -> PlayerView | None:
        """Never: every seat here has seen its hand from the deal."""
        return None

    def open_hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's concealed tiles, the drawn tile last: the one door to the full
        state, for the hotseat debug mode's open hands only."""
        state = self.round
        hands = []
        for seat in range(state.players):
            tiles = state.hand_of(seat)
            if seat == state.current and state.drawn is not None and state.drawn in tiles:
                tiles.remove(state.drawn)
                tiles.append(state.drawn)
            hands.append(tuple(tiles))
        return tuple(hands)

    # ------------------------------------------------------------ actions
    def submit(self, action: Action, timed_out: bool = False) -> bool:
        """A person's decision; False (nothing applied) if it is not legal now.
        `timed_out`: the table's clock ran out and answered for the person (the match
        file marks it, so the review keeps it apart from the person's own decisions)."""
        seat = action.seat
        if not 0 <= seat < len(self.driver.seats) or self.is_ai(seat) or self.closed:
            return False
        person = self.driver.seats[seat]
        if not isinstance(person, PersonSeat) or seat not in self.round.seats_to_act():
            return False
        self.driver.ask(seat)
        if not person.answer(action):
            return False
        position = self.session.next_position()
        self._play(seat)
        if timed_out:
            self.session.mark_timeout(position)
        return True

    def set_auto(self, seat: int, on: bool) -> None:
        """托管: hand `seat` to the computer (or take it back), through the engine too."""
        if not self.round.is_over and self.round.auto[seat] != on:
            self.session.apply(Action(seat, A.AUTO, on=on))
            self.driver.forget(seat)     # the other of person and computer decides now
            self._waited.pop(seat, None)
            self._after_action()

    def set_switches(self, auto_win: bool, never_claim: bool) -> None:
        """The person seats' auto-win and never-claim switches (apart from 托管)."""
        for seat in self.driver.seats:
            if isinstance(seat, PersonSeat):
                seat.auto_win, seat.never_claim = auto_win, never_claim

    def step(self) -> None:
        """Debug: let one AI action through while paused: only while paused with an AI
        seat to act now (a press on a person's turn is not kept for later, nor a second
        press before the first action is played)."""
        if self.paused and self.thinking():
            self.steps = 1

    def undo(self) -> bool:
        """Debug: take back the last decision; the table pauses so the AI does not redo it."""
        if not self.session.undo():
            return False
        self.paused = True
        self.steps = 0
        self.driver.reasoning.clear()   # the reasons were of a move taken back
        self._sync()
        return True

    def close(self) -> None:
        """Stop the worker and end the seats' programs: pending decisions are dropped,
        the one being computed finishes on its own (its thread then ends) and nothing new
        is ever asked."""
        if self.closed:
            return
        self.closed = True
        self.adviser.drop()
        self.driver.forget()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.driver.close()
        self.session.release()

    # ------------------------------------------------------------- frames
    def update(self, dt: float, hold: bool = False) -> None:
        """Advance AI thinking by dt seconds and apply at most one ready decision.
        hold: the table is still animating, so decisions wait (thinking goes on)."""
        self._sync()
        if self.round.is_over or self.closed:
            return
        self.driver.ask_all()
        self._ask_people()
        if not hold and self._quick_answer():
            return
        to_act = self.round.seats_to_act()
        for seat in to_act:
            answer = self.driver.asked(seat)
            if answer is not None and self.is_ai(seat):
                held, waited = self._waited.get(seat, (answer, 0.0))
                self._waited[seat] = (answer, waited + dt if held is answer else dt)
        if hold or (self.paused and self.steps <= 0):
            return
        share = CLAIM_DELAY_SHARE if self.round.window is not None else 1.0
        delay = min(self.thinking_delay * share, WAITING_DELAY) if self.people_out() \
            else self.thinking_delay * share
        for seat in to_act:
            answer = self.driver.asked(seat)
            if answer is None or not self.is_ai(seat) or not answer.done():
                continue
            waited = self._waited.get(seat, (answer, 0.0))[1]
            if waited >= delay or _passes(answer):
                self.steps = max(0, self.steps - 1)
                self._play(seat)
                return

    def hint(self, seat: int) -> Action | None:
        """What the strongest AI would do in `seat`'s place now; computed once per
        decision, off the render path (None until ready)."""
        if self.closed or seat not in self.humans_to_act():
            return None
        return self.adviser.answer((self.version, seat), self.legal(seat),
                                   lambda: self.round.view(seat))

    # ------------------------------------------------------------ helpers
    def _play(self, seat: int) -> None:
        self._waited.pop(seat, None)
        self.driver.play(seat, timeout=0)
        self._after_action()

    def _quick_answer(self) -> bool:
        """Play the first answer a person seat's switches give (through the engine's
        judgement like a click); True if one was played."""
        for seat in self.humans_to_act():
            person = self.driver.seats[seat]
            quick = person.quick_answer() if isinstance(person, PersonSeat) else None
            if quick is not None and self.submit(quick):
                return True
        return False

    def _ask_people(self) -> None:
        """Ask the person seats that must act (their feeds show the decision), and clear
        the feeds of those that need not."""
        people = set(self.humans_to_act()) if not self.round.is_over and not self.closed \
            else set()
        for seat, feed in enumerate(self.feeds):
            if seat in people:
                self.driver.ask(seat)
            feed.turn = self.driver.turn(seat) if seat in people else None

    def _after_action(self) -> None:
        self.version += 1
        self.driver.tell()
        self._ask_people()
        if self.listener is not None:
            self.listener.on_events()

    def _sync(self) -> None:
        """Notice a replaced round (next hand, undo) and start listening to it afresh."""
        if self.session.round is self._round:
            return
        self.driver.forget()
        self._waited.clear()
        self._round = self.session.round
        self.driver.tell()
        self._ask_people()
        self.version += 1
        if self.listener is not None:
            self.listener.on_reset()
