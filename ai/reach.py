"""How likely a concealed hand is to complete within the draws left: an exact search.

The search looks at every hand a 3n+1 hand can reach by *advancing* draws (a draw
that lowers the shanten, followed by the best discard keeping the new shanten) down
to the complete hand, and computes, for every number of draws t left, the expected
value of playing on from each hand::

    V(h, t) = sum over advancing kinds k of p(k) * best child V(h + k - d, t - 1)
            + sum over the other kinds   of p(k) * V(h, t - 1)

with p(k) the unseen copies of k over all unseen tiles (copies the path itself drew
are taken off).  A draw that does not advance keeps the hand (the drawn tile goes),
except that near the end of the search — the ready hands, and the one-from-ready
hands of a small tree — a draw may also *improve* the hand (改良): swap it for the
sibling hand of the same shanten with the most acceptance, if that is more than the
hand's own, valued without further swaps.  (Measured on the solo test, swaps at two
from ready, or in larger trees, cost time without winning more often.)

Table effects are folded in per draw: `Odds.step` speeds up advancing draws (claims),
`Odds.final` the winning draw, per kind (any seat's discard may be the tile), and the hand
survives each go-around with 1 - `Odds.hazard`.  A win is worth `win_value(hands)`
(e.g. its fan over the basic fan), so V is an expected value, not just a chance.  Where
the way a hand wins changes what it is paid (血战到底), `Odds.self_draw` and
`Odds.discard_win` weigh the own draw's share of a winning draw and the others'
discards' share apart, and `Odds.escape` adds a value per own draw still left at the
win (the payments a seat that has won no longer makes).

The search gives up (returns None) when a level would hold more than `node_cap`
hands; callers fall back to a cheaper estimate.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ai.shanten_steps import NONE, ShantenSteps
from game.engine.hands import HandRules
from game.engine.hands_many import shanten_many
from game.engine.tiles import NUM_KINDS

NODE_CAP = 6000           # most hands in one level of the search
IMPROVE_CAPS = (400, 40)  # ready / one-from-ready levels: most hands that may improve
MAX_RATE = 0.95           # no draw is a sure thing

WinValue = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Odds:
    """Per-draw table effects: the hand ends before the next draw with `hazard`;
    advancing draws come `step` times (`step` + `peng` onto a pair), winning draws
    `final` times as often (one factor, or one per kind of the tile)."""

    hazard: float = 0.0
    step: float = 1.0
    final: float | np.ndarray = 1.0
    peng: float | np.ndarray = 0.0   # advancing draws that make a pair a triplet: also
                                     # this often (per kind) from a discard claimed by 碰
    self_draw: tuple[float, float] = (1.0, 0.0)  # a win on the own draw: scale, added
                                                 # value (value + added, times scale)
    discard_win: float = 1.0         # a win on another seat's discard: its value times this
    escape: float = 0.0              # value per own draw still left when the hand wins

    @property
    def pays_apart(self) -> bool:
        """Whether a self-draw and a discard win are paid differently."""
        return self.self_draw != (1.0, 0.0) or self.discard_win != 1.0


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of an (N, 34) int8 array and, per row, its index among them."""
    flat = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.shape[1])))
    _, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
    return rows[first], inverse.ravel()


def near_kinds(hands: np.ndarray, wildcard: int | None) -> np.ndarray:
    """(N, 34) mask of the kinds a draw can help with: held kinds, suit neighbours
    within two ranks, and the wildcard."""
    held = hands > 0
    near = held.copy()
    for start in (0, 9, 18):
        suit = held[:, start:start + 9]
        for d in (1, 2):
            near[:, start + d:start + 9] |= suit[:, :9 - d]
            near[:, start:start + 9 - d] |= suit[:, d:]
    if wildcard is not None:
        near[:, wildcard] = True
    return near


@dataclass
class _Draws:
    """The near draws of some hands: hand row, kind, copies left, shanten after."""

    steps: ShantenSteps
    row: np.ndarray
    kind: np.ndarray
    copies: np.ndarray
    shanten: np.ndarray

    def select(self, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.row[mask], self.kind[mask], self.copies[mask]

    def swaps(self, row: np.ndarray, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every (draw index, discard kind) after drawing `kind` into hand `row`."""
        holds = self.steps.hands[row] > 0
        holds[np.arange(len(row)), kind] = True
        draw, discard = np.nonzero(holds)
        return draw, discard


@dataclass
class _Level:
    """One shanten level: its hands (the first `searched` are the tree's own, the
    rest improving siblings), their advancing draws, and where each one leads."""

    hands: np.ndarray
    searched: int
    row: np.ndarray        # per advancing draw: the hand it is drawn to
    copies: np.ndarray     # its copies left, times the odds it comes (Odds)
    child_of: np.ndarray   # per (advancing draw, discard) edge: the draw
    child: np.ndarray      # ... and the child's row in the level below
    wins: np.ndarray       # ready level: per advancing draw, the win's value
    improve: tuple[np.ndarray, np.ndarray, np.ndarray] | None  # (hand, copies, sibling)


class ReachSearch:
    """Expected value of 3n+1 hands given the seat's unseen counts and draws left."""

    def __init__(self, rules: HandRules, unseen: np.ndarray, held: np.ndarray, draws: int,
                 odds: Odds = Odds(), win_value: WinValue | None = None,
                 node_cap: int = NODE_CAP,
                 improve_caps: tuple[int, ...] = IMPROVE_CAPS) -> None:
        """`held`: the seat's concealed hand now (copies beyond it were drawn on the way)."""
        self.rules = rules
        self.unseen = np.asarray(unseen, dtype=np.int16)
        self.total = float(max(1, int(self.unseen.sum())))
        self.held = np.asarray(held, dtype=np.int16)
        self.draws = max(0, draws)
        self.odds = odds
        self.final = np.broadcast_to(np.asarray(odds.final, dtype=np.float64), (NUM_KINDS,))
        self.peng = np.broadcast_to(np.asarray(odds.peng, dtype=np.float64), (NUM_KINDS,))
        self.win_value = win_value
        self.node_cap = node_cap
        self.improve_caps = improve_caps

    # ------------------------------------------------------------ building
    def _draws(self, hands: np.ndarray) -> _Draws:
        """Draws into `hands` of the kinds that may help them (see near_kinds)."""
        pool = self.unseen[None, :] - np.maximum(0, hands - self.held[None, :])
        row, kind = np.nonzero((hands < 4) & (pool > 0) & near_kinds(hands, self.rules.wildcard))
        steps = ShantenSteps(self.rules, hands)
        none = np.full(len(row), NONE)
        return _Draws(steps, row, kind, pool[row, kind].astype(np.float64),
                      steps(row, kind, none))

    def _acceptance(self, d: _Draws, s: int, n: int) -> np.ndarray:
        """Copies left of the advancing draws of each of `n` hands of shanten `s`."""
        adv = d.shanten < s
        return np.bincount(d.row[adv], weights=d.copies[adv], minlength=n)

    def _siblings(self, s: int, d: _Draws) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per (hand, non-advancing draw), the same-shanten hand left by swapping the draw
        for another tile, the one with the most acceptance, where that beats the hand's
        own: (hand rows, copies of the draw, sibling hands), one entry per such pair."""
        row, kind, copies = d.select(d.shanten >= s)
        edge, discard = d.swaps(row, kind)
        keep = discard != kind[edge]
        edge, discard = edge[keep], discard[keep]
        same = d.steps(row[edge], kind[edge], discard) == s
        edge, discard = edge[same], discard[same]
        if not len(edge):
            return edge, np.zeros(0), np.zeros((0, NUM_KINDS), dtype=np.int8)
        distinct, which = unique_rows(d.steps.build(row[edge], kind[edge], discard))
        accept = self._acceptance(self._draws(distinct), s, len(distinct))[which]
        own = self._acceptance(d, s, len(d.steps.hands))[row[edge]]
        order = np.lexsort((-accept, edge))     # per draw, the best swap first
        head = np.ones(len(order), dtype=bool)
        head[1:] = edge[order][1:] != edge[order][:-1]
        best = order[head]
        best = best[accept[best] > own[best]]
        return row[edge[best]], copies[edge[best]], distinct[which[best]]

    def _level(self, hands: np.ndarray, s: int) -> tuple[_Level, np.ndarray]:
        """Build level `s` from its hands; returns it and the hands of level s - 1."""
        searched = len(hands)
        d = self._draws(hands)
        improve = None
        if s < len(self.improve_caps) and searched <= self.improve_caps[s]:
            base_rows, copies, siblings = self._siblings(s, d)
            if len(siblings):
                distinct, which = unique_rows(siblings)
                hands = np.concatenate([hands, distinct])
                improve = (base_rows, copies, searched + which)
                d = self._draws(hands)
        row, kind, copies = d.select(d.shanten < s)
        none = np.full(len(row), NONE)
        if s == 0:
            copies = copies * self.final[kind]    # winning draws: own draw and discards
            wins = self._win_values(d.steps.build(row, kind, none), kind)
            empty = np.zeros(0, dtype=np.intp)
            level = _Level(hands, searched, row, copies, empty, empty, wins, improve)
            return level, hands[:0]
        pair = d.steps.hands[row, kind] >= 2
        copies = copies * (self.odds.step + np.where(pair, self.peng[kind], 0.0))
        child_of, discard = d.swaps(row, kind)
        keep = d.steps(row[child_of], kind[child_of], discard) == s - 1
        child_of, discard = child_of[keep], discard[keep]
        children = d.steps.build(row[child_of], kind[child_of], discard)
        return _Level(hands, searched, row, copies, child_of, np.zeros(0, dtype=np.intp),
                      np.zeros(0), improve), children

    def _win_values(self, complete: np.ndarray, kind: np.ndarray) -> np.ndarray:
        """The value of each complete hand, its winning tile `kind` drawn by the seat
        (share 1 / final) or discarded by another (the rest), as `Odds` pays them."""
        value = (self.win_value(complete) if self.win_value is not None
                 else np.ones(len(complete)))
        if not self.odds.pays_apart:
            return value
        own = 1.0 / np.maximum(1.0, self.final[kind])
        scale, added = self.odds.self_draw
        drawn = scale * np.where(value > 0, value + added, 0.0)
        return own * drawn + (1.0 - own) * self.odds.discard_win * value

    # ------------------------------------------------------------ values
    def _rates(self, copies: np.ndarray) -> np.ndarray:
        return np.minimum(MAX_RATE, copies / self.total)

    def _values(self, level: _Level, s: int, below: np.ndarray | None,
                chance: bool = False) -> np.ndarray:
        """V(h, t) for t = 0..draws of every hand of the level; `chance`: every win
        worth 1, a hand worth nothing 0 (the chance of winning)."""
        t_max = self.draws
        n = len(level.hands)
        survive = 1.0 - self.odds.hazard
        rate = self._rates(level.copies)
        gained = np.zeros((len(level.row), t_max + 1))
        if s == 0 and chance:
            gained[:, 1:] = (rate * (level.wins > 0))[:, None]
        elif s == 0:
            left = self.odds.escape * np.arange(t_max)     # own draws left after the win
            gained[:, 1:] = rate[:, None] * (level.wins[:, None] + left[None, :])
        elif below is not None:
            best = np.zeros((len(level.row), t_max + 1))
            np.maximum.at(best, level.child_of, below[level.child])
            gained[:, 1:] = survive * rate[:, None] * best[:, :-1]
        gain = np.zeros((n, t_max + 1))
        np.add.at(gain, level.row, gained)
        stay = survive * (1.0 - np.minimum(MAX_RATE, np.bincount(level.row, weights=rate,
                                                                 minlength=n)))
        values = np.zeros((n, t_max + 1))
        for t in range(1, t_max + 1):
            values[:, t] = gain[:, t] + stay * values[:, t - 1]
        if level.improve is not None:
            values = self._improved(level, values, gain, stay)
        return values

    def _improved(self, level: _Level, base: np.ndarray, gain: np.ndarray,
                  stay: np.ndarray) -> np.ndarray:
        """Values of the searched hands when a non-advancing draw may swap the hand for
        its best sibling (valued without further swaps)."""
        assert level.improve is not None
        rows, copies, sibling = level.improve
        k = level.searched
        rate = self._rates(copies) * (1.0 - self.odds.hazard)
        values = base.copy()
        for t in range(1, self.draws + 1):
            swap = np.maximum(0.0, base[sibling, t - 1] - values[rows, t - 1])
            values[:k, t] = (gain[:k, t] + stay[:k] * values[:k, t - 1]
                             + np.bincount(rows, weights=rate * swap, minlength=k))
        return values

    def values(self, hands: np.ndarray) -> np.ndarray | None:
        """Expected value of each 3n+1 hand (rows of `hands`) over the draws left, or
        None when the search would exceed its node cap."""
        found = self.values_and_chances(hands)
        return None if found is None else found[0]

    def values_and_chances(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """The expected value of each 3n+1 hand (rows of `hands`) over the draws left and
        its chance of winning, or None when the search would exceed its node cap."""
        hands = np.asarray(hands, dtype=np.int8)
        valued = self.win_value is not None or self.odds.pays_apart or self.odds.escape != 0
        s_of = shanten_many(hands, self.rules)
        top = int(s_of.max())
        levels: dict[int, _Level] = {}
        pending = {s: unique_rows(hands[s_of == s])[0] for s in range(top + 1)}
        for s in range(top, -1, -1):
            if not len(pending[s]):
                continue
            if len(pending[s]) > self.node_cap:
                return None
            level, children = self._level(pending[s], s)
            levels[s] = level
            if s > 0:
                merged = np.concatenate([pending[s - 1], children])
                pending[s - 1], where = unique_rows(merged)
                level.child = where[len(merged) - len(children):]
        out, chances = np.zeros(len(hands)), np.zeros(len(hands))
        below: np.ndarray | None = None
        below_chance: np.ndarray | None = None
        for s in range(top + 1):
            if s not in levels:
                below = below_chance = None
                continue
            level = levels[s]
            below = self._values(level, s, below)
            below_chance = self._values(level, s, below_chance, True) if valued else below
            index = {level.hands[r].tobytes(): r for r in range(level.searched)}
            for i in np.nonzero(s_of == s)[0]:
                r = index[hands[i].tobytes()]
                out[i], chances[i] = below[r, self.draws], below_chance[r, self.draws]
        return out, chances
