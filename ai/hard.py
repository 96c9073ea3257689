"""Hard: every option scored as expected points from its own view, through the thinking
levels' pipeline (ai.pipeline): the beliefs of its view (ai.beliefs: the threats, the
others' discard odds, the pace and the stakes), then the estimates —

- a discard: the expected points of the hand it leaves, less its chance of paying a
  ready opponent times the stakes, plus what 报听 adds (ai.discard_values, on top of
  ai.hand_value: the exact search of ai.reach, or an estimate for a far hand);
- a claim: the best discard after it against passing, with its payment (a claim that
  does not bring the hand closer must beat passing by a margin); wins valued by their
  pattern (清一色 / 七对 / 碰碰胡 vs 基本胡: a claim commits the hand to a shape — on
  its own turn Hard plays for the likeliest win, which measured better);
- a kong: its payment and the hand it leaves.

Defence folds a far hand to safe tiles (ai.defense).  血战到底 is read by its own
stakes: wins by their points (ai.win_values), a deal-in that does not end the hand, the
hand going on until the third win (ai.stakes), and each hand read a second time as
清一色 in its longest suit (ai.one_suit)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ai.beliefs import Beliefs, believe
from ai.defense import Threat, deal_in_chances, threats
from ai.discard_values import DEFEND_AT, DiscardEstimate, weigh_discards
from ai.estimates import Estimate
from ai.features import after_claim, ruleset_for
from ai.hand_value import hand_ev
from ai.pipeline import Candidates, ThinkingAgent, Weighed
from ai.self_draw_wait import waits_for_self_draw
from ai.win_values import MeldShape
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import shanten
from game.engine.view import PlayerView


def kong_shape(sit: Beliefs, kong: Action) -> MeldShape:
    """The meld shape after a kong on the own turn: in 血战到底 its kind is a 根 of the
    hand's value; elsewhere the shape as it was."""
    shape, tile = sit.shape, kong.tile
    if sit.ruleset.bloody is None or tile is None:
        return shape
    if kong.kind == A.CONCEALED_KONG:
        return shape.plus(True, tile, 4)
    return replace(shape, sets=tuple((k, 4 if k == tile else n) for k, n in shape.sets))


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


class HardAgent(ThinkingAgent[Beliefs]):
    name = "hard"
    estimates: tuple[DiscardEstimate, ...] = ()   # the discards of its last turn, weighed

    def takes_win(self, view: PlayerView, win: Action) -> bool:
        """Every win but one on a discard early in a 血战到底 hand (ai.self_draw_wait)."""
        return not waits_for_self_draw(view, ruleset_for(view.ruleset_id))

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
    def _discards(self, sit: Beliefs, hand: list[int], shape: MeldShape,
                  readies: set[int] | None = None) -> list[tuple[int, float, bool]]:
        """(kind, expected points, declare 报听?) for every discard of a 3n+2 hand;
        `readies`: the discards 报听 may be declared with (None: any leaving it ready)."""
        return [(e.kind, e.score, e.declare)
                for e in weigh_discards(sit, hand, shape, readies, self.feeding(sit))]

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
        counts = sit.counts[:]
        self.estimates = tuple(weigh_discards(sit, counts, sit.shape, set(candidates.readies),
                                        self.feeding(sit)))
        out: Weighed = []
        for e in self.estimates:
            out.append((Action(view.seat, A.DISCARD, e.kind, ready=e.declare),
                        Estimate("", e.score, win_chance=min(1.0, e.chance),
                                 expected_points=e.score, deal_in_risk=e.risk)))
        pay = sit.ruleset.payments
        for a in candidates.others:
            assert a.tile is not None
            after = counts[:]
            concealed = a.kind == A.CONCEALED_KONG
            after[a.tile] -= 4 if concealed else 1
            ev = hand_ev(sit, after, kong_shape(sit, a), extra=1)
            gain = (sit.playing - 1) * pay["concealed_kong" if concealed else "added_kong"]
            robbed = 0.0 if concealed else sit.stakes.deal_in_cost(
                sit.danger[a.tile], ev + gain)
            score = gain + ev - robbed
            out.append((a, Estimate("", score, expected_points=score)))
        return [(a, replace(e, action=a.to_text())) for a, e in out]

    def _weigh_claim(self, sit: Beliefs, legal: tuple[Action, ...]) -> Weighed:
        """Passing (the hand as it is) against each claim (the best discard after it)."""
        counts = sit.counts[:]
        rules = sit.ruleset.hand_rules
        now = shanten(counts, rules)
        pay = sit.ruleset.payments
        scored: list[tuple[Action, float]] = []
        for a in legal:
            if a.kind == A.PASS:
                scored.append((a, hand_ev(sit, counts, sit.shape)))
                continue
            assert a.tile is not None
            after = after_claim(counts, a)
            if a.kind == A.KONG:
                shape = sit.shape.plus(True, a.tile, 4)
                scored.append((a, pay["direct_kong"] + hand_ev(sit, after, shape, extra=1)))
                continue
            shape = sit.shape.plus(a.kind == A.PENG, a.tile)
            best = max(score + (pay[a.kind] if a.kind == A.PENG or k != a.tile else 0)
                       for k, score, _ in self._discards(sit, after, shape))
            if shanten(after, rules) >= now:
                best -= sit.stakes.claim_margin   # a claim that does not advance
            scored.append((a, best))
        return [(a, Estimate(a.to_text(), score, expected_points=score)) for a, score in scored]
