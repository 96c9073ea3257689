"""One meld layout for the table and the results page: the claimed tile sideways on the
side of its source, an added kong's fourth tile stacked on it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.melds import CHI, KONG_ADDED, KONG_CONCEALED, Meld
from game.render.layout import AXES, Frame
from game.render.meld_layout import draw_meld, meld_boxes
from game.render.tile_art import tile_art

TILE = (30, 40)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def test_a_chi_from_the_left_seat_lies_first_and_sideways() -> None:
    boxes, length = meld_boxes(Meld(CHI, (10, 11, 12), 11, 3), 0, 4, TILE)
    assert [(p.kind, p.turn, u) for p, u, _, _, _ in boxes] == [(11, 90, 0), (10, 0, 40),
                                                               (12, 0, 70)]
    assert length == 40 + 2 * 30


def test_an_added_kong_from_across_stacks_its_fourth_tile_in_the_middle() -> None:
    boxes, length = meld_boxes(Meld(KONG_ADDED, (7, 7, 7, 7), 7, 2), 0, 4, TILE)
    assert [(p.turn, p.stacked, u, v) for p, u, v, _, _ in boxes] == [
        (0, False, 0, 0), (90, False, 30, 0), (90, True, 30, 30), (0, False, 70, 0)]
    assert length == 100
    boxes, length = meld_boxes(Meld(KONG_ADDED, (7, 7, 7, 7), 7, 2), 0, 4, TILE, stack=False)
    assert [(p.turn, u, v) for p, u, v, _, _ in boxes] == [(0, 0, 0), (90, 30, 0), (90, 70, 0),
                                                           (0, 110, 0)]
    assert length == 140


def test_a_concealed_kong_shows_its_ends_face_down() -> None:
    boxes, _ = meld_boxes(Meld(KONG_CONCEALED, (20,) * 4), 0, 4, TILE)
    assert [p.kind for p, *_ in boxes] == [None, 20, 20, None]


def test_drawn_upright_a_meld_fills_its_length_from_the_base_line() -> None:
    art = tile_art(40)
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    boxes, length = meld_boxes(Meld(CHI, (10, 11, 12), 11, 1), 0, 4, art.size)
    draw_meld(surface, art, Frame((50, 150), *AXES[0]), boxes)
    drawn = surface.get_bounding_rect()
    shadow = max(1, art.height // 22)
    assert (drawn.x, drawn.bottom) == (50, 150 + shadow)
    assert drawn.w == round(length) + shadow
