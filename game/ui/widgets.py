"""Scenes made of pygame_gui widgets, and the form pieces the shell's screens share."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer, UIElement
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIScrollingContainer

from game.render.paint import CHOICE, GOLD, felt
from game.render.text import blit_text, panel
from game.shell.app import Scene
from game.shell.window import FITTED_CLASSES
from game.ui import page_scroll
from game.ui.dialogs import MessageDialog

if TYPE_CHECKING:
    from game.shell.app import App

CHOICE_GAP = 8        # design pixels between a segmented control's buttons and lines
CHOICE_PADDING = 16   # design pixels a button's label leaves free across its width
LABEL_LINE = 34       # design pixels of a form label on a line of its own
FOOTER_GAP = 12       # design pixels between a page's scrolling rows and its footer
V = TypeVar("V", bound=Hashable)
E = TypeVar("E", bound=UIElement)
Handler = Callable[[pygame.event.Event], None]

WIDGET_EVENTS = (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                 pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_TEXT_ENTRY_CHANGED)


class UIScene(Scene):
    """A scene whose widgets live in one container: built by `build` on enter, killed on
    exit, rebuilt on resize. Widget events go to the handlers registered with `on`, so
    keep form state in attributes, never only in the widgets."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.root: UIContainer | None = None
        self.body: UIScrollingContainer | None = None   # a page's scrolling content
        self.dialog: MessageDialog | None = None
        self._handlers: dict[UIElement, Handler] = {}

    def enter(self) -> None:
        self._build_root()

    def exit(self) -> None:
        self._teardown()

    def pause(self) -> None:
        self._teardown()

    def resume(self) -> None:
        self._build_root()

    def _build_root(self) -> None:
        self._handlers = {}
        self.root = UIContainer(pygame.Rect((0, 0), self.app.size), self.app.ui)
        self.build()

    @property
    def parent(self) -> UIContainer | UIScrollingContainer | None:
        """The container new widgets go into: a page's scrolling body while it is being
        built, else the scene's root."""
        return self.body if self.body is not None else self.root

    def _teardown(self) -> None:
        self.body = None
        if self.root is not None:
            self.root.kill()
            self.root = None
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self._handlers = {}

    def resize(self, size: tuple[int, int]) -> None:
        if self.root is not None:
            self._teardown()
            self._build_root()

    def build(self) -> None:
        """Create the widgets (self.root is their container)."""

    @property
    def dialog_open(self) -> bool:
        return self.dialog is not None and self.dialog.alive()

    def opener(self, page: str, **kwargs: Any) -> Callable[[], None]:
        """A button action that shows the page registered as `page` above this one."""
        def open_page() -> None:
            self.app.scenes.push(page, **kwargs)
        return open_page

    def open_table(self, make_session: Callable[[], Any],
                   title_key: str = "dialog.cannot_start") -> None:
        """Build a match session and go to the table; a failure is shown in a dialog
        titled by `title_key` (what was attempted): what happened in the player's words,
        the technical reason beside it."""
        from game.shell.saves import SaveError
        t = self.app.t
        try:   # the table starts its seats' programs: a program that cannot start is told
            self.app.scenes.replace("table", session=make_session())
        except SaveError as exc:
            self.alert(t(title_key), t(exc.key), str(exc))
        except OSError as exc:
            self.alert(t(title_key), t("dialog.data_folder_problem"), str(exc))
        except (ValueError, KeyError, TypeError) as exc:
            self.alert(t(title_key), t("dialog.setup_problem"), str(exc) or type(exc).__name__)

    def alert(self, title: str, message: str, detail: str = "") -> None:
        """Show `message` in a modal dialog owned by this scene (`detail`, the technical
        reason, smaller under it)."""
        if self.dialog_open:
            self.dialog.kill()  # type: ignore[union-attr]
        self.dialog = MessageDialog(self.app, title, message, detail)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in WIDGET_EVENTS:
            handler = self._handlers.get(event.ui_element)
            if handler is not None:
                handler(event)
                return True
        return False

    # ------------------------------------------------------------ widgets
    def on(self, element: E, handler: Handler) -> E:
        """Call `handler(event)` for the widget events of `element`."""
        self._handlers[element] = handler
        return element

    def button(self, rect: pygame.Rect, label: str, action: Callable[[], None],
               object_id: ObjectID | str | None = None, enabled: bool = True) -> UIButton:
        widget = UIButton(rect, label, self.app.ui, container=self.parent, object_id=object_id)
        if not enabled:
            widget.disable()
        return self.on(widget, lambda _event: action())

    def label(self, rect: pygame.Rect, label: str, class_id: str | None = None) -> UILabel:
        return UILabel(rect, label, self.app.ui, container=self.parent,
                       object_id=ObjectID(class_id=class_id) if class_id else None)

    def slider(self, rect: pygame.Rect, value: float, low: float, high: float,
               on_change: Callable[[float], None], show: Callable[[float], str]) -> None:
        """A slider with its value shown at its right; snaps to tenths."""
        px = self.app.px
        bar = TrackSlider(pygame.Rect(rect.x, rect.y + px(6), rect.w - px(110), rect.h - px(12)),
                          value, (low, high), self.app.ui, container=self.parent,
                          click_increment=0.1)
        shown = self.label(pygame.Rect(rect.right - px(100), rect.y, px(100), rect.h),
                           show(value), "@value")

        def moved(event: pygame.event.Event) -> None:
            v = round(float(event.value), 1)
            shown.set_text(show(v))
            on_change(v)

        self.on(bar, moved)

    def choice(self, rect: pygame.Rect, options: Sequence[tuple[V, str]], value: V,
               on_change: Callable[[V], None], disabled: Sequence[V] = (),
               lines: int = 1, style: ObjectID = CHOICE) -> Choice[V]:
        return Choice(self, rect, options, value, on_change, disabled, lines, style)

    def style_px(self, style: ObjectID) -> Callable[[float], int]:
        """Lengths for a control of theme class `style`: a class of the pages that fit the
        window (window.FITTED_CLASSES) at their scale, any other at the UI scale."""
        return self.app.fit_px if style.class_id in FITTED_CLASSES else self.app.px

    def choice_lines(self, width: int, labels: Sequence[str], style: ObjectID = CHOICE) -> int:
        """How many lines a segmented control of `labels` needs within `width` pixels for
        every label to fit its button at the UI scale (a large one needs more lines)."""
        font = self.app.ui.get_theme().get_font([str(style.class_id), "button"])
        px = self.style_px(style)
        need = max(font.size(label)[0] for label in labels) + px(CHOICE_PADDING)
        gap = px(CHOICE_GAP)
        for lines in range(1, len(labels)):
            per_line = -(-len(labels) // lines)
            if (width - gap * (per_line - 1)) // per_line >= need:
                return lines
        return len(labels)


class TrackSlider(UIHorizontalSlider):
    """A slider whose track takes a click too: the value jumps to the point clicked (the
    handle still drags, the arrows still step)."""

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.is_enabled:
            x, y = self.ui_manager.calculate_scaled_mouse_position(event.pos)
            track = self.rect.inflate(-2 * self.arrow_button_width, 0)
            if track.collidepoint(x, y) and self.scrollable_width > 0:
                share = (x - track.x - self.sliding_button_width / 2) / self.scrollable_width
                low, high = self.value_range
                value = round(low + min(1.0, max(0.0, share)) * (high - low), 1)
                self.set_current_value(value, warn=False)
                pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                    "value": self.current_value, "ui_element": self,
                    "ui_object_id": self.most_specific_combined_id}))
                return True
        return super().process_event(event)


class Choice(Generic[V]):
    """A segmented control: buttons of which exactly one is selected, on one line or, where
    their labels need the room, on `lines` lines."""

    def __init__(self, scene: UIScene, rect: pygame.Rect, options: Sequence[tuple[V, str]],
                 value: V, on_change: Callable[[V], None], disabled: Sequence[V] = (),
                 lines: int = 1, style: ObjectID = CHOICE) -> None:
        self.value = value
        self.on_change = on_change
        gap = scene.style_px(style)(CHOICE_GAP)
        per_line = -(-len(options) // lines)
        width = (rect.w - gap * (per_line - 1)) // per_line
        height = (rect.h - gap * (lines - 1)) // lines
        self.options: list[tuple[V, UIButton]] = []
        for i, (option, label) in enumerate(options):
            line, place = divmod(i, per_line)
            cell = pygame.Rect(rect.x + place * (width + gap), rect.y + line * (height + gap),
                               width, height)
            widget = scene.button(cell, label, partial(self.pick, option), style,
                                  enabled=option not in disabled)
            self.options.append((option, widget))
        self._show()

    def pick(self, value: V) -> None:
        self.value = value
        self._show()
        self.on_change(value)

    def _show(self) -> None:
        for option, widget in self.options:
            if option == self.value:
                widget.select()
            else:
                widget.unselect()


class Page(UIScene):
    """A full screen on the felt under the menu: a title, a Back button (or Esc) and a
    content panel; `build_page` fills the panel, `field` lays out labelled form rows."""

    title_key = ""
    max_width = 980   # in design pixels
    fit_panel = True  # shrink the panel to the rows laid out with `field`
    scrolls = True    # the rows go into a scrolling body (False: the page scrolls itself)
    footer = 0        # design pixels of a row kept in view below the scrolling rows

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._y = 0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: UIScrollingContainer | None = None   # the scrolling rows, once built

    def content_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.app.px
        width = min(px(self.max_width), w - px(80))
        return pygame.Rect((w - width) // 2, px(112), width, h - px(112) - px(40))

    def build(self) -> None:
        px = self.app.px
        self.back_button = self.button(pygame.Rect(px(32), px(30), px(132), px(48)),
                                       self.app.t("page.back"), self.back)
        content = self.content_rect()
        area = content.inflate(-px(64), -px(56))
        if not self.scrolls:
            self._y = area.y
            self.build_page(area)
            self.panel_rect = content.copy()
            return
        footer = px(self.footer) + px(FOOTER_GAP) if self.footer else 0
        rows = pygame.Rect(area.x, area.y, area.w, max(1, area.h - footer))
        inner = pygame.Rect(0, 0, rows.w - max(24, px(24)), rows.h)  # room for the bar
        if self.footer and self.fit_panel:   # the footer goes right below shorter rows
            rows.h = min(rows.h, max(1, self._rows_height(rows, inner)))
        body = self.rows = self._build_rows(rows, inner)
        body.set_scrollable_area_dimensions((inner.w, max(self._y, 1)))
        if self.footer:
            self.build_footer(pygame.Rect(area.x, rows.bottom + px(FOOTER_GAP), inner.w,
                                          px(self.footer)))
        self.panel_rect = content.copy()
        if self.fit_panel:
            self.panel_rect.h = min(content.h, min(rows.h, self._y) + footer + px(56) + px(14))

    def _build_rows(self, rows: pygame.Rect, inner: pygame.Rect) -> UIScrollingContainer:
        """A new scrolling body at `rows` holding the page's rows laid out in `inner`
        (their height is then `self._y`)."""
        self.body = UIScrollingContainer(rows, self.app.ui, container=self.root,
                                         allow_scroll_x=False)
        self._y = 0
        self.build_page(inner)
        body, self.body = self.body, None
        return body

    def _rows_height(self, rows: pygame.Rect, inner: pygame.Rect) -> int:
        """The height of the page's rows, laid out once into a body thrown away."""
        handlers = dict(self._handlers)
        self._build_rows(rows, inner).kill()
        self._handlers = handlers
        return self._y

    def build_page(self, area: pygame.Rect) -> None:
        """Create the page's widgets inside `area`."""

    def reveal(self, element: UIElement) -> pygame.Rect:
        """Scroll the page's rows, if `element` (one of them) is not wholly in their view,
        to put it in the middle of the view (as near as their ends allow); returns where it
        then is on the screen."""
        rows = self.rows
        if rows is not None:
            place = element.get_relative_rect()
            top, view = page_scroll.rows_top(rows), int(rows.get_abs_rect().h)
            if not (top <= place.top and place.bottom <= top + view):
                page_scroll.scroll_to(rows, int(place.centery) - view // 2)
        return pygame.Rect(element.get_abs_rect())

    def build_footer(self, area: pygame.Rect) -> None:
        """Create the widgets of the row kept in view below the scrolling rows (pages with
        a `footer`)."""

    def field(self, area: pygame.Rect, label: str, height: int = 44,
              gap: int = 14, needs: int = 0) -> pygame.Rect:
        """A form row: `label` on the left; returns the rectangle for its control
        (height and gap in design pixels; `needs`: the pixels the control needs, for
        which the label makes room by going above it)."""
        if self._stacked(area, label, needs):   # the label on a line of its own, above
            self.label(self.row(area, LABEL_LINE, 0), label)
            return self.row(area, height, gap)
        row = self.row(area, height, gap)
        label_w = self.label_width(area)
        self.label(pygame.Rect(row.x, row.y, label_w - self.app.px(12), row.h), label)
        return pygame.Rect(row.x + label_w, row.y, row.w - label_w, row.h)

    def label_width(self, area: pygame.Rect) -> int:
        """The width of the label column of the page's form rows (two fifths of a narrow
        page at most: at a large UI scale a form's labels need that)."""
        return min(self.app.px(250), area.w * 2 // 5)

    def _stacked(self, area: pygame.Rect, label: str, needs: int = 0) -> bool:
        """Whether `label` goes above its control: too wide for the label column at this UI
        scale, or the control `needs` more than the row beside the column."""
        font = self.app.ui.get_theme().get_font(["label"])
        column = self.label_width(area)
        return (font.size(label)[0] + self.app.px(12) > column - self.app.px(12)
                or needs > area.w - column)

    def control_width(self, area: pygame.Rect, label: str) -> int:
        """The width `field` gives the control of the row labelled `label`."""
        return area.w if self._stacked(area, label) else area.w - self.label_width(area)

    def choice_field(self, area: pygame.Rect, label: str, options: Sequence[tuple[V, str]],
                     value: V, on_change: Callable[[V], None], height: int = 44,
                     gap: int = 14, disabled: Sequence[V] = ()) -> Choice[V]:
        """A form row holding a segmented control, on as many lines as its labels need."""
        lines = self.choice_lines(self.control_width(area, label), [t for _, t in options])
        rect = self.field(area, label, height * lines + CHOICE_GAP * (lines - 1), gap)
        return self.choice(rect, options, value, on_change, disabled, lines)

    def row(self, area: pygame.Rect, height: int, gap: int = 14) -> pygame.Rect:
        """The next full-width row of the page's layout (height and gap in design pixels)."""
        rect = pygame.Rect(area.x, self._y, area.w, self.app.px(height))
        self._y += rect.h + self.app.px(gap)
        return rect

    def back(self) -> None:
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.dialog_open:
            self.back()
            return True
        if self.rows is not None and not self.dialog_open and page_scroll.scroll_by_input(
                self.rows, event, self.app.ui, self.app.px(page_scroll.WHEEL_STEP)):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        px = self.app.px
        blit_text(surface, self.app.t(self.title_key), px(40), (surface.get_width() // 2, px(56)),
                  GOLD, bold=True, anchor="center", shadow=True)
        panel(surface, self.panel_rect)
