"""tools.paired: two arena runs of the same walls compared wall by wall."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools.paired import PairingError, main, paired

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def run_doc() -> dict:
    out = subprocess.run([sys.executable, "-m", "ai.arena", "--walls", "3", "--seed", "2",
                          "--seats", "medium,easy,easy,easy", "--json"], cwd=ROOT,
                         check=False, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_arena_reports_each_walls_mean(run_doc: dict) -> None:
    medium = run_doc["levels"]["medium"]
    assert len(medium["wall_means"]) == 3 and run_doc["seed"] == 2
    # each wall is 4 hands of Medium: the mean of the wall means is the mean per hand
    assert sum(medium["wall_means"]) / 3 == pytest.approx(medium["mean_points"])


def test_a_run_against_itself_differs_by_nothing(run_doc: dict) -> None:
    r = paired(run_doc, run_doc, "medium")
    assert r["difference"] == 0 and r["ci95_half"] == 0 and r["walls"] == 3


def test_the_difference_is_taken_wall_by_wall(run_doc: dict) -> None:
    after = json.loads(json.dumps(run_doc))
    means = after["levels"]["medium"]["wall_means"]
    after["levels"]["medium"]["wall_means"] = [m + 1.0 + 0.5 * i for i, m in enumerate(means)]
    r = paired(run_doc, after, "medium")
    assert r["difference"] == pytest.approx(1.5)
    assert r["ci95_half"] == pytest.approx(1.959964 * 0.5 / 3 ** 0.5)


def test_runs_of_other_walls_are_refused(run_doc: dict) -> None:
    other = dict(run_doc, seed=3)
    with pytest.raises(PairingError, match="differ in seed"):
        paired(run_doc, other, "medium")
    with pytest.raises(PairingError, match="no per-wall results of level 'hard'"):
        paired(run_doc, run_doc, "hard")


def test_the_command_prints_one_line_or_fails_in_one(run_doc: dict, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "run.json"
    good.write_text(json.dumps(run_doc), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main([str(good), str(good), "--level", "medium"]) == 0
    assert "paired over 3 walls +0.000" in capsys.readouterr().out
    with pytest.raises(SystemExit) as ended:
        main([str(good), str(bad)])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not an arena --json output" in err


def test_two_levels_on_the_same_walls_compare_seat_for_seat(run_doc: dict) -> None:
    after = json.loads(json.dumps(run_doc))
    after["seats"] = ["hard" if s == "medium" else s for s in after["seats"]]
    after["levels"]["hard"] = after["levels"].pop("medium")
    after["levels"]["hard"]["wall_means"] = [m + 2.0 for m in after["levels"]["hard"]["wall_means"]]
    r = paired(run_doc, after, "medium", "hard")
    assert r["difference"] == pytest.approx(2.0)
    with pytest.raises(PairingError, match="differ in seats"):
        paired(run_doc, after, "medium")          # without naming the level that sat there
    with pytest.raises(PairingError, match="differ in seats"):
        paired(run_doc, dict(after, seats=["hard"] * 4), "medium", "hard")
