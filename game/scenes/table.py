"""The play screen: the table seen from the human seat, bubbles, motion, debug aids.

The scene listens to the Controller (engine events → log, sounds, motion), turns
mouse and keyboard input into the viewer's legal actions, and draws the table
from the viewer's PlayerView (the debug mode's open hands aside).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.engine import actions as A
from game.engine import events as E
from game.engine.actions import Action
from game.engine.events import Event, WinKind
from game.engine.view import PlayerView
from game.render.layout import TableLayout
from game.render.table_view import SeatInfo, TableModel, TableView
from game.render.text import blit_text
from game.shell.app import LayoutBox, Scene, Specimen
from game.shell.controller import Controller, MatchSession
from game.ui.action_log import ActionLog, action_words, describe, tile_words
from game.ui.bubbles import BubbleBar, Option, options_for
from game.ui.buttons import Button, ButtonRow
from game.ui.debug_panel import reasoning_panel, reasoning_rect
from game.ui.effects import Effects
from game.ui.hand import PlayerHand, hand_order, waits_after
from game.ui.overlay import Overlay
from game.ui.panels import info_line, log_panel, waits_panel

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.audio import SoundName

END_PAUSE = 1.8                # seconds the win/draw call stays before the results
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)})
CALL_COLORS = {"chi": (140, 236, 170), "peng": (150, 200, 255), "kong": (214, 170, 255),
               "hu": (255, 214, 110), "tsumo": (255, 214, 110), "ready": (255, 180, 90),
               "exhausted": (230, 230, 220)}
SOUNDS: dict[str, SoundName] = {"chi": "chi", "peng": "peng", "kong": "gang"}


class TableScene(Scene):
    """One match at the table until the hand ends (then ResultsScene goes on top)."""

    def __init__(self, app: App, session: MatchSession, paused: bool = False) -> None:
        super().__init__(app)
        self.session = session
        setup, settings = session.setup, app.settings
        delay = float(setup.get("thinking_delay", settings.thinking_delay))
        self.controller = Controller(session, self, thinking_delay=delay)
        self.countdown_total = float(setup.get("claim_countdown", settings.claim_countdown))
        self.effects = Effects(settings.anim_speed)
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
        self.countdown_left = 0.0
        self._claim_id: Hashable = None
        self._end_timer: float | None = None
        self._results_for = -1
        self._snap_key: Hashable = None
        self._discard_from: pygame.Rect | None = None
        self._hint: Action | None = None
        self._model_cache: tuple[Hashable, TableModel] | None = None
        self.resize(app.size)
        self._refresh()
        self._recent_log()
        if paused:
            self.open_pause()

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        """Busy tables for the layout self-check: a claim with three options, long names,
        the hotseat debug view with every hand open, the pause overlay."""
        from game.shell.specimens import busy_session, with_names

        def debug() -> MatchSession:
            session = busy_session(min_options=4)
            session.setup.update(debug=True, show_all_hands=True)
            return session
        return [("claim", {"session": busy_session(min_options=4)}),
                ("long_names", {"session": with_names(busy_session())}),
                ("debug", {"session": debug()}),
                ("paused", {"session": busy_session(), "paused": True})]

    def layout_boxes(self) -> list[LayoutBox]:
        """The controls and name plates the table draws itself."""
        boxes = [LayoutBox(f"bubble {o.action}", r, interactive=True)
                 for o, r in zip(self.bubbles.options, self.bubbles.rects)]
        if self.overlay is None:
            boxes += [LayoutBox(f"button {b.key}", b.rect, interactive=True)
                      for b in self.toolbar.buttons]
        boxes += [LayoutBox(f"plate {side}", rect) for side, rect in self.layout.plates.items()]
        if self.overlay is not None:
            boxes += [LayoutBox(f"pause {b.key}", b.rect, interactive=True)
                      for b in self.overlay.buttons.buttons]
        return boxes

    @property
    def animating(self) -> bool:
        """The table moves all the time (turn glow, thinking dots, countdowns)."""
        return True

    def exit(self) -> None:
        """Leaving the table by any route stops its AI worker (and any bot process)."""
        self.controller.close()

    # ------------------------------------------------------------- set-up
    def t(self, key: str, **fmt: object) -> str:
        return self.app.t(key, **fmt)

    def resize(self, size: tuple[int, int]) -> None:
        players = self.session.match.ruleset.players
        self.layout = TableLayout(size, players)
        self.table = TableView(self.layout)
        words = {k: self.t(f"table.bubble.{k}") for k in
                 (A.HU, A.SELF_DRAW, A.KONG, A.CONCEALED_KONG, A.ADDED_KONG, A.PENG, A.CHI,
                  A.PASS, "ready")}
        self.bubbles = BubbleBar(self.layout, words)
        self._build_toolbar()
        self._snap_key = None
        kind, self.overlay = self.overlay_kind, None
        if kind == "pause":
            self.open_pause()
        elif kind == "cover":
            self._cover()

    def _build_toolbar(self) -> None:
        self.toolbar = ButtonRow(self._toolbar_buttons(), self.layout.toolbar,
                                 self.layout.small_font, self.layout.gap)

    def _toolbar_buttons(self) -> list[Button]:
        c = self.controller
        buttons = []
        if self.session.debug:
            buttons += [
                Button("show_all", self.t("table.btn.show_all"), self.toggle_show_all,
                       lambda: self.show_all),
                Button("reasoning", self.t("table.btn.reasoning"), self.toggle_reasoning,
                       lambda: self.show_reasoning),
                Button("pause", self.t("table.btn.pause"), self.toggle_pause, lambda: c.paused),
                Button("step", self.t("table.btn.step"), c.step),
                Button("undo", self.t("table.btn.undo"), self.undo),
            ]
        if self.session.is_human(self.viewer):
            buttons.append(Button("auto", self.t("table.btn.auto"), self.toggle_auto,
                                  lambda: self.session.round.auto[self.viewer]))
        buttons.append(Button("menu", self.t("table.btn.menu"), self.open_pause))
        return buttons

    # ------------------------------------------------------------ controls
    def toggle_show_all(self) -> None:
        self.show_all = not self.show_all
        self.session.setup["show_all_hands"] = self.show_all
        self._snap_key = None

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
        buttons = [Button("resume", self.t("table.pause.resume"), self.close_overlay,
                          primary=True),
                   Button("quit", self.t("table.pause.quit"), self.save_and_quit)]
        keys = self.t("table.pause.keys").split(" · ")
        lines = [" · ".join(keys[:2]), " · ".join(keys[2:])]
        self.overlay = Overlay(self.layout.size, self.layout.scale, self.t("table.pause.title"),
                               lines, buttons)
        self.overlay_kind = "pause"

    def close_overlay(self) -> None:
        self.overlay, self.overlay_kind = None, ""

    def save_and_quit(self) -> None:
        self.session.autosave()
        self.app.scenes.replace("menu")

    # ------------------------------------------------------------ snapshot
    def _refresh(self) -> None:
        """Recompute what the viewer sees after the table changed (once per change)."""
        self._follow_human()
        key = (self.controller.version, self.viewer, self.show_all)
        if key == self._snap_key:
            return
        self._snap_key = key
        self.view: PlayerView = self.session.round.view(self.viewer)
        self.acting = self.viewer in self.controller.humans_to_act()
        self.legal = self.controller.legal(self.viewer) if self.acting else []
        claiming = self.acting and self.view.phase == "claim"
        options = options_for(self.legal, claiming) if self.acting else []
        if not any(o.kind == "ready" for o in options):
            self.ready_on = False
        if options:
            self.bubbles.set(options)
        else:
            self.bubbles.clear()
        self._hint = None
        source = self.view.claim_from
        claim_id = (id(self.session.round), source, len(self.view.discards[source])) \
            if claiming and source is not None else None
        if claim_id != self._claim_id:
            self._claim_id = claim_id
            self.countdown_left = self.countdown_total
        self._update_hand()
        self.unseen = self.view.unseen_counts()
        self._last_discard = self._find_last_discard()

    def _follow_human(self) -> None:
        """Hotseat: turn the table to the human seat that must act (cover in between)."""
        humans = self.controller.humans_to_act()
        if humans and self.viewer not in humans:
            previous, self.viewer = self.viewer, humans[0]
            self._build_toolbar()
            if self.session.is_human(previous) and not self.show_all:
                self._cover()

    def _cover(self) -> None:
        name = self.session.seats[self.viewer].name
        wind = self.t(f"table.wind.{self._wind(self.viewer)}")
        go = Button("go", self.t("table.cover.go"), self.close_overlay, primary=True)
        self.overlay = Overlay(self.layout.size, self.layout.scale,
                               self.t("table.cover", name=name, wind=wind), [], [go], True)
        self.overlay_kind = "cover"

    def _update_hand(self) -> None:
        tiles, apart = hand_order(self.view)
        rects = self.table.hand_rects(len(tiles), apart)
        self.hand.set(tiles, apart, rects, self._discardable())

    def _discardable(self) -> set[int]:
        return {a.tile for a in self.legal if a.kind == A.DISCARD and a.tile is not None
                and (a.ready or not self.ready_on)}

    def _find_last_discard(self) -> int | None:
        for e in reversed(self.session.round.events):
            if e.kind == E.DISCARD:
                return e.seat
            if e.kind in (E.CLAIM, E.DEAL):
                return None
        return None

    def _wind(self, seat: int) -> int:
        """The seat's wind this hand: the dealer is East, and the winds move with it."""
        return (seat - self.session.round.dealer) % self.session.match.ruleset.players

    def _model(self) -> tuple[TableModel, Hashable]:
        """The board's content and its cache key (rebuilt only when either changes)."""
        hidden = frozenset(h for h in self.effects.hidden if isinstance(h, tuple))
        key = (self._snap_key, hidden, self.layout.size)
        if self._model_cache is None or self._model_cache[0] != key:
            self._model_cache = (key, self._build_model(hidden))
        return self._model_cache[1], key

    def _build_model(self, hidden: frozenset[tuple[str, int]]) -> TableModel:
        view, match = self.view, self.session.match
        seats = []
        for s, setup in enumerate(self.session.seats):
            running = 0 if match.hand_finished else view.scores[s]
            seats.append(SeatInfo(setup.name, self._wind(s), match.totals[s] + running,
                                  view.scores[s], s == view.dealer, view.ready[s], view.auto[s],
                                  self.t(f"table.tag.{setup.kind.partition(':')[0]}")))
        return TableModel(
            view, tuple(seats), tuple(self._open_hand(s) for s in range(view.players)),
            self._last_discard, hidden,
            (self.t("table.wall", n=view.wall_remaining),
             self.t("table.hand", n=match.hand_number + 1, total=match.length)),
            {"dealer": self.t("table.badge.dealer"), "ready": self.t("table.badge.ready"),
             "auto": self.t("table.badge.auto")})

    def _open_hand(self, seat: int) -> tuple[int, ...] | None:
        """Debug: another seat's concealed tiles face up (from the full state, on purpose)."""
        if not self.show_all or seat == self.viewer:
            return None
        state = self.session.round
        tiles = state.hand_of(seat)
        if seat == state.current and state.drawn is not None and state.drawn in tiles:
            tiles.remove(state.drawn)
            tiles.append(state.drawn)
        return tuple(tiles)

    # -------------------------------------------------------------- events
    def on_events(self, events: list[Event]) -> None:
        """Engine events: log lines, sounds and motion, in order."""
        before = self.view
        self._snap_key = None
        self._refresh()
        names = [s.name for s in self.session.seats]
        pools = [sum(1 for d in p if d.claimed_by is None)
                 for p in before.discards]
        for e in events:
            self.log.add(describe(e.seen_by(self.viewer), names, self.t,
                                  self.app.settings.language))
            self._animate(e, before, pools)
            if e.kind in (E.WIN, E.EXHAUSTED):
                self._end_timer = self.effects.timeline.scaled(END_PAUSE)
        self._discard_from = None

    def on_reset(self) -> None:
        self.effects.clear()
        self.ready_on = False
        self._end_timer = None
        self._snap_key = None
        self._refresh()
        self._recent_log()

    def _recent_log(self) -> None:
        """Fill the log from the hand so far (a continued game, a new hand, an undo)."""
        self.log.clear()
        names = [s.name for s in self.session.seats]
        for e in self.session.round.events:
            self.log.add(describe(e.seen_by(self.viewer), names, self.t,
                                  self.app.settings.language))

    def _animate(self, e: Event, before: PlayerView, pools: list[int]) -> None:
        view, table = self.view, self.table
        if e.kind == E.DRAW and e.seat == self.viewer:
            self.effects.drop_in()
            self._play("draw")
        elif e.kind == E.DISCARD and e.tile is not None:
            end = table.pool_rect(view, e.seat, pools[e.seat])
            pools[e.seat] += 1
            start = self._discard_start(e.seat, before)
            side = table.side(view, e.seat)
            image = table.pool_art.face_rotated(e.tile, self.layout.pool_frames[side].rotation)
            self.effects.slide(image, start, end, ("pool", e.seat))
            self._play("discard")
        elif e.kind == E.CLAIM:
            source = e.data["from"]
            pools[source] -= 1
            target = table.claimed_rect(view, e.seat)
            if target is not None:
                self.effects.slide(self._claimed_image(e.seat),
                                   table.pool_rect(view, source, pools[source]), target,
                                   ("meld", e.seat))
            self._call(e.seat, e.data["kind"])
            self._play(SOUNDS[e.data["kind"]])
        elif e.kind == E.KONG:
            self._call(e.seat, "kong")
            self._play("gang")
        elif e.kind == E.READY:
            self._call(e.seat, "ready")
            self._play("ready")
        elif e.kind == E.WIN:
            self._call(e.seat, "tsumo" if e.data.get("how") == WinKind.SELF_DRAW else "hu")
            self._play("win" if e.seat == self.viewer else "hu")
        elif e.kind == E.EXHAUSTED:
            self._call(None, "exhausted")

    def _discard_start(self, seat: int, before: PlayerView) -> pygame.Rect:
        if seat == self.viewer:
            if self._discard_from is not None:
                return self._discard_from
            return self.hand.rects[-1] if self.hand.rects else self.layout.box
        count = max(1, before.hand_sizes[seat])
        return self.table.concealed_rect(before, seat, count - 1, count)

    def _claimed_image(self, seat: int) -> pygame.Surface:
        view, table = self.view, self.table
        side = table.side(view, seat)
        for p, *_ in table.meld_boxes(view, seat)[-1]:
            if p.claimed and p.kind is not None:
                deg = (self.layout.hand_frames[side].rotation + p.turn) % 360
                return table.art_for(side).face_rotated(p.kind, deg)
        return table.art_for(side).back()

    def _call(self, seat: int | None, word: str) -> None:
        L = self.layout
        if seat is None:
            center = L.box.center
        else:
            f = L.hand_frames[self.table.side(self.view, seat)]
            length = 8 * L.hand_w if f is L.hand_frames[0] else L.row_len / 2
            x, y = f.point(length, L.hand_h * 2.4 if f is L.hand_frames[0] else L.opp_h * 2.6)
            center = (round(x), round(y))
        self.effects.call(self.t(f"table.call.{word}"), center, round(64 * L.scale),
                          CALL_COLORS[word])

    def _play(self, name: SoundName) -> None:
        if self.app.settings.sound_on:
            self.app.sounds.play(name)

    # --------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.overlay is None:
                self.hand.focus = self.hand.hit(event.pos, self.layout.raise_px)
            return False
        if self.overlay is not None:
            return self._overlay_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.pass_claim()   # right-click passes, as in every client
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(self.mouse):
            self.log.scroll(event.y)   # back through the hand's log
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def pass_claim(self) -> bool:
        """Pass on the discard being claimed (Space or right-click); True if there was one."""
        self._refresh()
        passing = Action(self.viewer, A.PASS)
        if passing not in self.legal:
            return False
        self._play("click")
        self.controller.submit(passing)
        return True

    def _overlay_event(self, event: pygame.event.Event) -> bool:
        assert self.overlay is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.overlay.click(event.pos) and self.overlay.opaque:
                self.close_overlay()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or self.overlay.opaque:
                self.close_overlay()
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        self._refresh()
        if self.toolbar.click(pos):
            self._play("click")
            return True
        index = self.bubbles.hit(pos)
        if index is not None:
            self._play("click")
            self.choose_bubble(index)
            return True
        tile = self.hand.hit(pos, self.layout.raise_px)
        if tile is not None:
            self.discard_at(tile)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        self._refresh()
        key = event.key
        debug = {pygame.K_F1: self.toggle_show_all, pygame.K_F2: self.toggle_reasoning,
                 pygame.K_F3: self.toggle_pause, pygame.K_F4: self.controller.step,
                 pygame.K_F5: self.undo}
        if key == pygame.K_ESCAPE:
            self.open_pause()
        elif key == pygame.K_SPACE:
            return self.pass_claim()
        elif key in NUMBER_KEYS:
            self.choose_bubble(NUMBER_KEYS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hand.move_focus(-1 if key == pygame.K_LEFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hand.focus is not None:
            self.discard_at(self.hand.focus)
        elif key == pygame.K_t:
            self.toggle_auto()
        elif self.session.debug and key in debug:
            debug[key]()
        elif self.session.debug and key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        else:
            return False
        return True

    def choose_bubble(self, index: int) -> None:
        """Answer with the index-th bubble (the 报听 switch flips instead)."""
        if not 0 <= index < len(self.bubbles.options):
            return
        option: Option = self.bubbles.options[index]
        if option.action is None:
            self.ready_on = not self.ready_on
            self.hand.enabled = self._discardable()
            return
        self.controller.submit(option.action)

    def discard_at(self, index: int) -> None:
        """Discard the index-th tile of the hand if that is legal now."""
        if not self.acting or not 0 <= index < len(self.hand.tiles):
            return
        kind = self.hand.tiles[index]
        action = Action(self.viewer, A.DISCARD, kind, ready=self.ready_on)
        if action in self.legal:
            self._discard_from = self.hand.rects[index].move(0, -self.layout.raise_px)
            self.hand.focus = None
            self.controller.submit(action)

    # -------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.overlay is not None:
            return
        self._refresh()
        self.effects.update(dt)
        self.controller.update(dt, hold=self.effects.sliding)
        self._refresh()
        if self.acting and self.app.settings.show_hint:
            self._hint = self.controller.hint(self.viewer)
        if self._claim_id is not None and self.countdown_total > 0:
            self.countdown_left -= dt
            if self.countdown_left <= 0:
                self.log.add(self.t("table.log.timeout", name=self.session.seats[self.viewer].name))
                self.controller.submit(Action(self.viewer, A.PASS))
        self._maybe_results(dt)

    def _maybe_results(self, dt: float) -> None:
        match = self.session.match
        if not match.hand_finished or self._results_for == match.hand_number:
            return
        if self._end_timer is None:
            self._end_timer = self.effects.timeline.scaled(END_PAUSE)
        self._end_timer -= dt
        if self._end_timer <= 0 and not self.effects.sliding:
            self._results_for = match.hand_number
            self._end_timer = None
            self.app.scenes.push("results", session=self.session)

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        model, key = self._model()
        L, view = self.layout, self.view
        surface.blit(self.table.board(model, key), (0, 0))
        self.table.draw_turn_glow(surface, view, self.clock)
        self.table.draw_last_marker(surface, model, self.clock)
        if view.phase == "turn" and view.current in self.controller.thinking():
            self.table.draw_thinking(surface, view, view.current, self.clock)
        hint = self._hint.tile if self._hint is not None and self._hint.kind == A.DISCARD \
            else None
        self.hand.draw(surface, self.table.hand_art, L.raise_px,
                       self.effects.drop_offset(L.hand_h), hint, self.ready_on,
                       self.acting and view.phase == "turn")
        self.effects.draw(surface)
        self._draw_panels(surface)
        countdown = (self.countdown_left, self.countdown_total) \
            if self._claim_id is not None and self.countdown_total > 0 else None
        self.bubbles.draw(surface, self.mouse, self._hint, self.ready_on, countdown)
        self.toolbar.draw(surface, self.mouse)
        if self.overlay is not None:
            self.overlay.draw(surface, self.mouse)

    def _draw_panels(self, surface: pygame.Surface) -> None:
        L, match = self.layout, self.session.match
        ruleset = match.ruleset
        parts = [ruleset.name if self.app.settings.language == "zh" else ruleset.name_en]
        if self.view.wildcard is not None:
            parts.append(self.t("table.wildcard", tile=tile_words(self.view.wildcard,
                                                                   self.app.settings.language)))
        if self.session.debug:
            parts.append(self.t("table.seed", seed=match.seed))
        info_line(surface, L.info, tuple(parts), L.small_font)
        surface.blit(log_panel(L.log.size, self.t("table.log.title"), self.log.snapshot(),
                               L.small_font), L.log)
        self._draw_waits(surface)
        if self.controller.paused:
            blit_text(surface, self.t("table.paused"), L.font,
                      (L.box.centerx, L.toolbar.bottom + L.margin), (255, 200, 120), True,
                      "midtop", True)
        if self.show_reasoning:
            self._draw_reasoning(surface)

    def _draw_waits(self, surface: pygame.Surface) -> None:
        if not self.app.settings.show_waits:
            return
        focus = self.hand.focus
        discard = self.hand.tiles[focus] if focus is not None and len(self.hand.tiles) % 3 == 2 \
            and focus < len(self.hand.tiles) else None
        kinds = waits_after(tuple(self.hand.tiles), discard,
                            self.session.match.ruleset.hand_rules)
        if not kinds:
            return
        L = self.layout
        title = self.t("table.waits_if" if discard is not None else "table.waits")
        entries = tuple((k, self.unseen[k]) for k in kinds)
        img = waits_panel(L.waits.h, title, entries, L.small_font)
        surface.blit(img, L.waits.topleft)

    def _draw_reasoning(self, surface: pygame.Surface) -> None:
        L = self.layout
        for seat, entries in self.controller.reasoning.items():
            if not self.controller.is_ai(seat) or not entries:
                continue
            side = self.table.side(self.view, seat)
            title = self.t("table.reasoning", name=self.session.seats[seat].name)
            language = self.app.settings.language
            shown = tuple((action_words(text, self.t, language), score)
                          for text, score in entries)
            img = reasoning_panel(title, shown, L.small_font, round(220 * L.scale))
            surface.blit(img, reasoning_rect(L, side, img.get_size()))
