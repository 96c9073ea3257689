"""The rules page: assets/rules_<language>.md drawn as styled paragraphs with example hands.

The text uses a small Markdown subset: `#`/`##` headings, `- ` bullets, `**bold**`,
blank-line paragraphs, the marker [choice] for the points this game decided, and picture
lines `[tiles] 123m 456p (777s) 5!5s | caption`: groups of tiles (in parentheses: an
exposed meld; `!` after a digit: that tile outlined) and the words beside them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage

from game.engine.tiles import NotationError, parse_tiles
from game.paths import asset
from game.render.hand_picture import Group, hand_picture, picture_size
from game.render.paint import GOLD, MUTED
from game.render.text_block import BADGE, BOLD, NORMAL, Span, Style, paragraph
from game.rulesets import load_ruleset
from game.ui.widgets import Page

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.layout_box import Specimen

SECTIONS = ("xuezhan", "guobiao")   # the rulesets with a section of their own
CHOICE_MARK = "[choice]"
PICTURE_MARK = "[tiles]"
NBSP = "\u00a0"
BULLET = "•"


@dataclass(frozen=True)
class Block:
    """One piece of the page: a heading ("h1", "h2"), a paragraph ("p"), a bullet or a
    picture ("tiles": its groups, the caption in `spans`)."""

    kind: str
    spans: tuple[Span, ...]
    groups: tuple[Group, ...] = ()


def rules_markdown(language: str) -> str:
    return asset(f"rules_{language}.md").read_text(encoding="utf-8")


def inline(text: str, choice_label: str) -> tuple[Span, ...]:
    """A line's styled runs: **bold**, and the decision marker as a badge."""
    spans: list[Span] = []
    for i, part in enumerate(re.split(r"\*\*(.+?)\*\*", text)):
        pieces = part.split(CHOICE_MARK)
        for j, piece in enumerate(pieces):
            if j:
                spans.append((f"{NBSP}{choice_label}{NBSP}", BADGE))
            if piece:
                spans.append((piece, BOLD if i % 2 else NORMAL))
    return tuple(spans)


def tile_groups(text: str) -> tuple[Group, ...]:
    """`123m (777p) 5!5s` as groups; NotationError for anything else."""
    groups = []
    for word in text.split():
        exposed = word.startswith("(") and word.endswith(")")
        body = word.strip("()")
        mark = body.find("!")
        marked = sum(ch.isdigit() for ch in body[:mark]) - 1 if mark > 0 else None
        groups.append(Group(tuple(parse_tiles(body.replace("!", ""))), exposed, marked))
    return tuple(groups)


def parse_rules(markdown: str, choice_label: str) -> list[Block]:
    """The blocks of the rules text."""
    blocks = []
    for line in markdown.splitlines():
        if line.startswith(PICTURE_MARK):
            tiles, _, caption = line[len(PICTURE_MARK):].partition("|")
            blocks.append(Block("tiles", inline(caption.strip(), choice_label),
                                tile_groups(tiles)))
            continue
        kind = ("h1" if line.startswith("# ") else "h2" if line.startswith("## ")
                else "bullet" if line.startswith("- ") else "p")
        body = line.lstrip("#- ").strip()
        if body:
            blocks.append(Block(kind, inline(body, choice_label)))
    return blocks


class RulesScene(Page):
    """The default ruleset in the current language, decided points highlighted, every
    pattern and payment with an example hand; then the sections of other rulesets
    (`section`: the id of one, opened scrolled to it)."""

    title_key = "rules.title"
    max_width = 1040
    fit_panel = False

    def __init__(self, app: App, section: str = "") -> None:
        super().__init__(app)
        self.section = section
        self.headings: dict[str, UIImage] = {}

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        return [("default", {}), *((name, {"section": name}) for name in SECTIONS)]

    def build(self) -> None:
        super().build()
        if self.section in SECTIONS:
            title = load_ruleset(self.section).title(self.app.settings.language)
            heading = next((image for text, image in self.headings.items()
                            if text.startswith(title)), None)
            if heading is not None:
                self.reveal(heading)

    def build_page(self, area: pygame.Rect) -> None:
        try:
            blocks = parse_rules(rules_markdown(self.app.settings.language),
                                 self.app.t("rules.choice"))
        except NotationError as exc:      # a broken picture line: the text says which
            blocks = [Block("p", ((str(exc), NORMAL),))]
        for block in blocks:
            image = self.block_image(block, area.w)
            top = self._y + (self.app.px(14) if block.kind == "h2" else 0)
            rect = pygame.Rect(area.x, top, image.get_width(), image.get_height())
            element = UIImage(rect, image, self.app.ui, container=self.parent)
            if block.kind == "h2":
                self.headings["".join(text for text, _ in block.spans)] = element
            self._y = rect.bottom + self.app.px(10 if block.kind == "tiles" else 6)

    def block_image(self, block: Block, width: int) -> pygame.Surface:
        """A block drawn `width` pixels wide at the UI scale."""
        px = self.app.px
        if block.kind == "h1":
            return paragraph(block.spans, width, Style(px(30), GOLD, spacing=1.1))
        if block.kind == "h2":
            return paragraph(block.spans, width, Style(px(23), GOLD))
        body = Style(px(18))
        if block.kind == "bullet":
            return paragraph(block.spans, width, body, BULLET)
        if block.kind != "tiles":
            return paragraph(block.spans, width, body)
        return self.picture(block, width, body)

    def picture(self, block: Block, width: int, body: Style) -> pygame.Surface:
        """An example hand with its caption beside it, or below it when the row is narrow;
        indented like the bullets it illustrates."""
        px = self.app.px
        indent = px(26)
        height = px(40)
        while picture_size(block.groups, height)[0] > width - indent and height > 12:
            height -= 2
        tiles = hand_picture(block.groups, height)
        caption_style = Style(body.size, MUTED, GOLD)
        room = width - indent - tiles.get_width() - px(16)
        beside = room >= px(240)
        caption = paragraph(block.spans, room if beside else width - indent, caption_style)
        if beside:
            size = (width, max(tiles.get_height(), caption.get_height()))
            surf = pygame.Surface(size, pygame.SRCALPHA)
            surf.blit(tiles, (indent, (size[1] - tiles.get_height()) // 2))
            surf.blit(caption, (indent + tiles.get_width() + px(16),
                                (size[1] - caption.get_height()) // 2))
            return surf
        gap = px(6)
        surf = pygame.Surface((width, tiles.get_height() + gap + caption.get_height()),
                              pygame.SRCALPHA)
        surf.blit(tiles, (indent, 0))
        surf.blit(caption, (indent, tiles.get_height() + gap))
        return surf
