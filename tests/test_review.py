"""Hard's review: a seat played by Hard agrees with Hard, a seat played by Easy far less;
the command line's JSON shape and its one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import play_hand
from game.history.review import review
from game.shell.saves import load_save

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("review")
    for wall in range(4):
        play_hand("dazhong", 300 + wall, 9, ("hard", "easy", "medium", "easy"), folder,
                  f"hand{wall}")
    return sorted(folder.glob("*.json"))


def test_hard_agrees_with_itself_and_easy_does_not(records: list[Path]) -> None:
    totals = {0: [0, 0], 1: [0, 0]}
    for path in records:
        for r in review(load_save(path), [0, 1]):
            data = r.to_json()
            totals[r.seat][0] += data["agree"]
            totals[r.seat][1] += data["decisions"]
    hard_share = totals[0][0] / totals[0][1]
    easy_share = totals[1][0] / totals[1][1]
    assert totals[0][1] >= 20 and hard_share >= 0.95
    assert easy_share < hard_share - 0.3


def test_the_command_line_prints_the_seats_object(records: list[Path]) -> None:
    out = subprocess.run([sys.executable, "-m", "game.review", str(records[0]), "--json"],
                         cwd=ROOT, check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    seats = json.loads(out.stdout)["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3]
    assert seats[0]["level"] == "hard" and seats[1]["level"] == "easy"
    for s in seats:
        assert 0 <= s["agree"] <= s["decisions"]
        for m in s["mistakes"]:
            assert set(m) == {"hand", "step", "chosen", "hard_choice", "regret", "reason"}
            assert m["chosen"] != m["hard_choice"] and m["regret"] >= 0


@pytest.mark.parametrize("args", [["/no/such/file.json"], ["--seat", "9", "X"], []])
def test_mistakes_are_one_line_and_exit_2(args: list[str], records: list[Path]) -> None:
    args = [str(records[0]) if a == "X" else a for a in args]
    out = subprocess.run([sys.executable, "-m", "game.review", *args], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr
