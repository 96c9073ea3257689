"""`make bench-net` on two rooms: its bare bots play every hand to its end against a
real server process, and it prints its figures. It runs as its own process, as `make`
runs it: the client processes it spawns (and multiprocessing's helper process) end
with it rather than staying children of the test's process."""
from __future__ import annotations

import re
import subprocess
import sys


def test_the_bench_plays_its_rooms_to_the_end_and_prints_the_times() -> None:
    done = subprocess.run([sys.executable, "-m", "game.bench.net", "--rooms", "2",
                           "--think", "0", "--client-processes", "1"],
                          check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = next(text for text in done.stdout.splitlines() if text.startswith("rooms "))
    assert line.startswith("rooms 2, hands 2 in ")
    answers = re.search(r"next message over (\d+) answers: p50 [\d.]+ ms", line)
    assert answers is not None and int(answers.group(1)) > 20
    assert "ms an answer" in line and "load average" in line
