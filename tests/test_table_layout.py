"""The table's geometry: discards large enough to read, a full game's pools, hands,
melds, name plates and centre box apart at every window shape and UI scale, the table
compact on ultra-wide windows, each seat's plate beside its own tiles, and text and
controls that grow with the UI-scale setting."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.render.layout import AREA_RATIO, POOL_ROWS, TableLayout
from game.ui.panels import log_rows

SIZES = [(960, 600), (1280, 800), (1366, 768), (1920, 1080), (2560, 1080), (3440, 1440),
         (3840, 2160), (800, 1280), (640, 480)]
PLAYERS = (4, 3, 2)
UI_SCALES = (0.75, 1.0, 2.0)      # the setting's least, its default and its most
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
@pytest.mark.parametrize("ui", UI_SCALES)
def test_nothing_on_the_table_overlaps_and_all_is_inside(size: tuple[int, int],
                                                         players: int, ui: float) -> None:
    layout = TableLayout(size, players, ui)
    window = pygame.Rect((0, 0), size)
    for hand, melds in own_rows(layout):
        found = {**pieces(layout), "hand0": hand, "melds0": melds}
        assert all(window.contains(r) for r in found.values()), (size, players, ui)
        bad = [(a, b) for (a, ra), (b, rb) in itertools.combinations(found.items(), 2)
               if ra.colliderect(rb)]
        assert not bad, (size, players, ui, bad)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (960, 600), (2560, 1080)])
def test_text_and_controls_grow_with_the_ui_scale_setting(size: tuple[int, int]) -> None:
    """At 200 % the log's text, the plates, the caption's strip and the pause box are
    larger than at 100 % (the log keeps at least two rows), and at 75 % no larger; the
    tiles keep to the window (the viewer's hand gives way a little at most)."""
    normal, large, small = (TableLayout(size, 4, ui) for ui in (1.0, 2.0, 0.75))
    assert large.small_font > normal.small_font and large.font > normal.font
    assert large.plate_size[1] > normal.plate_size[1]
    assert large.band > normal.band and large.ui == 2 * normal.ui
    assert log_rows(large.log.h, large.small_font) >= 2
    assert small.small_font <= normal.small_font and small.plate_size[1] <= normal.plate_size[1]
    assert small.plate_size[0] == normal.plate_size[0] == round(196 * normal.scale)
    assert large.pool_h == normal.pool_h and large.opp_h == normal.opp_h
    assert 0.8 * normal.hand_h <= large.hand_h <= normal.hand_h


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_bubbles_grow_with_the_ui_scale_setting(size: tuple[int, int]) -> None:
    normal, large = TableLayout(size, 4, 1.0), TableLayout(size, 4, 2.0)
    assert large.bubbles.h > normal.bubbles.h and large.bubble_scale > normal.bubble_scale


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
@pytest.mark.parametrize("ui", UI_SCALES)
def test_each_plate_sits_beside_its_own_tiles(size: tuple[int, int], players: int,
                                              ui: float) -> None:
    """The viewer's plate left of the hand, the top seat's right of its row, a side seat's
    on the inner side of its column, halfway along it — each a few pixels from its tiles
    and level with them."""
    layout = TableLayout(size, players, ui)
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


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (2560, 1080)])
@pytest.mark.parametrize("players", PLAYERS)
def test_four_claim_bubbles_grow_with_the_ui_scale_and_keep_clear(size: tuple[int, int],
                                                                 players: int) -> None:
    """Three 吃 and 过 at 200 % are a quarter taller than at 100 % even in a small window
    (rows go beside the right seat's pool when the strip above the hand is short), and
    keep clear of one another, of every pool, row and plate, and of the window's edge."""
    from game.engine import actions as A
    from game.engine.actions import Action
    from game.ui.bubbles import WORD_KEYS, BubbleBar, options_for
    pygame.init()
    legal = [Action(0, A.CHI, 3, tiles=(1, 2)), Action(0, A.CHI, 3, tiles=(2, 4)),
             Action(0, A.CHI, 3, tiles=(4, 5)), Action(0, A.PASS)]
    words = {kind: "吃" if kind == A.CHI else "过" for kind in WORD_KEYS}
    heights = []
    for ui in (1.0, 2.0):
        layout = TableLayout(size, players, ui)
        bar = BubbleBar(layout, words)
        bar.set(options_for(legal, True))
        assert len(bar.rects) == 4
        heights.append(bar.height)
        others = [r for name, r in pieces(layout).items()
                  if not name.endswith("0") and name not in ("bubbles", "waits", "log")]
        window = pygame.Rect((0, 0), size)
        for i, rect in enumerate(bar.rects):
            assert window.contains(rect), (ui, rect)
            assert rect.collidelist(others) < 0, (ui, rect, others[rect.collidelist(others)])
            assert rect.collidelist(bar.rects[i + 1:]) < 0
    assert heights[1] >= 1.25 * heights[0], heights
