"""Benchmark: ``python -m game.bench.hands [--hands N] [--repeat R]``.

Times our shanten / win test against the ``mahjong`` package (riichi; benchmark
baseline only) on the same hands, in one run:

* ``random``: uniformly random 14-tile hands from a 136-tile wall (honors included);
* ``near``:   generated winning hands, a third as drawn, a third with one tile and a
  third with two tiles exchanged.

Scalar figures call the function once per hand (count vector as a list): ``is_win``
checks its input like every public function, ``win_test`` is the unchecked form the
engine (and so every playout) calls on its own hands; batch
figures pass all hands as one (N, 34) numpy array.  Each figure is the best of
``--repeat`` runs.  Tables are loaded before timing; their load time is printed.
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from game.engine import suit_tables
from game.engine.hands import is_win, shanten, win_test
from game.engine.hands_many import is_win_many, shanten_many

Hand = list[int]


def random_hands(n: int, seed: int) -> list[Hand]:
    """Uniformly random 14-tile hands from a full 136-tile wall."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, 14):
            counts[k] += 1
        hands.append(counts)
    return hands


def _complete_hand(rng: random.Random) -> Hand:
    while True:
        counts = [0] * 34
        if rng.random() < 0.1:  # seven distinct pairs
            for k in rng.sample(range(34), 7):
                counts[k] = 2
            return counts
        for _ in range(4):
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def near_winning_hands(n: int, seed: int) -> list[Hand]:
    """Winning 14-tile hands with 0, 1 or 2 tiles exchanged (a third each)."""
    rng = random.Random(seed)
    hands = []
    for i in range(n):
        counts = _complete_hand(rng)
        for _ in range(i % 3):
            out = rng.choice([k for k in range(34) if counts[k]])
            counts[out] -= 1
            counts[rng.choice([k for k in range(34) if counts[k] < 4 and k != out])] += 1
        hands.append(counts)
    return hands


def best_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Fastest of ``repeat`` runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


class Row(NamedTuple):
    """One printed figure."""

    hand_set: str
    function: str
    rate: float  # hands per second
    ratio: float | None  # rate / baseline rate
    note: str


def bench_set(name: str, hands: list[Hand], repeat: int) -> list[Row]:
    """Figures for one hand set: shanten, then win test; baseline first when available."""
    try:
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten
    except ImportError:  # pragma: no cover - the baseline is optional
        Shanten = Agari = None  # type: ignore[assignment,misc]
    arr = np.array(hands, dtype=np.int8)
    n = len(hands)
    rows: list[Row] = []

    def add(function: str, seconds: float, base: float | None, note: str) -> None:
        rate = n / seconds
        rows.append(Row(name, function, rate, rate / base if base else None, note))

    # shanten
    base = None
    base_results: list[int] | None = None
    if Shanten is not None:
        calc = Shanten().calculate_shanten
        t, base_results = best_time(lambda: [calc(h) for h in hands], repeat)
        base = n / t
        add("mahjong Shanten.calculate_shanten", t, base, "baseline")
    t, ours = best_time(lambda: [shanten(h) for h in hands], repeat)
    note = ""
    if base_results is not None:
        same = sum(a == b for a, b in zip(ours, base_results))
        note = f"same as baseline {same}/{n} (rest: kokushi, quads in 七对)"
    add("shanten (scalar, 1 call/hand)", t, base, note)
    t, many = best_time(lambda: shanten_many(arr), repeat)
    add("shanten_many (numpy batch)", t, base,
        "equals scalar" if many.tolist() == ours else "DIFFERS FROM SCALAR")

    # win test
    base = None
    if Agari is not None:
        agari = Agari().is_agari
        t, base_wins = best_time(lambda: [agari(h) for h in hands], repeat)
        base = n / t
        add("mahjong Agari.is_agari", t, base, f"baseline: {sum(base_wins)} wins")
    t, wins = best_time(lambda: [is_win(h) for h in hands], repeat)
    add("is_win (scalar, validated)", t, base,
        f"{sum(wins)} wins (quads count as 2 pairs in 七对)")
    trusted = win_test()
    t, fast_wins = best_time(lambda: [trusted(h) for h in hands], repeat)
    add("win_test (scalar, the engine's call)", t, base,
        "equals is_win" if fast_wins == wins else "DIFFERS FROM is_win")
    t, many_wins = best_time(lambda: is_win_many(arr), repeat)
    add("is_win_many (numpy batch)", t, base,
        "equals scalar" if many_wins.tolist() == wins else "DIFFERS FROM SCALAR")
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.hands",
                                     description="Benchmark hand evaluation against mahjong.")
    parser.add_argument("--hands", type=int, default=20000, help="hands per set (default 20000)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per figure, the best is kept (default 3)")
    args = parser.parse_args(argv)

    suit_tables.load.cache_clear()
    start = time.perf_counter()
    suit_tables.load()
    load_ms = (time.perf_counter() - start) * 1e3
    sets = [("random", random_hands(args.hands, seed=1)),
            ("near", near_winning_hands(args.hands, seed=2))]
    print(f"hand tables loaded in {load_ms:.1f} ms; {args.hands} hands per set; "
          f"best of {args.repeat}; ratio = ours / mahjong baseline on the same hands")
    print(f"{'set':<7} {'function':<35} {'hands/s':>11} {'ratio':>8}  note")
    for name, hands in sets:
        for row in bench_set(name, hands, args.repeat):
            ratio = f"{row.ratio:7.2f}x" if row.ratio is not None else "       -"
            print(f"{row.hand_set:<7} {row.function:<35} {row.rate:>11,.0f} {ratio}  {row.note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
