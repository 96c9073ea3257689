"""Every shipped ruleset has a one-line description in each language, and each form that
chooses a ruleset (new match, hotseat, hosting a room) shows the chosen one's under it."""
from __future__ import annotations

import pytest
from pygame_gui.elements import UIDropDownMenu, UIImage

from game.paths import asset
from game.scenes.new_match import NewMatchScene
from game.scenes.online import OnlineScene
from game.shell.i18n import LANGUAGES, load_strings
from game.ui.ruleset_note import ABOUT_KEYS
from tests.shell_helpers import frames, make_app

SHIPPED = sorted(path.stem for path in asset("rulesets").glob("*.json"))


def test_every_shipped_ruleset_file_has_a_description_in_both_languages():
    table = load_strings()
    assert "guobiao" in SHIPPED and "xuezhan" in SHIPPED
    for ruleset_id in SHIPPED:
        entry = table[ABOUT_KEYS[ruleset_id]]
        for language in LANGUAGES:
            assert entry[language].strip() and "\n" not in entry[language], (ruleset_id, language)


def note_under_menu(page):
    """The picture right under the ruleset menu, and the menu."""
    menu = next(e for e in page.app.ui.get_sprite_group().sprites()
                if isinstance(e, UIDropDownMenu))
    below = [e for e in page.app.ui.get_sprite_group().sprites() if isinstance(e, UIImage)
             and 0 <= e.get_abs_rect().top - menu.get_abs_rect().bottom <= page.app.px(6)
             and e.get_abs_rect().left == menu.get_abs_rect().left]
    return menu, below


@pytest.mark.parametrize("form", [{"page": "new_match"}, {"page": "new_match", "debug": True},
                                  {"page": "online"}])
def test_the_chosen_rulesets_description_is_under_its_menu(tmp_path, form):
    app = make_app(tmp_path, "en")
    name = form.pop("page")
    app.scenes.push(name, **form)
    frames(app)
    page = app.scenes.top
    assert isinstance(page, NewMatchScene | OnlineScene)
    menu, notes = note_under_menu(page)
    assert len(notes) == 1
    first = notes[0].image.copy()
    page._set_ruleset("xuezhan")
    frames(app)
    menu, notes = note_under_menu(page)
    assert len(notes) == 1 and notes[0].get_abs_rect().w <= menu.get_abs_rect().w
    assert notes[0].image.get_size() != first.get_size() or \
        notes[0].image.get_view("2").raw != first.get_view("2").raw, "the note follows the choice"
