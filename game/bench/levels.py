"""The thinking levels' decision times and samples: ``python -m game.bench.levels``.

Hard and Master (when this build's level registry has it; else a line saying it is
absent) each play seat 0 of fixed deals against three Medium seats, on this one core,
until they have made `--decisions` decisions. For each: the mean and 99th-percentile
decision time in ms, and the samples per decision — the most any of its candidates'
estimates rests on (ai.estimates; 0: its model alone). The p99 is reckoned as the
arena reckons it (numpy's percentile).
"""
from __future__ import annotations

import argparse
import random
import statistics

import numpy as np

from game.engine.state import RoundState
from game.rulesets import load_ruleset

LEVELS = (("hard", 300), ("master", 40))    # (level, decisions measured by default)


def measure(level: str, decisions: int, seed: int = 2020) -> tuple[list[float], list[int]]:
    """Decision times (ms) and samples of `level` at seat 0 against Medium, over fresh
    deals from `seed` until it has made `decisions` decisions."""
    from ai.base import timed_choose
    from ai.levels import make_agent
    ruleset = load_ruleset()
    rng = random.Random(seed)
    times: list[float] = []
    samples: list[int] = []
    while len(times) < decisions:
        state = RoundState.new(ruleset, rng.getrandbits(63))
        agents = [make_agent(level if s == 0 else "medium", rng.getrandbits(32))
                  for s in range(ruleset.players)]
        while not state.is_over and len(times) < decisions:
            seat = state.seats_to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if seat == 0:
                state.apply(timed_choose(agents[0], view, legal, times))
                samples.append(max((e.samples for e in getattr(agents[0], "reasons", ())),
                                   default=0))
            else:
                state.apply(agents[seat].choose(view, legal))
    return times, samples


def report(level: str, times: list[float], samples: list[int]) -> str:
    """One line of figures for `level`."""
    return (f"{level}: {len(times)} decisions, mean {statistics.fmean(times):.1f} ms, "
            f"p99 {float(np.percentile(times, 99)):.1f} ms, {statistics.fmean(samples):.0f} samples "
            f"per decision (most {max(samples)}; 0: the model alone)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.levels", description=__doc__)
    parser.add_argument("--decisions", type=int, default=None,
                        help="decisions measured per level (default: 300 Hard, 40 Master)")
    args = parser.parse_args(argv)
    if args.decisions is not None and args.decisions < 1:
        parser.error("--decisions must be at least 1")
    from ai.levels import LEVELS as REGISTRY
    for level, default in LEVELS:
        if level not in REGISTRY:
            print(f"{level}: absent from this build's level registry (nothing to measure)")
            continue
        times, samples = measure(level, args.decisions or default)
        print(report(level, times, samples), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
