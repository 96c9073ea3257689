"""The card an online table shows while its server cannot be reached: when the next
attempt is (counting down), that the seat is kept, what went wrong in a smaller line,
and two buttons — Retry now, and Leave for the menu (the seat's ticket stays, so the
menu can take the seat back later). It goes by itself once the server answers."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.net.online_table import OnlineTable
from game.render.text import fit
from game.scenes.table import phrases
from game.ui.buttons import Button
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from game.scenes.table import TableScene

KIND = "unreachable"          # the table's overlay kind for the card
LINE_SIZE = 16                # design pixels of the card's lines (game.ui.overlay)


def watch(scene: TableScene) -> None:
    """Show the card (over the pause menu too) while the server cannot be reached, with
    its countdown afresh; take it away once it can."""
    source = scene.controller
    left = source.retry_in() if isinstance(source, OnlineTable) else None
    if left is None or not isinstance(source, OnlineTable):
        if scene.overlay_kind == KIND:
            scene.close_overlay()
        return
    if scene.overlay_kind in ("", "pause", phrases.KIND, KIND):
        scene.overlay, scene.overlay_kind = card(scene, source, left), KIND


def card(scene: TableScene, source: OnlineTable, left: float) -> Overlay:
    t, L = scene.t, scene.layout
    when = t("online.retry_in", n=math.ceil(left)) if left > 0 else t("online.retrying")
    problem = source.link.problem
    detail = problem.said(t) if problem is not None else ""
    width = min(L.size[0] - 40, round(720 * L.scale)) - round(32 * L.scale)
    size = max(11, round(LINE_SIZE * L.scale))
    lines = [fit(line, size, width) for line in (when, t("online.seat_kept"), detail)]
    buttons = [Button("retry", t("online.retry_now"), source.retry_now, primary=True),
               Button("leave", t("online.leave_table"), scene.save_and_quit)]
    return Overlay(L.size, L.scale, t("online.unreachable_title"), lines, buttons,
                   above=L.hand_top)
