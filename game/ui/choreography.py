"""The table's timing: engine events turned into motion, calls and sounds, the claim
countdown, and the pause after a hand ends before the results come up."""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.engine import events as E
from game.engine.events import Event
from game.engine.view import PlayerView
from game.render.layout import TableLayout
from game.render.table_view import TableView
from game.shell.audio import Sound
from game.ui.effects import Effects

END_PAUSE = 1.8                # seconds the win/draw call stays before the results
CALL_COLORS = {"chi": (140, 236, 170), "peng": (150, 200, 255), "kong": (214, 170, 255),
               "hu": (255, 214, 110), "tsumo": (255, 214, 110), "ready": (255, 180, 90),
               "exhausted": (230, 230, 220)}
CLAIM_SOUNDS = {"chi": Sound.CHI, "peng": Sound.PENG, "kong": Sound.GANG}

Translate = Callable[..., str]


class Choreography:
    """Animations and timers of one table; the scene feeds it events and frame time."""

    def __init__(self, speed: float, countdown_total: float, t: Translate,
                 play: Callable[[Sound], None]) -> None:
        self.effects = Effects(speed)
        self.countdown_total = countdown_total
        self.countdown_left = 0.0
        self.t, self.play = t, play
        self._claim_id: Hashable = None
        self._end_timer: float | None = None
        self.results_for = -1

    # ------------------------------------------------------------- timers
    def claim_opened(self, claim_id: Hashable) -> None:
        """A (new) claim window for the viewer, or None: restart the countdown."""
        if claim_id != self._claim_id:
            self._claim_id = claim_id
            self.countdown_left = self.countdown_total

    @property
    def countdown(self) -> tuple[float, float] | None:
        """(seconds left, total) of the running claim countdown, if any."""
        if self._claim_id is None or self.countdown_total <= 0:
            return None
        return self.countdown_left, self.countdown_total

    def tick_countdown(self, dt: float) -> bool:
        """Run the countdown; True once when it runs out (the viewer passes)."""
        if self.countdown is None or self.countdown_left <= 0:
            return False
        self.countdown_left -= dt
        return self.countdown_left <= 0

    def results_due(self, hand_finished: bool, hand_number: int, dt: float) -> bool:
        """True once per finished hand, after the end pause and any sliding tile."""
        if not hand_finished or self.results_for == hand_number:
            return False
        if self._end_timer is None:
            self._end_timer = self.effects.timeline.scaled(END_PAUSE)
        self._end_timer -= dt
        if self._end_timer <= 0 and not self.effects.sliding:
            self.results_for, self._end_timer = hand_number, None
            return True
        return False

    def reset(self) -> None:
        """A new hand or an undo: drop every animation and timer."""
        self.effects.clear()
        self._end_timer = None

    # ------------------------------------------------------------- events
    def play_events(self, events: list[Event], before: PlayerView, after: PlayerView,
                    table: TableView, start: pygame.Rect) -> None:
        """Motion, calls and sounds for engine events, in order; `start` is where the
        viewer's own discard leaves the hand."""
        pools = [sum(1 for d in p if d.claimed_by is None) for p in before.discards]
        for e in events:
            self._animate(e, before, after, table, pools, start)
            if e.kind in (E.WIN, E.EXHAUSTED):
                self._end_timer = self.effects.timeline.scaled(END_PAUSE)

    def _animate(self, e: Event, before: PlayerView, view: PlayerView, table: TableView,
                 pools: list[int], start: pygame.Rect) -> None:
        L = table.layout
        if e.kind == E.DRAW and e.seat == view.seat:
            self.effects.drop_in()
            self.play(Sound.DRAW)
        elif e.kind == E.DISCARD and e.tile is not None:
            end = table.pool_rect(view, e.seat, pools[e.seat])
            pools[e.seat] += 1
            if e.seat != view.seat:
                count = max(1, before.hand_sizes[e.seat])
                start = table.concealed_rect(before, e.seat, count - 1, count)
            side = table.side(view, e.seat)
            image = table.pool_art.face_rotated(e.tile, L.pool_frames[side].rotation)
            self.effects.slide(image, start, end, ("pool", e.seat))
            self.play(Sound.DISCARD)
        elif e.kind == E.CLAIM:
            source = e.data["from"]
            pools[source] -= 1
            target = table.claimed_rect(view, e.seat)
            if target is not None:
                self.effects.slide(table.claimed_image(view, e.seat),
                                   table.pool_rect(view, source, pools[source]), target,
                                   ("meld", e.seat))
            self._call(table, view, e.seat, e.data["kind"])
            self.play(CLAIM_SOUNDS[e.data["kind"]])
        elif e.kind == E.KONG:
            self._call(table, view, e.seat, "kong")
            self.play(Sound.GANG)
        elif e.kind == E.READY:
            self._call(table, view, e.seat, "ready")
            self.play(Sound.READY)
        elif e.kind == E.WIN:
            self._call(table, view, e.seat,
                       "tsumo" if e.data.get("how") == "self_draw" else "hu")
            self.play(Sound.WIN if e.seat == view.seat else Sound.HU)
        elif e.kind == E.EXHAUSTED:
            self._call(table, view, None, "exhausted")

    def _call(self, table: TableView, view: PlayerView, seat: int | None, word: str) -> None:
        L = table.layout
        center = L.box.center if seat is None else call_point(L, table.side(view, seat))
        self.effects.call(self.t(f"table.call.{word}"), center, round(64 * L.scale),
                          CALL_COLORS[word])


def call_point(L: TableLayout, side: int) -> tuple[int, int]:
    """Where a seat's call word (碰! 胡! …) pops up: in front of its hand."""
    f = L.hand_frames[side]
    bottom = side == 0
    length = 8 * L.hand_w if bottom else L.row_len / 2
    x, y = f.point(length, L.hand_h * 2.4 if bottom else L.opp_h * 2.6)
    return round(x), round(y)
