"""`make bench-net` on two rooms: its bare bots play every hand to its end against a
real server process, and it prints its figures."""
from __future__ import annotations

import re

import pytest

from game.bench import net


def test_the_bench_plays_its_rooms_to_the_end_and_prints_the_times(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert net.main(["--rooms", "2", "--think", "0", "--client-processes", "1"]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.startswith("rooms 2, hands 2 in ")
    answers = re.search(r"next message over (\d+) answers: p50 [\d.]+ ms", line)
    assert answers is not None and int(answers.group(1)) > 20
    assert "ms an answer" in line and "load average" in line
