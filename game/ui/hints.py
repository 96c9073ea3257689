"""The player's hints at the table, each its own setting: the shanten and effective tiles
of the discard in focus (a panel above the hand), the danger of each discard (the hand's
tiles tinted, a legend line) and the one-time legend of the suggested move's gold border.
The facts come from game.ui.hint_data; this module words and draws them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.engine.hands import HandRules
from game.engine.view import PlayerView
from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, MUTED, Color
from game.render.text import fit, rounded_panel, text_surface
from game.render.tile_art import tile_art
from game.shell.settings import Settings
from game.ui.hint_data import HIGH, LOW, MEDIUM, SAFE, hints_for
from game.ui.panels import PANEL_BORDER, PANEL_FILL
from game.ui.table_model import Translate

DANGER_COLORS: dict[int, Color] = {SAFE: (70, 200, 105), LOW: (205, 210, 70),
                                   MEDIUM: (245, 150, 45), HIGH: (230, 55, 50)}
DANGER_KEYS = {SAFE: "table.hint.safe", LOW: "table.hint.low", MEDIUM: "table.hint.medium",
               HIGH: "table.hint.high"}
Segment = tuple[Color | None, str]     # a colour swatch (or none) and the text after it


@dataclass(frozen=True)
class HintFrame:
    """What the hints show in one frame: the focused discard's panel (title, its danger and
    the tiles with their unseen copies), the danger colour per kind in hand, and legend
    lines."""

    title: str = ""
    tip: Segment | None = None     # after the title: the focused discard's danger
    tiles: tuple[tuple[int, int], ...] = ()
    tints: tuple[tuple[int, Color], ...] = ()
    lines: tuple[tuple[Segment, ...], ...] = ()

    @property
    def panel(self) -> bool:
        return bool(self.title)


class SuggestLegend:
    """The gold border's one-line legend: shown the first time the border appears with the
    setting on (then remembered in the settings file, so only once ever), and kept until
    the player's turn to act is over."""

    def __init__(self) -> None:
        self.on = False

    def update(self, hinted: bool, acting: bool, settings: Settings) -> None:
        if not acting:
            self.on = False
        elif hinted and not settings.suggest_legend_seen:
            self.on, settings.suggest_legend_seen = True, True
            settings.save()


def hint_frame(view: PlayerView, rules: HandRules, settings: Settings, turn: bool,
               focus: int | None, legend: bool, t: Translate) -> HintFrame:
    """The hints of the moment: `turn`: the player is to discard; `focus`: the kind under
    the mouse or keyboard focus; `legend`: the gold border's legend is on."""
    hints = hints_for(view, rules, settings.hint_efficiency and turn,
                      settings.hint_danger and turn)
    title = ""
    tiles: tuple[tuple[int, int], ...] = ()
    effect = hints.efficiency.get(focus) if focus is not None else None
    if effect is not None:
        key = "table.hint.ready" if effect.shanten == 0 else "table.hint.shanten"
        title, tiles = t(key, n=effect.shanten, total=effect.total), effect.tiles
    tip: Segment | None = None
    lines: list[tuple[Segment, ...]] = []
    if hints.danger and title and focus in hints.danger:
        level = hints.danger[focus]
        tip = (DANGER_COLORS[level], t("table.hint.this_tile", level=t(DANGER_KEYS[level])))
    elif hints.danger:
        lines.append(((None, t("table.hint.danger")),
                      *((DANGER_COLORS[level], t(key)) for level, key in DANGER_KEYS.items())))
    if legend:
        lines.append(((GOLD, t("table.hint.suggest_legend")),))
    tints = tuple((kind, DANGER_COLORS[level]) for kind, level in sorted(hints.danger.items()))
    return HintFrame(title, tip, tiles, tints, tuple(lines))


def panel_width(layout: TableLayout) -> int:
    """The panel's widest: from the waits area's left to the viewer's pool (at least the
    waits area's own width)."""
    room = layout.pool_slot(0, 0).left - layout.gap - layout.waits.left
    return max(layout.waits.w, room)


def _segments(segments: tuple[Segment, ...], font: int) -> pygame.Surface:
    """One line of the legend: colour swatches each before its word."""
    pad = max(6, font // 2)
    swatch = max(8, round(font * 0.8))
    parts = [(color, text_surface(text, font, IVORY if color else MUTED, color is None))
             for color, text in segments]
    w = sum(img.get_width() + pad + (swatch + pad // 3 if c else 0) for c, img in parts)
    h = max(img.get_height() for _, img in parts)
    surf = pygame.Surface((max(1, w - pad), h), pygame.SRCALPHA)
    x = 0
    for color, img in parts:
        if color is not None:
            pygame.draw.rect(surf, color, (x, (h - swatch) // 2, swatch, swatch),
                             border_radius=max(2, swatch // 4))
            x += swatch + pad // 3
        surf.blit(img, img.get_rect(midleft=(x, h // 2)))
        x += img.get_width() + pad
    return surf


def _tiles(tiles: tuple[tuple[int, int], ...], tile_h: int, font: int,
           width: int) -> pygame.Surface:
    """Each tile with its unseen copies beside it (×n), in as many rows as `width` needs."""
    art = tile_art(tile_h)
    gap = max(4, font // 2)
    counts = [text_surface(f"×{n}", font, IVORY, True) for _, n in tiles]
    cell = art.width + 2 + max(c.get_width() for c in counts) + gap
    per_row = max(1, (width + gap) // cell)
    rows = -(-len(tiles) // per_row)
    row_h = art.height + max(2, gap // 2)
    surf = pygame.Surface((min(len(tiles), per_row) * cell - gap, rows * row_h), pygame.SRCALPHA)
    for i, ((kind, _), count) in enumerate(zip(tiles, counts)):
        row, col = divmod(i, per_row)
        x, y = col * cell, row * row_h
        surf.blit(art.face(kind), (x, y))
        surf.blit(count, count.get_rect(midleft=(x + art.width + 2, y + art.height // 2)))
    return surf


@lru_cache(maxsize=32)
def hint_panel(width: int, tile_h: int, hints: HintFrame, font: int) -> pygame.Surface:
    """One panel: the focused discard's title and effective tiles, then the legend lines."""
    pad = max(6, font // 2)
    inner = width - 2 * pad
    parts = []
    if hints.panel:
        tip = _segments((hints.tip,), font) if hints.tip is not None else None
        room = inner - (tip.get_width() + pad if tip is not None else 0)
        title = text_surface(fit(hints.title, font, room, True), font, GOLD, True)
        if tip is not None:
            line = pygame.Surface((title.get_width() + pad + tip.get_width(),
                                   max(title.get_height(), tip.get_height())), pygame.SRCALPHA)
            line.blit(title, (0, 0))
            line.blit(tip, (title.get_width() + pad, 0))
            title = line
        parts.append(title)
        if hints.tiles:
            parts.append(_tiles(hints.tiles, tile_h, font, inner))
    parts += [_segments(line, font) for line in hints.lines]
    step = max(2, pad // 3)
    height = pad + sum(p.get_height() for p in parts) + step * (len(parts) - 1)
    w = min(width, 2 * pad + max(p.get_width() for p in parts))
    surf = rounded_panel((w, height), PANEL_FILL, PANEL_BORDER, pad).copy()
    y = pad // 2
    for part in parts:
        surf.blit(part, (pad, y))
        y += part.get_height() + step
    return surf


def placed_panel(layout: TableLayout, hints: HintFrame,
                 bottom: int) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The hints' panel and where it goes: bottom-left above the hand, its bottom at
    `bottom`, its tiles made smaller while it would reach up into a name plate above it;
    None when there is nothing to show."""
    if not hints.panel and not hints.lines:
        return None
    width, x = panel_width(layout), layout.waits.left
    above = [r.bottom for r in layout.plates.values()
             if r.left < x + width and r.right > x and r.bottom < bottom]
    ceiling = max(above, default=0) + layout.gap
    tile_h = max(14, round(layout.hand_h * 0.34))
    while True:
        img = hint_panel(width, tile_h, hints, layout.small_font)
        rect = img.get_rect(bottomleft=(x, bottom))
        if rect.top >= ceiling or tile_h <= 12:
            return img, rect
        tile_h = max(12, round(tile_h * 0.85))


def draw_hints(surface: pygame.Surface, layout: TableLayout, hints: HintFrame,
               bottom: int) -> None:
    """The hints' panel, its bottom at `bottom`."""
    placed = placed_panel(layout, hints, bottom)
    if placed is not None:
        surface.blit(*placed)
