"""The play screen: the table seen from the viewer's seat, bubbles, motion, debug aids.

A pipeline, one job per module: `snapshot` (what the viewer may see, after each
change), `motion` (events → log, sounds, sliding tiles), `controls` (mouse and keys →
the viewer's legal actions), `painter` (drawing, which only reads). This scene wires
them to its source — the local Controller, or a seat of a room on a server
(game.shell.table_source) — and runs the table's lifecycle.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.play.feed import SeatFeed
from game.render.board_model import TableModel
from game.render.layout import TableLayout
from game.render.table_view import TableView
from game.scenes.table import connection, controls, menus, own_clock, phrases
from game.scenes.table.boxes import table_boxes
from game.scenes.table.framing import frame_of
from game.scenes.table.motion import Choreographer, Stage
from game.scenes.table.own_clock import OwnClock, decision_seconds
from game.scenes.table.painter import paint
from game.scenes.table.setup_pick import SetupPick
from game.scenes.table.snapshot import Snapshot, build_model, discardable, seat_wind, take
from game.shell.app import Scene
from game.shell.controller import Controller
from game.shell.layout_box import LayoutBox, Specimen
from game.shell.session import MatchSession
from game.shell.table_source import TableSource
from game.ui.action_log import ActionLog
from game.ui.bubbles import READY, WORD_KEYS, BubbleBar, options_for
from game.ui.effects import Effects
from game.ui.hand import PlayerHand, hand_order, laid_hand
from game.ui.hints import SuggestLegend
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.audio import SoundName


class TableScene(Scene):
    """One match at the table until the hand ends (then the results page goes on top)."""

    def __init__(self, app: App, session: MatchSession | None = None, paused: bool = False,
                 source: TableSource | None = None, sample_hints: int | None = None,
                 picker: bool = False) -> None:
        """A match of this computer (`session`) or one played elsewhere (`source`).
        `sample_hints`: the layout check's sample of the hints — every one on, the legend
        shown and this tile of the hand in focus; `picker`: the phrases' card open."""
        super().__init__(app)
        self.session = session
        settings = app.settings
        if source is None:
            assert session is not None, "a table needs a session or a source"
            source = Controller.for_session(session, settings.thinking_delay,
                                            settings.claim_countdown)
        self.controller: TableSource = source
        source.listener = self
        self.effects = Effects(settings.anim_speed)
        self.log = ActionLog()
        self.motion = Choreographer(self.effects, self.log, self.t, self.play_sound)
        humans = [s for s in range(source.ruleset.players) if source.is_person(s)]
        self.viewer = humans[0] if humans else 0
        self.show_all = source.show_all_hands
        self.show_reasoning = source.debug
        self.ready_on = False
        self.overlay: Overlay | None = None
        self.overlay_kind = ""
        self.clock = 0.0
        self.mouse = (0, 0)
        self.hand = PlayerHand()
        self.own_clock = OwnClock()
        self.pick = SetupPick()
        self.snap: Snapshot | None = None
        self._hint: Action | None = None
        self.legend = SuggestLegend()
        self._save_problem: str | None = None   # the autosave problem the log last told
        self._model: tuple[Hashable, TableModel] | None = None
        self._shown: dict[int, tuple[int, int]] = {}   # per seat's feed: (hand, events shown)
        self.resize(app.size)
        self._refresh()
        self._board_model()
        self.motion.replay_log(self._unshown(), self._stage(),
                               self.controller.resumed_from(self.viewer))
        self.hint_settings = app.settings
        if sample_hints is not None:
            self.hint_settings = replace(app.settings, hint_efficiency=True, hint_danger=True)
            self.legend.on, self.hand.focus = True, sample_hints
        if paused:
            self.open_pause()
        elif picker:
            phrases.open_picker(self)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        """Busy tables (国标's too) for the layout self-check, and seats of rooms."""
        from game.net.samples import sample_table, sample_unreachable
        from game.shell.gb_specimens import guobiao_short, guobiao_table
        from game.shell.i18n import Translator
        from game.shell.specimens import table_specimens
        words = app.t if app is not None else Translator("en")   # asked without a window
        return [*table_specimens(), ("guobiao", {"session": guobiao_table()}),
                ("guobiao_short", {"session": guobiao_short()}),
                ("guobiao_short_hint", {"session": guobiao_short(False), "sample_hints": 13}),
                ("online", {"source": sample_table(words)}),
                ("online_reconnecting", {"source": sample_table(words, state="reconnecting")}),
                ("online_badges", {"source": sample_table(words, badges=True)}),
                ("online_unreachable", {"source": sample_unreachable(words)}),
                *phrases.specimens(words)]

    def layout_boxes(self) -> list[LayoutBox]:
        """The controls, name plates, clock and caption the table draws itself."""
        return table_boxes(self)

    @property
    def animating(self) -> bool:
        """Frames are needed unless the table waits for the viewer with nothing moving:
        no motion, no AI thinking, no countdown, no pending end of hand, no overlay."""
        snap = self.snap
        waiting = (snap is not None and snap.acting and not snap.claiming
                   and self.own_clock.shown is None and self.overlay is None and not self.effects.moving
                   and not self.controller.thinking() and not phrases.bubbles(self)
                   and not self.controller.hand_finished)
        return not waiting

    def exit(self) -> None:
        """Leaving the table by any route stops its AI worker (and any bot process, or
        the connection to the server)."""
        self.controller.close()

    # ------------------------------------------------------------- set-up
    def t(self, key: str, **fmt: object) -> str:
        return self.app.t(key, **fmt)

    def _build_toolbar(self) -> None:
        self.toolbar = menus.toolbar(self)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = TableLayout(size, self.controller.ruleset.players,
                                  self.app.settings.ui_scale)
        self.table = TableView(self.layout)
        words = {kind: self.t(key) for kind, key in WORD_KEYS.items()}
        self.bubbles = BubbleBar(self.layout, words)
        self._build_toolbar()
        self.snap = None
        kind, self.overlay = self.overlay_kind, None
        if kind == "pause":
            self.open_pause()
        elif kind == "cover":
            self._cover()
        elif kind == phrases.KIND:
            phrases.open_picker(self)
        if self._model is not None:     # drawn before: drawn again at once, even under a
            self._refresh()             # page above it (the results), which it never updates
            self._board_model()

    # ------------------------------------------------------------ controls
    def toggle_show_all(self) -> None:
        self.show_all = not self.show_all
        self.controller.show_all_hands = self.show_all
        self.snap = None

    def toggle_reasoning(self) -> None:
        self.show_reasoning = not self.show_reasoning

    def toggle_pause(self) -> None:
        self.controller.paused = not self.controller.paused

    def undo(self) -> None:
        if self.controller.undo():
            self.log.add(self.t("table.log.undo"))

    def toggle_auto(self) -> None:
        if self.controller.is_person(self.viewer) and self.controller.offers_auto:
            self.controller.set_auto(self.viewer, not self.auto_on)

    @property
    def auto_on(self) -> bool:
        """托管 is on for the viewer's seat."""
        view = self.feed.view
        return view is not None and view.auto[self.viewer]

    def open_pause(self) -> None:
        self.overlay, self.overlay_kind = menus.pause(self), "pause"

    def show_page(self, name: str) -> None:
        """A page (rules, settings) over the table, which waits under it."""
        self.app.scenes.push(name)

    def close_overlay(self) -> None:
        self.overlay, self.overlay_kind = None, ""

    def save_and_quit(self) -> None:
        """Leave for the menu once the match is saved (online: the seat stays yours to
        take back); if it cannot be, stay (the info line says why) so nothing is lost."""
        if self.controller.leave():
            self.app.scenes.replace("menu")

    def _cover(self) -> None:
        """Hotseat: a screen that hides the table until the next human is ready."""
        self.overlay, self.overlay_kind = menus.cover(self), "cover"

    # ------------------------------------------------------------ snapshot
    @property
    def snapshot(self) -> Snapshot:
        assert self.snap is not None
        return self.snap

    @property
    def acting(self) -> bool:
        return self.snap is not None and self.snap.acting

    @property
    def legal(self) -> list[Action]:
        return list(self.snap.legal) if self.snap is not None else []

    def _refresh(self) -> None:
        """Take a new snapshot after the table changed (once per change)."""
        self._follow_human()
        key = (self.controller.version, self.viewer, self.show_all)
        if self.snap is not None and self.snap.key == key:
            return
        self.snap = snap = take(self.feed, self.controller.version, self.show_all)
        tiles, apart = hand_order(snap.view)
        self.pick.follow((self.viewer, self.feed.hands, snap.view.phase), snap.view, snap.legal, tiles)
        options = (self.pick.options() if self.pick.legal
                   else options_for(list(snap.legal), snap.claiming)) if snap.acting else []
        if not any(o.kind == READY for o in options):
            self.ready_on = False
        if options:
            self.bubbles.set(options)
        else:
            self.bubbles.clear()
        self._hint = None
        turn = self.feed.turn if snap.acting else None
        self.own_clock.follow(None if turn is None else (self.viewer, turn.number, snap.claim_id,
                                                         turn.deadline),
                              decision_seconds(turn, snap.claiming or bool(self.pick.legal),
                                               self.controller.claim_countdown))
        self.hand.set(tiles, apart, self.table.hand_rects(len(tiles), apart),
                      self.pick.enabled() if self.pick.legal else discardable(snap, self.ready_on),
                      laid_hand(snap.view) is not None)
        self.hand.raised = set(self.pick.picked)

    def _follow_human(self) -> None:
        """Hotseat: turn the table to the human seat that must act (cover in between)."""
        humans = self.controller.humans_to_act()
        if humans and self.viewer not in humans:
            previous, self.viewer = self.viewer, humans[0]
            self._unshown()     # the new viewer's feed holds what the table already showed
            self._build_toolbar()
            if self.controller.is_person(previous) and not self.show_all:
                self._cover()

    def wind(self, seat: int) -> int:
        view = self.feed.view
        assert view is not None
        return seat_wind(view, seat)

    @property
    def feed(self) -> SeatFeed:
        """What the viewer's seat may know: all the table shows of the hand."""
        return self.controller.feed(self.viewer)

    def _board_model(self) -> tuple[TableModel, Hashable]:
        """The board's model, rebuilt when the snapshot, the hidden tiles or the language
        (its names and captions) change."""
        hidden = frozenset(h for h in self.effects.hidden if isinstance(h, tuple))
        snap = self.snapshot
        key = (snap.key, hidden, self.layout.size, self.app.settings.language)
        if self._model is None or self._model[0] != key:
            open_hands = self.controller.open_hands() if self.show_all else None
            self._model = (key, build_model(self.controller, snap, open_hands, hidden, self.t))
        return self._model[1], key

    def _stage(self, before: Snapshot | None = None) -> Stage:
        snap = self.snapshot
        return Stage(snap.view, (before or snap).view, self.table, self.layout, self.hand,
                     self.viewer,
                     tuple(self.controller.seat_name(s, self.t) for s in range(self.layout.players)),
                     self.app.settings.language)

    # -------------------------------------------------------------- events
    def on_events(self) -> None:
        """The viewer's new events: log lines, sounds and motion, in order."""
        before = self.snap
        events = self._unshown()
        self.snap = None
        self._refresh()
        self.motion.on_events(events, self._stage(before))
        self._board_model()

    def on_reset(self) -> None:
        self.motion.reset()
        self.ready_on = False
        self.snap = None
        self._refresh()
        self.motion.replay_log(self._unshown(), self._stage(),
                               self.controller.resumed_from(self.viewer))

    def _unshown(self) -> list[Event]:
        """The events of the viewer's feed the table has not shown yet (all of a new
        hand's); from now on they count as shown."""
        feed = self.feed
        hands, count = self._shown.get(feed.seat, (-1, 0))
        events = feed.events[count:] if hands == feed.hands else feed.events
        self._shown[feed.seat] = (feed.hands, len(feed.events))
        return list(events)

    def play_sound(self, name: SoundName) -> None:
        if self.app.settings.sound_on:
            self.app.sounds.play(name)

    # --------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        return controls.handle(self, event)

    def pass_claim(self) -> bool:
        """Pass on the discard being claimed (Space or right-click); True if there was one."""
        self._refresh()
        passing = Action(self.viewer, A.PASS)
        if passing not in self.legal:
            return False
        self.play_sound("click")
        self.controller.submit(passing)
        return True

    def choose_bubble(self, index: int) -> None:
        """Answer with the index-th bubble (the 报听 switch flips instead)."""
        if not 0 <= index < len(self.bubbles.options):
            return
        option = self.bubbles.options[index]
        if option.action is None:
            self.ready_on = not self.ready_on
            self.hand.enabled = discardable(self.snapshot, self.ready_on)
            return
        self.controller.submit(option.action)

    def discard_at(self, index: int) -> None:
        """Discard the index-th tile of the hand if that is legal now."""
        if not self.acting or not 0 <= index < len(self.hand.tiles):
            return
        if self.pick.toggle(index):      # 换三张: the tile is picked or put back
            self.hand.raised = set(self.pick.picked)
            self.bubbles.set(self.pick.options())
            return
        action = Action(self.viewer, A.DISCARD, self.hand.tiles[index], ready=self.ready_on)
        if action in self.legal:
            self.motion.discard_from = self.hand.rects[index].move(0, -self.layout.raise_px)
            self.hand.focus = None
            self.controller.submit(action)

    # -------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        self.clock += dt
        self._tell_save_problem()
        connection.watch(self)        # an online table's server out of reach: its card
        if self.overlay is not None and self.overlay_kind != phrases.KIND:   # it plays on
            self._refresh()
            self._board_model()
            return
        self._refresh()
        self.effects.update(dt)
        settings = self.app.settings
        self.controller.set_switches(settings.auto_win, settings.never_claim)
        self.controller.update(dt, hold=self.effects.sliding)
        self._refresh()
        if self.acting and self.app.settings.hint_suggest:
            self._hint = self.controller.hint(self.viewer)
        self.legend.update(self._hint is not None, self.acting, self.app.settings)
        if not self.controller.paused:  # a paused table (hotseat pause, undo) holds it
            own_clock.run_for(self, dt)
        page = self.controller.next_page(self.controller.hand_finished
                                         and self.motion.end_pause_over(dt))
        if page is not None:
            self.app.scenes.push(page[0], **page[1])
        self._board_model()

    def _tell_save_problem(self) -> None:
        """A log line when autosaving starts to fail, and when it works again."""
        problem = self.controller.save_problem
        if problem == self._save_problem:
            return
        if problem is not None:
            self.log.add(self.t("table.log.save_failed", reason=problem))
        else:
            self.log.add(self.t("table.log.saved_again"))
        self._save_problem = problem

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the snapshot and model the last update made (reads only)."""
        if self.snap is None or self._model is None:
            return
        paint(surface, frame_of(self))
