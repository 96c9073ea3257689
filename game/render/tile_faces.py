"""Drawing tile faces on a supersampled canvas: the ivory body, and the characters,
dots, bamboo and honours of each suit (used by game.render.tile_art, which caches)."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.engine.tiles import HONOR_NAMES_ZH, NUMERALS_ZH
from game.shell.fonts import get_tile_font

Color = tuple[int, int, int]
Point = tuple[float, float]

IVORY_TOP: Color = (255, 253, 244)
IVORY_BOTTOM: Color = (238, 231, 210)
IVORY_RIM: Color = (214, 204, 176)
EDGE: Color = (92, 84, 66)
BACK_LIGHT: Color = (38, 150, 104)
BACK_DARK: Color = (14, 92, 62)
BACK_EDGE: Color = (8, 58, 38)
BACK_SHEEN: Color = (52, 160, 114)
BACK_RIM: Color = (22, 112, 76)

INK: Color = (28, 32, 52)
NAVY: Color = (26, 48, 118)
RED: Color = (200, 32, 36)
GREEN: Color = (18, 122, 70)
BLUE: Color = (30, 78, 170)
DARK_GREEN: Color = (8, 74, 42)
LIGHT_GREEN: Color = (92, 184, 120)
GOLD: Color = (232, 168, 36)


def _lerp(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A vertical linear gradient filling size."""
    strip = pygame.Surface((1, 2), pygame.SRCALPHA)
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, size)


def _rounded(size: tuple[int, int], radius: int, top: Color, bottom: Color) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient, transparent outside."""
    surf = _gradient(size, top, bottom)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


class Canvas:
    """A supersampled drawing area for one tile; coordinates are in output pixels."""

    def __init__(self, size: tuple[int, int], scale: int, fill: Color) -> None:
        self.scale = scale
        self.surf = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
        self.surf.fill((*fill, 0))

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def pt(self, p: Point) -> tuple[int, int]:
        return self.px(p[0]), self.px(p[1])

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.px(x), self.px(y), max(1, self.px(w)), max(1, self.px(h)))

    def circle(self, color: Color, center: Point, r: float) -> None:
        pygame.draw.circle(self.surf, color, self.pt(center), max(1, self.px(r)))

    def ellipse(self, color: Color, center: Point, w: float, h: float, angle: float = 0) -> None:
        """A filled ellipse of size w x h centred at center, rotated by angle degrees."""
        if angle == 0:
            rect = self.rect(center[0] - w / 2, center[1] - h / 2, w, h)
            pygame.draw.ellipse(self.surf, color, rect)
            return
        piece = pygame.Surface((max(1, self.px(w)), max(1, self.px(h))), pygame.SRCALPHA)
        pygame.draw.ellipse(piece, color, piece.get_rect())
        piece = pygame.transform.rotate(piece, angle)
        self.surf.blit(piece, piece.get_rect(center=self.pt(center)))

    def polygon(self, color: Color, points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surf, color, [self.pt(p) for p in points])

    def line(self, color: Color, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.surf, color, self.pt(a), self.pt(b), max(1, self.px(width)))

    def text(self, char: str, color: Color, center: Point, height: float) -> None:
        """One tile-font character whose em box is height tall, inked centred on center."""
        glyph = get_tile_font(max(4, self.px(height))).render(char, True, color)
        ink = glyph.get_bounding_rect()
        dest = ink.copy()
        dest.center = self.pt(center)
        self.surf.blit(glyph, dest, ink)

    def output(self) -> pygame.Surface:
        w, h = self.surf.get_size()
        return pygame.transform.smoothscale(self.surf, (w // self.scale, h // self.scale))


class FaceLayout:
    """Geometry of one tile size, in output pixels."""

    def __init__(self, width: int, height: int) -> None:
        self.w = width
        self.h = height
        self.depth = max(2.0, height * 0.085)            # visible back layer at the bottom
        self.radius = width * 0.15
        self.face_h = height - self.depth
        mx, my = width * 0.11, height * 0.075
        self.cx, self.cy = mx, my                        # content box
        self.cw, self.ch = width - 2 * mx, self.face_h - 2 * my

    def at(self, fx: float, fy: float) -> Point:
        """Point at fractions of the content box."""
        return self.cx + fx * self.cw, self.cy + fy * self.ch


def draw_body(c: Canvas, lay: FaceLayout, top: Color, bottom: Color, rim: Color) -> None:
    """Back layer, outline and a bevelled face of the given colours."""
    s = c.scale
    full = (c.px(lay.w), c.px(lay.h))
    radius = c.px(lay.radius)
    c.surf.blit(_rounded(full, radius, BACK_EDGE, BACK_EDGE), (0, 0))
    edge = max(1, round(0.8 * s))
    inner = (full[0] - 2 * edge, full[1] - 2 * edge)
    c.surf.blit(_rounded(inner, radius - edge, BACK_LIGHT, BACK_DARK), (edge, edge))
    face_h = c.px(lay.face_h)
    c.surf.blit(_rounded((full[0], face_h), radius, EDGE, EDGE), (0, 0))
    c.surf.blit(_rounded((inner[0], face_h - 2 * edge), radius - edge, rim, rim), (edge, edge))
    bevel = max(edge + 1, round(lay.w * 0.05 * s))
    c.surf.blit(_rounded((full[0] - 2 * bevel, face_h - 2 * bevel), max(1, radius - bevel),
                         top, bottom), (bevel, bevel))


# --- suits -------------------------------------------------------------------------------

def draw_characters(c: Canvas, lay: FaceLayout, rank: int) -> None:
    """万: the numeral in ink above a red 万."""
    size = min(lay.cw * 1.05, lay.ch * 0.5)
    c.text(NUMERALS_ZH[rank - 1], NAVY, lay.at(0.5, 0.22), size * 0.96)
    c.text("万", RED, lay.at(0.5, 0.76), size * 1.04)


def _dot(c: Canvas, center: Point, r: float, color: Color) -> None:
    """One coin-like dot: coloured rings around a small centre."""
    c.circle(color, center, r)
    if r < 2.2:
        c.circle(IVORY_TOP, center, r * 0.45)
        return
    if r < 4:
        c.circle(IVORY_TOP, center, r * 0.62)
        c.circle(color, center, r * 0.36)
        return
    c.circle(IVORY_TOP, center, r * 0.78)
    c.circle(color, center, r * 0.62)
    c.circle(IVORY_TOP, center, r * 0.34)
    c.circle(color, center, r * 0.16)


def _big_dot(c: Canvas, lay: FaceLayout) -> None:
    """1筒: a large ornate medallion."""
    center = lay.at(0.5, 0.5)
    r = min(lay.cw, lay.ch) * 0.5
    c.circle(GREEN, center, r)
    c.circle(IVORY_TOP, center, r * 0.9)
    c.circle(BLUE, center, r * 0.82)
    c.circle(IVORY_TOP, center, r * 0.72)
    for i in range(12):
        a = i * math.tau / 12
        c.circle(RED, (center[0] + math.cos(a) * r * 0.58, center[1] + math.sin(a) * r * 0.58),
                 r * 0.105)
    c.circle(GREEN, center, r * 0.4)
    c.circle(IVORY_TOP, center, r * 0.31)
    c.circle(RED, center, r * 0.22)
    c.circle(IVORY_TOP, center, r * 0.08)


def draw_dots(c: Canvas, lay: FaceLayout, rank: int) -> None:
    """筒: dots in the classic arrangement for each rank."""
    if rank == 1:
        _big_dot(c, lay)
        return
    u = min(lay.cw, lay.ch * 0.78)
    plans: dict[int, tuple[float, list[tuple[float, float, Color]]]] = {
        2: (0.34, [(0.5, 0.25, GREEN), (0.5, 0.75, BLUE)]),
        3: (0.24, [(0.2, 0.15, BLUE), (0.5, 0.5, RED), (0.8, 0.85, GREEN)]),
        4: (0.24, [(0.25, 0.25, BLUE), (0.75, 0.25, GREEN),
                   (0.25, 0.75, GREEN), (0.75, 0.75, BLUE)]),
        5: (0.21, [(0.22, 0.18, BLUE), (0.78, 0.18, GREEN), (0.5, 0.5, RED),
                   (0.22, 0.82, GREEN), (0.78, 0.82, BLUE)]),
        6: (0.2, [(0.27, 0.14, GREEN), (0.73, 0.14, GREEN), (0.27, 0.55, RED),
                  (0.73, 0.55, RED), (0.27, 0.86, RED), (0.73, 0.86, RED)]),
        7: (0.16, [(0.18, 0.1, GREEN), (0.5, 0.21, GREEN), (0.82, 0.32, GREEN),
                   (0.28, 0.62, RED), (0.72, 0.62, RED), (0.28, 0.9, RED), (0.72, 0.9, RED)]),
        8: (0.16, [(x, y, BLUE) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.28, 0.72)]),
        9: (0.16, [(x, y, col) for y, col in ((0.14, BLUE), (0.5, RED), (0.86, GREEN))
                   for x in (0.17, 0.5, 0.83)]),
    }
    scale, dots = plans[rank]
    for fx, fy, col in dots:
        _dot(c, lay.at(fx, fy), u * scale, col)


def _stick(c: Canvas, center: Point, length: float, width: float, color: Color,
           angle: float = 0) -> None:
    """One bamboo stick: a body with flared nodes at both ends and in the middle."""
    dark = _lerp(color, (0, 0, 0), 0.45)
    light = _lerp(color, (255, 255, 255), 0.45)
    piece = Canvas((math.ceil(width) + 2, math.ceil(length) + 2), c.scale, color)
    mx, top, bot = (width + 2) / 2, 1.0, length + 1.0
    body_w = width * 0.62
    piece.ellipse(dark, (mx, (top + bot) / 2), body_w + width * 0.14, length - width * 0.1)
    r = piece.rect(mx - body_w / 2, top + width * 0.2, body_w, length - width * 0.4)
    pygame.draw.rect(piece.surf, dark, r.inflate(piece.px(width * 0.14), 0),
                     border_radius=piece.px(body_w / 2))
    pygame.draw.rect(piece.surf, color, r, border_radius=piece.px(body_w / 2))
    piece.line(light, (mx - body_w * 0.16, top + width * 0.5), (mx - body_w * 0.16, bot - width * 0.5),
               body_w * 0.22)
    node_h = max(width * 0.34, 0.9)
    for y in (top + node_h / 2, (top + bot) / 2, bot - node_h / 2):
        piece.ellipse(dark, (mx, y), width, node_h)
        piece.ellipse(color, (mx, y), width * 0.7, node_h * 0.45)
    surf = piece.surf if angle == 0 else pygame.transform.rotate(piece.surf, angle)
    c.surf.blit(surf, surf.get_rect(center=c.pt(center)))


def _bird(c: Canvas, lay: FaceLayout) -> None:
    """1条: a stylised peacock facing left with a fanned tail."""
    def p(fx: float, fy: float) -> Point:
        return lay.at(fx, fy)

    u = min(lay.cw, lay.ch)
    # tail feathers fanning out to the lower right
    for ang, col in ((-10, BLUE), (10, GREEN), (30, RED), (50, GREEN)):
        a = math.radians(ang)
        tip = (0.56 + math.cos(a) * 0.44, 0.58 + math.sin(a) * 0.36)
        mid = ((0.56 + tip[0]) / 2, (0.58 + tip[1]) / 2)
        c.ellipse(col, p(*mid), u * 0.5, u * 0.17, -ang)
        c.circle(IVORY_TOP, p(0.56 + math.cos(a) * 0.37, 0.58 + math.sin(a) * 0.3), u * 0.055)
        c.circle(col, p(0.56 + math.cos(a) * 0.37, 0.58 + math.sin(a) * 0.3), u * 0.03)
    # legs
    c.line(RED, p(0.42, 0.72), p(0.36, 0.92), u * 0.035)
    c.line(RED, p(0.5, 0.72), p(0.5, 0.92), u * 0.035)
    c.line(RED, p(0.28, 0.93), p(0.58, 0.93), u * 0.035)
    # body, wing, neck and head
    c.ellipse(GREEN, p(0.45, 0.58), u * 0.52, u * 0.36, 20)
    c.ellipse(DARK_GREEN, p(0.5, 0.56), u * 0.32, u * 0.2, 25)
    c.ellipse(LIGHT_GREEN, p(0.47, 0.53), u * 0.16, u * 0.08, 25)
    c.polygon(GREEN, [p(0.22, 0.28), p(0.34, 0.3), p(0.42, 0.52), p(0.3, 0.56)])
    c.circle(RED, p(0.27, 0.24), u * 0.12)
    c.polygon(GOLD, [p(0.16, 0.2), p(0.02, 0.27), p(0.17, 0.29)])
    c.circle(IVORY_TOP, p(0.25, 0.22), u * 0.045)
    c.circle(INK, p(0.245, 0.22), u * 0.025)
    for dx in (-0.06, 0.0, 0.06):
        c.line(BLUE, p(0.28, 0.14), p(0.28 + dx * 1.6, 0.02), u * 0.025)
        c.circle(BLUE, p(0.28 + dx * 1.6, 0.02), u * 0.03)


def draw_bamboo(c: Canvas, lay: FaceLayout, rank: int) -> None:
    """条: bamboo sticks in the classic arrangement for each rank."""
    if rank == 1:
        _bird(c, lay)
        return
    rows = {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 3}[rank]
    length = lay.ch / rows * 0.92
    width = lay.cw * (0.13 if rank == 8 else 0.2) if rank > 3 else \
        min(lay.cw * (0.3 if rank == 2 else 0.22), length * 0.4)   # a 2 stands broad
    width = min(width, length * 0.42)

    def put(fx: float, fy: float, color: Color = GREEN, angle: float = 0) -> None:
        _stick(c, lay.at(fx, fy), length, width, color, angle)

    ys = [(i + 0.5) / rows for i in range(rows)]
    if rank == 2:
        put(0.5, ys[0], BLUE)
        put(0.5, ys[1])
    elif rank == 3:           # the pair below stands well apart: never read as a 2
        put(0.5, ys[0], BLUE)
        put(0.24, ys[1])
        put(0.76, ys[1])
    elif rank in (4, 5):
        for y in ys:
            put(0.18, y, BLUE if y == ys[0] else GREEN)
            put(0.82, y, GREEN if y == ys[0] else BLUE)
        if rank == 5:
            put(0.5, 0.5, RED)
    elif rank == 6:
        for y in ys:
            for x in (0.17, 0.5, 0.83):
                put(x, y, BLUE if y == ys[0] else GREEN)
    elif rank == 7:
        put(0.5, ys[0], RED)
        for y in ys[1:]:
            for x in (0.17, 0.5, 0.83):
                put(x, y)
    elif rank == 8:
        for y, lean in ((ys[0], 1), (ys[1], -1)):
            put(0.08, y)
            put(0.92, y)
            put(0.34, y, GREEN, -17 * lean)
            put(0.66, y, GREEN, 17 * lean)
    else:
        for y in ys:
            for x, col in ((0.17, GREEN), (0.5, RED), (0.83, BLUE)):
                put(x, y, col)


def draw_honor(c: Canvas, lay: FaceLayout, rank: int) -> None:
    """Winds in ink, 中 red, 发 green, 白 a blue frame."""
    name = HONOR_NAMES_ZH[rank - 1]
    if name == "白":
        x, y = lay.at(0.04, 0.08)
        w, h = lay.cw * 0.92, lay.ch * 0.84
        t = max(1.0, lay.w * 0.07)
        pygame.draw.rect(c.surf, BLUE, c.rect(x, y, w, h), c.px(t), border_radius=c.px(t))
        inset = t * 1.7
        pygame.draw.rect(c.surf, BLUE, c.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset),
                         max(1, c.px(t * 0.4)))
        return
    color = {"中": RED, "发": GREEN}.get(name, INK)
    c.text(name, color, lay.at(0.5, 0.5), min(lay.cw * 1.1, lay.ch * 0.9))
