"""The arena and the tournament play 国标 and 血战到底 with an outside program at a seat:
every hand is a match file the game checks and replays to the same scores (a 国标 wall
written with its flowers)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.engine.tiles import NUM_KINDS, NotationError, format_tiles
from game.engine.wall_notation import format_wall, parse_wall
from game.rulesets import load_ruleset
from game.shell.saves import load_save
from tests.test_tournament import leaderboard

ROOT = Path(__file__).resolve().parent.parent
EFFICIENCY = f"bot:{sys.executable} {ROOT / 'examples' / 'bots' / 'efficiency_bot.py'}"
RULESETS = ("guobiao", "xuezhan")


def checked(files: list[Path]) -> None:
    """`python -m game --check` passes every file."""
    check = subprocess.run([sys.executable, "-m", "game", "--check", *map(str, files)],
                           check=False, cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert check.returncode == 0 and check.stdout.count(": ok") == len(files), \
        check.stdout + check.stderr


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), ruleset_id=st.sampled_from(["guobiao", "dazhong"]))
def test_a_wall_is_written_and_read_back_flowers_and_all(seed: int, ruleset_id: str) -> None:
    wall = load_ruleset(ruleset_id).new_wall(seed)
    text = format_wall(wall)
    assert parse_wall(text) == wall and ("f" in text) == (ruleset_id == "guobiao")
    plain = [k for k in wall if k < NUM_KINDS]     # without flowers: as records always were
    assert format_wall(plain) == format_tiles(plain, sort=False)


@pytest.mark.parametrize("text", ["9f", "0f", "f9", "1m2", "1mf", "x", "12z3q"])
def test_a_wall_in_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_wall(text)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_arena_plays_the_ruleset_with_a_program_and_writes_its_hands(
        tmp_path: Path, ruleset_id: str) -> None:
    out = subprocess.run([sys.executable, "-m", "ai.arena", "--walls", "2", "--seed", "5",
                          "--ruleset", ruleset_id, "--seats", f"hard,{EFFICIENCY},medium,easy",
                          "--json", "--records", str(tmp_path)], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["ruleset"] == ruleset_id and report["hands"] == 8
    levels = report["levels"]
    assert {n: levels[n]["hands"] for n in levels} == dict.fromkeys(
        ("hard", EFFICIENCY, "medium", "easy"), 8)
    assert levels[EFFICIENCY]["faults"] == 0
    assert sum(levels[n]["mean_points"] * 8 for n in levels) == pytest.approx(0)
    files = sorted(tmp_path.glob("arena-*.json"))
    assert len(files) == 8
    checked(files)
    ruleset = load_ruleset(ruleset_id)
    for file in files:
        record = json.loads(file.read_text())
        match = Match.from_record(record, ruleset)
        assert match.is_over and load_save(file).match.totals == match.totals
        assert [s["level"] for s in record["seats"]].count("bot") == 1
        if ruleset_id == "guobiao":
            assert sorted(parse_wall(record["walls"]["0"]))[-8:] == list(range(34, 42))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_tournament_plays_the_ruleset_and_keeps_its_hands(
        tmp_path: Path, ruleset_id: str) -> None:
    board = leaderboard("easy", "medium", "--walls", "1", "--rounds", "1", "--seed", "2",
                        "--ruleset", ruleset_id, "--records", tmp_path)
    assert board["ruleset"] == ruleset_id
    assert all(row["hands"] == 4 and row["faults"] == 0 for row in board["entrants"])
    hands = sorted((tmp_path / "hands").glob("*.json"))
    assert len(hands) == 4
    checked(hands)
