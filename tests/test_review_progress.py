"""The review's progress bar: shown while a level reviews, it advances one step per
decision reviewed, whichever registered level reviews (a slow one here: its decisions
end only when the test lets them)."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai.base import SeededAgent
from ai.levels import Level
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.history.autoplay import sample_match_file
from game.play.driver import safe_default
from game.scenes.review import ReviewScene
from tests.level_helpers import registered
from tests.shell_helpers import Backdrop, make_app

SLOW = "slow_reviewer"
ASKED = threading.Semaphore(0)
GO = threading.Semaphore(0)


class SlowReviewer(SeededAgent):
    """Says it was asked, then decides once the test lets it."""

    name = SLOW

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        ASKED.release()
        assert GO.acquire(timeout=60), "the test never let the decision end"
        return safe_default(view, legal)


@pytest.fixture
def slow_reviewer() -> Iterator[str]:
    with registered(Level(SLOW, SlowReviewer, 0)) as name:
        yield name


def test_the_bar_advances_one_decision_at_a_time(tmp_path: Path, slow_reviewer: str) -> None:
    app = make_app(tmp_path, "zh", Backdrop)
    app.scenes.replace("review", match_path=sample_match_file(), seat=1, reviewer=slow_reviewer)
    page = app.scenes.top
    assert isinstance(page, ReviewScene) and page.reviewer == slow_reviewer
    try:
        for decision in range(3):
            assert ASKED.acquire(timeout=60)
            app.step(0.016, [])
            assert (page.done, page.result) == (decision, None)
            assert page.total > 3
            [bar] = [b for b in page.layout_boxes() if b.name == "progress"]
            assert bar.rect.w > 0
            assert "困难" not in page._running_text() and slow_reviewer in page._running_text()
            GO.release()
    finally:
        page._stop.set()
        for _ in range(page.total + 1):
            GO.release()
        page.exit()
