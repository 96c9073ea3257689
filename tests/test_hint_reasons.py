"""The hints speak with one voice, Hard's: the suggested move, the danger colours and
the useful tiles come from the numbers Hard decides with, and wherever the colours or
the useful tiles make another discard look better than the suggestion, the table says
why in one line (zh and en)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.features import ruleset_for
from ai.hard import HardAgent, deal_in_risk
from ai.levels import STRONGEST, make_agent
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.hands import HandRules
from game.engine.state import RoundState
from game.engine.tiles import parse_tile
from game.engine.view import PlayerView
from game.play.setup import Scenario, SeatSpec
from game.shell.adviser import turn_reading
from game.shell.i18n import Translator
from game.shell.session import MatchSession
from game.shell.settings import Settings
from game.shell.specimens import declared_session
from game.ui.hint_data import danger, draws_reason, efficiency
from game.ui.hints import Suggestion, hint_frame, reason_words

ALL_ON = replace(Settings(), hint_efficiency=True, hint_danger=True)
WORDS = {language: Translator(language) for language in ("zh", "en")}
OTHERS = ("2223334446667s", "2223334446667p", "4445556667778m")


def turns(state: RoundState, limit: int = 400) -> Iterator[tuple[PlayerView, list[Action]]]:
    """Each own-turn decision of a round played by Hard at every seat (not yet locked by
    报听), before its move is played."""
    agents = [make_agent("hard", seat) for seat in range(state.players)]
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.seats_to_act()[0]
        legal, view = state.legal_actions(seat), state.view(seat)
        if state.window is None and not view.ready[seat]:
            yield view, legal
        state.apply(agents[seat].choose(view, legal))


def hard_round(seed: int) -> RoundState:
    seats = [SeatSpec.parse("hard", name) for name in "ESWN"]
    return MatchSession.new("dazhong", seed, 4, seats).round


def lines(view: PlayerView, legal: list[Action], focus: int | None, language: str
          ) -> tuple[str, ...]:
    """The reasons the table shows with Hard's move as the suggestion."""
    choice = turn_reading(view, tuple(legal)).choice
    suggestion = Suggestion(choice, tuple(legal), language)
    return hint_frame(view, view_rules(view), ALL_ON, True, focus, False, WORDS[language],
                      suggestion).why


def view_rules(view: PlayerView) -> HandRules:
    return ruleset_for(view.ruleset_id).hand_rules


def check_position(view: PlayerView, legal: list[Action]) -> None:
    """The suggestion is Hard's move; Hard's numbers are the hints' numbers; a danger
    colour above the safest, or fewer useful tiles than another discard, comes with its
    line, and agreement comes with none."""
    reading = turn_reading(view, tuple(legal))
    assert reading.choice == make_agent(STRONGEST, 7).choose(view, legal)
    rules = view_rules(view)
    after = efficiency(tuple(view.hand_counts()), tuple(view.unseen_counts()), rules)
    risk = deal_in_risk(view)
    for kind, weighed in reading.discards.items():
        assert (weighed.shanten, weighed.tiles) == (after[kind].shanten, after[kind].total)
        if risk is not None:
            assert weighed.risk == float(risk[kind])
    choice = reading.choice
    if choice.kind != A.DISCARD or choice.tile is None:
        return
    tile = choice.tile
    levels = danger(view)
    disagree = bool(levels) and levels[tile] > min(levels.values())
    fewer = any(e.total > after[tile].total for e in after.values())
    for language in WORDS:
        away = lines(view, legal, None, language)
        assert len(away) == disagree, (language, away)
        hover = lines(view, legal, tile, language)
        assert len(hover) == disagree + fewer, (language, hover)
        for line in hover:
            assert "{" not in line and "\n" not in line


def test_hard_is_the_strongest_level_the_hints_read() -> None:
    assert isinstance(make_agent(STRONGEST, 0), HardAgent)


def test_a_ready_discard_with_fewer_tiles_says_it_makes_the_hand_ready() -> None:
    hand = "123m456p789s11p55s9m"      # 9m: ready on 1p/5s (4 tiles); 5s: 30, not ready
    seats = [SeatSpec.parse("human", "You")] + [SeatSpec.parse("easy", n) for n in "SWN"]
    state = MatchSession.new("dazhong", 5, 4, seats, scenario=Scenario((hand, *OTHERS))).round
    view, legal = state.view(0), state.legal_actions(0)
    reading = turn_reading(view, tuple(legal))
    assert reading.choice.tile == parse_tile("9m")
    reason = draws_reason(view, view_rules(view), tuple(legal), reading.choice)
    assert reason is not None and reason.key == "ready"
    assert (reason.other, reason.other_total, reason.steps) == (parse_tile("5s"), 30, 1)
    zh, en = (reason_words(reason, WORDS[lang], lang) for lang in ("zh", "en"))
    assert "打九万" in zh and "已听牌" in zh and "五条" in zh and "30" in zh
    assert "9m" in en and "ready" in en and "30" in en
    check_position(view, legal)


def test_a_declared_table_explains_a_risky_suggestion_with_hards_numbers() -> None:
    """The declared table of the hints' specimen, and every turn of the round after it."""
    state = declared_session().round
    seen = 0
    for view, legal in turns(state):
        check_position(view, legal)
        seen += bool(danger(view))
    assert seen, "the round has turns with danger colours"


def test_the_risk_line_names_the_move_the_risk_and_the_points() -> None:
    for seed in range(1, 40):
        for view, legal in turns(hard_round(seed)):
            levels = danger(view)
            choice = turn_reading(view, tuple(legal)).choice
            if not levels or choice.tile is None or levels[choice.tile] == min(levels.values()):
                continue
            risk = deal_in_risk(view)
            assert risk is not None
            mine = turn_reading(view, tuple(legal)).discards[choice.tile]
            zh, = lines(view, legal, None, "zh")
            en, = lines(view, legal, None, "en")
            assert f"{round(100 * float(risk[choice.tile]))}%" in zh
            assert f"{mine.score:+.1f}" in zh or f"{mine.score:+.2f}" in zh
            assert "期望" in zh and "放铳" in zh
            assert "deal-in risk" in en and ("Ready" in en) == choice.ready
            return
    raise AssertionError("no risky suggestion found in 39 rounds")


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=1, max_value=10**6))
def test_no_round_shows_a_disagreement_without_its_line(seed: int) -> None:
    for view, legal in turns(hard_round(seed)):
        check_position(view, legal)
