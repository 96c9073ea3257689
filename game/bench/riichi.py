"""`python -m game.bench.riichi`: random rounds a second beside riichienv's.

riichienv (a riichi mahjong environment with a Rust core, optional: the `bench` extra,
`pip install -e '.[bench]'`) plays single rounds (`4p-red-single`, no MJAI log) by
its own fastest route: `step` with a random choice of each asked seat's
`legal_actions()`.  Both run on one core, alternately in short slices, so a shared
machine's load falls on both alike; the ratio is ours to theirs.
"""
from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from typing import Any

from game import native
from game.bench.random_play import play_random_round
from game.engine.state import RoundState
from game.rulesets import load_ruleset

Round = Callable[[random.Random], object]


def riichienv_round_player() -> Round | None:
    """A function playing one random riichienv round, or None without riichienv."""
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None

    def play(rng: random.Random) -> None:
        env: Any = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True,
                             seed=rng.getrandbits(32))
        asked = env.reset()
        while not env.done():
            asked = env.step({seat: rng.choice(obs.legal_actions())
                              for seat, obs in asked.items()})

    return play


def our_round_player() -> Round:
    """A function playing one random round of the default ruleset."""
    ruleset = load_ruleset()

    def play(rng: random.Random) -> None:
        play_random_round(RoundState.new(ruleset, rng.getrandbits(63)), rng)

    return play


def pin_to_one_core() -> int | None:
    """Run this process on one core (the last it may use); None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def alternate(players: list[Round], seconds: float, slices: int = 10) -> list[float]:
    """Rounds a second of each player (CPU time of this process, which a busy machine
    disturbs less than the wall clock), measured in turns of seconds / slices each."""
    rounds = [0] * len(players)
    spent = [0.0] * len(players)
    rngs = [random.Random(2020) for _ in players]
    for _ in range(slices):
        for i, play in enumerate(players):
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / slices:
                play(rngs[i])
                rounds[i] += 1
            spent[i] += elapsed
    return [n / t for n, t in zip(rounds, spent)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.riichi", description=__doc__)
    parser.add_argument("--seconds", type=float, default=6.0, help="time for each side")
    args = parser.parse_args(argv)
    theirs = riichienv_round_player()
    if theirs is None:
        print("riichienv is not installed (pip install -e '.[bench]'): no comparison")
        return 0
    core = pin_to_one_core()
    ours_rate, theirs_rate = alternate([our_round_player(), theirs], args.seconds)
    where = f"core {core}" if core is not None else "one process"
    engine = "compiled engine" if native.in_use() else "engine from its sources"
    print(f"random rounds/s on {where}, alternated: ours ({engine}) {ours_rate:.0f}, "
          f"riichienv {theirs_rate:.0f}, ratio {ours_rate / theirs_rate:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
