"""The table's geometry: discards large enough to read, a full game's pools, hands,
melds, name plates and centre box apart at every window shape, the table compact on
ultra-wide windows, and each seat's plate beside its own tiles."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.render.layout import AREA_RATIO, POOL_ROWS, TableLayout

SIZES = [(960, 600), (1280, 800), (1366, 768), (1920, 1080), (2560, 1080), (3440, 1440),
         (3840, 2160), (800, 1280), (640, 480)]
PLAYERS = (4, 3, 2)
LONG_POOL = {2: 55, 3: 24, 4: 24}   # the discards a seat may make in a long hand


def pieces(layout: TableLayout) -> dict[str, pygame.Rect]:
    """Everything the table draws at its fullest but the viewer's hand and melds, which
    share their row by turns (see `own_rows`)."""
    out = {name: rect for name, rect in layout.regions().items()
           if name not in ("hand0", "melds0")}
    out.update(layout.panels())
    for side in layout.sides:                       # a long hand's pool, tile by tile
        tiles = [layout.pool_slot(side, i) for i in range(LONG_POOL[layout.players])]
        out[f"pool{side}"] = tiles[0].unionall(tiles[1:])
    return out


def own_rows(layout: TableLayout) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """The viewer's hand and melds with none to four melds down (melds of four tiles)."""
    return [layout.own_row(melds) for melds in range(5)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_nothing_on_the_table_overlaps_and_all_is_inside(size: tuple[int, int],
                                                         players: int) -> None:
    layout = TableLayout(size, players)
    window = pygame.Rect((0, 0), size)
    for hand, melds in own_rows(layout):
        found = {**pieces(layout), "hand0": hand, "melds0": melds}
        assert all(window.contains(r) for r in found.values()), (size, players)
        bad = [(a, b) for (a, ra), (b, rb) in itertools.combinations(found.items(), 2)
               if ra.colliderect(rb)]
        assert not bad, (size, players, bad)


def test_discards_are_at_least_36_pixels_tall_at_1280x800() -> None:
    """Every pool's tiles, the side pools' turned ones too, are 36 px or more across
    their shorter side — and the pools still hold four rows."""
    layout = TableLayout((1280, 800), 4)
    for side in layout.sides:
        for i in range(LONG_POOL[4]):
            slot = layout.pool_slot(side, i)
            assert min(slot.size) >= 36, (side, i, slot)
    assert POOL_ROWS * layout.pool_columns >= LONG_POOL[4]


@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
def test_discards_stay_legible_in_small_and_large_windows(size: tuple[int, int]) -> None:
    layout = TableLayout(size, 4)
    shorter = min(layout.pool_slot(1, 0).size)
    assert shorter >= 26 and shorter >= 36 * layout.scale - 1


@pytest.mark.parametrize("size", [(2560, 1080), (3440, 1440)])
def test_ultra_wide_windows_keep_the_table_compact_round_its_centre(
        size: tuple[int, int]) -> None:
    w, h = size
    layout = TableLayout(size, 4)
    area = layout.area
    assert area.w <= AREA_RATIO * h + 1 and area.h == h
    assert abs(area.centerx - w / 2) <= 1 and abs(layout.box.centerx - w / 2) <= 1
    regions = layout.regions()
    assert all(area.contains(r) for r in regions.values())
    for side in (1, 3):               # the side hands are near, not at the window's edges
        assert abs(regions[f"row{side}"].centerx - w / 2) < 0.8 * h


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_each_plate_sits_beside_its_own_tiles(size: tuple[int, int], players: int) -> None:
    """The viewer's plate left of the hand, the top seat's right of its row, a side seat's
    on the inner side of its column, halfway along it — each a few pixels from its tiles
    and level with them."""
    layout = TableLayout(size, players)
    near = 2 * layout.apart
    plates, regions = layout.plates, layout.regions()
    hand, row = regions["hand0"], plates[0]
    assert 0 <= hand.left - row.right <= near
    assert hand.top <= row.centery <= hand.bottom
    if 2 in layout.sides:
        top, plate = regions["row2"], plates[2]
        assert 0 <= plate.left - max(top.right, regions["pool2"].right) <= near
        assert plate.top == top.top
    for side, inward in ((3, 1), (1, -1)):
        if side not in layout.sides:
            continue
        column, plate = regions[f"row{side}"], plates[side]
        gap = plate.left - column.right if inward > 0 else column.left - plate.right
        assert 0 <= gap <= near
        assert abs(plate.centery - column.centery) <= 1
