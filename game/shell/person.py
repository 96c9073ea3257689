"""A person at this table as a seat of the contract: decisions come from the table's
clicks; under 托管 the computer (the strongest level) decides for them; two switches
answer some decisions at once (auto-win, never-claim)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import actions as A
from game.engine.actions import Action
from game.play.seat import Answer, Known, Reasoning, Seat, Turn, WaitingSeat

WINS = (A.HU, A.SELF_DRAW)


class PersonSeat(WaitingSeat):
    """Waits for the table's answer, or hands the turn to `stand_in` while the engine
    says the seat is under 托管 (its view's auto flag)."""

    def __init__(self, name: str, stand_in: Callable[[], Seat]) -> None:
        super().__init__(name)
        self._make_stand_in = stand_in
        self._stand_in: Seat | None = None
        self._auto = False
        self.auto_win = False      # take 胡 / 自摸 at once when offered
        self.never_claim = False   # pass every 吃 / 碰 / 杠 of a discard at once (never a 胡)

    def decide(self, turn: Turn) -> Answer:
        self._auto = turn.view.auto[turn.seat]
        if not self._auto:
            return super().decide(turn)
        win = switch_answer(turn.legal, True, False)
        if win is not None:                 # 托管 wins whenever it can (the rules say so)
            return Known(win)
        if self._stand_in is None:
            self._stand_in = self._make_stand_in()
        return self._stand_in.decide(turn)

    def explain(self) -> Reasoning:
        return self._stand_in.explain() if self._auto and self._stand_in is not None else ()

    def quick_answer(self) -> Action | None:
        """The answer the switches give the pending decision, chosen among its legal
        actions (None: the person decides)."""
        turn = self.turn
        if not self.waiting or turn is None:
            return None
        return switch_answer(turn.legal, self.auto_win, self.never_claim)


def switch_answer(legal: Sequence[Action], auto_win: bool, never_claim: bool) -> Action | None:
    """The answer the auto-win and never-claim switches give a decision with these legal
    actions (None: the person decides)."""
    wins = [a for a in legal if a.kind in WINS]
    if wins:
        return wins[0] if auto_win else None
    passes = [a for a in legal if a.kind == A.PASS]
    return passes[0] if never_claim and passes else None
