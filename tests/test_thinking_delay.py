"""A slow level thinks while the table's thinking delay runs: its decision starts on the
executor at the start of the delay, frames go on meanwhile, and the seat waits
max(delay, decision time), never their sum. Time is counted in the table's frames (a
fake level that decides only when the test lets it), never by the wall clock."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ai.base import SeededAgent
from ai.levels import Level
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.play.driver import safe_default
from game.play.setup import SeatSpec
from game.shell.controller import Controller
from game.shell.session import MatchSession
from tests.level_helpers import registered

DELAY = 1.0
TICK = 0.25          # seconds a frame advances the table (exact in binary)
SLOW = "slow_gated"


class Gate:
    """When the slow level's decisions start, and the test's word that they may end."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.go = threading.Event()

    def reset(self) -> None:
        self.started.clear()
        self.go.clear()


GATE = Gate()


class GatedAgent(SeededAgent):
    """Decides the safe default, but only once the test opens the gate."""

    name = SLOW

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        GATE.started.set()
        assert GATE.go.wait(60), "the test never let the decision end"
        return safe_default(view, legal)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Controller]:
    GATE.reset()
    with registered(Level(SLOW, GatedAgent, 0)):
        seats = [SeatSpec.parse(SLOW, "Slow")] + [SeatSpec.parse("human", f"P{s}")
                                                  for s in (1, 2, 3)]
        session = MatchSession.new("dazhong", 3, 1, seats)
        session.save_path = tmp_path / "m.json"
        c = Controller(session, executor=ThreadPoolExecutor(1), thinking_delay=DELAY)
        try:
            yield c
        finally:
            GATE.go.set()
            c.close()


def frames_until_played(c: Controller, decide_after: int) -> int:
    """The frame at which the slow dealer's first discard is played when its decision
    ends after frame `decide_after`; frames keep coming while it thinks."""
    assert c.round.seats_to_act() == [0]
    for frame in range(1, 40):
        c.update(TICK)
        if c.round.actions:
            return frame
        if frame == 1:
            assert GATE.started.wait(60), "the decision starts with the delay's first frame"
        answer = c.driver.asked(0)
        assert answer is not None
        if frame < decide_after:
            assert not answer.done(), "still thinking, and the frames go on"
        if frame == decide_after:
            GATE.go.set()
            answer.result(60)           # the decision has ended before the next frame
    raise AssertionError("never played")


def test_a_quick_decision_waits_out_the_delay(table: Controller) -> None:
    assert frames_until_played(table, decide_after=2) == round(DELAY / TICK)


def test_a_slow_decision_is_not_made_to_wait_the_delay_again(table: Controller) -> None:
    """Thinking for six frames (1.5 s) against a delay of four: played on the next
    frame (max), not four frames after the decision ended (the sum)."""
    assert frames_until_played(table, decide_after=6) == 7
