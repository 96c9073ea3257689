"""The player's hints: what they say (game.ui.hint_data, read from the seat's view alone)
and the settings that switch them."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ai.hard import deal_in_risk
from ai.wait_model import declaration
from game.engine.hands import DEFAULT_RULES
from game.engine.tiles import parse_counts, parse_tile, parse_tiles
from game.engine.view import DiscardView, PlayerView
from game.play.setup import Scenario, SeatSpec
from game.shell.session import MatchSession
from game.shell.settings import Settings
from game.shell.specimens import declared_session
from game.ui.hint_data import HIGH, SAFE, Efficiency, danger, danger_level, efficiency, hints_for

OTHERS = ("1112223334445s", "5556667778889s", "1112223334445p")


def counts(text: str) -> tuple[int, ...]:
    return tuple(parse_counts(text))


def unseen_of(hand: str, seen: str = "") -> tuple[int, ...]:
    """Copies left of each kind when `hand` and `seen` are the visible tiles."""
    visible = parse_counts(hand)
    for k in parse_tiles(seen):
        visible[k] += 1
    return tuple(4 - n for n in visible)


def tiles(text: str, copies: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple(zip(parse_tiles(text), copies))


def test_a_ready_discard_lists_its_waits_with_their_unseen_copies() -> None:
    hand = "123m456p789s11z459m"
    after = efficiency(counts(hand), unseen_of(hand), DEFAULT_RULES)
    assert after[parse_tile("9m")] == Efficiency(0, tiles("36m", [3, 4]))
    assert after[parse_tile("9m")].total == 7
    assert after[parse_tile("1z")].shanten == 1


def test_a_kind_whose_copies_are_all_visible_is_never_listed() -> None:
    hand = "123m456p789s11z459m"
    after = efficiency(counts(hand), unseen_of(hand, "6m6m6m6m3m"), DEFAULT_RULES)
    assert after[parse_tile("9m")] == Efficiency(0, tiles("3m", [2]))
    gone = efficiency(counts(hand), unseen_of(hand, "6m6m6m6m3m3m3m"), DEFAULT_RULES)
    assert gone[parse_tile("9m")] == Efficiency(0, ())


def test_a_discard_one_from_ready_counts_every_tile_that_makes_it_ready() -> None:
    hand = "123m456p789s11z79m5z"
    after = efficiency(counts(hand), unseen_of(hand), DEFAULT_RULES)
    assert after[parse_tile("5z")] == Efficiency(0, tiles("8m", [4]))
    # 9m and 5z left over: a pair of either, a run with 9m, or 111z
    assert after[parse_tile("7m")] == Efficiency(1, tiles("789m15z", [3, 4, 3, 2, 3]))
    assert after[parse_tile("7m")].total == 15


def test_only_a_hand_about_to_discard_has_efficiency() -> None:
    hand = "123m456p789s11z45m"
    assert efficiency(counts(hand), unseen_of(hand), DEFAULT_RULES) == {}


def dealt_view(hand: str) -> PlayerView:
    """Seat 0's view of a dealt scenario hand (14 tiles: its turn)."""
    seats = [SeatSpec.parse("human", "You")] + [SeatSpec.parse("easy", n) for n in "SWN"]
    session = MatchSession.new("dazhong", 5, 4, seats, scenario=Scenario((hand, *OTHERS)))
    return session.round.view(0)


def test_the_view_counts_what_the_seat_sees_and_nothing_else() -> None:
    view = dealt_view("123m456p789s99p459m")     # the others hold no m (OTHERS)
    hints = hints_for(view, DEFAULT_RULES, True, False)
    assert hints.efficiency[parse_tile("9m")] == Efficiency(0, tiles("36m", [3, 4]))
    assert hints.danger == {}
    assert hints_for(view, DEFAULT_RULES, False, False).efficiency == {}


def test_danger_levels_rise_with_the_chance() -> None:
    assert [danger_level(p) for p in (0.0, 0.03, 0.1, 0.5)] == [0, 1, 2, 3]
    assert danger_level(1.0) == HIGH


def threatened_view() -> tuple[PlayerView, int]:
    """Seat 0's view at its own discard after another seat declared 报听 (the seats that
    did not declare cleared away: nothing of theirs looks ready), and the seat that
    declared."""
    view = declared_session().round.view(0)
    declared = next(s for s in range(1, view.players) if view.ready[s])
    quiet = {s for s in range(1, view.players) if s != declared}
    view = replace(view, discards=tuple(() if s in quiet else p
                                        for s, p in enumerate(view.discards)),
                   melds=tuple(() if s in quiet else m for s, m in enumerate(view.melds)))
    return view, declared


def test_no_danger_is_shown_before_anyone_threatens() -> None:
    view = dealt_view("123m456p789s99p459m")
    assert deal_in_risk(view) is None and danger(view) == {}


def test_a_tile_the_declared_seat_passed_since_is_the_safest() -> None:
    view, declared = threatened_view()
    risk = deal_in_risk(view)
    assert risk is not None
    riskiest = max(set(view.hand), key=lambda k: float(risk[k]))
    pools = list(view.discards)
    pools[declared] = (*pools[declared], DiscardView(riskiest, False, None))
    passed = replace(view, discards=tuple(pools))
    assert riskiest in declaration(passed, declared)[1]
    after = deal_in_risk(passed)
    assert after is not None and float(after[riskiest]) < float(risk[riskiest])
    assert float(after[riskiest]) == min(float(after[k]) for k in set(view.hand))
    assert danger(passed)[riskiest] == SAFE
    assert set(danger(view)) == set(view.hand)


def test_the_three_switches_read_back_and_the_old_hint_setting_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    defaults = Settings.load(path)
    assert (defaults.hint_efficiency, defaults.hint_suggest, defaults.hint_danger) \
        == (True, False, False)
    settings = Settings(path=path, hint_efficiency=False, hint_suggest=True, hint_danger=True,
                        suggest_legend_seen=True)
    assert settings.save() is None
    back = Settings.load(path)
    assert (back.hint_efficiency, back.hint_suggest, back.hint_danger,
            back.suggest_legend_seen) == (False, True, True, True)
    for old, expected in ((True, True), (False, False), ("yes", False)):
        path.write_text(json.dumps({"show_hint": old}))
        assert Settings.load(path).hint_suggest is expected
    path.write_text(json.dumps({"show_hint": False, "hint_suggest": True}))
    assert Settings.load(path).hint_suggest is True
    assert "show_hint" not in Settings.load(path).to_dict()
