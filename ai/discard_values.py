"""Stage 4 on a turn: every discard of the hand weighed in points — the expected points
of the hand it leaves (ai.hand_value), less its chance of paying a ready opponent times
what that costs (the beliefs' stakes), plus what declaring 报听 with it adds — and the
numbers behind each score (DiscardEstimate), for the reasons a player is shown."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.beliefs import Beliefs
from ai.hand_value import PAYOUT, hand_evs, win_chance
from ai.reach import near_kinds
from ai.win_values import MeldShape

FLEX_TILES = 1.0     # what keeping a ready hand free (not 报听) is worth in waits
LOCK_COST = 0.1      # share of a locked hand's future deal-in risk that 报听 adds
FOLD_FROM = 1        # shanten from which the hand may be broken up for safety
DEFEND_AT = 0.15     # highest deal-in chance from which discards are weighed for safety


@dataclass(frozen=True)
class DiscardEstimate:
    """One discard as Hard weighs it on its turn: the hand's shanten after it, the unseen
    copies of the tiles that would lower that (a ready hand: its waits), the chance it
    pays an opponent, the chance and expected points of the hand it leaves winning, and its score (those
    points less the deal-in cost, plus what 报听 adds when `declare`)."""

    kind: int
    shanten: int
    tiles: int
    risk: float
    chance: float
    ev: float
    score: float
    declare: bool


def ready_gain(sit: Beliefs, ev: float, first: float) -> float:
    """Points gained by declaring 报听 with a discard that leaves `first` live waits."""
    mean_danger = float(sit.unseen_counts @ sit.danger) / sit.unseen
    lock_cost = LOCK_COST * sit.trials * mean_danger * sit.stakes.deal_in
    rates = [min(0.95, sit.final_boost * (first + FLEX_TILES) / sit.unseen)]
    basic = sit.ruleset.patterns["basic"]
    flex = win_chance(rates, sit.trials, sit.hazard) * basic * PAYOUT - ev
    return sit.others * sit.ruleset.payments["ready"] - lock_cost - max(0.0, flex)


def weigh_discards(sit: Beliefs, hand: list[int], shape: MeldShape,
                   readies: set[int] | None = None,
                   fed: np.ndarray | None = None) -> list[DiscardEstimate]:
    """Every discard of a 3n+2 hand worth weighing, each with the numbers of its score;
    `readies`: the discards 报听 may be declared with (None: any leaving it ready);
    `fed`: per kind, the points a discard hands the others through their claims."""
    ev_ = sit.evaluator
    kinds, hands = ev_.after_discards(hand)
    s = ev_.shanten(hands)
    best = int(s.min())
    defend = float(sit.danger[kinds].max()) >= DEFEND_AT
    # 血战到底: a step back may be worth its price (a hand of one suit pays 4 times)
    fold = (defend and best >= FOLD_FROM) or sit.ruleset.bloody is not None
    evs, chances, a = hand_evs(sit, hands, s, s <= best + (1 if fold else 0), shape)
    room = near_kinds(hands, sit.ruleset.wildcard) @ sit.unseen_counts
    stake = sit.stakes
    out = []
    for i, k in enumerate(kinds):
        if not fold and s[i] > best:
            continue
        score = evs[i] - stake.deal_in_cost(sit.danger[k], evs[i])
        may_declare = s[i] == 0 and (readies is None or k in readies)
        gain = ready_gain(sit, evs[i], float(a.first[i])) if may_declare else 0.0
        # tie-break equal expectations by the look-ahead counts, then by the room the
        # hand left has to grow (unseen copies of the kinds near its tiles)
        score += max(0.0, gain) + 1e-6 * (a.second[i] + 1e-3 * a.first[i]
                                          + 1e-6 * room[i])
        out.append(DiscardEstimate(
            k, int(s[i]), int(a.first[i]), float(sit.danger[k]), float(chances[i]),
            float(evs[i]),
            float(score) - (0.0 if fed is None else float(fed[k])), bool(gain > 0)))
    return out
