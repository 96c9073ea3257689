"""Draw the game's icon, assets/icon.png: the 中 tile of the game's own tile art on a
rounded felt square, 256×256 (used as the window icon and by the Linux .desktop entry).

Usage: python tools/make_icon.py [--out FILE]
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
SIZE = 256
RED_DRAGON = 33     # the tile kind of 中


def draw() -> pygame.Surface:
    """The icon as a pygame Surface."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.render.paint import FELT_CENTER, FELT_EDGE, GOLD_DARK
    from game.render.tile_art import tile_art
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=SIZE // 6)
    pygame.draw.rect(icon, FELT_CENTER, icon.get_rect().inflate(-12, -12),
                     border_radius=SIZE // 7)
    pygame.draw.rect(icon, GOLD_DARK, icon.get_rect().inflate(-12, -12), 3,
                     border_radius=SIZE // 7)
    face = tile_art(round(SIZE * 0.78)).face(RED_DRAGON)
    icon.blit(face, face.get_rect(center=(SIZE // 2, SIZE // 2)))
    return icon


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icon.png")
    args = parser.parse_args()
    pygame.image.save(draw(), str(args.out))
    print(args.out)


if __name__ == "__main__":
    main()
