"""The countdown of the viewer's decision: the server's time for it at an online table,
else the table's claim countdown while a discard may be claimed. It runs while the table
runs (a paused table holds it, and an online table whose server is out of reach), ticks
each of the last seconds and says when the time is out."""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.engine import actions as A
from game.engine.actions import Action
from game.play.seat import Turn
from game.render.clock_ring import urgent

if TYPE_CHECKING:
    from game.scenes.table import TableScene


def decision_seconds(turn: Turn | None, claiming: bool, claim_countdown: float) -> float:
    """The time the viewer has for `turn` (0: no limit): the deadline it came with, else
    the claim countdown when it is a claim."""
    if turn is None:
        return 0.0
    if turn.deadline:
        return float(turn.deadline)
    return claim_countdown if claiming else 0.0


class OwnClock:
    """The viewer's countdown, one decision at a time."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.left = 0.0
        self.total = 0.0
        self.ticked = False       # the last run crossed one of the last whole seconds
        self.held = False         # the server is out of reach: nothing is counted

    def follow(self, key: Hashable, total: float) -> None:
        """The decision shown now (`key` None: none); a new one starts its full time."""
        if key != self.key:
            self.key, self.left, self.total, self.ticked = key, total, total, False

    def hold(self, on: bool) -> bool:
        """Stop counting while `on` (an online table's server cannot be reached); True
        when let go: the decision shown is forgotten, so that the next `follow` starts it
        afresh with the time the server gives it on return."""
        released, self.held = self.held and not on, on
        if released:
            self.key, self.ticked = None, False
        return released

    @property
    def shown(self) -> tuple[float, float] | None:
        """(seconds left, seconds in all) while a decision with a time limit is shown."""
        return (self.left, self.total) if self.key is not None and self.total > 0 else None

    def run(self, dt: float) -> bool:
        """Count `dt` seconds off; True in the frame the time runs out."""
        if self.shown is None or self.left <= 0 or self.held:
            self.ticked = False
            return False
        before, self.left = self.left, max(0.0, self.left - dt)
        self.ticked = 0 < self.left and urgent(self.left) \
            and math.ceil(self.left) < math.ceil(before)
        return self.left <= 0


def run_for(scene: TableScene, dt: float) -> None:
    """The viewer's countdown: a tick in each of its last seconds; a claim whose time is
    out is passed, a set-up choice (血战到底) answered with the suggestion (online, the
    server answers a turn whose time is out)."""
    out = scene.own_clock.run(dt)
    if scene.own_clock.ticked:
        scene.play_sound("click")
    if out and scene.pick.default is not None:
        scene.controller.submit(scene.pick.default, timed_out=True)
    elif out and scene.snapshot.claiming:
        name = scene.controller.seat_name(scene.viewer, scene.t)   # one line: the pass,
        scene.log.say_instead(scene.t("table.log.pass", name=name),   # as a time-out
                              scene.t("table.log.timeout", name=name))
        scene.controller.submit(Action(scene.viewer, A.PASS), timed_out=True)
