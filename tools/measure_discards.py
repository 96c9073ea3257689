"""Measure which kinds a seat still building its hand discards, for ai.discard_odds.

Plays `--walls` walls (each in the four rotations of Hard and three Medium) and looks
at every discard of a Medium seat that has not declared 报听, at its 5th to 8th
discards.  For each rank class of the suit tiles (1/9, 2/8, 3/7, 4/6, 5) it prints how
often the class is discarded over its share of the tiles unseen from the next seat's
view (1 = as often as a random unseen tile), and the same for kinds the discarder has
thrown before.

    python -m tools.measure_discards --walls 400 --seed 13 --workers 2
"""
from __future__ import annotations

import argparse
import multiprocessing

import numpy as np

from ai.discard_odds import rank_class
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.view import PlayerView
from tools.arena_walk import walk_wall

FIRST, LAST = 4, 7      # discards counted: the 5th to the 8th of the seat
CLASSES = ("1/9", "2/8", "3/7", "4/6", "5")


def counts(job: tuple[int, int]) -> np.ndarray:
    """Rows (discarded, expected): per rank class, then thrown-before and not."""
    seed, wall = job
    out = np.zeros((2, len(CLASSES) + 2))
    classes = np.array([rank_class(k) for k in range(27)])

    def visit(state: RoundState, view: PlayerView, level: str, action: Action) -> None:
        if (level != "medium" or action.kind != A.DISCARD or action.ready
                or view.ready[view.seat] or action.tile is None or action.tile >= 27
                or not FIRST <= len(view.discards[view.seat]) <= LAST):
            return
        observer = state.view((view.seat + 1) % view.players)
        unseen = np.asarray(observer.unseen_counts()[:27], dtype=np.float64)
        share = unseen / max(1.0, unseen.sum())
        thrown = np.zeros(27, dtype=bool)
        thrown[[d.tile for d in view.discards[view.seat] if d.tile < 27]] = True
        for c in range(len(CLASSES)):
            out[1, c] += share[classes == c].sum()
        out[0, classes[action.tile]] += 1
        out[1, -2] += share[thrown].sum()
        out[1, -1] += share[~thrown].sum()
        out[0, -2 if thrown[action.tile] else -1] += 1

    walk_wall(seed, wall, visit)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=400)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with multiprocessing.Pool(args.workers) as pool:
        parts = pool.map(counts, [(args.seed, w) for w in range(args.walls)], chunksize=4)
    total = np.sum(parts, axis=0)
    rates = total[0] / np.maximum(1e-9, total[1])
    print(f"{int(total[0, :len(CLASSES)].sum())} discards of building Medium seats "
          f"(discards {FIRST + 1}-{LAST + 1})")
    print("rate by rank class: " + "  ".join(
        f"{name} {rate:.2f}" for name, rate in zip(CLASSES, rates)))
    print(f"thrown before: {rates[-2]:.2f}, not thrown before: {rates[-1]:.2f} "
          f"(ratio {rates[-2] / rates[-1]:.2f})")


if __name__ == "__main__":
    main()
