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
H1, H2 = RULES_HEADING_SIZES


def rules_markdown(language: str) -> str:
    return asset(f"rules_{language}.md").read_text(encoding="utf-8")


def rules_html(markdown: str, choice_label: str) -> str:
    """The pygame_gui HTML subset for the rules text."""
    label = html.escape(choice_label).replace(" ", NBSP)
    badge = (f"<font color='#1c1406'><body bgcolor='#e7c877'><b>{NBSP}{label}{NBSP}</b>"
             "</body></font>")
    out = []
    for line in markdown.splitlines():
        body = html.escape(line.lstrip("#- ").strip(), quote=False)
        body = re.sub(r"\*\*(.+?)\*\*", r"<font color='#f3dc9a'><b>\1</b></font>", body)
        body = body.replace(CHOICE_MARK, badge)
        if line.startswith("# "):
            out.append(f"<font pixel_size={H1} color='#e7c877'><b>{body}</b></font><br>")
        elif line.startswith("## "):
            out.append(f"<br><font pixel_size={H2} color='#e7c877'><b>{body}</b></font><br>")
        elif line.startswith("- "):
            out.append(f"<font color='#c9a44e'>  •  </font>{body}<br>")
        elif body:
            out.append(f"{body}<br>")
    return "".join(out)


class RulesScene(Page):
    """The default ruleset in the current language, decided points highlighted."""

    title_key = "rules.title"
    max_width = 1040
    fit_panel = False

    def build_page(self, area: pygame.Rect) -> None:
        markdown = rules_markdown(self.app.settings.language)
        self.text_box = UITextBox(rules_html(markdown, self.app.t("rules.choice")),
                                  self.content_rect().inflate(-8, -8), self.app.ui,
                                  container=self.root, object_id="#rules_text",
                                  allow_split_dashes=False)
