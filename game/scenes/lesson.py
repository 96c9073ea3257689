"""A guided lesson: its scripted hand on the table (drawn by the table's own code) with the
lesson's words beside it. The player really plays: the tutor judges each move, a wrong one
is explained and may be tried again; a finished lesson is kept in the progress file."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import last_discarder
from game.engine.state import IllegalAction
from game.play.setup import SeatSpec
from game.render.board_model import TableModel
from game.render.layout import TableLayout
from game.render.paint import GAIN, GOLD, LOSS, MUTED, PRIMARY, felt
from game.render.table_view import TableView
from game.render.text import panel
from game.render.text_block import BOLD
from game.shell.layout_box import LayoutBox
from game.shell.lesson_why import reason_words, tile_words
from game.shell.lessons import Lesson, LessonError, load_lessons, load_progress, save_progress
from game.shell.seat_names import seat_name
from game.shell.tutor import PLAYER, Tutor, Verdict
from game.ui.bubbles import NUMBER_KEYS, WORD_KEYS, BubbleBar, options_for
from game.ui.hand import PlayerHand, hand_order
from game.ui.lesson_panel import Part, column
from game.ui.lesson_setup import pick, pickable, setup_kind, setup_options
from game.ui.table_model import Plate, open_hands, table_model
from game.ui.widgets import UIScene

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.layout_box import Specimen

OTHER_KEYS = ("lesson.seat.1", "lesson.seat.2", "lesson.seat.3")   # the others, by place
PACE = 0.8          # seconds between two moves of the other seats at animation speed 1


class LessonScene(UIScene):
    """One lesson of the list (`index`); `played` right moves are made at once, then a
    wrong discard if `wrong` (the layout self-check's sample states)."""

    def __init__(self, app: App, index: int = 0, played: int = 0, wrong: bool = False) -> None:
        super().__init__(app)
        self.index = index
        self.problem = ""
        self.lessons: list[Lesson] = []
        self.tutor: Tutor | None = None
        try:
            self.lessons = load_lessons()
            self.tutor = Tutor(self.lessons[index])
            self.tutor.run_others()
            for _ in range(played):
                self.tutor.play(self.tutor.right_moves()[0])
                self.tutor.run_others()
            right = self.tutor.right_moves()
            sample = [a for a in self.tutor.legal() if a.kind == A.DISCARD and a not in right]
            if wrong and sample:
                self.tutor.play(sample[0])
        except (LessonError, IndexError) as exc:
            self.problem = str(exc) or "no such lesson"
        self.ready_on = False
        self.mouse = (0, 0)
        self.clock = 0.0
        self.wait = self.pace
        self.hand = PlayerHand()
        self.picked: list[int] = []     # hand indexes picked for 换三张
        self.save_problem = ""
        self.recorded = False
        self._key: Hashable = None
        self._text: tuple[Hashable, pygame.Surface, int] | None = None
        self._place(app.size)

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        try:
            ids = [lesson.id for lesson in load_lessons()]
        except LessonError:
            ids = []
        more = [(f"{name}_{state}", {"index": ids.index(name), "played": played})
                for name, steps in (("bloody", ("swap", "void", "discard", "win", "end")),
                                    ("guobiao", ("start", "no_win", "win", "end")))
                if name in ids for played, state in enumerate(steps)]
        return [("claim", {"index": 2, "played": 1}), ("done", {"index": 4, "played": 2}),
                ("wrong", {"index": 5, "played": 1, "wrong": True}), *more]

    @property
    def pace(self) -> float:
        speed = self.app.settings.anim_speed
        return PACE / speed if speed > 0 else 0.0

    @property
    def animating(self) -> bool:
        return self.tutor is not None and self.tutor.others_to_act

    # ------------------------------------------------------------- layout
    def _place(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.app.px
        side = min(max(px(300), round(w * 0.27)), round(w * 0.36))
        self.side_rect = pygame.Rect(w - side, 0, side, h)
        self.panel_rect = self.side_rect.inflate(-px(24), -px(24))
        self.layout = TableLayout((w - side, h), 4)
        self.table = TableView(self.layout)
        words = {kind: self.app.t(key) for kind, key in WORD_KEYS.items()}
        self.bubbles = BubbleBar(self.layout, words)
        self._key = None
        self._text = None
        self._refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self._place(size)
        super().resize(size)

    def build(self) -> None:
        t, px = self.app.t, self.app.px
        box = self.panel_rect.inflate(-px(28), -px(28))
        bh, gap = px(44), px(10)
        last = self.index + 1 >= len(self.lessons)
        self.next_button = self.button(
            pygame.Rect(box.x, box.bottom - 2 * bh - gap, box.w, bh),
            t("lesson.finish" if last else "lesson.next"), self.next_lesson, PRIMARY,
            enabled=self.tutor is not None and self.tutor.finished)
        half = (box.w - gap) // 2
        self.back_button = self.button(pygame.Rect(box.x, box.bottom - bh, half, bh),
                                       t("page.back"), self.back)
        self.again_button = self.button(pygame.Rect(box.right - half, box.bottom - bh, half, bh),
                                        t("lesson.again"), self.again,
                                        enabled=self.tutor is not None)
        self.text_rect = pygame.Rect(box.x, box.y, box.w, max(1, box.h - 2 * bh - 2 * gap))

    def layout_boxes(self) -> list[LayoutBox]:
        boxes = [LayoutBox(f"bubble {o.action}", r, interactive=True)
                 for o, r in zip(self.bubbles.options, self.bubbles.rects)]
        if self.tutor is not None:
            boxes += [LayoutBox(name, rect, solid=True) for name, rect
                      in self.table.board_regions(self._model(self.tutor)).items()]
        if self.root is not None:
            need = self._column()[1]
            boxes.append(LayoutBox("lesson text", self.text_rect,
                                   text_size=(self.text_rect.w, need)))
        return boxes

    # ------------------------------------------------------------- moves
    def back(self) -> None:
        self.app.scenes.pop()

    def again(self) -> None:
        if self.lessons:
            self.tutor = Tutor(self.lessons[self.index])
            self.tutor.run_others()
            self.recorded = False
            self.ready_on = False
            self.picked = []
            self.next_button.disable()
            self._refresh()

    def next_lesson(self) -> None:
        self.app.scenes.pop()
        if self.index + 1 < len(self.lessons):
            self.app.scenes.push("lesson", index=self.index + 1)

    def choose(self, index: int) -> None:
        """A bubble: a claim or own-turn move, or the 报听 switch."""
        if not 0 <= index < len(self.bubbles.options):
            return
        action = self.bubbles.options[index].action
        if action is None:
            self.ready_on = not self.ready_on
            self._key = None
            self._refresh()
        else:
            self.play(action)

    def discard_at(self, index: int) -> None:
        """A tile of the hand clicked: discarded, or picked for 换三张 or put back."""
        if self.tutor is None or not 0 <= index < len(self.hand.tiles):
            return
        legal = self.tutor.legal()
        if setup_kind(legal) == A.SWAP:
            if self.hand.tiles[index] in pickable(legal):
                self.picked = pick(self.picked, index, self.hand.tiles)
                self._refresh()
            return
        action = Action(PLAYER, A.DISCARD, self.hand.tiles[index], ready=self.ready_on)
        if action in self.tutor.legal():
            self.play(action)

    def play(self, action: Action) -> None:
        if self.tutor is None:
            return
        try:
            self.tutor.play(action)
        except IllegalAction:
            return
        self.ready_on = False
        self.picked = []
        self.wait = self.pace
        self._refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hand.focus = self.hand.hit(event.pos, self.layout.raise_px)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bubble = self.bubbles.hit(event.pos)
            tile = self.hand.hit(event.pos, self.layout.raise_px)
            if bubble is not None:
                self.choose(bubble)
            elif tile is not None:
                self.discard_at(tile)
            return bubble is not None or tile is not None
        elif event.type == pygame.KEYDOWN:
            return self._key_down(event.key)
        return False

    def _key_down(self, key: int) -> bool:
        """Esc leaves; 1-9 pick a bubble; ←/→ and Enter choose a tile to discard."""
        if key in NUMBER_KEYS:
            self.choose(NUMBER_KEYS[key])
            return True
        keys: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.back, pygame.K_LEFT: partial(self.hand.move_focus, -1),
            pygame.K_RIGHT: partial(self.hand.move_focus, 1),
            pygame.K_RETURN: self.discard_focus, pygame.K_KP_ENTER: self.discard_focus}
        action = keys.get(key)
        if action is not None:
            action()
        return action is not None

    def discard_focus(self) -> None:
        if self.hand.focus is not None:
            self.discard_at(self.hand.focus)

    def update(self, dt: float) -> None:
        """The other seats move one at a time (their passes at once); a finished lesson is
        recorded."""
        self.clock += dt
        tutor = self.tutor
        if tutor is None:
            return
        self.wait -= dt
        while tutor.others_to_act and (tutor.state.window is not None or self.wait <= 0):
            turn = tutor.state.window is None
            tutor.step_others()
            self._refresh()
            if turn:
                self.wait = self.pace
        if tutor.finished and not self.recorded:
            self.recorded = True
            done = load_progress() | {tutor.lesson.id}
            self.save_problem = save_progress(done) or ""
            if self.root is not None:
                self.next_button.enable()

    # ------------------------------------------------------------- what is shown
    def _refresh(self) -> None:
        """The hand and the bubbles after a change."""
        tutor = self.tutor
        if tutor is None:
            return
        key = (len(tutor.state.events), tutor.step, self.ready_on, tuple(self.picked))
        if key == self._key:
            return
        self._key = key
        legal = tutor.legal()
        tiles, apart = hand_order(tutor.state.view(PLAYER))
        if setup_kind(legal):
            options = setup_options(legal, tiles, self.picked)
        else:
            options = options_for(legal, tutor.state.window is not None) if legal else []
        if not any(o.kind == "ready" for o in options):
            self.ready_on = False
        self.bubbles.set(options)
        enabled = pickable(legal) | {a.tile for a in legal if a.kind == A.DISCARD
                                     and a.tile is not None and (a.ready or not self.ready_on)}
        self.hand.set(tiles, apart, self.table.hand_rects(len(tiles), apart), enabled)
        self.hand.raised = set(self.picked)

    def _model(self, tutor: Tutor) -> TableModel:
        t, state = self.app.t, tutor.state
        view = state.view(PLAYER)
        you = seat_name(SeatSpec.you(self.app.settings.player_name), PLAYER, t)
        plates = [Plate(you if s == PLAYER else t(OTHER_KEYS[s - 1]), "", view.scores[s])
                  for s in range(state.players)]
        shown = open_hands(state.view(s) for s in range(state.players)) \
            if state.is_over or tutor.finished else None
        model = table_model(view, plates, t, hand=0, hands=1, shown=shown,
                            last_discard=last_discarder(state.events))
        return replace(model, center=(model.center[0],
                                      f"{self.index + 1} / {len(self.lessons)}"))

    def _parts(self) -> list[Part]:
        """The words of the side panel, as things stand."""
        t, language = self.app.t, self.app.settings.language
        if self.tutor is None:
            return [Part.of(self.problem, LOSS)]
        tutor, lesson = self.tutor, self.tutor.lesson
        parts = [Part.of(f"{self.index + 1}. {lesson.title[language]}", GOLD, 1.3, BOLD),
                 Part.of(lesson.intro[language], MUTED)]
        verdict = tutor.verdict
        if verdict is not None:
            parts.append(Part.of(self._words(verdict), GAIN if verdict.ok else LOSS))
            if verdict.reason:
                parts.append(Part.of(reason_words(verdict.reason, verdict.tiles,
                                                  verdict.numbers, t, language), LOSS))
        step = tutor.current_step
        if tutor.finished:
            parts += [Part.of(lesson.summary[language]),
                      Part.of(t("lesson.finished"), GOLD, 1.1, BOLD)]
        elif tutor.stuck:
            parts.append(Part.of(t("lesson.stuck"), LOSS))
        elif step is not None and tutor.player_to_act:
            parts.append(Part.of(step.goal[language], style=BOLD))
        else:
            parts.append(Part.of(t("lesson.watch"), MUTED))
        if self.save_problem:
            parts.append(Part.of(t("lesson.cannot_save", problem=self.save_problem), LOSS))
        return parts

    def _words(self, verdict: Verdict) -> str:
        language = self.app.settings.language
        facts: dict[str, object] = {k: tile_words(v, language) for k, v in verdict.tiles.items()}
        facts.update(verdict.numbers)
        return verdict.text[language].format_map(_Blank(facts))

    def _column(self) -> tuple[pygame.Surface, int]:
        parts = self._parts()
        key = (tuple(parts), self.text_rect.size)
        if self._text is None or self._text[0] != key:
            image, need = column(parts, self.text_rect.w, self.text_rect.h, self.app.px(17),
                                 self.app.px(12))
            self._text = (key, image, need)
        return self._text[1], self._text[2]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size), self.side_rect, area=self.side_rect)
        panel(surface, self.panel_rect)
        if self.root is not None:
            surface.blit(self._column()[0], self.text_rect)
        tutor = self.tutor
        if tutor is None:
            return
        view = tutor.state.view(PLAYER)
        model = self._model(tutor)
        surface.blit(self.table.board(model, (self._key, self.layout.size)), (0, 0))
        self.table.draw_turn_glow(surface, view, self.clock)
        self.table.draw_last_marker(surface, model, self.clock)
        acting = tutor.player_to_act and not tutor.finished and (
            view.phase == "turn" or setup_kind(tutor.legal()) == A.SWAP)
        self.hand.draw(surface, self.table.hand_art, self.layout.raise_px, 0, None,
                       self.ready_on, acting)
        self.bubbles.draw(surface, self.mouse, None, self.ready_on, None)


class _Blank(dict[str, object]):
    """Facts for a text; one the move does not have shows as nothing."""

    def __missing__(self, key: str) -> str:
        return ""


