"""Drawing the table from a PlayerView (plus public seat facts) — never from the state.

The board — felt, centre box, pools, melds, other seats' hands, name plates — is
rendered into one cached surface whenever the table changes; each frame blits it
and draws only what moves: the viewer's hand, the turn glow and the effects.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache

import pygame

from game.engine.view import Phase, PlayerView
from game.render.board_model import LAID_DIM, SeatInfo, TableModel, laid_row
from game.render.clock_ring import TOP, URGENT_RED, draw_arc, ring_color, share_left, urgent
from game.render.flower_row import draw_flowers, flower_slot, row_rect, shown_info
from game.render.layout import AXES, TableLayout, side_of
from game.render.meld_layout import Box, draw_meld, draw_tile, meld_boxes
from game.render.name_plate import READY_ORANGE, WINDS, draw_plate, plate_boxes, plate_disc
from game.render.paint import GOLD, IVORY, MUTED, felt
from game.render.text import blit_text, fit, rounded_panel, text_surface
from game.render.tile_art import TileArt, tile_art
from game.shell.layout_box import LayoutBox

BOX_FILL = (6, 30, 22, 215)


def shrunk_to(value: str, size: int, width: int) -> int:
    """The bold text size, at most `size`, at which `value` fits `width` pixels."""
    need = text_surface(value, size, IVORY, True).get_width()
    return size if need <= width else max(8, size * width // max(1, need))


@lru_cache(maxsize=128)
def rotated_text(value: str, size: int, color: tuple[int, int, int], degrees: int,
                 bold: bool = True) -> pygame.Surface:
    return pygame.transform.rotate(text_surface(value, size, color, bold, True), degrees)


class TableView:
    """Table drawing for one layout (a new one is made on resize)."""

    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.hand_art = tile_art(layout.hand_h)
        self.meld_art = tile_art(layout.meld_h)
        self.opp_art = tile_art(layout.opp_h)
        self.pool_art = tile_art(layout.pool_h)
        self._board: pygame.Surface | None = None
        self._board_key: Hashable = None
        self._glow: dict[int, pygame.Surface] = {}
        self._flower_slots = {side: flower_slot(layout, side) for side in layout.sides}

    # ------------------------------------------------------------ geometry
    def side(self, view: PlayerView, seat: int) -> int:
        return side_of(seat, view.seat, view.players)

    def art_for(self, side: int) -> TileArt:
        return self.meld_art if side == 0 else self.opp_art

    def meld_end(self, side: int) -> float:
        """The u where a side's melds end (the far end of its row)."""
        L = self.layout
        if side == 0:
            return L.melds_right - L.hand_frames[0].origin[0]
        return L.row_len

    def meld_boxes(self, view: PlayerView, seat: int) -> list[list[Box]]:
        """For each meld of `seat`: its pieces with local boxes (u, v, w, h)."""
        side = self.side(view, seat)
        u_end = self.meld_end(side)
        out = []
        for meld in view.melds[seat]:
            boxes, length = meld_boxes(meld, seat, view.players, self.art_for(side).size)
            u_end -= length
            out.append([(p, u_end + u, v, w, h) for p, u, v, w, h in boxes])
            u_end -= self.layout.gap
        return out

    def claimed_rect(self, view: PlayerView, seat: int) -> pygame.Rect | None:
        """Screen rectangle of the claimed tile in `seat`'s newest meld."""
        melds = self.meld_boxes(view, seat)
        if not melds:
            return None
        frame = self.layout.hand_frames[self.side(view, seat)]
        for p, u, v, w, h in melds[-1]:
            if p.claimed:
                return frame.rect(u, v, w, h)
        return None

    def concealed_box(self, view: PlayerView, seat: int, index: int, count: int
                      ) -> tuple[float, float, float, float]:
        """Local box of a tile in another seat's concealed row (a fresh draw, or a
        winner's winning tile, set apart)."""
        tw, th = self.opp_art.size
        last = self._has_drawn(view, seat, count) or bool(view.won) and view.won[seat] >= 0
        apart = 2 * self.layout.gap if last and index == count - 1 else 0
        return index * tw + apart, 0.0, tw, th

    def concealed_rect(self, view: PlayerView, seat: int, index: int, count: int) -> pygame.Rect:
        """Screen rectangle of a tile in another seat's concealed row."""
        frame = self.layout.hand_frames[self.side(view, seat)]
        return frame.rect(*self.concealed_box(view, seat, index, count))

    def hand_rects(self, count: int, drawn_apart: bool) -> list[pygame.Rect]:
        """The viewer's concealed tiles, left to right; the drawn one set apart."""
        L = self.layout
        frame, tw, th = L.hand_frames[0], L.hand_w, L.hand_h
        return [frame.rect(i * tw + (L.drawn_gap if drawn_apart and i == count - 1 else 0), 0,
                           tw, th) for i in range(count)]

    def pool_rect(self, view: PlayerView, seat: int, index: int) -> pygame.Rect:
        return self.layout.pool_slot(self.side(view, seat), index)

    def board_regions(self, model: TableModel) -> dict[str, pygame.Rect]:
        """Where the board shows what, seat by seat — pool, melds, concealed tiles (the
        viewer's with the room a raised tile takes), name plate — and the centre box: for
        the layout self-check, which wants none over another."""
        L, view = self.layout, model.view
        out = {"box": L.box}
        for seat in range(view.players):
            side = self.side(view, seat)
            frame = L.hand_frames[side]
            laid = laid_row(view, seat)
            count = view.hand_sizes[seat] if laid is None else len(laid)
            pool = sum(1 for d in view.discards[seat] if d.claimed_by is None)
            parts = {
                "pool": [L.pool_slot(side, i) for i in range(pool)],
                "melds": [frame.rect(u, v, w, h) for boxes in self.meld_boxes(view, seat)
                          for _, u, v, w, h in boxes],
                "hand": self.hand_rects(count, laid is not None
                                        or self._has_drawn(view, seat, count))
                if seat == view.seat else
                [self.concealed_rect(view, seat, i, count) for i in range(count)]}
            for name, rects in parts.items():
                if rects:
                    out[f"{name} {seat}"] = rects[0].unionall(rects[1:])
            out[f"plate {seat}"] = L.plates[side]
            slot, count = self._flower_slots[side], self._flowers(view, seat)
            if slot is not None and count:
                out[f"flowers {seat}"] = row_rect(slot, count, side)
        own = out.get(f"hand {view.seat}")
        if own is not None:
            out[f"hand {view.seat}"] = own.inflate(0, L.raise_px).move(0, -L.raise_px // 2)
        return out

    def plate_parts(self, model: TableModel) -> list[LayoutBox]:
        """Each plate's name, badges, score and gain, for the layout self-check."""
        view = model.view
        return [box for seat in range(view.players)
                for box in plate_boxes(self.layout, self.layout.plates[self.side(view, seat)],
                                       self.seat_info(model, seat), model.labels,
                                       f"plate {seat}")]

    def seat_info(self, model: TableModel, seat: int) -> SeatInfo:
        """A seat's plate as drawn (国标: its flowers' badge only where no row shows them)."""
        return shown_info(model.seats[seat],
                          self._flower_slots[self.side(model.view, seat)])

    @staticmethod
    def _flowers(view: PlayerView, seat: int) -> int:
        return view.flowers[seat] if view.flowers else 0

    @staticmethod
    def _has_drawn(view: PlayerView, seat: int, count: int) -> bool:
        return seat == view.current and view.phase == Phase.TURN and count % 3 == 2

    # --------------------------------------------------------------- board
    def board(self, model: TableModel, key: Hashable) -> pygame.Surface:
        """The static layer for `model`, re-rendered only when `key` changes."""
        if self._board is None or key != self._board_key:
            self._board = self._render_board(model)
            self._board_key = key
        return self._board

    def _render_board(self, model: TableModel) -> pygame.Surface:
        surf = felt(self.layout.size).copy()
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        view = model.view
        self._draw_box(surf, model)
        for seat in range(view.players):
            self._draw_pool(surf, model, seat)
            self._draw_melds(surf, model, seat)
            if seat != view.seat:
                self._draw_concealed(surf, model, seat)
            side = self.side(view, seat)
            draw_plate(surf, self.layout, self.layout.plates[side], self.seat_info(model, seat),
                       model.labels, seat == view.current and view.phase == Phase.TURN)
            slot, count = self._flower_slots[side], self._flowers(view, seat)
            if slot is not None and count:
                draw_flowers(surf, row_rect(slot, count, side),
                             model.flowers[seat] if model.flowers else (), count)
        return surf

    def _draw_box(self, surf: pygame.Surface, model: TableModel) -> None:
        L, view = self.layout, model.view
        box = L.box
        radius = round(18 * L.scale)
        surf.blit(rounded_panel(box.size, BOX_FILL, (*GOLD, 150), radius, 2), box)
        inner = box.inflate(-round(10 * L.scale), -round(10 * L.scale))
        surf.blit(rounded_panel(inner.size, (0, 0, 0, 0), (*GOLD, 60), radius - 4), inner)
        cx, cy = box.center
        wall, hand = model.center
        size, dist = self._winds()
        free = round(2 * (dist - size * 0.6))   # the width between the side winds
        blit_text(surf, wall, shrunk_to(wall, size, free), (cx, cy - round(4 * L.scale)),
                  IVORY, True, "midbottom", True)
        small = shrunk_to(hand, L.small_font, free)   # large UI text: smaller in the box
        blit_text(surf, fit(hand, small, free), small,
                  (cx, cy + round(4 * L.scale)), MUTED, False, "midtop")
        for seat, info in enumerate(model.seats):
            side = self.side(view, seat)
            _, v, rot = AXES[side]
            pos = (cx - v[0] * dist, cy - v[1] * dist)
            color = GOLD if info.dealer else IVORY
            img = rotated_text(WINDS[info.wind], size, color, rot)
            surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
            if seat == view.current and view.phase == Phase.TURN:
                bar = self._edge_rect(side, round(6 * L.scale))
                surf.blit(rounded_panel(bar.size, (*GOLD, 235), None, bar.h // 2 or 1), bar)

    def _winds(self) -> tuple[int, float]:
        """The size of the winds on the centre box's edges and their distance from its
        centre."""
        size = round(self.layout.box.w * 0.15)
        return size, self.layout.box.w / 2 - size * 0.95

    def note_anchor(self) -> tuple[int, int]:
        """Where a line of notice in the centre box ends (its middle bottom): just above
        the viewer's wind, under the hand's caption."""
        size, dist = self._winds()
        box = self.layout.box
        return box.centerx, round(box.centery + dist - size * 0.55)

    def _edge_rect(self, side: int, thick: int) -> pygame.Rect:
        """A bar along the centre box's edge that faces `side`."""
        box = self.layout.box
        inset = round(box.w * 0.18)
        pad = round(3 * self.layout.scale)
        if side == 0:
            return pygame.Rect(box.x + inset, box.bottom - pad - thick, box.w - 2 * inset, thick)
        if side == 2:
            return pygame.Rect(box.x + inset, box.y + pad, box.w - 2 * inset, thick)
        if side == 1:
            return pygame.Rect(box.right - pad - thick, box.y + inset, thick, box.h - 2 * inset)
        return pygame.Rect(box.x + pad, box.y + inset, thick, box.h - 2 * inset)

    def _draw_pool(self, surf: pygame.Surface, model: TableModel, seat: int) -> None:
        view = model.view
        side = self.side(view, seat)
        frame = self.layout.pool_frames[side]
        art = self.pool_art
        pool = [d for d in view.discards[seat] if d.claimed_by is None]
        for i, d in enumerate(pool):
            last = i == len(pool) - 1
            if last and ("pool", seat) in model.hidden:
                continue
            rect = self.layout.pool_slot(side, i)
            off = max(1, art.height // 22)
            surf.blit(art.shadow(frame.rotation), rect.move(off, off))
            surf.blit(art.face_rotated(d.tile, frame.rotation), rect)
            if d.ready:
                surf.blit(art.tint((*READY_ORANGE, 70), frame.rotation), rect)
                surf.blit(art.outline(READY_ORANGE, frame.rotation), rect)
            if last and model.last_discard == seat:
                surf.blit(art.outline(GOLD, frame.rotation), rect)

    def _draw_melds(self, surf: pygame.Surface, model: TableModel, seat: int) -> None:
        side = self.side(model.view, seat)
        melds = self.meld_boxes(model.view, seat)
        for i, boxes in enumerate(melds):
            flying = i == len(melds) - 1 and ("meld", seat) in model.hidden
            draw_meld(surf, self.art_for(side), self.layout.hand_frames[side], boxes, flying)

    def _draw_concealed(self, surf: pygame.Surface, model: TableModel, seat: int) -> None:
        view = model.view
        frame = self.layout.hand_frames[self.side(view, seat)]
        count = view.hand_sizes[seat]
        shown, laid = model.open_hands[seat], laid_row(view, seat)
        tiles: Sequence[int | None] = laid if laid is not None else \
            shown if shown is not None else [None] * count
        for i, kind in enumerate(tiles):
            rect = draw_tile(surf, self.opp_art, frame, kind,
                             self.concealed_box(view, seat, i, len(tiles)))
            if laid is not None:     # a winner's hand, laid down: its winning tile marked
                last = i == len(tiles) - 1
                surf.blit(self.opp_art.outline(GOLD, frame.rotation) if last
                          else self.opp_art.tint(LAID_DIM, frame.rotation), rect)

    def draw_last_marker(self, surf: pygame.Surface, model: TableModel, clock: float) -> None:
        """A bobbing gold arrow pointing at the newest discard from the seat's side of its
        pool (the newest tile is always in the outermost row, so that side is free)."""
        seat = model.last_discard
        if seat is None or ("pool", seat) in model.hidden:
            return
        count = sum(1 for d in model.view.discards[seat] if d.claimed_by is None)
        if not count:
            return
        side = self.side(model.view, seat)
        rect = self.pool_rect(model.view, seat, count - 1)
        u, v, _ = AXES[side]
        size = max(5, round(8 * self.layout.scale))
        reach = (rect.h if side in (0, 2) else rect.w) / 2 + 2 + \
            (1 + math.sin(clock * 5.0)) * 2.5 * self.layout.scale
        tip = (rect.centerx - v[0] * reach, rect.centery - v[1] * reach)
        base = (tip[0] - v[0] * size, tip[1] - v[1] * size)
        wing = (u[0] * size, u[1] * size)
        points = [tip, (base[0] + wing[0], base[1] + wing[1]),
                  (base[0] - wing[0], base[1] - wing[1])]
        pygame.draw.polygon(surf, GOLD, points)
        pygame.draw.polygon(surf, (60, 36, 6), points, 1)

    # -------------------------------------------------------------- frames
    def draw_turn_glow(self, surf: pygame.Surface, view: PlayerView, clock: float) -> None:
        """A pulsing light on the centre box edge of the seat on turn."""
        if view.phase != Phase.TURN:
            return
        side = self.side(view, view.current)
        glow = self._glow.get(side)
        if glow is None:
            bar = self._edge_rect(side, round(6 * self.layout.scale))
            spread = round(12 * self.layout.scale)
            glow = pygame.Surface(bar.inflate(2 * spread, 2 * spread).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GOLD, 150), glow.get_rect().inflate(-spread, -spread),
                             border_radius=spread)
            glow = pygame.transform.gaussian_blur(glow, max(1, spread // 2))
            self._glow[side] = glow
        glow.set_alpha(round(110 + 110 * math.sin(clock * 4.0)))
        bar = self._edge_rect(side, round(6 * self.layout.scale))
        surf.blit(glow, glow.get_rect(center=bar.center))

    def draw_thinking(self, surf: pygame.Surface, view: PlayerView, seat: int,
                      clock: float) -> None:
        """A gold arc spinning round the seat's wind disc while its AI thinks."""
        self._disc_arc(surf, view, seat, -clock * 6.0, 4.0, GOLD)

    def draw_own_clock(self, surf: pygame.Surface, view: PlayerView, seat: int, left: float,
                       total: float) -> None:
        """The viewer's countdown round its wind disc: the arc of the time left, from the
        top, red in the last seconds."""
        if urgent(left):    # a thin whole ring, however little the arc
            self._disc_arc(surf, view, seat, 0.0, 2 * math.pi, URGENT_RED, 0.25)
        self._disc_arc(surf, view, seat, TOP, 2 * math.pi * share_left(left, total),
                       ring_color(left))

    def _disc_arc(self, surf: pygame.Surface, view: PlayerView, seat: int, start: float,
                  sweep: float, color: tuple[int, int, int], thickness: float = 1.0) -> None:
        """An arc just outside the seat's wind disc (clear of a dealer's gold disc);
        `thickness`: a share of the full line's."""
        center, r = plate_disc(self.layout.plates[self.side(view, seat)],
                                  self.layout.plate_scale)
        width = max(2, r // 5)
        reach = r + max(1, round(2 * self.layout.plate_scale)) + width
        ring = pygame.Rect(center[0] - reach, center[1] - reach, 2 * reach, 2 * reach)
        draw_arc(surf, ring, start, sweep, color, max(1, round(width * thickness)))
