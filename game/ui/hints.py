"""The player's hints at the table, each its own setting: the shanten and effective tiles
of the discard in focus (a panel above the hand), the danger of each discard (the hand's
tiles tinted, a legend line), the one-time legend of the suggested move's gold border, and
a line saying why the suggestion is what it is where the danger colours or the useful
tiles make another discard look better. The facts come from game.ui.hint_data; this module
words and draws them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.engine.actions import Action
from game.engine.hands import HandRules
from game.engine.view import PlayerView
from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, MUTED, Color
from game.render.text import rounded_panel, text_surface, ui_font, wrap
from game.render.text_block import BOLD, NORMAL, Style, paragraph
from game.render.tile_art import tile_art
from game.shell.settings import Settings
from game.ui.action_log import tile_words
from game.ui.gb_waits import winning_waits
from game.ui.hint_data import (
    HIGH,
    LOW,
    MEDIUM,
    SAFE,
    Efficiency,
    Reason,
    danger_reason,
    draws_reason,
    hints_for,
)
from game.ui.panels import PANEL_BORDER, PANEL_FILL
from game.ui.table_model import Translate

DANGER_COLORS: dict[int, Color] = {SAFE: (70, 200, 105), LOW: (205, 210, 70),
                                   MEDIUM: (245, 150, 45), HIGH: (230, 55, 50)}
DANGER_KEYS = {SAFE: "table.hint.safe", LOW: "table.hint.low", MEDIUM: "table.hint.medium",
               HIGH: "table.hint.high"}
WHY_KEYS = {
    "risk": "table.hint.why.risk", "risk_far": "table.hint.why.risk_far",
    "ready": "table.hint.why.ready", "closer": "table.hint.why.closer",
    "safer": "table.hint.why.safer", "value": "table.hint.why.value"}   # per Reason.key
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
    why: tuple[str, ...] = ()      # why the suggested move is what it is (wrapped lines)

    @property
    def panel(self) -> bool:
        return bool(self.title)


@dataclass(frozen=True)
class Suggestion:
    """The suggested move of the moment (the gold border) among the seat's legal moves,
    and the language its reasons are worded in."""

    action: Action
    legal: tuple[Action, ...]
    language: str


def reason_words(reason: Reason, t: Translate, language: str) -> str:
    """A Reason as one line of the table.hint.why.* texts, with Hard's numbers."""
    tile, other = tile_words(reason.tile, language), tile_words(reason.other, language)
    move = t("table.hint.move_ready" if reason.ready else "table.hint.move", tile=tile)
    (risk, other_risk), (ev, other_ev) = reason.risks, reason.points
    return t(WHY_KEYS[reason.key], move=move, tile=tile, other=other,
             risk=round(100 * risk), other_risk=round(100 * other_risk),
             ev=_points(ev, other_ev), other_ev=_points(other_ev, ev),
             steps=reason.steps, total=reason.other_total)


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


def _points(value: float, beside: float) -> str:
    """Expected points with a sign, to one decimal (two where one would show a tie)."""
    places = 1 if f"{value:+.1f}" != f"{beside:+.1f}" else 2
    return f"{value:+.{places}f}"


def hint_frame(view: PlayerView, rules: HandRules, settings: Settings, turn: bool,
               focus: int | None, legend: bool, t: Translate,
               suggestion: Suggestion | None = None, min_fan: int | None = None) -> HintFrame:
    """The hints of the moment: `turn`: the player is to discard; `focus`: the kind under
    the mouse or keyboard focus; `legend`: the gold border's legend is on; `suggestion`:
    the gold border's move (its reasons are said where the other hints disagree);
    `min_fan` (国标): a ready hand's waits are those that win with that many fan."""
    hints = hints_for(view, rules, settings.hint_efficiency and turn,
                      settings.hint_danger and turn)
    title = ""
    tiles: tuple[tuple[int, int], ...] = ()
    effect = hints.efficiency.get(focus) if focus is not None else None
    if effect is not None and focus is not None and effect.shanten == 0 \
            and min_fan is not None:
        kept = winning_waits(view, focus, tuple(k for k, _ in effect.tiles), min_fan)
        title = "" if kept or not effect.tiles else t("table.waits_short", fan=min_fan)
        effect = Efficiency(0, tuple((k, n) for k, n in effect.tiles if k in kept))
    if effect is not None and not title:
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
    return HintFrame(title, tip, tiles, tints, tuple(lines),
                     _why(view, rules, hints.danger, effect is not None and turn, focus,
                          suggestion, t) if turn else ())


def _why(view: PlayerView, rules: HandRules, danger: dict[int, int], hover: bool,
         focus: int | None, suggestion: Suggestion | None, t: Translate) -> tuple[str, ...]:
    """The reasons of the suggested discard: its danger (with the danger colours on), and
    its fewer useful tiles (its own useful tiles shown, under the mouse)."""
    if suggestion is None:
        return ()
    move, legal = suggestion.action, suggestion.legal
    reasons: list[Reason | None] = []
    if danger:
        reasons.append(danger_reason(view, rules, legal, move))
    if hover and focus == move.tile:
        reasons.append(draws_reason(view, rules, legal, move))
    return tuple(reason_words(r, t, suggestion.language) for r in reasons if r is not None)


def panel_width(layout: TableLayout) -> int:
    """The panel's widest: from the waits area's left to the viewer's pool (at least the
    waits area's own width)."""
    room = layout.pool_slot(0, 0).left - layout.gap - layout.waits.left
    return max(layout.waits.w, room)


def _segments(segments: tuple[Segment, ...], font: int, width: int) -> pygame.Surface:
    """One line of the legend: colour swatches each before its word, going on to another
    row where `width` is too narrow (a word wider than a row wrapped within it)."""
    pad = max(6, font // 2)
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for color, text in segments:
        item = _segment(color, text, font, pad, width)
        if rows[-1] and used + pad + item.get_width() > width:
            rows.append([])
            used = 0
        used += (pad if rows[-1] else 0) + item.get_width()
        rows[-1].append(item)
    heights = [max(item.get_height() for item in row) for row in rows]
    widths = [sum(item.get_width() + pad for item in row) - pad for row in rows]
    surf = pygame.Surface((max(1, *widths), sum(heights)), pygame.SRCALPHA)
    y = 0
    for row, h in zip(rows, heights):
        x = 0
        for item in row:
            surf.blit(item, (x, y + (h - item.get_height()) // 2))
            x += item.get_width() + pad
        y += h
    return surf


def _segment(color: Color | None, text: str, font: int, pad: int, width: int) -> pygame.Surface:
    """A colour swatch (if any) and its word, in as many lines as `width` needs."""
    swatch = max(8, round(font * 0.8))
    lead = swatch + pad // 3 if color is not None else 0
    lines = [text_surface(line, font, IVORY if color else MUTED, color is None)
             for line in wrap(text, ui_font(font, color is None), max(1, width - lead))]
    surf = pygame.Surface((lead + max(line.get_width() for line in lines),
                           sum(line.get_height() for line in lines)), pygame.SRCALPHA)
    if color is not None:
        pygame.draw.rect(surf, color, (0, (lines[0].get_height() - swatch) // 2, swatch, swatch),
                         border_radius=max(2, swatch // 4))
    y = 0
    for line in lines:
        surf.blit(line, (lead, y))
        y += line.get_height()
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
    if hints.panel:     # the title with the danger beside it, or both wrapped on rows
        tip = _segments((hints.tip,), font, inner) if hints.tip is not None else None
        title = text_surface(hints.title, font, GOLD, True)
        if title.get_width() + (pad + tip.get_width() if tip is not None else 0) <= inner:
            if tip is not None:
                line = pygame.Surface((title.get_width() + pad + tip.get_width(),
                                       max(title.get_height(), tip.get_height())),
                                      pygame.SRCALPHA)
                line.blit(title, (0, 0))
                line.blit(tip, (title.get_width() + pad, 0))
                title = line
            parts.append(title)
        else:
            parts.append(paragraph(((hints.title, BOLD),), inner, Style(font, GOLD)))
            parts += [tip] if tip is not None else []
        if hints.tiles:
            parts.append(_tiles(hints.tiles, tile_h, font, inner))
    parts += [_segments(line, font, inner) for line in hints.lines]
    parts += [paragraph(((why, NORMAL),), inner, Style(font, GOLD)) for why in hints.why]
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
    `bottom`, its tiles (then its text, down to its size at 100 %) made smaller while it
    would reach up into a name plate above it, narrower while it would reach into another
    seat's pool (large text); None when there is nothing to show."""
    if not hints.panel and not hints.lines and not hints.why:
        return None
    width, x = panel_width(layout), layout.waits.left
    above = [r.bottom for r in layout.plates.values()
             if r.left < x + width and r.right > x and r.bottom < bottom]
    ceiling = max(above, default=0) + layout.gap
    tile_h = max(14, round(76 * 0.34 * layout.ui))   # a third of the hand's at 100 %
    font, least = layout.small_font, max(10, round(14 * layout.scale))   # text, tiles at
    tiles_least = max(12, round(76 * 0.34 * layout.scale))               # 100 %
    while True:
        img = hint_panel(width, tile_h, hints, font)
        rect = img.get_rect(bottomleft=(x, bottom))
        room = min([width, *(p.left - layout.gap - x for p in _pools(layout)
                             if p.colliderect(rect) and p.left > x)])
        if round(160 * layout.scale) <= room < width:    # clear of a pool beside it
            width = room
        elif rect.top >= ceiling or (tile_h <= 12 and font <= least):
            return img, rect
        elif tile_h > tiles_least or font <= least:   # tiles, then text, to their 100 %
            tile_h = max(12 if font <= least else tiles_least, round(tile_h * 0.85))
        else:
            font = max(least, round(font * 0.9))


def _pools(layout: TableLayout) -> list[pygame.Rect]:
    """The other seats' pools."""
    return [layout.pool_area(k) for k in layout.sides if k]


def draw_hints(surface: pygame.Surface, layout: TableLayout, hints: HintFrame,
               bottom: int) -> None:
    """The hints' panel, its bottom at `bottom`."""
    placed = placed_panel(layout, hints, bottom)
    if placed is not None:
        surface.blit(*placed)
