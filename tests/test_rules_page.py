"""The rules page's pictures: every pattern and payment has an example hand, and a
winning example's score is the engine's."""
from __future__ import annotations

import json
import re

import pytest
from pygame_gui.elements import UIImage

from game.engine.bloody_score import WinContext as BloodyContext
from game.engine.bloody_score import xuezhan_score
from game.engine.hands import HandRules, is_win
from game.engine.mcr import mcr_fans
from game.engine.melds import PENG, Meld
from game.engine.scoring import score_pattern
from game.engine.tiles import to_counts
from game.engine.win_context import Win, WinContext
from game.paths import asset
from game.rulesets import load_ruleset
from game.scenes.rules import parse_rules, rules_markdown, tile_groups
from tests.shell_helpers import click, frames, make_app

GUOBIAO = {"zh": "\n## 国标麻将", "en": "\n## Mahjong Competition Rules"}
TRANSLATIONS = json.loads(asset("translations", "scoring.json").read_text(encoding="utf-8"))


def pictures(language):
    return [b for b in parse_rules(rules_markdown(language), "x") if b.kind == "tiles"]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_pattern_and_payment_has_a_picture(language):
    text = rules_markdown(language)
    blocks = parse_rules(text, "x")
    sections = [i for i, b in enumerate(blocks) if b.kind == "h2"]
    scored = [i for i in sections if blocks[i].spans[0][0] in
              ("和牌番种", "计分（1 番 = 1 分）", "Winning hands", "Scoring (1 fan = 1 point)")]
    assert len(scored) == 2
    for start in scored:
        end = next(i for i in sections + [len(blocks)] if i > start)
        bold_bullets = [i for i in range(start, end) if blocks[i].kind == "bullet"
                        and blocks[i].spans[0][1] == "bold"]
        assert len(bold_bullets) >= 4
        for i in bold_bullets:
            assert blocks[i + 1].kind == "tiles", f"{blocks[i].spans[0][0]} has no picture"


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_winning_example_shows_the_engines_score(language):
    """大众's pictures by its patterns; those of the 血战到底 section (the last) by its fan."""
    ruleset, bloody = load_ruleset("dazhong"), load_ruleset("xuezhan")
    text = rules_markdown(language)
    start = text.index("\n## 血战到底" if language == "zh" else "\n## Sichuan Bloody Battle")
    later = parse_rules(text[start:text.index(GUOBIAO[language])], "x")
    guobiao = parse_rules(text[text.index(GUOBIAO[language]):], "x")
    checked = 0
    for block in pictures(language):
        melds = tuple(Meld(PENG, g.tiles[:3], g.tiles[0], 1) for g in block.groups if g.exposed)
        concealed = [t for g in block.groups if not g.exposed for t in g.tiles]
        if block in guobiao or len(concealed) + 3 * len(melds) != 14 \
                or not is_win(to_counts(concealed)):
            continue
        if block in later:
            win = block.groups[-1].tiles[block.groups[-1].marked or 0]
            result = xuezhan_score(to_counts(concealed), melds, win, BloodyContext(), bloody)
        else:
            result = score_pattern(to_counts(concealed), melds, HandRules(), ruleset.patterns)
        numbers = [int(n) for n in re.findall(r"\d+", "".join(t for t, _ in block.spans))]
        assert result.fan in numbers, block
        checked += 1
    assert checked >= 7


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_guobiao_examples_show_the_fans_pymahjonggb_counts(language):
    """Each 国标 picture wins on its marked tile, a discard, East seat in the East round:
    its caption names each fan as the fan table does, gives the total, and says it cannot
    win exactly when the total is under 8."""
    text = rules_markdown(language)
    blocks = parse_rules(text[text.index(GUOBIAO[language]):], "x")
    names = {entry[language] for key, entry in TRANSLATIONS.items() if key.startswith("fan.")}
    context = WinContext()
    checked = 0
    for block in (b for b in blocks if b.kind == "tiles"):
        caption = "".join(t for t, _ in block.spans)
        melds = tuple(Meld(PENG, g.tiles, g.tiles[0], 1) for g in block.groups if g.exposed)
        concealed = sorted(t for g in block.groups if not g.exposed for t in g.tiles)
        marked = next(g for g in block.groups if g.marked is not None)
        fans = mcr_fans(Win(tuple(concealed), melds, marked.tiles[marked.marked or 0], context))
        total = sum(f for _, f in fans)
        assert re.search(rf"= {total}\b", caption.replace("**", "")), (caption, fans)
        assert (total < 8) == ("不能和" in caption or "cannot win" in caption), caption
        sums = re.split(r"[:：] ?", caption.split(" = ")[0])[-1]   # after "On the 9: "
        for part in sums.split(" + "):
            name = part.rsplit(" ", 1)[0]
            assert any(n.lower() == name.lower() for n in names), name
        checked += 1
    assert checked >= 10


def test_tile_groups_read_exposed_melds_and_the_marked_tile():
    groups = tile_groups("123m (77!7p) 5!5s")
    assert [g.exposed for g in groups] == [False, True, False]
    assert [g.marked for g in groups] == [None, 1, 0]
    assert groups[1].tiles == (15, 15, 15)


def test_the_page_draws_the_pictures(tmp_path):
    app = make_app(tmp_path, "en")
    click(app, app.scenes.top.buttons["menu.rules"])
    images = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UIImage)]
    assert len(images) >= len(parse_rules(rules_markdown("en"), "x")) - 2


def test_a_rulesets_section_opens_in_view(tmp_path):
    app = make_app(tmp_path, "zh")
    app.scenes.push("rules", section="guobiao")
    frames(app)
    page = app.scenes.top
    heading = next(image for text, image in page.headings.items() if text.startswith("国标麻将"))
    view = page.rows.get_abs_rect()
    assert view.contains(heading.get_abs_rect())
    assert not view.contains(page.headings["牌与座位"].get_abs_rect()), "scrolled down to it"
