"""Fit ai.feed_model's weights on arena hands and write ai/feed_weights.py.

Plays `--walls` walls (each in the four rotations of Hard and three Medium).  At every
discard of a seat, for each kind it could discard and each other seat that may still
claim, records the model's features and whether that seat's real hand would claim the
kind as an advancing claim (碰: a pair, and the hand's shanten drops; 吃, the next seat
only: two run partners, and the shanten drops).  Fits the two logistic models on the
even walls, reports log-loss and AUC on the odd ones, then refits on all walls and
writes the weights.

    python -m tools.fit_feed_model --walls 300 --seed 17 --workers 2
"""
from __future__ import annotations

import argparse
import multiprocessing
from pathlib import Path

import numpy as np

from ai.feed_model import claimers, feed_features
from ai.feed_weights import FEATURES
from ai.wait_model import logistic
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import HandRules, shanten
from game.engine.state import RoundState
from game.engine.view import PlayerView
from tools.arena_walk import walk_wall
from tools.fit_wait_model import auc, fit, log_loss

OUT = Path(__file__).resolve().parent.parent / "ai" / "feed_weights.py"
Samples = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def would_peng(hand: list[int], kind: int, rules: HandRules) -> bool:
    """Whether a hand holding a pair of `kind` advances by claiming it with 碰."""
    if hand[kind] < 2:
        return False
    after = hand[:]
    after[kind] -= 2
    return shanten(after, rules) < shanten(hand, rules)


def would_chi(hand: list[int], kind: int, rules: HandRules) -> bool:
    """Whether a hand advances by claiming `kind` with 吃 (any two run partners)."""
    if kind >= 27:
        return False
    rank, now = kind % 9, shanten(hand, rules)
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= rank + a < 9 and 0 <= rank + b < 9 and hand[kind + a] and hand[kind + b]:
            after = hand[:]
            after[kind + a] -= 1
            after[kind + b] -= 1
            if shanten(after, rules) < now:
                return True
    return False


def samples(job: tuple[int, int]) -> Samples:
    """(peng features, peng labels, chi features, chi labels) of one wall."""
    seed, wall = job
    px: list[np.ndarray] = []
    py: list[bool] = []
    cx: list[np.ndarray] = []
    cy: list[bool] = []

    def visit(state: RoundState, view: PlayerView, _level: str, action: Action) -> None:
        if action.kind != A.DISCARD or view.ready[view.seat]:
            return
        rules = state.ruleset.hand_rules
        unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
        kinds = sorted(set(view.hand))
        after = (view.seat + 1) % view.players
        for seat in claimers(view):
            rows = feed_features(view, seat, unseen)
            hand = list(state.hands[seat])
            for k in kinds:
                if unseen[k] >= 2:
                    px.append(rows[k])
                    py.append(would_peng(hand, k, rules))
                if seat == after and k < 27:
                    cx.append(rows[k])
                    cy.append(would_chi(hand, k, rules))

    walk_wall(seed, wall, visit)
    width = len(FEATURES)
    return (np.array(px).reshape(-1, width), np.array(py, dtype=np.float64),
            np.array(cx).reshape(-1, width), np.array(cy, dtype=np.float64))


def stack(parts: list[Samples], at: int) -> tuple[np.ndarray, np.ndarray]:
    """The features and labels at `at` (0 碰, 2 吃) of every wall's samples, stacked."""
    return np.vstack([p[at] for p in parts]), np.concatenate([p[at + 1] for p in parts])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=300)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed, w) for w in range(args.walls)]
    with multiprocessing.Pool(args.workers) as pool:
        parts = pool.map(samples, jobs, chunksize=4)
    weights = {}
    for name, at in (("PENG", 0), ("CHI", 2)):
        xtr, ytr = stack(parts[0::2], at)
        xte, yte = stack(parts[1::2], at)
        p = logistic(xte, fit(xtr, ytr))
        base = np.full(len(yte), ytr.mean())
        print(f"{name.lower()}: {len(ytr)} training and {len(yte)} held-out samples, "
              f"claim rate {yte.mean():.3f}; held out: log-loss {log_loss(p, yte):.4f} "
              f"(the rate alone {log_loss(base, yte):.4f}), AUC {auc(p, yte):.3f}")
        weights[name] = fit(*stack(parts, at))
    names = ", ".join(f'"{f}"' for f in FEATURES)
    lines = [f"{name}_WEIGHTS = ({', '.join(f'{v:.4f}' for v in w)})"
             for name, w in weights.items()]
    OUT.write_text(
        '"""Weights of ai.feed_model, written by tools/fit_feed_model.py '
        f'(--walls {args.walls} --seed {args.seed}); do not edit by hand."""\n'
        f"FEATURES = ({names})\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
