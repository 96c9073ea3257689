"""One frame's plain facts for the painter (game.scenes.table.painter.Frame), gathered
from the table scene's snapshot, model, controls and settings."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.view import Phase
from game.scenes.table import phrases
from game.scenes.table.painter import Frame
from game.shell.i18n import Translate
from game.shell.table_source import TableSource
from game.ui.action_log import tile_words
from game.ui.debug_panel import Row
from game.ui.hints import HintFrame, Suggestion, hint_frame
from game.ui.panels import log_rows
from game.ui.reason_words import estimate_parts, move_words

if TYPE_CHECKING:
    from game.scenes.table import TableScene

Reasoning = tuple[tuple[int, str, tuple[Row, ...]], ...]


def frame_of(scene: TableScene) -> Frame:
    """What the table shows now (the last update's snapshot and model)."""
    assert scene._model is not None
    key, model = scene._model
    c, t = scene.controller, scene.t
    settings = scene.app.settings
    language = settings.language
    ruleset, snap = c.ruleset, scene.snapshot
    countdown = scene.own_clock.shown
    clock = scene.clock if scene.animating else 0.4   # at rest the turn glow holds still
    L = scene.layout
    gb = ruleset.guobiao
    return Frame(
        scene.table, L, model, key, clock,
        frozenset(c.thinking()), snap.acting, scene._hint, scene.hand,
        scene.effects, scene.ready_on, scene.bubbles, countdown, scene.toolbar, scene.overlay,
        scene.mouse, caption(scene), t("table.log.title"),
        scene.log.snapshot(log_rows(L.log.h, L.small_font)),
        t("table.paused") if c.paused else None,
        (t("table.waits"), t("table.waits_if"),
         t("table.waits_short", fan=gb.min_fan if gb is not None else 0))
        if settings.show_waits else None,
        snap.unseen, ruleset.hand_rules,
        reasoning_entries(c, t, language) if scene.show_reasoning else (),
        hints_of(scene), phrases.bubbles(scene), won_note(scene),
        gb.min_fan if gb is not None else None)


def won_note(scene: TableScene) -> str | None:
    """血战到底: the line over the viewer's hand once it has won and waits while the
    others play on."""
    view = scene.snapshot.view
    if view.won and view.won[view.seat] >= 0 and view.phase != Phase.ROUND_END:
        return scene.t("table.won_note")
    return None


def caption(scene: TableScene) -> tuple[str, ...]:
    """The top-left caption's parts: the ruleset, the wildcard, what the source adds
    (an online room and its connection)."""
    c, language = scene.controller, scene.app.settings.language
    wildcard = scene.snapshot.view.wildcard
    info = [c.ruleset.title(language)]
    if wildcard is not None:
        info.append(scene.t("table.wildcard", tile=tile_words(wildcard, language)))
    return (*info, *c.info(scene.t))


def hints_of(scene: TableScene) -> HintFrame:
    """The player's hints of this frame (game.ui.hints), from the viewer's view only;
    the gold border's move with them while it is shown."""
    snap, hand = scene.snapshot, scene.hand
    focus = hand.focus
    kind = hand.tiles[focus] if focus is not None and focus < len(hand.tiles) else None
    suggestion = None if scene._hint is None else \
        Suggestion(scene._hint, tuple(snap.legal), scene.app.settings.language)
    ruleset = scene.controller.ruleset
    return hint_frame(snap.view, ruleset.hand_rules, scene.hint_settings,
                      snap.acting and snap.view.phase == Phase.TURN, kind,
                      scene.legend.on, scene.t, suggestion,
                      ruleset.guobiao.min_fan if ruleset.guobiao is not None else None)


def reasoning_entries(controller: TableSource, t: Translate, language: str) -> Reasoning:
    """Debug: each AI seat's top candidates of its last decision, in the player's words."""
    out = []
    for seat, entries in controller.reasoning.items():
        if controller.is_ai(seat) and entries:
            title = t("table.reasoning", name=controller.seat_name(seat, t))
            out.append((seat, title, tuple((move_words(r, t, language), estimate_parts(r, t))
                                           for r in entries)))
    return tuple(out)
