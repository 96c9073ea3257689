"""Stage 4's offence: the expected points of hands waiting for their next tile, as a
thinking level reads them from its beliefs (ai.beliefs).  The chance of completing
the hand before the wall runs out comes from the exact search of ai.reach over every
hand the draws can lead to (unseen copies from the seat's view; draws that do not
advance may improve a nearly ready hand; the winning tile, and the tile that makes a
pair a triplet, also come from the others' discards at per-kind odds, see
ai.discard_odds); for hands too far to search, shanten, unseen effective tiles and a
two-step look-ahead (ai.features.Evaluator) give an estimate.  A win is worth its
pattern's fan where the beliefs value wins (claims, 血战到底), else the basic fan; in
血战到底 a self-draw, a discard win and a winner's escape are paid apart (ai.stakes.
win_pay).  Beside the points, each hand's chance of winning (what a player is shown)."""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import numpy as np

from ai.beliefs import Beliefs
from ai.features import Analysis
from ai.one_suit import one_suit_values
from ai.reach import Odds, ReachSearch
from ai.stakes import win_pay
from ai.win_values import MeldShape, win_fans
from game.engine.ruleset import Ruleset

PAYOUT = 1.8         # points per fan of an own win (self-draw pays 3 seats, a discard 1)
TYPICAL_WAITS = 5.0  # live waits assumed for a hand too far to look at


def win_chance(rates: list[float], trials: int, hazard: float) -> float:
    """Chance of passing every step (one success rate each) within `trials` draws,
    the hand surviving each draw with 1 - hazard."""
    at = [1.0] + [0.0] * len(rates)
    won = 0.0
    for _ in range(trials):
        for k in range(len(rates) - 1, -1, -1):
            moved = at[k] * rates[k]
            at[k] -= moved
            at[k + 1] += moved
        won += at[-1]
        at[-1] = 0.0
        at = [p * (1.0 - hazard) for p in at]
    return won


def ready_wins(rates: np.ndarray, trials: np.ndarray, hazard: float) -> np.ndarray:
    """win_chance of a ready hand (one step), in closed form and vectorised."""
    keep = (1.0 - rates) * (1.0 - hazard)
    return rates * (1.0 - keep ** trials) / np.maximum(1e-12, 1.0 - keep)


def one_away(sit: Beliefs, copies: np.ndarray, waits: np.ndarray, valued: np.ndarray,
             trials: int) -> tuple[float, float]:
    """(chance × fan / basic fan, chance) that a hand one tile from ready wins: per
    advancing draw (its copies), the ready hand it leaves has `waits` live waits
    (`valued` with fan)."""
    u = float(sit.unseen)
    draw = sit.step_boost * copies / u                      # per trial, per draw kind
    stay = (1.0 - min(0.95, float(draw.sum()))) * (1.0 - sit.hazard)
    k = np.arange(1, trials + 1)
    reach = stay ** (k - 1) * (1.0 - sit.hazard)            # advance at trial k
    rates = np.minimum(0.95, sit.final_boost * waits / u)
    fan = np.where(waits > 0, valued / np.maximum(waits, 1e-12), 1.0)
    wins = ready_wins(rates[:, None], (trials - k)[None, :], sit.hazard)
    return (float(((draw * fan)[:, None] * wins * reach[None, :]).sum()),
            float((draw[:, None] * wins * reach[None, :]).sum()))


def value_guess(hand: np.ndarray, shape: MeldShape, ruleset: Ruleset) -> float:
    """Fan / basic fan a hand too far to look at may reach (清一色, 七对 directions)."""
    basic = ruleset.patterns["basic"]
    best = 1.0
    per_suit = [int(hand[9 * s:9 * s + 9].sum()) for s in range(3)]
    suit = int(np.argmax(per_suit))
    if shape.suits <= {suit}:
        off = int(hand.sum()) - per_suit[suit]
        best = max(best, 1 + (ruleset.patterns.get("one_suit", basic) / basic - 1) * 0.5 ** off)
    if shape.count == 0 and ruleset.hand_rules.seven_pairs:
        pairs = int((hand // 2).sum())
        best = max(best, 1 + (ruleset.patterns.get("seven_pairs", basic) / basic - 1)
                   * 0.5 ** max(0, 6 - pairs))
    return best


class HandValues(NamedTuple):
    """What hand_evs finds of 3n+1 hands: per hand its expected points and its chance
    of winning, and the effective-tile analysis of them all."""

    points: np.ndarray
    chances: np.ndarray
    analysis: Analysis


def hand_evs(sit: Beliefs, hands: np.ndarray, s: np.ndarray, deep: np.ndarray,
             shape: MeldShape, extra: int = 0) -> HandValues:
    """Expected points and chances of winning of 3n+1 hands of shanten `s` (`extra`
    draws come at once) and their effective-tile analysis: the exact search of the
    `deep` rows where it fits (the others count 0), else the look-ahead estimate of
    every row."""
    searched = _searched(sit, hands[deep], shape, extra) if deep.any() else None
    # the two-step counts are only needed where there is no search to go by
    a = sit.evaluator.analyse(hands, s, deep if searched is None else np.zeros_like(deep),
                              shape)
    if searched is None:
        return HandValues(*_estimated(sit, hands, a, shape, extra), a)
    points, chances = np.zeros(len(hands)), np.zeros(len(hands))
    points[deep], chances[deep] = searched
    return HandValues(points, chances, a)


def _searched(sit: Beliefs, hands: np.ndarray, shape: MeldShape,
              extra: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(expected points, chances of winning) by ai.reach's search, or None when the
    tree is too large."""
    ruleset = sit.ruleset
    basic = float(ruleset.patterns["basic"])
    held = hands.max(axis=0)     # the hand now holds at least these (one discard apart)

    def fan_ratio(wins: np.ndarray) -> np.ndarray:
        return win_fans(wins, shape, ruleset) / basic

    search = ReachSearch(ruleset.hand_rules, sit.unseen_counts.astype(np.int16), held,
                         sit.trials + extra, _odds(sit), fan_ratio if sit.valued else None)
    found = search.values_and_chances(hands)
    if found is None:
        return None
    values, chances = found
    if ruleset.bloody is not None and sit.valued:
        void = sit.view.voids[sit.view.seat] if sit.view.voids else -1
        one_suit, one_suit_chances = one_suit_values(search, hands, shape, void)
        better = one_suit > values
        values = np.where(better, one_suit, values)
        chances = np.where(better, one_suit_chances, chances)
    return values * basic * PAYOUT, chances


def _odds(sit: Beliefs) -> Odds:
    """The search's table effects; where wins are valued and the way a win comes
    changes its pay (血战到底), a self-draw, a discard win and the payments a winner
    escapes are weighed apart, in the search's units (points / basic fan / PAYOUT)."""
    base = Odds(sit.hazard, sit.step_boost, sit.winning, peng=sit.winning - 1.0)
    pay = win_pay(sit.ruleset, sit.playing) if sit.valued else None
    if pay is None:
        return base
    basic = float(sit.ruleset.patterns["basic"])
    return replace(base, self_draw=(pay.payers / PAYOUT, pay.added / basic),
                   discard_win=1.0 / PAYOUT, escape=pay.escape / (basic * PAYOUT))


def _estimated(sit: Beliefs, hands: np.ndarray, a: Analysis, shape: MeldShape,
               extra: int) -> tuple[np.ndarray, np.ndarray]:
    """(expected points, chances of winning) from the one- and two-step counts (for
    hands too far to search)."""
    u = float(sit.unseen)
    trials = sit.trials + extra
    scale = sit.ruleset.patterns["basic"] * PAYOUT
    out, chances = np.zeros(len(hands)), np.zeros(len(hands))
    for i in range(len(hands)):
        s, first, second = int(a.shanten[i]), float(a.first[i]), float(a.second[i])
        if first <= 0:
            continue
        mine = a.draw_row == i
        if s == 1 and mine.any():
            valued, chances[i] = one_away(sit, a.draw_copies[mine], a.draw_next[mine],
                                          a.draw_valued[mine], trials)
            out[i] = scale * valued
            continue
        nxt = second / first if second > 0 else 0.6 * first
        final = first if s == 0 else nxt if s == 1 else TYPICAL_WAITS
        step = sit.step_boost / u
        rates = [step * first] * (s > 0) + [step * nxt] * (s - 1)
        rates = [min(0.95, r) for r in rates + [sit.final_boost * final / u]]
        value = (1.0 if not sit.valued else float(a.value[i]) if s <= 1
                 else value_guess(hands[i], shape, sit.ruleset))
        chances[i] = win_chance(rates, trials, sit.hazard)
        out[i] = chances[i] * scale * value
    return out, chances

def hand_ev(sit: Beliefs, hand: list[int] | np.ndarray, shape: MeldShape,
             extra: int = 0) -> float:
    """Expected points of one 3n+1 hand waiting for its next tile."""
    hands = np.asarray(hand, dtype=np.int8)[None, :]
    found = hand_evs(sit, hands, sit.evaluator.shanten(hands), np.ones(1, dtype=bool),
                     shape, extra)
    return float(found.points[0])
