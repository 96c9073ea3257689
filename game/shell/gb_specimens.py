"""Sample 国标麻将 sessions for the layout self-check and tests: a table in the South
round with flowers set aside at every seat, and a hand won with a long list of fans."""
from __future__ import annotations

import random

from game.engine.actions import Action
from game.play.setup import Scenario, SeatSpec
from game.shell.session import MatchSession
from game.shell.specimens import LONG_NAMES, SEATS, scripted_driver

SOUTH_HAND = 5      # the second hand of the South round (hands counted from 0)


def guobiao_table(names: tuple[str, ...] = LONG_NAMES) -> MatchSession:
    """A 16-hand 国标 match in its sixth hand (南风圈 · 第2局), some turns in, every seat
    with flowers set aside; the first seed that gives them (hands before drawn out by a
    fixed script)."""
    for seed in range(1, 200):
        session = MatchSession.new("guobiao", seed, 16,
                                   [SeatSpec.parse(k, n) for k, n in zip(SEATS, names)])
        match = session.match
        driver = scripted_driver(session, random.Random(seed))
        while match.hand_number < SOUTH_HAND:
            driver.run_round()
            match.start_next_hand()
        if not all(match.round.flowers):
            continue
        for _ in range(24):
            driver.step()
        while match.round.seats_to_act() != [0]:
            driver.step()
        return session
    raise RuntimeError("no 国标 table with flowers at every seat found")


# seat 1 wins on the dealer's 4m with ten fans (门前清, 平和, 四归一, 断幺, 一般高, 喜相逢,
# 连六, 缺一门, 嵌张 and its two flowers); the dealer's flower and seat 1's two are
# replaced from the wall's end by 9s, 8p and 8p
LONG_WIN = Scenario(("1112223334s5s4m9pf3", "35678m666677pf1f2", "12345789p5678m1z",
                     "567s567s567s99p12s"), "guobiao", replacements="9s8p8p")


def guobiao_won(names: tuple[str, ...] = LONG_NAMES) -> MatchSession:
    """A 国标 hand won on a discard by a hand of many fans (the results page's list)."""
    session = MatchSession.new("guobiao", 5, 16,
                               [SeatSpec.parse(k, n) for k, n in zip(SEATS, names)],
                               scenario=LONG_WIN)
    for text in ("0 discard 4m", "1 hu 4m"):
        session.match.apply(Action.from_text(text))
    return session


# the dealer's hand waits on 3m or 6m once it lets 9s go, and wins on neither with 8 fan
SHORT_OF_EIGHT = Scenario(("222m345p678p45m77z9s", "1112223334445s", "5556667778889s",
                           "1112223334445z"), "guobiao")


def guobiao_short(discarded: bool = True,
                  names: tuple[str, ...] = LONG_NAMES) -> MatchSession:
    """A 国标 hand ready in shape but short of 8 fan (the waits panel's line): the person
    at the deal, or (`discarded`) once it has discarded 9s."""
    session = MatchSession.new("guobiao", 5, 16,
                               [SeatSpec.parse(k, n) for k, n in zip(SEATS, names)],
                               scenario=SHORT_OF_EIGHT)
    if discarded:
        session.match.apply(Action.from_text("0 discard 9s"))
    return session
