"""The rules page: assets/rules_<language>.md shown in a scrolling text box.

The text uses a small Markdown subset: `#`/`##` headings, `- ` bullets, `**bold**`,
blank-line paragraphs, and the marker [choice] for the points this game decided.
"""
from __future__ import annotations

import html
import re

import pygame
from pygame_gui.elements import UITextBox

from game.paths import asset
from game.shell.app import RULES_HEADING_SIZES
from game.ui.widgets import Page

CHOICE_MARK = "[choice]"
NBSP = "\u00a0"


def rules_markdown(language: str) -> str:
    return asset(f"rules_{language}.md").read_text(encoding="utf-8")


def rules_html(markdown: str, choice_label: str,
               headings: tuple[int, int] = RULES_HEADING_SIZES) -> str:
    """The pygame_gui HTML subset for the rules text (heading sizes in pixels)."""
    h1, h2 = headings
    label = html.escape(choice_label).replace(" ", NBSP)
    badge = (f"<font color='#1c1406'><body bgcolor='#e7c877'><b>{NBSP}{label}{NBSP}</b>"
             "</body></font>")
    out = []
    for line in markdown.splitlines():
        body = html.escape(line.lstrip("#- ").strip(), quote=False)
        body = re.sub(r"\*\*(.+?)\*\*", r"<font color='#f3dc9a'><b>\1</b></font>", body)
        body = body.replace(CHOICE_MARK, badge)
        if line.startswith("# "):
            out.append(f"<font pixel_size={h1} color='#e7c877'><b>{body}</b></font><br>")
        elif line.startswith("## "):
            out.append(f"<br><font pixel_size={h2} color='#e7c877'><b>{body}</b></font><br>")
        elif line.startswith("- "):
            # the bullet shares the text's run: pygame_gui splits a run without spaces (a
            # Chinese line) only where it starts a row, so a bullet of its own colour (a
            # run of its own) would be left alone on its line
            out.append(f"{NBSP * 2}•{NBSP * 2}{body}<br>")
        elif body:
            out.append(f"{body}<br>")
    return "".join(out)


class RulesScene(Page):
    """The default ruleset in the current language, decided points highlighted."""

    title_key = "rules.title"
    max_width = 1040
    fit_panel = False
    scrolls = False  # the text box scrolls

    def build_page(self, area: pygame.Rect) -> None:
        markdown = rules_markdown(self.app.settings.language)
        headings = (self.app.px(RULES_HEADING_SIZES[0]), self.app.px(RULES_HEADING_SIZES[1]))
        self.text_box = UITextBox(rules_html(markdown, self.app.t("rules.choice"), headings),
                                  self.content_rect().inflate(-8, -8), self.app.ui,
                                  container=self.root, object_id="#rules_text",
                                  allow_split_dashes=False)
