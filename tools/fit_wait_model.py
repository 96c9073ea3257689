"""Fit ai.wait_model's weights on arena hands and write ai/wait_weights.py.

Plays `--walls` walls (each in the four rotations of Hard and three Medium), and at every
turn of a seat with a declared opponent records, per tile kind not yet passed since the
declaration, the model's features and whether the kind really is one of the waits.
Fits a logistic regression (Newton's method, a little L2) on the even walls, reports
log-loss and AUC on the odd ones beside the older hand-made estimate
(ai.defense.shape_waits), then refits on all walls and writes the weights.

    python -m tools.fit_wait_model --walls 400 --seed 9 --workers 2
"""
from __future__ import annotations

import argparse
import multiprocessing
from pathlib import Path

import numpy as np

from ai.defense import shape_waits
from ai.wait_model import declaration, logistic, wait_features
from ai.wait_weights import FEATURES
from game.engine.actions import Action
from game.engine.state import RoundState
from game.engine.view import PlayerView
from tools.arena_walk import walk_wall

OUT = Path(__file__).resolve().parent.parent / "ai" / "wait_weights.py"
L2 = 1e-3


def samples(job: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, labels, the old estimate) of every sample of one wall."""
    seed, wall = job
    xs, ys, old = [], [], []

    def visit(state: RoundState, view: PlayerView, _level: str, _action: Action) -> None:
        if state.drawn is None or view.current != view.seat:
            return
        unseen = np.asarray(view.unseen_counts(), dtype=np.float64)
        for other in range(state.ruleset.players):
            if other == view.seat or not state.ready[other]:
                continue
            _, safe = declaration(view, other)
            keep = [k for k in view.tile_kinds if k not in safe]
            prior = shape_waits(view, other, unseen)
            xs.append(wait_features(view, other, unseen, prior)[keep])
            ys.append(np.isin(keep, state.ready_waits[other]))
            old.append(prior[keep])

    walk_wall(seed, wall, visit)
    if not xs:
        return np.zeros((0, len(FEATURES))), np.zeros(0), np.zeros(0)
    return np.vstack(xs), np.concatenate(ys).astype(np.float64), np.concatenate(old)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = logistic(x, w)
        grad = x.T @ (p - y) + L2 * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + L2 * len(y) * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(p: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(p)
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y > 0.5
    n_pos, n_neg = pos.sum(), (~pos).sum()
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=400)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed, w) for w in range(args.walls)]
    with multiprocessing.Pool(args.workers) as pool:
        parts = pool.map(samples, jobs, chunksize=4)
    train = [p for i, p in enumerate(parts) if i % 2 == 0]
    test = [p for i, p in enumerate(parts) if i % 2 == 1]

    def stack(ps: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return (np.vstack([p[0] for p in ps]), np.concatenate([p[1] for p in ps]),
                np.concatenate([p[2] for p in ps]))

    xtr, ytr, _ = stack(train)
    xte, yte, old = stack(test)
    w = fit(xtr, ytr)
    p = logistic(xte, w)
    print(f"{len(ytr)} training and {len(yte)} held-out samples, wait rate {yte.mean():.3f}")
    print(f"held out: model log-loss {log_loss(p, yte):.4f} AUC {auc(p, yte):.3f}; "
          f"older estimate log-loss {log_loss(old, yte):.4f} AUC {auc(old, yte):.3f}")
    x, y, _ = stack(parts)
    w = fit(x, y)
    names = ", ".join(f'"{f}"' for f in FEATURES)
    values = ", ".join(f"{v:.4f}" for v in w)
    OUT.write_text(
        '"""Weights of ai.wait_model, written by tools/fit_wait_model.py '
        f'(--walls {args.walls} --seed {args.seed}); do not edit by hand."""\n'
        f"FEATURES = ({names})\nWEIGHTS = ({values})\n", encoding="utf-8")
    for f, v in zip(FEATURES, w):
        print(f"  {f:18} {v:+.3f}")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
