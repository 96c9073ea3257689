"""Hard: every option scored as expected points from its own view.

Offence: the chance of completing the hand before the wall runs out, computed by the
exact search of ai.reach over every hand the draws can lead to (unseen copies from
its own view; draws that do not advance may improve a nearly ready hand; the winning
tile, and the tile that makes a pair a triplet, also come from the others' discards at
per-kind odds, see ai.discard_odds); for hands
too far to search, shanten, unseen effective tiles and a two-step look-ahead give an
estimate.  Claims are judged on the hand they leave with wins valued by their
pattern (清一色 / 七对 / 碰碰胡 vs 基本胡) — a claim commits the hand to a shape; on its
own turn Hard plays for the likeliest win (valuing turns by pattern too won no more
points in the arena and completed fewer hands, see docs/ai_strength.md).  Claims,
kongs and 报听 add their immediate payments.  Defence: each discard costs its chance
of paying an opponent who is (or looks) ready — see ai.defense — so a far hand folds
to safe tiles.  血战到底 is read by its own stakes (ai.bloody_values): wins by their
points, a deal-in that does not end the hand, the hand going on until the third win,
and each hand read a second time as 清一色 in its longest suit (ai.one_suit).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ai.beliefs import Beliefs, believe
from ai.bloody_values import BLOODY_CLAIM_MARGIN, BLOODY_DEAL_IN, playing
from ai.defense import Threat, deal_in_chances, threats
from ai.estimates import Estimate
from ai.features import Analysis, MeldShape, after_claim, win_fans
from ai.one_suit import one_suit_values
from ai.pipeline import Candidates, ThinkingAgent, Weighed
from ai.reach import Odds, ReachSearch, near_kinds
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import shanten
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView

PAYOUT = 1.8         # points per fan of an own win (self-draw pays 3 seats, a discard 1)
OPP_FAN = 10.0       # fan a deal-in is weighed at (7 is the mean paid; 10 measured safer)
TYPICAL_WAITS = 5.0  # live waits assumed for a hand too far to look at
FLEX_TILES = 1.0     # what keeping a ready hand free (not 报听) is worth in waits
LOCK_COST = 0.1      # share of a locked hand's future deal-in risk that 报听 adds
FOLD_FROM = 1        # shanten from which the hand may be broken up for safety
DEFEND_AT = 0.15     # highest deal-in chance from which discards are weighed for safety
CLAIM_MARGIN = 1.0   # points by which a chi or peng that does not lower the shanten must
                     # beat passing (its payment tempts more than it is worth: measured)


@dataclass(frozen=True)
class Stakes:
    """What a ruleset's points make of a deal-in and of a claim: the points a deal-in is
    weighed at, whether it ends the own hand too (not in 血战到底: play goes on), and
    the margin a claim that does not advance the hand must beat passing by."""

    deal_in: float = OPP_FAN
    ends_hand: bool = True
    claim_margin: float = CLAIM_MARGIN

    def deal_in_cost(self, danger: float, ev: float) -> float:
        """Expected points a discard of that danger costs, the hand left worth `ev`."""
        return float(danger) * (self.deal_in + (float(ev) if self.ends_hand else 0.0))


def stakes(ruleset: Ruleset) -> Stakes:
    """The stakes of a ruleset (血战到底's own, or the common ones)."""
    if ruleset.bloody is not None:
        return Stakes(BLOODY_DEAL_IN, False, BLOODY_CLAIM_MARGIN)
    return Stakes()


def kong_shape(sit: Beliefs, kong: Action) -> MeldShape:
    """The meld shape after a kong on the own turn: in 血战到底 its kind is a 根 of the
    hand's value; elsewhere the shape as it was."""
    shape, tile = sit.shape, kong.tile
    if sit.ruleset.bloody is None or tile is None:
        return shape
    if kong.kind == A.CONCEALED_KONG:
        return shape.plus(True, tile, 4)
    return replace(shape, sets=tuple((k, 4 if k == tile else n) for k, n in shape.sets))


@dataclass(frozen=True)
class DiscardEstimate:
    """One discard as Hard weighs it on its turn: the hand's shanten after it, the unseen
    copies of the tiles that would lower that (a ready hand: its waits), the chance it
    pays an opponent, the expected points of the hand it leaves, and its score (those
    points less the deal-in cost, plus what 报听 adds when `declare`)."""

    kind: int
    shanten: int
    tiles: int
    risk: float
    ev: float
    score: float
    declare: bool


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


def deal_in_risk(view: PlayerView) -> np.ndarray | None:
    """Per kind, the chance Hard gives that discarding it now pays an opponent's win (the
    `danger` of its situation, read from `view` alone); None while Hard would not weigh
    safety: no opponent has declared 报听 and no tile of the hand reaches DEFEND_AT."""
    danger = deal_in_chances(threats(view))
    declared = any(ready for s, ready in enumerate(view.ready) if s != view.seat)
    held = sorted(set(view.hand))
    if not declared and (not held or float(danger[held].max()) < DEFEND_AT):
        return None
    return danger


def one_away(sit: Beliefs, copies: np.ndarray, waits: np.ndarray, valued: np.ndarray,
             trials: int) -> float:
    """Chance (× fan / basic fan) that a hand one tile from ready wins: per advancing draw
    (its copies), the ready hand it leaves has `waits` live waits (`valued` with fan)."""
    u = float(sit.unseen)
    draw = sit.step_boost * copies / u                      # per trial, per draw kind
    stay = (1.0 - min(0.95, float(draw.sum()))) * (1.0 - sit.hazard)
    k = np.arange(1, trials + 1)
    reach = stay ** (k - 1) * (1.0 - sit.hazard)            # advance at trial k
    rates = np.minimum(0.95, sit.final_boost * waits / u)
    fan = np.where(waits > 0, valued / np.maximum(waits, 1e-12), 1.0)
    wins = ready_wins(rates[:, None], (trials - k)[None, :], sit.hazard)
    return float(((draw * fan)[:, None] * wins * reach[None, :]).sum())


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


class HardAgent(ThinkingAgent[Beliefs]):
    name = "hard"
    estimates: tuple[DiscardEstimate, ...] = ()   # the discards of its last turn, weighed

    # ------------------------------------------------------------ readings
    def read_threats(self, view: PlayerView) -> list[Threat]:
        """The opponents that may be ready, and their waits, read from the public record."""
        return threats(view)

    def feeding(self, sit: Beliefs) -> np.ndarray | None:
        """Per kind, the points a discard of it hands the others through their claims;
        None: not counted (the public record predicts claims too poorly for that to pay,
        docs/ai_strength.md).  tools.ceiling counts them from the real hands."""
        return None

    # ------------------------------------------------------------ evaluation
    def _evs(self, sit: Beliefs, hands: np.ndarray, s: np.ndarray, deep: np.ndarray,
             shape: MeldShape, extra: int = 0) -> tuple[np.ndarray, Analysis]:
        """Expected points of 3n+1 hands of shanten `s` (`extra` draws come at once) and
        their effective-tile analysis: the exact search of the `deep` rows where it fits
        (the others count 0), else the look-ahead estimate of every row."""
        searched = self._searched(sit, hands[deep], shape, extra) if deep.any() else None
        if searched is None:
            a = sit.evaluator.analyse(hands, s, deep, shape)
            return self._estimated(sit, hands, a, shape, extra), a
        out = np.zeros(len(hands))
        out[deep] = searched
        return out, sit.evaluator.analyse(hands, s, np.zeros(len(hands), dtype=bool), shape)

    def _searched(self, sit: Beliefs, hands: np.ndarray, shape: MeldShape,
                  extra: int) -> np.ndarray | None:
        """Expected points by ai.reach's search, or None when the tree is too large."""
        ruleset = sit.ruleset
        basic = float(ruleset.patterns["basic"])
        held = hands.max(axis=0)     # the hand now holds at least these (one discard apart)

        def fan_ratio(wins: np.ndarray) -> np.ndarray:
            return win_fans(wins, shape, ruleset) / basic

        search = ReachSearch(ruleset.hand_rules, sit.unseen_counts.astype(np.int16), held,
                             sit.trials + extra,
                             Odds(sit.hazard, sit.step_boost, sit.winning,
                                  peng=sit.winning - 1.0),
                             fan_ratio if sit.valued else None)
        values = search.values(hands)
        if values is not None and ruleset.bloody is not None and sit.valued:
            void = sit.view.voids[sit.view.seat] if sit.view.voids else -1
            values = np.maximum(values, one_suit_values(search, hands, shape, void))
        return None if values is None else values * basic * PAYOUT

    def _estimated(self, sit: Beliefs, hands: np.ndarray, a: Analysis, shape: MeldShape,
                   extra: int) -> np.ndarray:
        """Expected points from the one- and two-step counts (for hands too far to search)."""
        u = float(sit.unseen)
        trials = sit.trials + extra
        scale = sit.ruleset.patterns["basic"] * PAYOUT
        out = np.zeros(len(hands))
        for i in range(len(hands)):
            s, first, second = int(a.shanten[i]), float(a.first[i]), float(a.second[i])
            if first <= 0:
                continue
            mine = a.draw_row == i
            if s == 1 and mine.any():
                out[i] = scale * one_away(sit, a.draw_copies[mine], a.draw_next[mine],
                                          a.draw_valued[mine], trials)
                continue
            nxt = second / first if second > 0 else 0.6 * first
            final = first if s == 0 else nxt if s == 1 else TYPICAL_WAITS
            step = sit.step_boost / u
            rates = [step * first] * (s > 0) + [step * nxt] * (s - 1)
            rates = [min(0.95, r) for r in rates + [sit.final_boost * final / u]]
            value = (1.0 if not sit.valued else float(a.value[i]) if s <= 1
                     else value_guess(hands[i], shape, sit.ruleset))
            out[i] = win_chance(rates, trials, sit.hazard) * scale * value
        return out

    def _hand_ev(self, sit: Beliefs, hand: list[int] | np.ndarray, shape: MeldShape,
                 extra: int = 0) -> float:
        """Expected points of one 3n+1 hand waiting for its next tile."""
        hands = np.asarray(hand, dtype=np.int8)[None, :]
        evs, _ = self._evs(sit, hands, sit.evaluator.shanten(hands), np.ones(1, dtype=bool),
                           shape, extra)
        return float(evs[0])

    def _ready_gain(self, sit: Beliefs, ev: float, first: float) -> float:
        """Points gained by declaring 报听 with a discard that leaves `first` live waits."""
        mean_danger = float(sit.unseen_counts @ sit.danger) / sit.unseen
        lock_cost = LOCK_COST * sit.trials * mean_danger * stakes(sit.ruleset).deal_in
        rates = [min(0.95, sit.final_boost * (first + FLEX_TILES) / sit.unseen)]
        basic = sit.ruleset.patterns["basic"]
        flex = win_chance(rates, sit.trials, sit.hazard) * basic * PAYOUT - ev
        return sit.others * sit.ruleset.payments["ready"] - lock_cost - max(0.0, flex)

    def _discards(self, sit: Beliefs, hand: list[int], shape: MeldShape,
                  readies: set[int] | None = None) -> list[tuple[int, float, bool]]:
        """(kind, expected points, declare 报听?) for every discard of a 3n+2 hand;
        `readies`: the discards 报听 may be declared with (None: any leaving it ready)."""
        return [(e.kind, e.score, e.declare)
                for e in self._estimates(sit, hand, shape, readies)]

    def _estimates(self, sit: Beliefs, hand: list[int], shape: MeldShape,
                   readies: set[int] | None) -> list[DiscardEstimate]:
        """The discards _discards weighs, each with the numbers of its score."""
        ev_ = sit.evaluator
        kinds, hands = ev_.after_discards(hand)
        s = ev_.shanten(hands)
        best = int(s.min())
        defend = float(sit.danger[kinds].max()) >= DEFEND_AT
        # 血战到底: a step back may be worth its price (a hand of one suit pays 4 times)
        fold = (defend and best >= FOLD_FROM) or sit.ruleset.bloody is not None
        evs, a = self._evs(sit, hands, s, s <= best + (1 if fold else 0), shape)
        room = near_kinds(hands, sit.ruleset.wildcard) @ sit.unseen_counts
        fed = self.feeding(sit)
        stake = stakes(sit.ruleset)
        out = []
        for i, k in enumerate(kinds):
            if not fold and s[i] > best:
                continue
            score = evs[i] - stake.deal_in_cost(sit.danger[k], evs[i])
            may_declare = s[i] == 0 and (readies is None or k in readies)
            gain = self._ready_gain(sit, evs[i], float(a.first[i])) if may_declare else 0.0
            # tie-break equal expectations by the look-ahead counts, then by the room the
            # hand left has to grow (unseen copies of the kinds near its tiles)
            score += max(0.0, gain) + 1e-6 * (a.second[i] + 1e-3 * a.first[i]
                                              + 1e-6 * room[i])
            out.append(DiscardEstimate(
                k, int(s[i]), int(a.first[i]), float(sit.danger[k]), float(evs[i]),
                float(score) - (0.0 if fed is None else float(fed[k])), bool(gain > 0)))
        return out

    # ------------------------------------------------------------ the pipeline's stages
    def believe(self, view: PlayerView, claim: bool) -> Beliefs:
        """Beliefs of the view, with the threats `read_threats` finds (claims, and every
        血战到底 decision: wins are valued by their pattern)."""
        valued = claim or bool(view.voids)
        return believe(view, valued=valued, found=self.read_threats(view))

    def estimate(self, beliefs: Beliefs, candidates: Candidates) -> Weighed:
        if candidates.turn:
            return self._weigh_turn(beliefs, candidates)
        return self._weigh_claim(beliefs, candidates.others)

    def _weigh_turn(self, sit: Beliefs, candidates: Candidates) -> Weighed:
        """Each discard (declaring 报听 where it gains) and kong, in a player's terms (the
        analytic model: no samples)."""
        view = sit.view
        counts = view.hand_counts()
        per_win = float(sit.ruleset.patterns["basic"]) * PAYOUT
        self.estimates = tuple(self._estimates(sit, counts, sit.shape, set(candidates.readies)))
        out: Weighed = []
        for e in self.estimates:
            out.append((Action(view.seat, A.DISCARD, e.kind, ready=e.declare),
                        Estimate("", e.score, win_chance=min(1.0, e.ev / per_win),
                                 expected_points=e.score, deal_in_risk=e.risk)))
        pay = sit.ruleset.payments
        for a in candidates.others:
            assert a.tile is not None
            after = counts[:]
            concealed = a.kind == A.CONCEALED_KONG
            after[a.tile] -= 4 if concealed else 1
            ev = self._hand_ev(sit, after, kong_shape(sit, a), extra=1)
            gain = (playing(view) - 1) * pay["concealed_kong" if concealed else "added_kong"]
            robbed = 0.0 if concealed else stakes(sit.ruleset).deal_in_cost(
                sit.danger[a.tile], ev + gain)
            score = gain + ev - robbed
            out.append((a, Estimate("", score, expected_points=score)))
        return [(a, replace(e, action=a.to_text())) for a, e in out]

    def _weigh_claim(self, sit: Beliefs, legal: tuple[Action, ...]) -> Weighed:
        """Passing (the hand as it is) against each claim (the best discard after it)."""
        counts = sit.view.hand_counts()
        rules = sit.ruleset.hand_rules
        now = shanten(counts, rules)
        pay = sit.ruleset.payments
        scored: list[tuple[Action, float]] = []
        for a in legal:
            if a.kind == A.PASS:
                scored.append((a, self._hand_ev(sit, counts, sit.shape)))
                continue
            assert a.tile is not None
            after = after_claim(counts, a)
            if a.kind == A.KONG:
                shape = sit.shape.plus(True, a.tile, 4)
                scored.append((a, pay["direct_kong"] + self._hand_ev(sit, after, shape, extra=1)))
                continue
            shape = sit.shape.plus(a.kind == A.PENG, a.tile)
            best = max(score + (pay[a.kind] if a.kind == A.PENG or k != a.tile else 0)
                       for k, score, _ in self._discards(sit, after, shape))
            if shanten(after, rules) >= now:
                best -= stakes(sit.ruleset).claim_margin   # a claim that does not advance
            scored.append((a, best))
        return [(a, Estimate(a.to_text(), score, expected_points=score)) for a, score in scored]
