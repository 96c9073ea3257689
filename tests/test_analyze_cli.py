"""CLI tests for ``python -m game.analyze`` (run as a subprocess)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.analyze import InputError, analyze

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.analyze", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          check=False)


def test_text_output_for_ready_hand() -> None:
    proc = run("1112345678999m")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "shanten:  0" in proc.stdout
    assert "win:      no" in proc.stdout
    assert "waits:    1m 2m 3m 4m 5m 6m 7m 8m 9m" in proc.stdout


def test_text_output_lists_discards_for_14_tiles() -> None:
    proc = run("123m456p789s1122z5m")
    assert proc.returncode == 0, proc.stderr
    assert "discards:" in proc.stdout
    first = proc.stdout.split("discards:")[1].splitlines()[1]
    assert first.split()[:3] == ["5m", "->", "0"]


def test_json_output() -> None:
    proc = run("123m456p789s1122z5m", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["hand"] == "1235m456p789s1122z"
    assert data["tiles"] == 14 and data["shanten"] == 0 and data["win"] is False
    assert data["waits"] == []
    discards = data["discards"]
    assert {d["discard"] for d in discards} == {"1m", "2m", "3m", "5m", "4p", "5p", "6p",
                                               "7s", "8s", "9s", "1z", "2z"}
    best = discards[0]
    assert best == {"discard": "5m", "shanten": 0, "effective": ["1z", "2z"], "effective_count": 4}
    keys = [(d["shanten"], -d["effective_count"]) for d in discards]
    assert keys == sorted(keys)


def test_json_winning_and_small_hands() -> None:
    data = json.loads(run("11m", "--json").stdout)
    assert data["win"] is True and data["shanten"] == -1
    assert data["discards"] == [{"discard": "1m", "shanten": 0, "effective": ["1m"],
                                 "effective_count": 2}]
    data = json.loads(run("1m", "--json").stdout)
    assert data["tiles"] == 1 and data["waits"] == ["1m"] and "discards" not in data


def test_rule_options() -> None:
    assert json.loads(run("1111m2233p445566s", "--json").stdout)["win"] is True
    assert json.loads(run("1111m2233p445566s", "--json", "--quad-one-pair").stdout)["win"] is False
    no_seven = run("1122m3344p5566s77z", "--json", "--no-seven-pairs")
    assert json.loads(no_seven.stdout)["win"] is False
    assert json.loads(run("123m456p789s123s11m", "--json", "--pair-258").stdout)["win"] is False
    assert json.loads(run("1m5z", "--json", "--wildcard", "5z").stdout)["win"] is True


def test_stdin_one_json_per_line() -> None:
    proc = run("--stdin", stdin="1112345678999m\n\n123m456p789s1122z5m\n11m\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 3
    objs = [json.loads(line) for line in lines]
    assert [o["tiles"] for o in objs] == [13, 14, 2]
    assert objs[0]["waits"] == [f"{r}m" for r in range(1, 10)]


def test_stdin_bad_line_reports_and_exits_2() -> None:
    proc = run("--stdin", stdin="11m\n123x\n1m\n")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [proc.stderr.strip()]
    assert proc.stderr.startswith("error: line 2:")
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(objs) == 3 and "error" in objs[1] and objs[2]["waits"] == ["1m"]


@pytest.mark.parametrize("args", [
    ["123x"],                      # bad character
    ["123456789m123456p"],         # 15 tiles
    ["11111m"],                    # five copies
    [""],                          # empty
    ["   "],                       # blank
    ["123m456p"],                  # 3n tiles
    [],                            # no hand
    ["11m", "--stdin"],            # both
    ["11m", "--wildcard", "9z"],   # bad wildcard
    ["11m", "--bogus"],            # unknown option
])
def test_bad_input_exit_2_one_line(args: list[str]) -> None:
    proc = run(*args, stdin="")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), proc.stderr


def test_a_very_long_hand_is_refused_without_echoing_it() -> None:
    proc = run("1" * 100_000 + "m")
    assert proc.returncode == 2 and proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert line.startswith("error: ") and "not a hand" in line and len(line) < 200


@given(st.one_of(st.text(), st.text(alphabet="123456789mpsz ", min_size=1200, max_size=3000)))
def test_any_text_is_analysed_or_refused_in_one_short_line(text: str) -> None:
    try:
        analyze(text)
    except InputError as exc:
        message = str(exc)
        assert message.isprintable() and len(message) < 1200, message[:200]


def test_an_effective_tile_with_no_copy_left_is_never_listed() -> None:
    result = analyze("1111m23m456p789s11z")
    one_man = next(d for d in result["discards"] if d["discard"] == "1m")
    assert "1m" not in one_man["effective"] and one_man["effective"] == ["4m", "1z"]
    assert one_man["effective_count"] == 4 + 2        # 4m: none in hand; 1z: two
