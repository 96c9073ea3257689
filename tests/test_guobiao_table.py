"""A person plays 国标麻将 at the table: the flowers each seat set aside (a row beside
its plate, or a count on it), 补花 in the log, the prevailing wind in the caption."""
from __future__ import annotations

import pytest

from game.engine import events as E
from game.engine.events import Event
from game.engine.match import Match
from game.play.feed import SeatFeed
from game.play.setup import SeatSpec
from game.rulesets import load_ruleset
from game.scenes.table.motion import FLOWER_CALL, Choreographer
from game.shell.gb_specimens import guobiao_table
from game.shell.session import MatchSession
from game.ui.action_log import describe
from game.ui.gb_table import flowers_of
from tests.test_table_scene import AI3, MakeApp, play_person_hand, table
from tests.test_table_scene import make_app as table_app  # noqa: F401  (a fixture)


@pytest.fixture
def make(request: pytest.FixtureRequest) -> MakeApp:
    """The table scene tests' app maker."""
    maker: MakeApp = request.getfixturevalue("table_app")
    return maker


def gb_session(seed: int = 3, length: int = 1) -> MatchSession:
    return MatchSession.new("guobiao", seed, length, [SeatSpec.parse("human", "You"), *AI3])


def test_a_person_plays_a_whole_guobiao_hand_and_the_log_tells_each_flower(
        make: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    original = Choreographer._call
    monkeypatch.setattr(Choreographer, "_call", lambda self, seat, call, stage: (
        called.append(call.key), original(self, seat, call, stage))[1])
    app = make(gb_session())
    scene = table(app)
    round_ = scene.session.round
    play_person_hand(app, scene, 900)
    assert round_.is_over and any(round_.flowers)
    dealt = max(i for i, e in enumerate(round_.events) if e.kind == E.DEAL)
    in_play = [e for e in round_.events[dealt:] if e.kind == E.FLOWER]
    assert in_play and called.count(FLOWER_CALL.key) == len(in_play)   # 补花 called in play
    names = [scene.controller.seat_name(s, scene.t) for s in range(4)]
    language = app.settings.language
    told = [describe(e, names, scene.t, language) for e in round_.events if e.kind == E.FLOWER]
    assert told and all(line in scene.log.lines for line in told)
    marker = "补花" if language == "zh" else "sets aside a flower"
    assert sum(marker in line for line in scene.log.lines) == len(told)


def test_the_board_shows_every_seats_flowers_and_the_prevailing_wind(make: MakeApp) -> None:
    session = guobiao_table()
    app = make(session)
    app.settings.language = "zh"
    scene = table(app)
    app.step(1 / 60, [])
    model, _ = scene._board_model()
    round_ = session.match.round
    assert model.flowers == tuple(map(tuple, round_.flower_tiles))
    assert model.center[1] == "南风圈 · 第2局"      # the sixth hand of sixteen
    regions = scene.table.board_regions(model)
    for seat in range(4):
        info = scene.table.seat_info(model, seat)
        row = regions.get(f"flowers {seat}")
        if row is None:     # no room beside the plate: the plate counts them
            assert info.flowers == f"花{round_.flowers[seat]}"
        else:
            assert info.flowers == "" and row.w > round_.flowers[seat] * row.h // 2
    assert sum(f"flowers {seat}" in regions for seat in range(4)) >= 2


def test_a_hand_begins_with_its_flowers_though_its_first_event_is_one() -> None:
    """国标's deal may set a flower aside before its first deal event: the feed still
    begins a new hand there (the claim and set-up pickers key on it)."""
    match = Match(load_ruleset("guobiao"), 1, 4)
    assert match.round.events[0].kind == E.FLOWER
    feed = SeatFeed(0)
    view = match.round.view(0)
    feed.see([Event(E.DISCARD, 1, 5, E.DiscardData(False, False))], view)
    feed.see(list(match.round.events), view)
    assert feed.hands == 1 and feed.events == list(match.round.events)
    assert flowers_of(feed.events, 4) == tuple(map(tuple, match.round.flower_tiles))
