"""国标's eight flower tiles drawn in code: 春夏秋冬 (the seasons, in blue) and 梅兰竹菊
(the plants, in red), each with its number 1-4 in the corner and a small blossom."""
from __future__ import annotations

import math

from game.engine.tiles import NUMERALS_ZH
from game.render.tile_faces import BLUE, GOLD, GREEN, RED, Canvas, FaceLayout

FLOWER_NAMES_ZH = "春夏秋冬梅兰竹菊"
FLOWER_NAMES_EN = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo",
                   "Chrysanthemum")
FLOWERS = len(FLOWER_NAMES_ZH)


def draw_flower(c: Canvas, lay: FaceLayout, index: int) -> None:
    """Flower `index` (0-7): its number top left, a blossom top right, its name below."""
    season = index < 4
    ink = BLUE if season else RED
    small = min(lay.cw * 0.42, lay.ch * 0.26)
    c.text(NUMERALS_ZH[index % 4], GREEN, lay.at(0.2, 0.13), small)
    _blossom(c, lay.at(0.78, 0.14), small * 0.42, ink)
    c.text(FLOWER_NAMES_ZH[index], ink, lay.at(0.5, 0.64), min(lay.cw * 1.05, lay.ch * 0.66))


def _blossom(c: Canvas, center: tuple[float, float], r: float, color: tuple[int, int, int]
             ) -> None:
    """Five petals round a gold heart."""
    for i in range(5):
        a = i * math.tau / 5 - math.pi / 2
        c.circle(color, (center[0] + math.cos(a) * r * 0.62, center[1] + math.sin(a) * r * 0.62),
                 r * 0.45)
    c.circle(GOLD, center, r * 0.32)
