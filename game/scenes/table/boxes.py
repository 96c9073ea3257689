"""What the table draws itself, for the layout self-check: bubbles and buttons (or the
overlay's), the board's regions, each plate's parts, the viewer's clock and the caption."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.render.clock_ring import clock_text_size
from game.render.paint import IVORY
from game.render.text import text_surface
from game.scenes.table import phrases
from game.scenes.table.framing import caption, frame_of, won_note
from game.scenes.table.painter import (
    caption_rect,
    caption_size,
    reasoning_places,
    won_banner,
)
from game.shell.layout_box import LayoutBox
from game.ui.panels import info_needs

if TYPE_CHECKING:
    from game.scenes.table import TableScene


def table_boxes(scene: TableScene) -> list[LayoutBox]:
    """The table's boxes as it is now (its last frame's model)."""
    overlay = scene.overlay     # it veils the board and the bubbles and takes every click
    boxes = [LayoutBox(f"bubble {o.action}", r, interactive=overlay is None)
             for o, r in zip(scene.bubbles.options, scene.bubbles.rects)]
    if overlay is None:
        boxes += [LayoutBox(f"button {b.key}", b.rect, interactive=True)
                  for b in scene.toolbar.buttons]
    else:
        boxes += [LayoutBox(f"overlay {b.key}", b.rect, interactive=True)
                  for b in overlay.buttons.buttons]
    solid = overlay is None
    model = scene._board_model()[0]
    boxes += [LayoutBox(name, rect, solid=solid)
              for name, rect in scene.table.board_regions(model).items()]
    boxes += [replace(box, solid=box.solid and solid) for box in scene.table.plate_parts(model)]
    clock = scene.own_clock.shown
    if clock is not None:
        ring = scene.bubbles.clock_rect()
        boxes.append(LayoutBox("own clock", ring, text_size=clock_text_size(ring, clock[0])))
    boxes += [LayoutBox(f"phrase {b.seat}", b.rect,
                        text_size=text_surface(b.text, b.font, IVORY, True).get_size())
              for b in phrases.bubbles(scene)]
    note = won_note(scene)
    if note is not None:
        rect, img = won_banner(scene.layout, note)
        boxes.append(LayoutBox("won note", rect, text_size=img.get_size(), solid=solid))
    rect, parts = caption_rect(scene.layout, scene.toolbar), caption(scene)
    boxes.append(LayoutBox("caption", rect,
                           text_size=info_needs(parts, caption_size(scene.layout, rect, parts))))
    if scene.show_reasoning and scene._model is not None:    # drawn on the felt: over nothing
        boxes += [LayoutBox(f"reasoning {n}", placed[0], solid=solid)
                  for n, (_, placed) in enumerate(reasoning_places(frame_of(scene)))
                  if placed is not None]
    return boxes
