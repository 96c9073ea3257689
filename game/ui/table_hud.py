"""The table's text panels — caption, action log, waits, pause notice, AI reasoning —
as plain data prepared once per frame's update, drawn without side effects, and listed
as boxes for the layout self-check."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.render.layout import TableLayout, side_of
from game.render.paint import MUTED
from game.render.text import blit_text, fit, text_surface
from game.shell.app import LayoutBox
from game.shell.controller import Controller, MatchSession
from game.shell.settings import Settings
from game.ui.action_log import ActionLog, action_words, tile_words
from game.ui.bubbles import BubbleBar
from game.ui.buttons import ButtonRow
from game.ui.debug_panel import reasoning_panel, reasoning_rect
from game.ui.hand import PlayerHand, waits_after
from game.ui.panels import (
    info_line,
    info_text,
    log_lines_shown,
    log_panel,
    log_text_size,
    waits_panel,
)
from game.ui.table_snapshot import TableSnapshot

PAUSED_COLOR = (255, 200, 120)


@dataclass(frozen=True)
class HudState:
    """What the panels say."""

    info: tuple[str, ...]
    log_title: str
    log: tuple[str, ...]
    waits_title: str = ""
    waits: tuple[tuple[int, int], ...] = ()          # (kind, copies unseen)
    paused: str = ""
    reasoning: tuple[tuple[int, str, tuple[tuple[str, float], ...]], ...] = ()  # side, ...


def hud_state(session: MatchSession, controller: Controller, snap: TableSnapshot,
              hand: PlayerHand, log: ActionLog, lines: tuple[str, ...], show_reasoning: bool,
              settings: Settings, t: Callable[..., str]) -> HudState:
    """The panels' content now: caption, log lines, waits of the hand (after the focused
    discard), the debug pause notice and the AI seats' reasoning in words."""
    match, language = session.match, settings.language
    info = [match.ruleset.name if language == "zh" else match.ruleset.name_en]
    if snap.view.wildcard is not None:
        info.append(t("table.wildcard", tile=tile_words(snap.view.wildcard, language)))
    if session.debug:
        info.append(t("table.seed", seed=match.seed))
    focus, tiles = hand.focus, tuple(hand.tiles)
    discard = tiles[focus] if focus is not None and len(tiles) % 3 == 2 \
        and focus < len(tiles) else None
    kinds = waits_after(tiles, discard, match.ruleset.hand_rules) if settings.show_waits \
        else ()
    reasoning = tuple(
        (side_of_seat(snap, seat), t("table.reasoning", name=session.seats[seat].name),
         tuple((action_words(text, t, language), score) for text, score in entries))
        for seat, entries in sorted(controller.reasoning.items())
        if show_reasoning and entries and controller.is_ai(seat))
    title = t("table.log.title")
    if log.back or len(log.lines) > len(lines):
        title += "  ·  " + t("table.log.scroll")
    return HudState(tuple(info), title, lines,
                    t("table.waits_if" if discard is not None else "table.waits"),
                    tuple((k, snap.unseen[k]) for k in kinds),
                    t("table.paused") if controller.paused else "", reasoning)


def side_of_seat(snap: TableSnapshot, seat: int) -> int:
    return side_of(seat, snap.view.seat, snap.view.players)


def log_shown(layout: TableLayout) -> int:
    """How many log lines the log panel holds."""
    return log_lines_shown(layout.log.h, layout.small_font)


def reasoning_width(layout: TableLayout) -> int:
    return round(220 * layout.scale)


def paused_width(layout: TableLayout) -> int:
    return layout.box.w - round(24 * layout.scale)


def paused_pos(layout: TableLayout) -> tuple[int, int]:
    """The pause notice: inside the centre box under the hand count, above the bottom
    wind (never over a hand)."""
    box = layout.box
    return box.centerx, box.centery + round(50 * layout.scale)


def draw_hud(surface: pygame.Surface, L: TableLayout, hud: HudState) -> None:
    """Every panel of `hud`."""
    info_line(surface, L.info, hud.info, L.small_font)
    surface.blit(log_panel(L.log.size, hud.log_title, hud.log, L.small_font), L.log)
    if hud.waits:
        surface.blit(waits_panel(L.waits.h, hud.waits_title, hud.waits, L.small_font),
                     L.waits.topleft)
    if hud.paused:
        blit_text(surface, fit(hud.paused, L.small_font, paused_width(L), True), L.small_font,
                  paused_pos(L), PAUSED_COLOR, True, "midbottom", True)
    for side, title, entries in hud.reasoning:
        img = reasoning_panel(title, entries, L.small_font, reasoning_width(L))
        surface.blit(img, reasoning_rect(L, side, img.get_size()))


def table_boxes(L: TableLayout, bubbles: BubbleBar, rows: list[ButtonRow], hand: PlayerHand,
                hud: HudState) -> list[LayoutBox]:
    """Bubbles, buttons, name plates, the hand's tiles and the panels as layout boxes."""
    out = [LayoutBox(f"bubble{i}", r, True, bubbles.face_size(i))
           for i, r in enumerate(bubbles.rects)]
    out += [LayoutBox(f"button:{b.key}", b.rect, True, row.label_size(b))
            for row in rows for b in row.buttons]
    out += [LayoutBox(f"plate{side}", rect) for side, rect in L.plates.items()]
    out += [LayoutBox(f"tile{i}", r.union(r.move(0, -L.raise_px)), True)
            for i, r in enumerate(hand.rects)]
    return out + hud_boxes(L, hud)


def hud_boxes(L: TableLayout, hud: HudState) -> list[LayoutBox]:
    """The panels as layout boxes (text sizes measured the way they are drawn)."""
    font = L.small_font
    caption = text_surface(fit(info_text(hud.info), font, L.info.w), font, MUTED).get_size()
    out = [LayoutBox("info", L.info, False, caption),
           LayoutBox("log", L.log, True, log_text_size(L.log.size, hud.log, font))]
    if hud.waits:
        img = waits_panel(L.waits.h, hud.waits_title, hud.waits, font)
        out.append(LayoutBox("waits", pygame.Rect(L.waits.topleft, img.get_size())))
    if hud.paused:
        img = text_surface(fit(hud.paused, font, paused_width(L), True), font, PAUSED_COLOR,
                           True)
        rect = pygame.Rect(0, 0, paused_width(L), img.get_height())
        rect.midbottom = paused_pos(L)
        out.append(LayoutBox("paused", rect, False, img.get_size()))
    for side, title, entries in hud.reasoning:
        img = reasoning_panel(title, entries, font, reasoning_width(L))
        out.append(LayoutBox(f"reasoning{side}", reasoning_rect(L, side, img.get_size())))
    return out

