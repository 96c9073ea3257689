"""The one driver: any seats through the seat contract, told what their seat may see."""
from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import Future

import pytest

from game.bench.random_play import RandomSeat as DeafSeat  # keeps nothing it is told
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.match import Match
from game.engine.state import RoundState
from game.play.driver import Defaulted, Driver, LoneRound, SeatFault, run_match, safe_default
from game.play.feed import SeatFeed
from game.play.seat import Answer, HandEnd, Known, SeatBase, Turn, WaitingSeat
from game.rulesets import load_ruleset

RULES = load_ruleset("dazhong")


class RandomSeat(SeatBase):
    """Random legal actions; keeps what it was told."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__("random")
        self.rng = rng
        self.heard: list[Event] = []
        self.ends: list[HandEnd] = []

    def decide(self, turn: Turn) -> Answer:
        return Known(self.rng.choice(turn.legal))

    def observe(self, events: Sequence[Event]) -> None:
        self.heard.extend(events)

    def end_hand(self, end: HandEnd) -> None:
        self.ends.append(end)


def test_a_driven_round_is_the_engine_loop_with_the_same_choices() -> None:
    rng_a, rng_b = random.Random(3), random.Random(3)
    plain = RoundState.new(RULES, 11)
    while not plain.is_over:
        seat = plain.seats_to_act()[0]
        plain.apply(rng_a.choice(plain.legal_actions(seat)))
    driven = RoundState.new(RULES, 11)
    Driver(LoneRound(driven), [RandomSeat(rng_b)] * 4).run_round()
    assert driven.actions == plain.actions and driven.scores == plain.scores


def test_each_seat_hears_exactly_what_its_seat_may_know_and_the_end_once() -> None:
    state = RoundState.new(RULES, 5)
    seats = [RandomSeat(random.Random(s)) for s in range(4)]
    Driver(LoneRound(state), seats).run_round()
    for s, seat in enumerate(seats):
        assert seat.heard == state.events_for(s)
        assert seat.ends == [HandEnd(tuple(state.scores), tuple(state.wins),
                                     tuple(tuple(state.hand_of(k)) for k in range(4)))]


def test_a_match_is_played_hand_after_hand_with_new_hands_told_from_their_deal() -> None:
    match = Match(RULES, 9, 2)
    seats = [RandomSeat(random.Random(s)) for s in range(4)]
    run_match(match, seats)
    assert match.is_over and len(seats[0].ends) == 2
    deals = [e for e in seats[0].heard if e.kind == "deal" and e.seat == 0]
    assert len(deals) == 2


class SilentSeat(WaitingSeat):
    """Never answers by itself."""


def test_no_answer_in_time_gets_the_safe_default() -> None:
    state = RoundState.new(RULES, 2)
    seats = [SilentSeat("p")] + [RandomSeat(random.Random(s)) for s in range(3)]
    driver = Driver(LoneRound(state), seats, deadline=lambda st, seat: 0.01)
    dealer = state.seats_to_act()[0]
    assert dealer == 0
    view, legal = state.view(0), state.legal_actions(0)
    action = driver.step()
    assert action == safe_default(view, legal)
    assert action.kind == A.DISCARD and action.tile == view.drawn
    [reason] = driver.reasoning[0]
    assert isinstance(reason, Defaulted) and reason.why == "no answer in time"
    assert reason.action == action.to_text() and reason.win_chance is None


class CheatingSeat(SeatBase):
    def decide(self, turn: Turn) -> Answer:
        return Known(Action((turn.seat + 1) % 4, A.PASS))


def test_an_illegal_answer_is_refused_strictly_or_replaced() -> None:
    seats = [CheatingSeat("x")] + [RandomSeat(random.Random(s)) for s in range(3)]
    with pytest.raises(SeatFault, match="not legal"):
        Driver(LoneRound(RoundState.new(RULES, 2)), seats, strict=True).step()
    state = RoundState.new(RULES, 2)
    action = Driver(LoneRound(state), seats).step()
    assert action.seat == 0 and state.actions == [action]


class FailingSeat(SeatBase):
    def decide(self, turn: Turn) -> Answer:
        future: Future[Action] = Future()
        future.set_exception(RuntimeError("boom"))
        return future


def test_a_failing_seat_gets_the_safe_default_with_the_reason() -> None:
    seats = [FailingSeat("f")] + [RandomSeat(random.Random(s)) for s in range(3)]
    driver = Driver(LoneRound(RoundState.new(RULES, 4)), seats)
    driver.step()
    [reason] = driver.reasoning[0]
    assert isinstance(reason, Defaulted) and reason.why == "failed: boom"


def test_a_waiting_seat_takes_only_a_legal_answer_to_its_pending_turn() -> None:
    state = RoundState.new(RULES, 6)
    person = WaitingSeat("me")
    driver = Driver(LoneRound(state), [person] + [RandomSeat(random.Random(s)) for s in range(3)])
    assert not person.answer(Action(0, A.PASS))           # nothing asked yet
    answer = driver.ask(0)
    assert person.waiting and not answer.done()
    assert driver.ask(0) is answer                         # asked once per decision
    assert not person.answer(Action(1, A.PASS))           # not one of its legal actions
    legal = state.legal_actions(0)
    assert person.answer(legal[-1]) and not person.waiting
    assert driver.play(0) == legal[-1] and state.actions == [legal[-1]]


def test_a_watched_feed_holds_what_its_seat_may_know_and_its_view() -> None:
    state = RoundState.new(RULES, 8)
    driver = Driver(LoneRound(state), [RandomSeat(random.Random(s)) for s in range(4)])
    feeds = [SeatFeed(s) for s in range(4)]
    for s, feed in enumerate(feeds):
        driver.watch(s, feed)
    for _ in range(40):
        driver.step()
    for s, feed in enumerate(feeds):
        assert feed.events == state.events_for(s) and feed.view == state.view(s)
        assert all(e.tile is None for e in feed.events if e.kind == "draw" and e.seat != s)
    again = Match(RULES, 8, 2)
    driver = Driver(again, [RandomSeat(random.Random(s)) for s in range(4)])
    feed = SeatFeed(1)
    driver.watch(1, feed)
    driver.run_round()
    again.start_next_hand()
    driver.step()
    assert feed.hands == 2 and feed.events == again.round.events_for(1)


def test_a_seat_listens_when_its_kind_has_its_own_observe() -> None:
    assert RandomSeat(random.Random(0)).listens
    assert not DeafSeat(random.Random(0)).listens and not WaitingSeat("me").listens


def test_a_seat_that_does_not_listen_is_still_watched() -> None:
    state = RoundState.new(RULES, 8)
    seats = [DeafSeat(random.Random(s)) for s in range(4)]
    driver = Driver(LoneRound(state), seats)
    feed = SeatFeed(2)
    driver.watch(2, feed)
    driver.run_round()
    assert feed.events == state.events_for(2) and feed.view == state.view(2)
    assert feed.hands == 1
