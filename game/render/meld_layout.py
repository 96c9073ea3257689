"""How a meld is laid out and drawn — at the table and on the results page alike: its
tiles in order, the claimed one turned sideways on the side of the seat it came from
(left for 上家, middle for the opposite seat, right for 下家), an added kong's fourth
tile stacked on it, a 暗杠 face down."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.melds import KONG_ADDED, KONG_CONCEALED, Meld
from game.engine.view import MeldView
from game.render.layout import Frame, side_of
from game.render.tile_art import TileArt


@dataclass(frozen=True)
class Piece:
    """One tile of a meld: kind (None = face down), sideways turn, stacked on the previous."""

    kind: int | None
    turn: int = 0
    stacked: bool = False
    claimed: bool = False


def meld_pieces(meld: Meld | MeldView, owner: int, players: int) -> list[Piece]:
    """A meld's tiles as laid out: the claimed tile sideways, on the side of its source
    (left for 上家, middle for the opposite seat, right for 下家)."""
    if not meld.tiles:
        return [Piece(None)] * 4
    if meld.kind == KONG_CONCEALED:
        t = meld.tiles[0]
        return [Piece(None), Piece(t), Piece(t), Piece(None)]
    if meld.claimed is None or meld.from_seat is None:
        return [Piece(t) for t in meld.tiles]
    source = side_of(meld.from_seat, owner, players)
    rest = list(meld.tiles)
    rest.remove(meld.claimed)
    added = meld.kind == KONG_ADDED
    if added:
        rest.pop()
    turn = 270 if source == 1 else 90
    pieces = [Piece(t) for t in rest]
    at = {3: 0, 2: 1}.get(source, len(rest))
    pieces.insert(at, Piece(meld.claimed, turn, claimed=True))
    if added:
        pieces.insert(at + 1, Piece(meld.claimed, turn, stacked=True))
    return pieces


Box = tuple[Piece, float, float, float, float]   # a piece and its local (u, v, w, h)


def meld_boxes(meld: Meld | MeldView, owner: int, players: int, tile: tuple[int, int],
               stack: bool = True) -> tuple[list[Box], float]:
    """A meld's pieces with local boxes from u = 0 (v up from the row's base line) for
    upright tiles of size `tile`, and the meld's length along the row. Without `stack`
    (a row with no room above it) an added kong's fourth tile lies beside the claimed one."""
    tw, th = tile
    boxes: list[Box] = []
    u = 0.0
    for p in meld_pieces(meld, owner, players):
        if p.stacked and stack:
            _, pu, _, pw, ph = boxes[-1]
            boxes.append((p, pu, ph, pw, ph))
            continue
        pw, ph = (th, tw) if p.turn else (tw, th)
        boxes.append((p, u, 0.0, pw, ph))
        u += pw
    return boxes, u


def draw_tile(surface: pygame.Surface, art: TileArt, frame: Frame, kind: int | None,
              box: tuple[float, float, float, float], turn: int = 0) -> pygame.Rect:
    """One tile with its shadow in a seat's frame (kind None: its back)."""
    deg = (frame.rotation + turn) % 360
    rect = frame.rect(*box)
    off = max(1, art.height // 22)
    surface.blit(art.shadow(deg), rect.move(off, off))
    surface.blit(art.back_rotated(deg) if kind is None else art.face_rotated(kind, deg), rect)
    return rect


def draw_meld(surface: pygame.Surface, art: TileArt, frame: Frame, boxes: list[Box],
              claimed_hidden: bool = False) -> None:
    """A meld's pieces, laid out by `meld_boxes`, drawn in `frame` (the claimed tile left
    out while it is still flying to the meld)."""
    for p, u, v, w, h in boxes:
        if not (claimed_hidden and p.claimed):
            draw_tile(surface, art, frame, p.kind, (u, v, w, h), p.turn)
