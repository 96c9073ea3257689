"""The table's controls: mouse and keys mapped to named commands (the scene runs them),
and a chosen tile or bubble turned into the viewer's legal action."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.engine import actions as A
from game.engine.actions import Action
from game.ui.buttons import Button
from game.ui.table_snapshot import TableSnapshot

NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})
KEYS = {pygame.K_ESCAPE: "menu", pygame.K_SPACE: "pass", pygame.K_t: "auto",
        pygame.K_LEFT: "focus_left", pygame.K_RIGHT: "focus_right",
        pygame.K_RETURN: "discard_focus", pygame.K_KP_ENTER: "discard_focus"}
DEBUG_BUTTONS = ("show_all", "reasoning", "pause", "step", "undo")
SWITCHES = {"show_all", "reasoning", "pause", "auto"}
DEBUG_KEYS = {pygame.K_F1: "show_all", pygame.K_F2: "reasoning", pygame.K_F3: "pause",
              pygame.K_F4: "step", pygame.K_F5: "undo"}


def key_command(event: pygame.event.Event, debug: bool) -> str | None:
    """The command a key press stands for ("bubble:N" for the number keys), or None."""
    key = event.key
    if key in NUMBER_KEYS:
        return f"bubble:{NUMBER_KEYS[key]}"
    if key in KEYS:
        return KEYS[key]
    if debug and key in DEBUG_KEYS:
        return DEBUG_KEYS[key]
    if debug and key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
        return "undo"
    return None


def discard_action(snap: TableSnapshot, kind: int, ready_on: bool) -> Action | None:
    """Discarding one tile of this kind (报听 when the switch is on), if legal now."""
    if not snap.acting:
        return None
    action = Action(snap.view.seat, A.DISCARD, kind, ready=ready_on)
    return action if action in snap.legal else None


def toolbar_buttons(run: Callable[[str], None], is_on: Callable[[str], bool],
                    t: Callable[..., str], debug: bool, human: bool) -> list[Button]:
    """The toolbar: debug switches, 托管 for a human seat, the menu; each runs the command
    of its name, switches show `is_on(name)`."""
    names = [*(DEBUG_BUTTONS if debug else ()), *(("auto",) if human else ()), "menu"]
    return [Button(n, t(f"table.btn.{n}"), partial(run, n),
                   partial(is_on, n) if n in SWITCHES else None) for n in names]
