"""The play screen: wires the table's parts together.

What to show comes from `table_snapshot` (the seat's view, once per change), where it
goes from `render.layout`, the board from `render.table_view`, the panels from
`ui.table_hud`, timing and motion from `ui.choreography`, and keys from `ui.table_input`.
Everything shown is prepared in update()/on_events(); draw() only paints it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.render.layout import TableLayout
from game.render.table_view import TableView
from game.shell.app import LayoutBox, Scene, Specimen
from game.shell.audio import Sound
from game.shell.controller import Controller, MatchSession
from game.ui.action_log import ActionLog
from game.ui.bubbles import BubbleBar
from game.ui.buttons import ButtonRow
from game.ui.choreography import Choreography
from game.ui.hand import PlayerHand, hand_order
from game.ui.overlay import Overlay, cover_overlay, pause_overlay
from game.ui.table_hud import draw_hud, hud_state, log_shown, table_boxes
from game.ui.table_input import discard_action, key_command, toolbar_buttons
from game.ui.table_snapshot import TableSnapshot, seat_wind, take_snapshot
from game.ui.table_specimens import table_specimens

if TYPE_CHECKING:
    from game.shell.app import App

Reasoning = dict[int, list[tuple[str, float]]]


class TableScene(Scene):
    """One match at the table until the hand ends (then the results page goes on top)."""

    def __init__(self, app: App, session: MatchSession, menu: bool = False,
                 reasoning: Reasoning | None = None) -> None:
        super().__init__(app)
        self.session = session
        setup, settings = session.setup, app.settings
        delay = float(setup.get("thinking_delay", settings.thinking_delay))
        self.controller = Controller(session, self, thinking_delay=delay)
        self.controller.reasoning.update(reasoning or {})
        countdown = float(setup.get("claim_countdown", settings.claim_countdown))
        self.choreo = Choreography(settings.anim_speed, countdown, self.t, self._play)
        self.log = ActionLog()
        humans = [s for s in range(session.match.ruleset.players) if session.is_human(s)]
        self.viewer = humans[0] if humans else 0
        self.show_all = session.debug and bool(setup.get("show_all_hands", True))
        self.show_reasoning = session.debug
        self.ready_on = False
        self.overlay: Overlay | None = None
        self.overlay_kind = ""
        self.clock = 0.0
        self.mouse = (0, 0)
        self.hand = PlayerHand()
        self.snap: TableSnapshot | None = None
        self._discard_from: pygame.Rect | None = None
        self._hint: Action | None = None
        self._drag = 0.0                     # log drag not yet a whole line
        self.resize(app.size)
        self._recent_log()
        if menu:
            self.open_pause()

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return table_specimens()

    def exit(self) -> None:
        """Leaving the table by any route stops its AI worker (and any bot process)."""
        self.controller.close()

    def t(self, key: str, **fmt: object) -> str:
        return self.app.t(key, **fmt)

    # ------------------------------------------------------------- set-up
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = TableLayout(size, self.session.match.ruleset.players)
        self.table = TableView(self.layout)
        self.bubbles = BubbleBar(self.layout, self.t)
        self._build_toolbar()
        self.snap = None
        kind, self.overlay = self.overlay_kind, None
        if kind == "pause":
            self.open_pause()
        elif kind == "cover":
            self._cover()
        self._sync()

    def _build_toolbar(self) -> None:
        buttons = toolbar_buttons(self.run, self.is_on, self.t, self.session.debug,
                                  self.session.is_human(self.viewer))
        self.toolbar = ButtonRow(buttons, self.layout.toolbar, self.layout.small_font,
                                 self.layout.gap)

    def is_on(self, switch: str) -> bool:
        """The state of a toolbar switch."""
        return {"show_all": self.show_all, "reasoning": self.show_reasoning,
                "pause": self.controller.paused,
                "auto": self.session.round.auto[self.viewer]}[switch]

    # ------------------------------------------------------------ controls
    def toggle_show_all(self) -> None:
        self.show_all = not self.show_all
        self.session.setup["show_all_hands"] = self.show_all

    def toggle_reasoning(self) -> None:
        self.show_reasoning = not self.show_reasoning

    def toggle_pause(self) -> None:
        self.controller.paused = not self.controller.paused

    def undo(self) -> None:
        if self.controller.undo():
            self.log.add(self.t("table.log.undo"))

    def toggle_auto(self) -> None:
        if self.session.is_human(self.viewer):
            self.controller.set_auto(self.viewer, not self.session.round.auto[self.viewer])

    def open_pause(self) -> None:
        self.overlay = pause_overlay(self.layout.size, self.layout.scale, self.t,
                                     self.close_overlay, self.save_and_quit)
        self.overlay_kind = "pause"

    def close_overlay(self) -> None:
        self.overlay, self.overlay_kind = None, ""

    def save_and_quit(self) -> None:
        self.session.autosave()
        self.app.scenes.replace("menu")

    def pass_claim(self) -> None:
        """过: let the open claim go (Space, right-click, the 过 bubble)."""
        action = self.snap.pass_action() if self.snap is not None else None
        if action is not None:
            self.controller.submit(action)

    # ------------------------------------------------------------ snapshot
    def _sync(self) -> None:
        """Bring what is shown up to date with the table (cheap when nothing changed)."""
        self._follow_human()
        key = (self.controller.version, self.viewer, self.show_all)
        if self.snap is None or self.snap.key != key:
            self.snap = take_snapshot(self.session, self.controller, self.viewer,
                                      self.show_all, self.t)
            self._hint = None
            if not any(o.kind == "ready" for o in self.snap.options):
                self.ready_on = False
            self.bubbles.set(list(self.snap.options))
            self.choreo.claim_opened(self.snap.claim_id)
            tiles, apart = hand_order(self.snap.view)
            self.hand.set(tiles, apart, self.table.hand_rects(len(tiles), apart),
                          self.snap.discardable(self.ready_on))
        hidden = frozenset(h for h in self.choreo.effects.hidden if isinstance(h, tuple))
        self.model = replace(self.snap.model, hidden=hidden)
        self.board = self.table.board(self.model, (key, hidden, self.layout.size))
        self.hud = hud_state(self.session, self.controller, self.snap, self.hand, self.log,
                             self.log.window(log_shown(self.layout)), self.show_reasoning,
                             self.app.settings, self.t)

    def _follow_human(self) -> None:
        """Hotseat: turn the table to the human seat that must act (cover in between)."""
        humans = self.controller.humans_to_act()
        if humans and self.viewer not in humans:
            previous, self.viewer = self.viewer, humans[0]
            self._build_toolbar()
            self._recent_log()
            if self.session.is_human(previous) and not self.show_all:
                self._cover()

    def _cover(self) -> None:
        state = self.session.round
        self.overlay = cover_overlay(self.layout.size, self.layout.scale, self.t,
                                     self.session.seats[self.viewer].name,
                                     seat_wind(self.viewer, state.dealer, state.ruleset.players),
                                     self.close_overlay)
        self.overlay_kind = "cover"

    # -------------------------------------------------------------- events
    def on_events(self, events: list[Event]) -> None:
        """Engine events: log lines, sounds and motion, in order."""
        before, viewer = self.snap, self.viewer
        self._sync()
        assert before is not None and self.snap is not None
        if self.viewer == viewer:                          # else the log was rebuilt
            self._log_events(events)
        start = self._discard_from or (self.hand.rects[-1] if self.hand.rects
                                       else self.layout.box)
        self.choreo.play_events(events, before.view, self.snap.view, self.table, start)
        self._discard_from = None
        self._sync()

    def on_reset(self) -> None:
        self.choreo.reset()
        self.ready_on = False
        self.snap = None
        self._sync()
        self._recent_log()

    def _recent_log(self) -> None:
        """Fill the log from the hand so far (a continued game, a new hand, an undo)."""
        self.log.clear()
        self._log_events(self.session.round.events)

    def _log_events(self, events: list[Event]) -> None:
        self.log.add_events(events, self.viewer, [s.name for s in self.session.seats], self.t,
                            self.app.settings.language)

    def _play(self, sound: Sound) -> None:
        if self.app.settings.sound_on:
            self.app.sounds.play(sound)

    # --------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.overlay is None:
                self.hand.focus = self.hand.hit(event.pos, self.layout.raise_px)
                if event.buttons[0] and self.layout.log.collidepoint(event.pos):
                    self._drag += event.rel[1]
                    lines = int(self._drag / self.layout.small_font)
                    self._drag -= lines * self.layout.small_font
                    self._scroll_log(lines)
            return False
        if self.overlay is not None:
            return self.overlay.handle(event, self.close_overlay)
        if event.type == pygame.MOUSEWHEEL:
            if self.layout.log.collidepoint(self.mouse):
                self._scroll_log(event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.pass_claim()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            command = key_command(event, self.session.debug)
            if command is not None:
                self.run(command)
            return command is not None
        return False

    def _scroll_log(self, lines: int) -> None:
        self.log.scroll(lines, log_shown(self.layout))

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.toolbar.click(pos):
            self._play(Sound.CLICK)
            return True
        index = self.bubbles.hit(pos)
        if index is not None:
            self._play(Sound.CLICK)
            self.choose_bubble(index)
            return True
        tile = self.hand.hit(pos, self.layout.raise_px)
        if tile is not None:
            self.discard_at(tile)
            return True
        return False

    def run(self, command: str) -> None:
        """One named command of the keyboard or the toolbar (see ui.table_input)."""
        name, _, arg = command.partition(":")
        if name == "bubble":
            self.choose_bubble(int(arg))
        elif name in ("focus_left", "focus_right"):
            self.hand.move_focus(-1 if name == "focus_left" else 1)
        elif name == "discard_focus" and self.hand.focus is not None:
            self.discard_at(self.hand.focus)
        else:
            commands = {"menu": self.open_pause, "pass": self.pass_claim,
                        "auto": self.toggle_auto, "show_all": self.toggle_show_all,
                        "reasoning": self.toggle_reasoning, "pause": self.toggle_pause,
                        "step": self.controller.step, "undo": self.undo}
            commands.get(name, lambda: None)()

    def choose_bubble(self, index: int) -> None:
        """Answer with the index-th bubble (the 报听 switch flips instead)."""
        if not 0 <= index < len(self.bubbles.options) or self.snap is None:
            return
        option = self.bubbles.options[index]
        if option.action is None:
            self.ready_on = not self.ready_on
            self.hand.enabled = self.snap.discardable(self.ready_on)
            return
        self.controller.submit(option.action)

    def discard_at(self, index: int) -> None:
        """Discard the index-th tile of the hand if that is legal now."""
        if self.snap is None or not 0 <= index < len(self.hand.tiles):
            return
        action = discard_action(self.snap, self.hand.tiles[index], self.ready_on)
        if action is not None:
            self._discard_from = self.hand.rects[index].move(0, -self.layout.raise_px)
            self.hand.focus = None
            self.controller.submit(action)

    # -------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.overlay is None:
            self.choreo.effects.update(dt)
            self.controller.update(dt, hold=self.choreo.effects.sliding)
            self._sync()
            assert self.snap is not None
            if self.snap.acting and self.app.settings.show_hint:
                self._hint = self.controller.hint(self.viewer)
            if self.choreo.tick_countdown(dt):
                self.log.add(self.t("table.log.timeout",
                                    name=self.session.seats[self.viewer].name))
                self.pass_claim()
            match = self.session.match
            if self.choreo.results_due(match.hand_finished, match.hand_number, dt):
                self.app.scenes.push("results", session=self.session)
        self._sync()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint what update() prepared; nothing here changes the scene."""
        assert self.snap is not None
        L, view, model = self.layout, self.snap.view, self.model
        surface.blit(self.board, (0, 0))
        self.table.draw_turn_glow(surface, view, self.clock)
        self.table.draw_last_marker(surface, model, self.clock)
        if view.phase == "turn" and view.current in self.controller.thinking():
            self.table.draw_thinking(surface, view, view.current, self.clock)
        hint = self._hint.tile if self._hint is not None and self._hint.kind == A.DISCARD \
            else None
        self.hand.draw(surface, self.table.hand_art, L.raise_px,
                       self.choreo.effects.drop_offset(L.hand_h), hint, self.ready_on,
                       self.snap.acting and view.phase == "turn")
        self.choreo.effects.draw(surface)
        draw_hud(surface, L, self.hud)
        self.bubbles.draw(surface, self.mouse, self._hint, self.ready_on,
                          self.choreo.countdown)
        self.toolbar.draw(surface, self.mouse)
        if self.overlay is not None:
            self.overlay.draw(surface, self.mouse)

    # --------------------------------------------------------- self-check
    def layout_boxes(self) -> list[LayoutBox]:
        """Everything the table draws itself, for the layout self-check (under an open
        card nothing of the table is clickable)."""
        boxes = table_boxes(self.layout, self.bubbles, [self.toolbar], self.hand, self.hud)
        if self.overlay is None:
            return boxes
        return [replace(b, interactive=False) for b in boxes] + self.overlay.boxes()
