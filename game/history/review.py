"""Hard's review of a match: every decision of a seat set beside Hard's choice in the
same view — agree or not, Hard's reasons, and how much worse the choice was by Hard's
own evaluation (the difference of Hard's scores for its choice and the seat's)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine import actions as A
from game.engine.match import Match
from game.shell.saves import Save

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Decision:
    """One choice of the reviewed seat where it had more than one legal action."""

    hand: int          # 1-based hand number
    step: int          # 1-based index of the action in its hand
    chosen: str
    hard_choice: str
    regret: float      # Hard's score of its choice minus that of the chosen action
    reason: list[tuple[str, float]]

    @property
    def agrees(self) -> bool:
        return self.chosen == self.hard_choice


@dataclass
class SeatReview:
    seat: int
    level: str
    decisions: list[Decision] = field(default_factory=list)

    def to_json(self, mistakes: int = 20) -> dict[str, Any]:
        wrong = sorted((d for d in self.decisions if not d.agrees), key=lambda d: -d.regret)
        return {"seat": self.seat, "level": self.level, "decisions": len(self.decisions),
                "agree": sum(d.agrees for d in self.decisions),
                "mistakes": [{"hand": d.hand, "step": d.step, "chosen": d.chosen,
                              "hard_choice": d.hard_choice, "regret": round(d.regret, 4),
                              "reason": [[text, round(v, 4)] for text, v in d.reason]}
                             for d in wrong[:mistakes]]}


def review(save: Save, seats: list[int], progress: Progress | None = None
           ) -> list[SeatReview]:
    """Replay the match and ask Hard at each decision of `seats`."""
    from ai.levels import make_agent  # Hard is deterministic: one agent serves every step
    record = save.match.to_record()
    ruleset = save.match.ruleset
    replay = Match(ruleset, record["seed"], record["length"],
                   {int(k): tuple(save.match.walls[int(k)]) for k in record["walls"]},
                   record.get("first_dealer", 0))
    levels = [str(s.get("kind", "?")) for s in save.setup.get("seats", [])]
    reviews = {s: SeatReview(s, levels[s] if s < len(levels) else "?") for s in seats}
    hard = make_agent("hard", 0)
    hands = save.match.hand_actions
    total = sum(len(h) for h in hands)
    done = 0
    for number, actions in enumerate(hands):
        if number > 0:
            replay.start_next_hand()
        for step, action in enumerate(actions, 1):
            state = replay.round
            legal = state.legal_actions(action.seat) if action.kind != A.AUTO else []
            if action.seat in reviews and len(legal) > 1:
                choice = hard.choose(state.view(action.seat), legal)
                values: dict[str, float] = getattr(hard, "values", {})
                chosen, best = action.to_text(), choice.to_text()
                regret = values.get(best, 0.0) - values.get(chosen, values.get(best, 0.0))
                reviews[action.seat].decisions.append(Decision(
                    number + 1, step, chosen, best, max(0.0, regret), hard.explain()[:3]))
            replay.apply(action)
            done += 1
            if progress is not None:
                progress(done, total)
    return [reviews[s] for s in seats]
