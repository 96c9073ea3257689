"""A ruleset's one-line description, shown under the ruleset choice of a form (new match,
hotseat, hosting an online room), wrapped to the choice's width."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage

from game.render.paint import MUTED
from game.render.text_block import NORMAL, Style, paragraph

if TYPE_CHECKING:
    from game.ui.widgets import Page

ABOUT_KEYS = {       # each shipped ruleset's description, a translation key
    "dazhong": "ruleset.about.dazhong", "honors": "ruleset.about.honors",
    "wildcard": "ruleset.about.wildcard", "changsha": "ruleset.about.changsha",
    "two_player": "ruleset.about.two_player", "xuezhan": "ruleset.about.xuezhan",
    "guobiao": "ruleset.about.guobiao",
}
NOTE_SIZE = 15       # design pixels of the description's letters


def ruleset_note(page: Page, control: pygame.Rect, ruleset_id: str) -> pygame.Rect:
    """Put the description of `ruleset_id` right under the `control` that chooses it;
    where it ends (the control itself for a ruleset without one)."""
    key = ABOUT_KEYS.get(ruleset_id)
    if key is None:
        return control
    px = page.app.px
    image = paragraph(((page.app.t(key), NORMAL),), control.w, Style(px(NOTE_SIZE), MUTED))
    rect = pygame.Rect(control.x, control.bottom + px(4), control.w, image.get_height())
    UIImage(rect, image, page.app.ui, container=page.parent)
    return rect
