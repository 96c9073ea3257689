"""Every place a level is chosen offers every registered level, one registered at run
time too (a new level appears by its registry entry alone): the new-match and hotseat
forms, an online room's seats and fill level, the replay's opponents, the review's
reviewer, the statistics' opponents, and the arena, tournament, solo and server."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pygame_gui.elements import UIButton

from ai import arena
from ai.easy import EasyAgent
from ai.levels import Level, level_names, parse_spec
from ai.tournament.entrants import parse_entrant
from game.history.autoplay import sample_match_file
from game.net.wire import WireError, read_config
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.shell.app import App
from tests.level_helpers import registered
from tests.shell_helpers import Backdrop, make_app

NEW = "zz_sage"       # a level no translation names: offered by its own name


@pytest.fixture
def new_level() -> Iterator[str]:
    with registered(Level(NEW, EasyAgent, 99)) as name:
        yield name


def buttons(app: App, page: str, **kwargs: object) -> list[str]:
    """The button texts of `page` opened with `kwargs`."""
    app.scenes.replace(page, **kwargs)
    app.step(0.016, [])
    return [e.text for e in app.ui.get_sprite_group().sprites()
            if isinstance(e, UIButton) and e.alive()]


def test_the_forms_and_pages_offer_every_registered_level(tmp_path: Path, new_level: str) -> None:
    app = make_app(tmp_path, "en", Backdrop)
    levels = level_names()
    assert levels[0] == new_level
    assert buttons(app, "new_match").count(new_level) >= 3, "each AI seat of a new match"
    assert buttons(app, "new_match", debug=True).count(new_level) >= 4, "a hotseat's seats"
    assert buttons(app, "online").count(new_level) >= 4, "a room's seats and its fill level"
    match = sample_match_file()
    buttons(app, "replay", match_path=match)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    cycled = []
    for _ in levels:
        replay.cycle_opponents()
        cycled.append(replay.opponents)
    assert cycled == levels, "the replay's opponents: every level in turn"
    assert new_level in buttons(app, "review", match_path=match, seat=1), "the reviewer"
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.reviewers == levels
    review.exit()
    assert new_level in buttons(app, "stats"), "the statistics' opponents"


def test_the_commands_and_the_server_take_every_registered_level(new_level: str) -> None:
    assert parse_spec(new_level).level == new_level
    assert arena.seatings("duplicate", [new_level, "medium", "medium", "medium"])
    assert parse_entrant(f"sage={new_level}").spec == new_level
    config = read_config({"ruleset": "dazhong", "seats": ["open", new_level, new_level, "medium"],
                          "fill": new_level})
    assert config.fill == new_level and config.seats[1] == new_level
    with pytest.raises(WireError):
        read_config({"ruleset": "dazhong", "fill": "no_such_level"})
