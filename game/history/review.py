"""A level's review of one seat's decisions in a finished (or unfinished) match.

For every decision of the seat with a real choice (more than one legal action) the
review rebuilds that seat's PlayerView and legal actions at that moment from the
timeline and asks a fresh agent of the reviewing level (by default the strongest quick
one, ai.levels.STRONGEST) — seeded from (match seed, hand, step), so the same file
always gets the same review — what it would do and why: its top candidates as
estimates (chance to win, expected points, deal-in risk, samples; ai.estimates).

Regret is read from the reviewer's own evaluation: the expected points of its choice
minus those of the chosen action when it estimated both, else its ranking numbers
(`values`, and its candidates' scores: a level's scores are points for Hard). Only
when it weighed no such action (a decision it answers by rule, such as taking a win) is
it its best minus its lowest listed score — a lower bound, flagged `bounded`.

Decisions the computer made for the seat under 托管 (the engine's auto flag was on), and
those the table's clock took when the seat's time ran out (the match file's timeouts),
are reviewed too but kept apart: the summary figures and the costliest list count only
the seat's own decisions.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.estimates import Estimate
from game.engine.wall import derive_seed
from game.history.timeline import Timeline

LOST = 0.005     # regret below this rounds to 0.00: the choice lost nothing
Progress = Callable[[int, int], bool]   # (done, total) -> keep going?


@dataclass(frozen=True)
class Decision:
    """One decision of the seat beside the reviewing level's choice."""

    hand: int            # 0-based; shown counted from 1
    step: int            # the action's index in its hand; shown as step + 1
    chosen: str          # action text, e.g. "1 discard 5m"
    best: str            # the reviewer's choice
    regret: float        # the reviewer's expected points lost by the choice (0 when agreeing)
    reason: tuple[Estimate, ...]       # the reviewer's top candidates, best first
    bounded: bool = False              # regret is a lower bound (chosen not ranked)
    auto: bool = False                 # made by the computer under 托管, not the person
    timed_out: bool = False            # the default played when the seat's time ran out

    @property
    def own(self) -> bool:
        """The person decided it (neither 托管 nor the clock)."""
        return not (self.auto or self.timed_out)

    @property
    def agree(self) -> bool:
        return self.chosen == self.best

    @property
    def lost(self) -> bool:
        """The choice lost something by the reviewer's estimate (shown as at least 0.01)."""
        return self.regret >= LOST

    def estimate(self, action: str) -> Estimate | None:
        """The reviewer's estimate of `action` (None: not among its top candidates)."""
        return next((e for e in self.reason if e.action == action), None)


@dataclass
class SeatReview:
    """Every reviewed decision of one seat, and the summary figures."""

    seat: int
    level: str
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True
    reviewer: str = "hard"     # the reviewing level

    @property
    def own(self) -> list[Decision]:
        """The seat's own decisions (托管 turns and time-outs left out)."""
        return [d for d in self.decisions if d.own]

    @property
    def auto_turns(self) -> int:
        """How many decisions the computer made for the seat under 托管."""
        return sum(d.auto for d in self.decisions)

    @property
    def timeouts(self) -> int:
        """How many decisions the clock took for the seat (its time ran out)."""
        return sum(d.timed_out and not d.auto for d in self.decisions)

    @property
    def agree(self) -> int:
        return sum(d.agree for d in self.own)

    @property
    def agreement(self) -> float:
        own = self.own
        return self.agree / len(own) if own else 1.0

    @property
    def regret(self) -> float:
        """The points the seat's own decisions lost in all, by the reviewer's estimate."""
        return sum(d.regret for d in self.own)

    def mistakes(self) -> list[Decision]:
        """The seat's own decisions that lost something, costliest first."""
        return sorted((d for d in self.own if d.lost),
                      key=lambda d: (-d.regret, d.hand, d.step))

    def to_json(self) -> dict[str, Any]:
        """{"seat", "level", "reviewer", "decisions", "agree", "regret", "auto_decisions",
        "timed_out_decisions", "mistakes": [...]} (see game.review)."""
        return {"seat": self.seat, "level": self.level, "reviewer": self.reviewer,
                "decisions": len(self.own), "agree": self.agree,
                "regret": round(self.regret, 3), "auto_decisions": self.auto_turns,
                "timed_out_decisions": self.timeouts,
                "mistakes": [{"hand": d.hand + 1, "step": d.step + 1, "chosen": d.chosen,
                              "best": d.best, "regret": round(d.regret, 3),
                              "bounded": d.bounded,
                              "reason": [estimate_json(e) for e in d.reason]}
                             for d in self.mistakes()]}


def estimate_json(e: Estimate) -> dict[str, Any]:
    """An estimate as the review's JSON gives it (a number not estimated: null)."""
    def rounded(x: float | None) -> float | None:
        return None if x is None else round(x, 3)
    return {"action": e.action, "win_chance": rounded(e.win_chance),
            "expected_points": rounded(e.expected_points),
            "deal_in_risk": rounded(e.deal_in_risk), "samples": e.samples}


def regret_of(chosen: str, best: str, reason: Sequence[Estimate],
              values: dict[str, float] | None = None) -> tuple[float, bool]:
    """(regret, bounded) from the reviewer's estimates; see the module docstring."""
    if chosen == best or not reason:
        return 0.0, False
    points = {e.action: e.expected_points for e in reason if e.expected_points is not None}
    scores = points if chosen in points and best in points else \
        {**{e.action: e.score for e in reason}, **(values or {})}
    top = scores.get(best, reason[0].score)
    if chosen in scores:
        return max(0.0, top - scores[chosen]), False
    return max(0.0, top - min(scores.values())), True


def decision_points(timeline: Timeline, seat: int) -> list[tuple[int, int]]:
    """The positions where `seat` had a real choice (more than one legal action)."""
    out = []
    for hand, step in timeline.decisions(seat):
        if len(timeline.state_at(hand, step).legal_actions(seat)) > 1:
            out.append((hand, step))
    return out


def review_seat(timeline: Timeline, seat: int, level: str = "?",
                progress: Progress | None = None, reviewer: str | None = None,
                timeouts: Collection[tuple[int, int]] = ()) -> SeatReview:
    """The `reviewer` level's view (None: the strongest quick one) of each of `seat`'s
    decisions; `progress(done, total)` is told before each and may stop the review by
    returning False (it is then marked incomplete); `timeouts`: the (hand, step)
    positions the clock answered (game.shell.saves)."""
    from ai.levels import STRONGEST, make_agent

    reviewer = reviewer or STRONGEST
    points = decision_points(timeline, seat)
    review = SeatReview(seat, level, reviewer=reviewer)
    for n, (hand, step) in enumerate(points):
        if progress is not None and not progress(n, len(points)):
            review.complete = False
            return review
        state = timeline.state_at(hand, step)
        chosen = timeline.hands[hand].steps[step].action
        agent = make_agent(reviewer, derive_seed(timeline.seed, 1_000_000 + hand * 4096 + step))
        best = agent.choose(state.view(seat), state.legal_actions(seat))
        reason = agent.explain()
        regret, bounded = regret_of(chosen.to_text(), best.to_text(), reason,
                                    agent.values)
        review.decisions.append(Decision(hand, step, chosen.to_text(), best.to_text(), regret,
                                         reason, bounded, state.auto[seat],
                                         (hand, step) in timeouts))
    if progress is not None:
        progress(len(points), len(points))
    return review

