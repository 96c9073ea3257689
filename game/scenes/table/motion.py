"""Choreography: engine events turned into log lines, sounds, sliding tiles and called
words, in order, and the pause before the results."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import events as E
from game.engine.actions import ActionKind
from game.engine.events import ClaimData, Event, WinData, WinKind
from game.engine.view import PlayerView
from game.render.layout import TableLayout
from game.render.table_view import TableView
from game.shell.i18n import Translate
from game.ui.action_log import ActionLog, describe, recap
from game.ui.effects import Effects
from game.ui.hand import PlayerHand

if TYPE_CHECKING:
    from game.shell.audio import SoundName

END_PAUSE = 1.8                # seconds the win/draw call stays before the results


@dataclass(frozen=True)
class Call:
    """A word called in big letters by a seat (吃, 碰, 杠, 胡 …): its key and colour."""

    key: str
    color: tuple[int, int, int]


KONG_CALL = Call("table.call.kong", (214, 170, 255))
CLAIM_CALLS = {ActionKind.CHI: Call("table.call.chi", (140, 236, 170)),
               ActionKind.PENG: Call("table.call.peng", (150, 200, 255)),
               ActionKind.KONG: KONG_CALL}
HU_CALL, TSUMO_CALL = Call("table.call.hu", (255, 214, 110)), \
    Call("table.call.tsumo", (255, 214, 110))
READY_CALL, EXHAUSTED_CALL = Call("table.call.ready", (255, 180, 90)), \
    Call("table.call.exhausted", (230, 230, 220))
FLOWER_CALL = Call("table.call.flower", (236, 150, 178))   # 国标's 补花 in play
SOUNDS: dict[ActionKind, SoundName] = {ActionKind.CHI: "chi", ActionKind.PENG: "peng",
                                       ActionKind.KONG: "gang"}


@dataclass(frozen=True)
class Stage:
    """Where things are on screen now, for the motion of one batch of events."""

    view: PlayerView           # the viewer's view after the events
    before: PlayerView         # ... and before them
    table: TableView
    layout: TableLayout
    hand: PlayerHand
    viewer: int
    names: tuple[str, ...]
    language: str


class Choreographer:
    """Owns the table's motion, log and end-of-hand timer."""

    def __init__(self, effects: Effects, log: ActionLog, t: Translate,
                 play: Callable[[SoundName], None]) -> None:
        self.effects, self.log, self.t, self.play = effects, log, t, play
        self.end_timer: float | None = None
        self.discard_from: pygame.Rect | None = None   # where the viewer's discard starts

    def on_events(self, events: list[Event], stage: Stage) -> None:
        """Log, sound and animate each event in order."""
        pools = [sum(1 for d in p if d.claimed_by is None) for p in stage.before.discards]
        dealt = any(e.kind == E.DEAL for e in events)    # the deal's flowers are not called
        for e in events:
            self.log.add(describe(e.seen_by(stage.viewer), stage.names, self.t, stage.language))
            self._animate(e, stage, pools)
            if e.kind == E.FLOWER and not dealt:
                self._call(e.seat, FLOWER_CALL, stage)
            if e.kind in (E.WIN, E.EXHAUSTED):
                self.end_timer = self.effects.timeline.scaled(END_PAUSE)
        self.discard_from = None

    def replay_log(self, events: list[Event], stage: Stage,
                   resumed: PlayerView | None = None) -> None:
        """Fill the log from the hand so far (a continued game, a new hand, an undo); a
        hand the seat was taken back into midway (`resumed`: the view it was taken up
        from) begins with its recap from that view."""
        self.log.clear()
        if resumed is not None:
            for line in recap(resumed, stage.names, self.t, stage.language):
                self.log.add(line)
        for e in events:
            self.log.add(describe(e.seen_by(stage.viewer), stage.names, self.t, stage.language))

    def reset(self) -> None:
        self.effects.clear()
        self.end_timer = None

    def end_pause_over(self, dt: float) -> bool:
        """Count down the pause after a win or a draw; True once it is over."""
        if self.end_timer is None:
            self.end_timer = self.effects.timeline.scaled(END_PAUSE)
        self.end_timer -= dt
        if self.end_timer <= 0 and not self.effects.sliding:
            self.end_timer = None
            return True
        return False

    # ------------------------------------------------------------- motion
    def _animate(self, e: Event, stage: Stage, pools: list[int]) -> None:
        view, table = stage.view, stage.table
        if e.kind == E.DRAW and e.seat == stage.viewer:
            self.effects.drop_in()
            self.play("draw")
        elif e.kind == E.DISCARD and e.tile is not None:
            end = table.pool_rect(view, e.seat, pools[e.seat])
            pools[e.seat] += 1
            side = table.side(view, e.seat)
            image = table.pool_art.face_rotated(e.tile, stage.layout.pool_frames[side].rotation)
            self.effects.slide(image, self._discard_start(e.seat, stage), end, ("pool", e.seat))
            self.play("discard")
        elif isinstance(e.data, ClaimData):
            source = e.data.from_seat
            pools[source] -= 1
            target = table.claimed_rect(view, e.seat)
            if target is not None:
                self.effects.slide(self._claimed_image(e.seat, stage),
                                   table.pool_rect(view, source, pools[source]), target,
                                   ("meld", e.seat))
            self._call(e.seat, CLAIM_CALLS[e.data.kind], stage)
            self.play(SOUNDS[e.data.kind])
        elif e.kind == E.KONG:
            self._call(e.seat, KONG_CALL, stage)
            self.play("gang")
        elif e.kind == E.READY:
            self._call(e.seat, READY_CALL, stage)
            self.play("ready")
        elif isinstance(e.data, WinData):
            self._call(e.seat, TSUMO_CALL if e.data.how == WinKind.SELF_DRAW else HU_CALL, stage)
            self.play("win" if e.seat == stage.viewer else "hu")
        elif e.kind == E.EXHAUSTED:
            self._call(None, EXHAUSTED_CALL, stage)

    def _discard_start(self, seat: int, stage: Stage) -> pygame.Rect:
        if seat == stage.viewer:
            if self.discard_from is not None:
                return self.discard_from
            return stage.hand.rects[-1] if stage.hand.rects else stage.layout.box
        count = max(1, stage.before.hand_sizes[seat])
        return stage.table.concealed_rect(stage.before, seat, count - 1, count)

    @staticmethod
    def _claimed_image(seat: int, stage: Stage) -> pygame.Surface:
        view, table = stage.view, stage.table
        side = table.side(view, seat)
        for p, *_ in table.meld_boxes(view, seat)[-1]:
            if p.claimed and p.kind is not None:
                deg = (stage.layout.hand_frames[side].rotation + p.turn) % 360
                return table.art_for(side).face_rotated(p.kind, deg)
        return table.art_for(side).back()

    def _call(self, seat: int | None, call: Call, stage: Stage) -> None:
        """The called word (吃, 碰, 杠, 胡 …) in big letters by the seat."""
        L = stage.layout
        if seat is None:
            center = L.box.center
        else:
            f = L.hand_frames[stage.table.side(stage.view, seat)]
            own = f is L.hand_frames[0]
            length = 8 * L.hand_w if own else L.row_len / 2
            x, y = f.point(length, L.hand_h * 2.4 if own else L.opp_h * 2.6)
            center = (round(x), round(y))
        self.effects.call(self.t(call.key), center, round(64 * L.scale), call.color)
