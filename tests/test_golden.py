"""Golden replays: recorded matches must replay to exactly the recorded outcome."""
import json
from pathlib import Path

import pytest

from game.engine.match import Match
from game.rulesets import load_ruleset
from tools.golden_summary import summarize

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_replays():
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_replay(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_record(doc["record"], load_ruleset(doc["record"]["ruleset"]))
    assert match.is_over
    assert summarize(match) == doc["expected"]
