"""The viewer's own concealed hand: sorted, the drawn tile apart, hover/keyboard focus,
and which tiles may be discarded now."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import pygame

from game.engine.hands import HandRules, waits
from game.engine.tiles import to_counts
from game.engine.view import PlayerView
from game.render.board_model import LAID_DIM, laid_row
from game.render.paint import GOLD, Color
from game.render.tile_art import TileArt

READY_ORANGE = (242, 146, 52)
DIM = (10, 20, 16, 120)


def laid_hand(view: PlayerView) -> list[int] | None:
    """血战到底: the viewer's hand laid down once it has won, its winning tile last (None
    while it plays, or where the view does not tell the tiles)."""
    laid = laid_row(view, view.seat)
    return None if laid is None or None in laid else [k for k in laid if k is not None]


def hand_order(view: PlayerView) -> tuple[list[int], bool]:
    """The concealed tiles left to right, and whether the last one is the fresh draw
    (血战到底: or the winning tile of a hand laid down)."""
    laid = laid_hand(view)
    if laid is not None:
        return laid, True
    tiles = list(view.hand)
    if view.drawn is None or view.drawn not in tiles:
        return tiles, False
    tiles.remove(view.drawn)
    return [*tiles, view.drawn], True


@lru_cache(maxsize=256)
def waits_after(tiles: tuple[int, ...], discard: int | None,
                rules: HandRules) -> tuple[int, ...]:
    """The winning tiles of a hand — of a full hand after discarding `discard` — or ()."""
    counts = to_counts(tiles)
    if discard is not None:
        counts[discard] -= 1
    return tuple(waits(counts, rules)) if sum(counts) % 3 == 1 else ()


class PlayerHand:
    """Layout and state of the bottom row; the scene feeds it positions and input."""

    def __init__(self) -> None:
        self.tiles: list[int] = []
        self.drawn_apart = False
        self.rects: list[pygame.Rect] = []
        self.enabled: set[int] = set()     # kinds that may be discarded now
        self.focus: int | None = None
        self.raised: set[int] = set()      # indexes picked for 换三张, drawn raised
        self.laid = False                  # 血战到底: the hand has won, laid down

    def set(self, tiles: list[int], drawn_apart: bool, rects: list[pygame.Rect],
            enabled: set[int], laid: bool = False) -> None:
        if tiles != self.tiles:
            self.focus = None
        self.tiles, self.drawn_apart, self.rects, self.enabled = tiles, drawn_apart, rects, enabled
        self.laid = laid

    def hit(self, pos: tuple[int, int], lift: int) -> int | None:
        """The tile under `pos` (a raised tile counts where it is drawn)."""
        for i in range(len(self.rects) - 1, -1, -1):
            r = self.rects[i]
            if i == self.focus or i in self.raised:
                r = r.union(r.move(0, -lift))
            if r.collidepoint(pos):
                return i
        return None

    def move_focus(self, step: int) -> None:
        if not self.tiles:
            return
        start = self.focus if self.focus is not None else (len(self.tiles) if step < 0 else -1)
        self.focus = (start + step) % len(self.tiles)

    def draw(self, surf: pygame.Surface, art: TileArt, lift: int, drop: int,
             hint: int | None, ready_on: bool, acting: bool,
             tints: Mapping[int, Color] | None = None) -> None:
        """The tiles; the focused one raised, blocked ones dimmed while acting, the hint
        (a kind) outlined in gold, 报听-making discards outlined in orange, kinds in
        `tints` underlined with their colour (their faces are left as they are)."""
        off = max(1, art.height // 20)
        bar = max(4, art.height // 10)
        hinted = False
        for i, (kind, rect) in enumerate(zip(self.tiles, self.rects)):
            free = kind in self.enabled
            y = -lift if i == self.focus and (free or not acting) and not self.laid \
                or i in self.raised else 0
            if self.drawn_apart and i == len(self.tiles) - 1:
                y -= drop
            r = rect.move(0, y)
            surf.blit(art.shadow(), rect.move(off, off))
            surf.blit(art.face(kind), r)
            if tints and kind in tints:      # a bar along its foot: the face stays clear
                pygame.draw.rect(surf, tints[kind],
                                 (r.x + off, r.bottom - bar - off, r.w - 3 * off, bar),
                                 border_radius=max(1, bar // 3))
            if self.laid:       # it plays no more; its winning tile (last) marked
                surf.blit(art.outline(GOLD) if i == len(self.tiles) - 1 else art.tint(LAID_DIM), r)
            elif acting and not free:
                surf.blit(art.tint(DIM), r)
            elif acting and ready_on:
                surf.blit(art.outline(READY_ORANGE), r)
            if hint is not None and kind == hint and acting and not hinted:
                surf.blit(art.outline(GOLD), r)
                hinted = True
