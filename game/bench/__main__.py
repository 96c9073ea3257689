"""`make bench`: the project's speed figures, each measured in this one run."""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from game.bench.random_play import play_medium_round, play_random_round
from game.engine.state import RoundState
from game.rulesets import load_ruleset


def bench_rounds(play: Callable[[RoundState, random.Random], object],
                 seconds: float = 3.0) -> tuple[int, float]:
    """Complete rounds played by `play` on one core in about `seconds`."""
    ruleset = load_ruleset()
    rng = random.Random(2020)
    rounds = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(RoundState.new(ruleset, rng.getrandbits(63)), rng)
        rounds += 1
    return rounds, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    from game.bench import hands as bench_hands

    print("== hand analysis (game.bench.hands)")
    bench_hands.main([])
    print("== sound effects")
    from game.shell.audio import synthesize
    synthesize()
    start = time.perf_counter()
    synthesize(44100)
    print(f"synthesis of every sound at 44.1 kHz: {(time.perf_counter() - start) * 1000:.0f} ms "
          "(target < 100 ms)")
    from game import native
    print("== rules engine", "(compiled: python -m tools.native)" if native.in_use()
          else "(run from its sources: `make native` compiles it)")
    rounds, elapsed = bench_rounds(play_random_round, args.seconds)
    print(f"random-agent rounds: {rounds} in {elapsed:.2f} s = {rounds / elapsed:.0f} rounds/s "
          "(one core, target >= 200)")
    rounds, elapsed = bench_rounds(play_medium_round, args.seconds)
    print(f"playouts with Medium at every seat: {rounds} in {elapsed:.2f} s = "
          f"{rounds / elapsed:.0f} rounds/s (one core; {rounds / elapsed * 0.05:.1f} "
          "in Hard's 50 ms budget)")
    print("== beside riichienv (game.bench.riichi)", flush=True)
    subprocess.run([sys.executable, "-m", "game.bench.riichi"], check=True)
    headless = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for title, module, extra in (
        ("AI decision times (ai.arena, 50 walls)", "ai.arena",
         ["--walls", "50", "--seed", "3", "--seats", "hard,medium,easy,easy"]),
        ("Hard and Master decision times and samples (game.bench.levels)",
         "game.bench.levels", []),
        ("tournament beside arena on the pool (game.bench.tournament)",
         "game.bench.tournament", []),
        ("table frame times (game.bench.ui)", "game.bench.ui", []),
        ("start-up (game.bench.startup)", "game.bench.startup", []),
    ):
        print(f"== {title}", flush=True)
        subprocess.run([sys.executable, "-m", module, *extra], env=headless, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
