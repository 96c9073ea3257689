"""Tile faces and backs drawn in code."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.tiles import NUM_KINDS
from game.render.flower_faces import FLOWERS
from game.render.tile_art import TileArt, tile_art


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("height", [24, 48, 96])
def test_every_kind_renders_distinctly(height: int) -> None:
    art = TileArt(height)
    assert art.size == (round(height * 0.72), height)
    faces = [art.face(k) for k in range(NUM_KINDS)]
    assert all(f.get_size() == art.size for f in faces)
    pixels = [bytes(pygame.image.tobytes(f, "RGBA")) for f in faces]
    assert len(set(pixels)) == NUM_KINDS
    back = art.back()
    assert back.get_size() == art.size
    assert bytes(pygame.image.tobytes(back, "RGBA")) not in pixels


def test_faces_are_cached() -> None:
    art = tile_art(40)
    assert tile_art(40) is art
    assert art.face(5) is art.face(5)
    assert art.face_rotated(5, 90) is art.face_rotated(5, 90)


def test_rotations_swap_size() -> None:
    art = TileArt(48)
    w, h = art.size
    for deg in (90, 270):
        assert art.face_rotated(3, deg).get_size() == (h, w)
        assert art.back_rotated(deg).get_size() == (h, w)
    assert art.face_rotated(3, 180).get_size() == (w, h)
    assert art.face_rotated(3, 0) is art.face(3)
    with pytest.raises(ValueError):
        art.face_rotated(3, 45)


def test_overlays_match_tile_shape() -> None:
    art = TileArt(48)
    for surf in (art.outline((255, 200, 0)), art.tint((0, 0, 0, 100)), art.shadow()):
        assert surf.get_size() == art.size
    assert art.outline((255, 200, 0), 90).get_size() == art.size[::-1]


def test_bad_kind_rejected() -> None:
    for kind in (-1, NUM_KINDS + FLOWERS):
        with pytest.raises(ValueError):
            TileArt(48).face(kind)


@pytest.mark.parametrize("height", [24, 48])
def test_the_eight_flowers_have_faces_of_their_own(height: int) -> None:
    art = TileArt(height)
    kinds = range(NUM_KINDS + FLOWERS)
    pixels = {bytes(pygame.image.tobytes(art.face(k), "RGBA")) for k in kinds}
    assert len(pixels) == NUM_KINDS + FLOWERS
    assert all(art.face(k).get_size() == art.size for k in kinds)
