"""The card an online table shows while its server cannot be reached: when the next
attempt is (counting down), what to check, that the seat is kept, what went wrong
technically in a smaller, dimmer line under them, and two buttons — Retry now, and
Leave for the menu (the seat's ticket stays, so the menu can take the seat back later).
It goes by itself once the server answers. While the connection is down the seat's own
decision clock stands still; once it is back the clock follows the decision as the
server asks it again (its whole time after a restart of the server, else what is left)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.net.online_table import OnlineTable
from game.render.text import fit
from game.scenes.table import phrases
from game.ui.buttons import Button
from game.ui.overlay import DETAIL_SIZE, Overlay

if TYPE_CHECKING:
    from game.scenes.table import TableScene

KIND = "unreachable"          # the table's overlay kind for the card
LINE_SIZE = 16                # design pixels of the card's lines (game.ui.overlay)


def watch(scene: TableScene) -> None:
    """Show the card (over the pause menu too) while the server cannot be reached, with
    its countdown afresh; take it away once it can."""
    source = scene.controller
    if scene.own_clock.hold(isinstance(source, OnlineTable)
                            and source.link.state != "connected"):
        scene.snap = None       # back: the clock follows the decision as the server has it
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
    lines, detail = [when], ""
    if problem is not None and problem.key == "net.unreachable":   # what to do; where
        lines.append(t("online.unreachable_hint"))       # and what went wrong beneath
        detail = f"{source.server} · {problem.fields.get('detail', '')}"
    elif problem is not None:
        lines.append(problem.said(t))
    width = min(L.size[0] - 40, round(720 * L.ui)) - round(32 * L.ui)
    size = max(11, round(LINE_SIZE * L.ui))
    lines = [fit(line, size, width) for line in (*lines, t("online.seat_kept"))]
    buttons = [Button("retry", t("online.retry_now"), source.retry_now, primary=True),
               Button("leave", t("online.leave_table"), scene.save_and_quit)]
    return Overlay(L.size, L.ui, t("online.unreachable_title"), lines, buttons,
                   above=L.hand_top, detail=fit(detail, max(10, round(DETAIL_SIZE * L.ui)), width))
