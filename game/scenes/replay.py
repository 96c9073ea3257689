"""The replay viewer: any match file, step by step, with "play from here".

Steps one action back or forward (←/→, mouse wheel), a hand back or forward (↑/↓),
to the next decision of the chosen seat (N); a scrubber over the whole match marks
hand boundaries and wins; play/pause (Space) at 0.5×–8×; every hand open or exactly
what one seat saw. Positions come from game.history.timeline (checkpoints), so a jump
anywhere is one clone and a few actions. "Play from here" writes a new match of the
library from the current moment and opens it at the table with the chosen seat played
by the player.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.events import last_discarder
from game.engine.state import RoundState
from game.history.autoplay import sample_match_file
from game.history.branch import play_from_here
from game.history.review import SeatReview, review_seat
from game.history.stats import player_seat
from game.history.timeline import Timeline, seat_levels
from game.play.setup import MatchSetup, SeatKind, SeatSpec
from game.render.board_model import TableModel
from game.render.layout import TableLayout
from game.render.paint import GOLD, IVORY, felt
from game.render.table_view import TableView
from game.render.text import blit_text, fit, rounded_panel
from game.shell.app import Scene
from game.shell.layout_box import LayoutBox, Specimen
from game.shell.saves import SaveError, load_save
from game.shell.seat_names import seat_names
from game.ui.action_log import action_words, describe
from game.ui.buttons import Button, ButtonRow
from game.ui.gb_table import flowers_of, hands_per_wind
from game.ui.hand import hand_order
from game.ui.panels import log_panel, log_rows, problem_lines
from game.ui.scrubber import Scrubber
from game.ui.table_model import Plate, open_hands, table_model
from game.ui.wording import LEVEL_KEYS, OPPONENT_KEYS, words_for

if TYPE_CHECKING:
    from game.shell.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEPS_PER_SECOND = 2.0          # at 1×


class ReplayScene(Scene):
    """A match file shown one position at a time."""

    def __init__(self, app: App, match_path: Path | str, position: int = 0,
                 viewer: int | None = None,
                 open_all: bool = True, note: str = "",
                 review: SeatReview | None = None) -> None:
        super().__init__(app)
        self.match_path = Path(match_path)
        self.problem: SaveError | None = None
        try:
            save = load_save(self.match_path)
        except SaveError as exc:
            self.problem = exc
            save = None
        self.timeline = Timeline(save.match) if save is not None else None
        self.setup = save.setup if save is not None else MatchSetup()
        players = self.timeline.players if self.timeline else 4
        self.names = seat_names(self.setup, players, self.t)
        self.levels = seat_levels(self.setup, players)
        if viewer is None:      # the player's own seat (an online match's: theirs)
            viewer = player_seat(save) if save is not None else 0
        self.viewer = viewer % players
        self.open_all = open_all
        self.note = note
        # each reviewed decision by the position right after it (its step, counted from 1)
        self.review = {(d.hand, d.step + 1): d for d in review.decisions} if review else {}
        self.reviewer = review.reviewer if review else ""
        self.flat = 0
        self.playing = False
        self.speed = 1.0
        self.opponents = "recorded"
        self.clock = 0.0
        self._due = 0.0
        self.mouse = (0, 0)
        self.hand, self.index = 0, 0
        self.log_lines: tuple[str, ...] = ()
        self.resize(app.size)
        self.go(position if position >= 0 else (self.timeline.size - 1 if self.timeline else 0))

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        path = sample_match_file()
        timeline = Timeline(load_save(path).match)
        review = review_seat(timeline, 1)
        worst = review.mistakes()[0] if review.mistakes() else review.decisions[0]
        return [("start", {"match_path": path}),
                ("middle_seat_view", {"match_path": path, "position": 14, "viewer": 1,
                                      "open_all": False}),
                ("reviewed", {"match_path": path, "viewer": 1, "open_all": False,
                              "position": timeline.flat(worst.hand, worst.step + 1),
                              "review": review}),
                ("end", {"match_path": path, "position": -1})]

    # ------------------------------------------------------------- layout
    def t(self, key: str, **fmt: object) -> str:
        return self.app.t(key, **fmt)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = max(0.45, min(w / 1280, h / 800))
        self.scale = s
        self.font = max(10, round(15 * s))
        row = max(22, round(34 * s))
        gap = max(4, round(8 * s))
        self.strip = pygame.Rect(0, h - 3 * row - 4 * gap, w, 3 * row + 4 * gap)
        players = self.timeline.players if self.timeline else 4
        self.layout = TableLayout((w, self.strip.y), players)
        self.table = TableView(self.layout)
        margin = self.layout.margin
        self.bar = pygame.Rect(margin, self.strip.y + gap, w - 2 * margin, row)
        self.scrubber = Scrubber(self.bar, self.timeline.size if self.timeline else 1, s)
        rows = [pygame.Rect(margin, self.strip.y + 2 * gap + row, w - 2 * margin, row),
                pygame.Rect(margin, self.strip.y + 3 * gap + 2 * row, w - 2 * margin, row)]
        self.rows = [ButtonRow(self._transport(), rows[0], self.font, gap, "center"),
                     ButtonRow(self._seat_buttons(), rows[1], self.font, gap, "center")]
        self._model_key: Any = None
        self.decisions = self.timeline.decisions(self.viewer) if self.timeline else []
        self._log()

    def _transport(self) -> list[Button]:
        t = self.t
        return [Button("back", t("replay.back"), self.back),
                Button("hand_back", t("replay.hand_back"), lambda: self.hand_jump(-1)),
                Button("step_back", t("replay.step_back"), lambda: self.step(-1)),
                Button("play", t("replay.pause" if self.playing else "replay.play"),
                       self.toggle_play, lambda: self.playing),
                Button("step_fwd", t("replay.step_fwd"), lambda: self.step(1)),
                Button("hand_fwd", t("replay.hand_fwd"), lambda: self.hand_jump(1)),
                Button("speed", t("replay.speed", x=f"{self.speed:g}"), self.cycle_speed)]

    def _seat_buttons(self) -> list[Button]:
        t = self.t
        name = fit(self.names[self.viewer], self.font, round(120 * self.scale))
        opp = words_for(t, OPPONENT_KEYS, self.opponents)
        return [Button("seat", t("replay.seat", name=name), self.cycle_seat),
                Button("open", t("replay.open_all"), self.toggle_open, lambda: self.open_all),
                Button("next_decision", t("replay.next_decision"), self.next_decision),
                Button("opponents", t("replay.opponents", level=opp), self.cycle_opponents),
                Button("branch", t("replay.branch"), self.branch, primary=True),
                Button("review", t("replay.review"), self.open_review)]

    def layout_boxes(self) -> list[LayoutBox]:
        boxes = [LayoutBox(f"button {b.key}", b.rect, interactive=True)
                 for row in self.rows for b in row.buttons]
        boxes.append(LayoutBox("scrubber", self.bar, interactive=True))
        if self.timeline is not None:
            boxes += [LayoutBox(name, rect, solid=True)
                      for name, rect in self.table.board_regions(self._model()).items()]
        return boxes

    @property
    def animating(self) -> bool:
        return self.playing

    # ----------------------------------------------------------- navigation
    def go(self, flat: int) -> None:
        """Show the flat position `flat` (clamped)."""
        if self.timeline is None:
            return
        self.flat = max(0, min(self.timeline.size - 1, flat))
        self.hand, self.index = self.timeline.position(self.flat)
        self.state: RoundState = self.timeline.state_at(self.hand, self.index)
        self._log()
        self._model_key = None

    def step(self, delta: int) -> None:
        self.go(self.flat + delta)

    def hand_jump(self, delta: int) -> None:
        """To the start of this hand (or the previous one when at its start) or the next."""
        if self.timeline is None:
            return
        starts = self.timeline.starts
        if delta > 0:
            later = [s for s in starts if s > self.flat]
            self.go(later[0] if later else self.timeline.size - 1)
        else:
            earlier = [s for s in starts if s < self.flat]
            self.go(earlier[-1] if earlier else 0)

    def next_decision(self) -> None:
        if self.timeline is not None:
            found = self.timeline.next_decision(self.viewer, self.flat)
            if found is not None:
                self.go(found)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self._due = 0.0
        self.resize(self.app.size)

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.resize(self.app.size)

    def cycle_seat(self) -> None:
        self.viewer = (self.viewer + 1) % len(self.names)
        self.resize(self.app.size)

    def toggle_open(self) -> None:
        self.open_all = not self.open_all
        self._model_key = None
        self._log()

    def cycle_opponents(self) -> None:
        from ai.levels import level_names
        opponents = ("recorded", *level_names())
        self.opponents = opponents[(opponents.index(self.opponents) + 1) % len(opponents)]
        self.resize(self.app.size)

    def back(self) -> None:
        if len(self.app.scenes.stack) > 1:
            self.app.scenes.pop()
        else:
            self.app.scenes.replace("menu")

    def open_review(self) -> None:
        self.playing = False
        self.app.scenes.push("review", match_path=self.match_path, seat=self.viewer)

    def branch_levels(self) -> list[str]:
        """The levels the other seats play at in a branch."""
        if self.opponents != "recorded":
            return [self.opponents] * len(self.names)
        return [lvl if SeatSpec.parse(lvl).kind in (SeatKind.AI, SeatKind.PROGRAM) else "medium"
                for lvl in self.levels]

    def branch(self) -> None:
        """Play from here: a new library match from this moment, the viewer's seat human."""
        if self.timeline is None or (self.state.is_over and self.hand == len(
                self.timeline.hands) - 1 and self.timeline.finished):
            self.note = self.t("replay.branch_over")
            return
        from game.shell.session import MatchSession
        try:
            path, save = play_from_here(self.timeline, self.hand, self.index, self.viewer,
                                        self.branch_levels(),
                                        [self.setup.seat(s) for s in range(len(self.names))])
            session = MatchSession.from_save(save, path)
        except (OSError, ValueError) as exc:
            self.note = str(exc)
            return
        self.app.scenes.replace("table", session=session)

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if event.buttons[0] and self.bar.collidepoint(event.pos):
                self._scrub(event.pos[0])
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.collidepoint(event.pos):
                self._scrub(event.pos[0])
                return True
            return any(row.click(event.pos) for row in self.rows)
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                    pygame.K_UP: lambda: self.hand_jump(-1),
                    pygame.K_DOWN: lambda: self.hand_jump(1),
                    pygame.K_HOME: lambda: self.go(0),
                    pygame.K_END: lambda: self.go(self.timeline.size - 1 if self.timeline
                                                  else 0),
                    pygame.K_SPACE: self.toggle_play, pygame.K_n: self.next_decision,
                    pygame.K_ESCAPE: self.back}
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        return False

    def _scrub(self, x: int) -> None:
        self.go(self.scrubber.at(x))

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.playing or self.timeline is None:
            return
        self._due += dt * STEPS_PER_SECOND * self.speed
        while self._due >= 1.0:
            self._due -= 1.0
            if self.flat >= self.timeline.size - 1:
                self.toggle_play()
                return
            self.step(1)

    # -------------------------------------------------------------- drawing
    def _log(self) -> None:
        """The hand's log up to here, from the chosen seat's side, with score changes."""
        if self.timeline is None:
            return
        lines: list[str] = []
        language = self.app.settings.language
        seer = -1 if self.open_all else self.viewer
        for e in self.timeline.events_until(self.hand, self.index):
            line = describe(e if seer < 0 else e.seen_by(seer), self.names, self.t, language)
            if line:
                lines.append(line)
        self.log_lines = tuple(lines[-self._log_rows():])

    def _log_rows(self) -> int:
        """How many lines the log panel holds at this size."""
        return log_rows(self.layout.log.h, self.layout.small_font)

    def _caption(self) -> str:
        assert self.timeline is not None
        line = self.timeline.hands[self.hand]
        text = self.t("replay.where", hand=self.hand + 1, hands=len(self.timeline.hands),
                      step=self.index, steps=len(line.steps))
        if self.index > 0:
            deltas = line.steps[self.index - 1].deltas
            moved = [f"{self.names[s]} {d:+d}" for s, d in enumerate(deltas) if d]
            if moved:
                text += " · " + " ".join(moved)
        return text

    def _model(self) -> TableModel:
        assert self.timeline is not None
        view = self.state.view(self.viewer)
        totals = self.timeline.totals_at(self.hand, self.index)
        plates = [Plate(name, level, total)
                  for name, level, total in zip(self.names, self.levels, totals)]
        shown = open_hands(self.state.view(s) for s in range(view.players)) \
            if self.open_all else None
        events = self.timeline.events_until(self.hand, self.index)
        last = None if self.state.is_over else last_discarder(events)
        return table_model(view, plates, self.t, hand=self.hand, hands=self.timeline.length,
                           shown=shown, last_discard=last, events=events,
                           flowers=flowers_of(events, view.players) if view.flowers else (),
                           per_wind=hands_per_wind(self.timeline.ruleset))

    def draw(self, surface: pygame.Surface) -> None:
        if self.timeline is None:
            surface.blit(felt(surface.get_size()), (0, 0))
            assert self.problem is not None
            problem_lines(surface, self.t("replay.cannot_open", problem=self.t(self.problem.key)),
                          str(self.problem), self.font)
            self.rows[0].buttons[0].draw(surface, self.mouse, self.font)
            return
        key = (self.flat, self.viewer, self.open_all, self.layout.size, self.app.settings.language)
        if key != self._model_key:
            self._model_key, self._board_model = key, self._model()
        L = self.layout
        surface.blit(self.table.board(self._board_model, key), (0, 0))
        self.table.draw_last_marker(surface, self._board_model, self.clock)
        self._draw_hand(surface)
        blit_text(surface, fit(self._caption(), L.small_font, L.info.w + L.toolbar.w),
                  L.small_font, L.info.midleft, IVORY, True, "midleft")
        note = self._review_note() or self.note
        if note:
            blit_text(surface, fit(note, L.small_font, L.toolbar.w), L.small_font,
                      (L.toolbar.right, L.info.centery), GOLD, True, "midright")
        surface.blit(log_panel(L.log.size, self.t("table.log.title"), self.log_lines,
                               L.small_font), L.log)
        self._draw_strip(surface)

    def _review_note(self) -> str:
        """Hard's view of the decision just played, when the page came from a review."""
        d = self.review.get((self.hand, self.index))
        if d is None:
            return ""
        chosen = action_words(d.chosen, self.t, self.app.settings.language)
        if d.timed_out:     # the clock's default, not the player's choice
            chosen = f"{self.t('review.timeout_tag')} · {chosen}"
        level = words_for(self.t, LEVEL_KEYS, self.reviewer)
        if d.agree:
            return self.t("replay.hard_agrees", chosen=chosen, level=level)
        best = action_words(d.best, self.t, self.app.settings.language)
        return self.t("replay.hard_differs", chosen=chosen, best=best, level=level,
                      regret=f"{'≥' if d.bounded else ''}{d.regret:.2f}")

    def _draw_hand(self, surface: pygame.Surface) -> None:
        view = self.state.view(self.viewer)
        tiles, apart = hand_order(view)
        for kind, rect in zip(tiles, self.table.hand_rects(len(tiles), apart)):
            surface.blit(self.table.hand_art.face(kind), rect)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        assert self.timeline is not None
        surface.blit(rounded_panel(self.strip.size, (5, 26, 19, 225), None, 0), self.strip)
        tl = self.timeline
        self.scrubber.draw(surface, self.flat, tl.starts,
                           (tl.flat(hand, step) for hand, step in self.decisions), tl.wins())
        for row in self.rows:
            row.draw(surface, self.mouse)
