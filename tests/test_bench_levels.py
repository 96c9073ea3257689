"""`make bench`'s figures of the thinking levels: Hard's and Master's decision times
(mean, p99) and samples per decision, read from each decision's estimates; Master only
when the level registry has it."""
from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import redirect_stdout

import pytest

from ai.estimates import Estimate
from ai.levels import LEVELS, Level
from ai.medium import MediumAgent
from game.bench.levels import main, measure
from game.engine.actions import Action
from game.engine.view import PlayerView
from tests.level_helpers import registered

SAMPLES = 123


class SamplingMedium(MediumAgent):
    """Medium's choice, told as resting on SAMPLES sampled worlds."""

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        action = super().choose(view, legal)
        self.reasons = (Estimate(action.to_text(), 1.0, 0.2, 1.5, 0.05, SAMPLES),)
        return action


@pytest.fixture
def master_level() -> Iterator[None]:
    with registered(Level("master", SamplingMedium, 4)):
        yield


def run(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_hard_and_master_are_measured_with_their_samples(master_level: None) -> None:
    times, samples = measure("master", 5)
    assert len(times) == 5 and samples == [SAMPLES] * 5
    text = run("--decisions", "5")
    line = re.compile(r"(\w+): 5 decisions, mean [\d.]+ ms, p99 [\d.]+ ms, (\d+) samples")
    found = {m[1]: int(m[2]) for m in line.finditer(text)}
    assert found == {"hard": 0, "master": SAMPLES}, text


def test_master_absent_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(LEVELS, "master", raising=False)
    text = run("--decisions", "2")
    assert "master: absent" in text and "hard: 2 decisions" in text
