"""The computer's help for the player of a remote seat, on the player's own computer (the
server knows nothing of it): the suggested move of the hints (the strongest level) and
托管, where the room's fill level answers each decision until the player takes the seat
back. Both think off the render path, on the seat's view and the legal list the server
sent, like any seat."""
from __future__ import annotations

from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace

from game.engine.actions import Action
from game.engine.view import PlayerView
from game.play.seat import Turn
from game.shell.adviser import Adviser
from game.shell.person import switch_answer

HINT_SEED = 7          # the suggested move's AI, seeded as at a local table
STAND_IN_SEED = 11     # the AI that answers for the player under 托管


class SeatAssist:
    """Hints and 托管 for one remote seat."""

    def __init__(self, executor: Executor | None = None) -> None:
        """`executor`: where the AI thinks (default: a thread of its own)."""
        self.auto = False               # 托管 is on
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.hinter = Adviser(None, HINT_SEED, self.executor)
        self.stand_in: Adviser | None = None

    def hint(self, turn: Turn) -> Action | None:
        """What the strongest level would do (None until it has thought)."""
        return self.hinter.answer(turn.number, turn.legal, lambda: turn.view)

    def answer(self, turn: Turn, fill: str) -> Action | None:
        """Under 托管, the `fill` level's answer to `turn` (None until it has thought)."""
        if not self.auto:
            return None
        win = switch_answer(turn.legal, True, False)
        if win is not None:                 # 托管 wins whenever it can (the rules say so)
            return win
        if self.stand_in is None or self.stand_in.level != fill:
            self.stand_in = Adviser(fill, STAND_IN_SEED, self.executor)
        return self.stand_in.answer(turn.number, turn.legal, lambda: turn.view)

    def set_auto(self, on: bool) -> None:
        self.auto = on
        if not on and self.stand_in is not None:
            self.stand_in.drop()

    def marked(self, view: PlayerView) -> PlayerView:
        """The seat's view with its 托管 flag as the player set it here (the server's
        engine does not know of it), so the table shows 托管 as at a local table."""
        seat = view.seat
        if view.auto[seat] == self.auto:
            return view
        return replace(view, auto=tuple(self.auto if s == seat else on
                                        for s, on in enumerate(view.auto)))

    def close(self) -> None:
        """Drop what is being thought about; nothing new is asked."""
        self.hinter.drop()
        if self.stand_in is not None:
            self.stand_in.drop()
        self.executor.shutdown(wait=False, cancel_futures=True)
