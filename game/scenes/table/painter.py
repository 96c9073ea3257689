"""Drawing the table: board, hand, motion, panels, bubbles, toolbar and overlay, from a
Frame of plain facts. Drawing reads; it never changes what it draws."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import HandRules
from game.engine.view import Phase
from game.render.board_model import TableModel
from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY
from game.render.table_view import TableView, shrunk_to
from game.render.text import blit_text, fit, rounded_panel, text_surface
from game.ui.bubbles import BubbleBar
from game.ui.buttons import ButtonRow
from game.ui.debug_panel import Placed, Row, place_panels, reasoning_panel
from game.ui.effects import Effects
from game.ui.gb_waits import winning_waits
from game.ui.hand import PlayerHand, waits_after
from game.ui.hints import HintFrame, draw_hints
from game.ui.overlay import Overlay
from game.ui.panels import caption_font, info_line, log_panel, waits_panel
from game.ui.phrase_bubbles import PhraseBubble
from game.ui.phrase_bubbles import draw as draw_phrases

PAUSED_COLOR = (255, 200, 120)


@dataclass(frozen=True)
class Frame:
    """Everything one frame of the table shows."""

    table: TableView
    layout: TableLayout
    model: TableModel
    model_key: Hashable
    clock: float
    thinking: frozenset[int]
    acting: bool
    hint: Action | None
    hand: PlayerHand
    effects: Effects
    ready_on: bool
    bubbles: BubbleBar
    countdown: tuple[float, float] | None     # the viewer's decision: (left, in all)
    toolbar: ButtonRow
    overlay: Overlay | None
    mouse: tuple[int, int]
    info: tuple[str, ...]
    log_title: str
    log_lines: tuple[str, ...]
    paused_text: str | None
    waits_titles: tuple[str, str, str] | None   # waits, waits-if-discarded, ready in
    #                                             shape under the fan minimum; None: hidden
    unseen: tuple[int, ...]
    rules: HandRules
    reasoning: tuple[tuple[int, str, tuple[Row, ...]], ...]   # seat, title, candidates
    hints: HintFrame
    phrases: tuple[PhraseBubble, ...] = ()
    won_note: str | None = None     # 血战到底: the viewer has won, the others play on
    min_fan: int | None = None      # 国标: only waits that win with this many fan are shown


def paint(surface: pygame.Surface, f: Frame) -> None:
    """Draw one frame of the table."""
    L, view = f.layout, f.model.view
    surface.blit(f.table.board(f.model, f.model_key), (0, 0))
    f.table.draw_turn_glow(surface, view, f.clock)
    f.table.draw_last_marker(surface, f.model, f.clock)
    if view.phase == Phase.TURN and view.current in f.thinking:
        f.table.draw_thinking(surface, view, view.current, f.clock)
    if f.countdown is not None:
        f.table.draw_own_clock(surface, view, view.seat, *f.countdown)
    hint = f.hint.tile if f.hint is not None and f.hint.kind == A.DISCARD else None
    f.hand.draw(surface, f.table.hand_art, L.raise_px, f.effects.drop_offset(L.hand_h), hint,
                f.ready_on, f.acting and view.phase == Phase.TURN, dict(f.hints.tints))
    f.effects.draw(surface)
    _panels(surface, f)
    f.bubbles.draw(surface, f.mouse, f.hint, f.ready_on, f.countdown)
    draw_phrases(surface, f.phrases)
    if f.won_note is not None:
        rect, img = won_banner(L, f.won_note)
        surface.blit(rounded_panel(rect.size, (5, 26, 19, 225), (*GOLD, 200), rect.h // 2, 2),
                     rect)
        surface.blit(img, img.get_rect(center=rect.center))
    f.toolbar.draw(surface, f.mouse)
    if f.overlay is not None:
        f.overlay.draw(surface, f.mouse)


def _panels(surface: pygame.Surface, f: Frame) -> None:
    L = f.layout
    rect = caption_rect(L, f.toolbar)
    info_line(surface, rect, f.info, caption_size(L, rect, f.info))
    surface.blit(log_panel(L.log.size, f.log_title, f.log_lines, L.small_font), L.log)
    draw_hints(surface, L, f.hints, L.waits.bottom if f.hints.panel else _waits(surface, f))
    if f.paused_text is not None:         # in the centre box: never over a seat's tiles
        width = L.box.w - round(24 * L.scale)
        blit_text(surface, fit(f.paused_text, L.small_font, width, True), L.small_font,
                  f.table.note_anchor(), PAUSED_COLOR, True, "midbottom", True)
    for title, placed in reasoning_places(f):
        if placed is not None:
            rect, rows, width, font = placed
            surface.blit(reasoning_panel(title, rows, font, width), rect)


def won_banner(L: TableLayout, text: str) -> tuple[pygame.Rect, pygame.Surface]:
    """The viewer's hand has won: a banner in the strip above it (no bubble is offered
    now) saying the others play on — where it goes, and its words."""
    strip, pad = L.bubbles, round(12 * L.ui)
    size = max(L.small_font, shrunk_to(text, L.font, strip.w - 2 * pad))
    img = text_surface(fit(text, size, strip.w - 2 * pad, True), size, IVORY, True)
    rect = img.get_rect().inflate(2 * pad, pad)
    rect.midbottom = (L.hand_frames[0].rect(0, 0, 14 * L.hand_w, L.hand_h).centerx,
                      strip.bottom - round(4 * L.scale))
    return rect.clamp(strip), img


def reasoning_places(f: Frame) -> list[tuple[str, Placed | None]]:
    """Each reasoning panel's title, and where it goes with the candidates it has room
    for (None: no room on the felt)."""
    wanted = [(f.table.side(f.model.view, seat), title, rows) for seat, title, rows in f.reasoning]
    L = f.layout     # the table's small text, else smaller, down to its size at 100 %
    least = max(10, round(14 * L.scale))
    places = place_panels(L, wanted, tuple(sorted({L.small_font, (L.small_font + least) // 2,
                                                   least}, reverse=True)), round(360 * L.ui))
    return [(title, placed) for (_, title, _), placed in zip(wanted, places)]


def caption_size(L: TableLayout, rect: pygame.Rect, parts: tuple[str, ...]) -> int:
    """The caption's text size: the table's small text, smaller (down to its size at 100 %)
    while the caption would not fit `rect`."""
    return caption_font(parts, rect.w, L.small_font, max(10, round(14 * L.scale)))


def caption_rect(L: TableLayout, toolbar: ButtonRow) -> pygame.Rect:
    """The top-left caption's room: from the corner to the toolbar's first button."""
    right = min((b.rect.x for b in toolbar.buttons), default=L.toolbar.x) - L.gap
    return pygame.Rect(L.info.x, L.info.y, max(L.info.w, right - L.info.x), L.info.h)


def _waits(surface: pygame.Surface, f: Frame) -> int:
    """The tiles the hand waits on — with a tile in focus: after discarding it; the top
    of the panel drawn (the bottom of the waits area when there is none)."""
    if f.waits_titles is None:
        return f.layout.waits.bottom
    tiles, focus = f.hand.tiles, f.hand.focus
    discard = tiles[focus] if focus is not None and len(tiles) % 3 == 2 \
        and focus < len(tiles) else None
    kinds = waits_after(tuple(tiles), discard, f.rules)
    if not kinds:
        return f.layout.waits.bottom
    title = f.waits_titles[1 if discard is not None else 0]
    if f.min_fan is not None:
        kinds = winning_waits(f.model.view, discard, kinds, f.min_fan)
        title = title if kinds else f.waits_titles[2]
    img = waits_panel(f.layout.waits.h, title, tuple((k, f.unseen[k]) for k in kinds),
                      f.layout.small_font)
    surface.blit(img, f.layout.waits.topleft)
    return f.layout.waits.top
