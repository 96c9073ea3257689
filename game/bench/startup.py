"""`python -m game.bench.startup`: time from process start to the first menu frame.

Starts `python -m game` headless (SDL dummy drivers) with FIRST_FRAME_ENV set, so
the app prints the wall-clock time of its first drawn frame and exits. `--program
dist/mahjong/mahjong` times the standalone build instead (target: within 2 s).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before .app imports pygame
from game import paths
from game.shell.app import FIRST_FRAME_ENV


def first_frame_seconds(program: str | None = None) -> tuple[float, str]:
    """One cold start of `python -m game` (or of `program`): seconds to the first frame,
    and what the app reported."""
    command = [program] if program else [sys.executable, "-m", "game"]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           FIRST_FRAME_ENV: "1", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        start = time.time()
        out = subprocess.run([*command, "--settings", str(Path(tmp) / "settings.json")],
                             cwd=paths.checkout_root(), env=env, capture_output=True, text=True,
                             timeout=60, check=True).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith("first-frame "))
    return float(line.split()[1]) - start, " ".join(line.split()[2:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--program", help="a standalone build's program to start instead")
    args = parser.parse_args(argv)
    times, report = [], ""
    for _ in range(args.runs):
        seconds, report = first_frame_seconds(args.program)
        times.append(seconds)
    print(f"first menu frame: median {statistics.median(times):.3f} s, best {min(times):.3f} s "
          f"over {args.runs} cold starts (target <= {2 if args.program else 1} s); modules at that frame: {report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
