"""The arena and solo command lines: JSON schema on tiny runs, one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai.solo import SoloResult, ready_by_draw

ROOT = Path(__file__).resolve().parent.parent
LEVEL_KEYS = {"mean_points", "ci95", "ci99", "win_rate", "self_draw_rate", "deal_in_rate",
              "draw_rate", "decisions", "decision_ms_mean", "decision_ms_p50", "decision_ms_p90",
              "decision_ms_p99", "decision_ms_max", "hands", "faults", "points_by_source",
              "wall_means"}


def run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, check=False,
                          capture_output=True, text=True, timeout=120)


def test_arena_json_schema():
    out = run("ai.arena", "--walls", "2", "--seed", "3", "--seats", "hard,medium,easy,medium",
              "--workers", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"walls", "seed", "seats", "ruleset", "hands", "levels"}
    assert data["walls"] == 2 and data["hands"] == 8
    assert set(data["levels"]) == {"hard", "medium", "easy"}
    for name, level in data["levels"].items():
        assert set(level) == LEVEL_KEYS
        lo, hi = level["ci95"]
        lo99, hi99 = level["ci99"]
        assert lo99 <= lo <= level["mean_points"] <= hi <= hi99
        assert level["decisions"] > 0
        times = [level[f"decision_ms_{p}"] for p in ("p50", "p90", "p99", "max")]
        assert 0 <= times[0] <= times[1] <= times[2] <= times[3]
        assert level["hands"] == (2 if name == "medium" else 1) * 4 * 2
        # the points by source (wins, each kind of action payment) add up to the points
        sources = level["points_by_source"]
        assert set(sources) <= {"win", "chi", "chi_refund", "peng", "direct_kong",
                                "added_kong", "concealed_kong", "ready"}
        assert abs(sum(sources.values()) - level["mean_points"]) < 1e-9
    # zero-sum table: the seats' points add up to 0
    assert abs(sum(v["mean_points"] * v["hands"] for v in data["levels"].values())) < 1e-9


def test_arena_permutations_protocol():
    out = run("ai.arena", "--walls", "1", "--protocol", "permutations", "--pair", "hard,medium",
              "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["hands"] == 12
    assert {k: v["hands"] for k, v in data["levels"].items()} == {"hard": 12, "medium": 12,
                                                                  "easy": 24}


def test_solo_json_schema():
    out = run("ai.solo", "--level", "medium", "--games", "5", "--seed", "2", "--draws", "18",
              "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"level", "games", "draws", "win_rate", "ready_by_draw",
                         "decision_ms_mean"}
    assert data["level"] == "medium" and data["games"] == 5 and data["draws"] == 18
    assert 0.0 <= data["win_rate"] <= 1.0
    ready = data["ready_by_draw"]
    assert len(ready) == 18 and ready == sorted(ready)      # a share that only grows
    assert ready[-1] >= data["win_rate"]                    # every won game was ready


def test_ready_by_draw_counts_games_ready_by_each_draw():
    results = [SoloResult(True, 2), SoloResult(False, 3), SoloResult(False, None),
               SoloResult(True, 1)]
    assert ready_by_draw(results, 4) == [0.25, 0.5, 0.75, 0.75]


@pytest.mark.parametrize("module, args", [
    ("ai.arena", ["--seats", "hard,medium,genius,easy"]),
    ("ai.arena", ["--seats", "hard,medium"]),
    ("ai.arena", ["--protocol", "permutations", "--pair", "hard"]),
    ("ai.solo", ["--level", "genius"]),
    ("ai.arena", ["--ruleset", "nosuch"]),
    ("ai.solo", ["--level", "hard", "--ruleset", "nosuch"]),
    ("ai.arena", ["--ruleset", "two_player", "--seats", "hard,medium,easy"]),
    ("ai.arena", ["--protocol", "permutations", "--ruleset", "two_player"]),
    ("ai.arena", ["--walls", "0"]),
    ("ai.arena", ["--walls", "\u0663"]),
    ("ai.arena", ["--seed", "\u00b2"]),
    ("ai.arena", ["--walls", "1e3"]),
    ("ai.arena", ["--bot-deadline", "0"]),
    ("ai.arena", ["--bot-deadline", "soon"]),
    ("ai.solo", ["--level", "hard", "--draws", "200"]),
    ("ai.solo", ["--level", "hard", "--games", "-1"]),
    ("ai.solo", ["--level", "hard", "--games", "\uff19"]),
    ("ai.arena", ["--walls", "1", "--seats", "bot:/no/such/program,medium,easy,easy"]),
    ("ai.arena", ["--walls", "1", "--workers", "2", "--seats", "medium,bot:/no/such,easy,easy"]),
    ("ai.arena", ["--walls", "1", "--seats", "bot:python3 'unclosed,medium,easy,easy"]),
    ("ai.arena", ["--walls", "1", "--records", str(ROOT / "README.md")]),
    ("ai.arena", ["--walls", "1", "--records", str(ROOT / "README.md" / "records")]),
    ("ai.arena", ["--walls", "1", "--workers", "65"]),
    ("tools.ceiling", ["--reading", "claims", "--walls", "1", "--workers", "65"]),
])
def test_bad_arguments_are_one_line_and_exit_2(module, args):
    out = run(module, *args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_two_player_arena_runs():
    out = run("ai.arena", "--ruleset", "two_player", "--seats", "hard,medium", "--walls", "2",
              "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["hands"] == 4 and set(data["levels"]) == {"hard", "medium"}


def test_output_closed_early_ends_quietly():
    shell = (f"{sys.executable} -m game.analyze --stdin < /dev/zero; "
             f"yes 123m456p789s11m | head -n 3000 | {sys.executable} -m game.analyze --stdin "
             f"| head -n 1")
    out = subprocess.run(["bash", "-c", shell], cwd=ROOT, check=False, capture_output=True,
                         text=True, timeout=120)
    assert "Traceback" not in out.stderr and out.stdout.count("\n") == 1
    assert "longer than" in out.stderr
