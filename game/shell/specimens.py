"""Sample match sessions for benchmarks, tests and the layout self-check: a busy table
(melds piled up, a claim with several options), a finished hand with many payments,
long player names. Built by fixed scripts, so the same every time."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Payment
from game.engine.hands import shanten
from game.play.driver import Driver
from game.play.names import AI_NAMES, YOU
from game.play.seat import Answer, Known, SeatBase, Turn
from game.play.setup import Scenario, SeatSpec
from game.shell.controller import Controller
from game.shell.session import MatchSession

LONG_NAMES = ("Maximilian-Alexander the Patient", "Bartholomew Longname-Smythe",
              "欧阳长长长长长长长长长名字", "Anastasia Konstantinopolskaya")

# Names the shipped subset lacks: a common name, traditional and rare characters, accented
# Latin, and Extension B characters that no font of the game has (drawn as the stand-in).
# Escaped, so that tools/make_font.py does not take them into the shipped subset.
RARE_NAMES = ("\u738b\u5c0f\u660e", "\u5f35\u5049\u00b7\u9b31\u9f98\u5f67",
              "Zo\u00eb \u00c5ngstr\u00f6m-\u00d1\u00fa\u00f1ez", "\U0002a6a5\U00020000\u5b32\u71da")

SEATS = ("human", "hard", "hard", "hard")


def scripted_choice(seat: int, legal: Sequence[Action], rng: random.Random,
                    declare: bool = False) -> Action:
    """A fixed policy independent of the AI levels: other seats take every chi/peng/kong
    (so melds pile up), nobody wins, discards are random; other seats declare ready
    whenever they may if `declare`, else nobody does."""
    claims = [a for a in legal if a.kind in (A.CHI, A.PENG, A.KONG)]
    if claims and seat != 0:
        return claims[0]
    passes = [a for a in legal if a.kind == A.PASS]
    if passes:
        return passes[0]
    readies = [a for a in legal if a.kind == A.DISCARD and a.ready]
    if readies and declare and seat != 0:
        return readies[0]
    discards = [a for a in legal if a.kind == A.DISCARD and not a.ready]
    return rng.choice(discards or list(legal))


class ScriptedSeat(SeatBase):
    """scripted_choice at a seat."""

    def __init__(self, rng: random.Random, declare: bool = False) -> None:
        super().__init__("scripted")
        self.rng, self.declare = rng, declare

    def decide(self, turn: Turn) -> Answer:
        return Known(scripted_choice(turn.seat, turn.legal, self.rng, self.declare))


def scripted_driver(session: MatchSession, rng: random.Random) -> Driver:
    """A driver of the session's match with the scripted policy at every seat."""
    return Driver(session.match, [ScriptedSeat(rng)] * session.match.ruleset.players)


def busy_session(save_dir: Path | None = None, min_melds: int = 3, max_wall: int = 40,
                 first_seed: int = 1, min_options: int = 3) -> MatchSession:
    """A session stopped late in a hand where the human (seat 0) may claim a discard
    with at least two options, with several melds on the table."""
    ids = (YOU, *AI_NAMES[1:])
    for seed in range(first_seed, first_seed + 2000):
        session = MatchSession.new("dazhong", seed, 4,
                                   [SeatSpec.parse(k, name_id=n) for k, n in zip(SEATS, ids)])
        session.save_path = save_dir / "specimen.json" if save_dir is not None else None
        driver = scripted_driver(session, random.Random(seed))
        state = session.round
        while not state.is_over:
            to_act = state.seats_to_act()
            legal = state.legal_actions(to_act[0])
            if (to_act[0] == 0 and state.window is not None and len(legal) >= min_options
                    and len(state.wall) <= max_wall
                    and sum(len(m) for m in state.melds) >= min_melds):
                return session
            driver.step()
    raise RuntimeError("no busy table found")




def declared_session() -> MatchSession:
    """A session stopped at the human's (seat 0's) own discard after another seat has
    declared 报听 (the specimen of the hints)."""
    for seed in range(1, 2001):
        session = MatchSession.new("dazhong", seed, 4,
                                   [SeatSpec.parse(k, n) for k, n in zip(SEATS, LONG_NAMES)])
        driver = Driver(session.match, [ScriptedSeat(random.Random(seed), True)] * 4)
        state = session.round
        while not state.is_over:
            if state.seats_to_act() == [0] and state.window is None and any(state.ready[1:]):
                return session
            driver.step()
    raise RuntimeError("no declared table found")


def with_names(session: MatchSession, names: tuple[str, ...] = LONG_NAMES) -> MatchSession:
    """The same session with other seat names (long ones by default)."""
    for seat, name in enumerate(names):
        session.name_seat(seat, name)
    return session


def finished_hand_session(payments: int = 20) -> MatchSession:
    """A session whose hand is over, its payment list padded to `payments` rows (a
    specimen of the results page: real payments, repeated)."""
    session = busy_session(max_wall=200, min_melds=0, min_options=2)
    match = session.match
    scripted_driver(session, random.Random(7)).run_round()
    hand = match.history[-1]
    rows = list(hand.payments) or [Payment(1, 0, 2, "peng")]
    padded = tuple((rows * payments)[:payments])
    match.history[-1] = replace(hand, payments=padded)
    return session


DISCARD_WIN = ("111222333m456p4s9m", "123456789p1234s", "123456789s5678p",
               "567s567s567s99p12s")


def discard_win_session(names: tuple[str, ...] = LONG_NAMES, length: int = 2) -> MatchSession:
    """A hand seat 1 wins at once on the dealer's 4s while seats 2 and 3 are ready
    (听牌, not declared); long names by default; the first of `length` hands."""
    session = MatchSession.new("dazhong", 5, length,
                               [SeatSpec.parse(k, n) for k, n in zip(SEATS, names)],
                               scenario=Scenario(DISCARD_WIN))
    for text in ("0 discard 4s", "1 hu 4s"):
        session.match.apply(Action.from_text(text))
    return session


def finished_match_session() -> MatchSession:
    """A one-hand match over (won on a discard), saved beside the library as a played
    match is (the final standings' sample: its replay and review can be opened)."""
    session = discard_win_session(length=1)
    session.save_path = paths.data_dir() / "standings-sample.json"
    session.autosave()
    return session


def _bloody_worth(hand: list[int], a: Action) -> int:
    """The specimen's policy, lowest first: a win; a pass or the first three tiles
    offered; a void suit with few tiles; a discard leaving the hand nearest to ready."""
    if a.kind in (A.HU, A.SELF_DRAW):
        return -9
    if a.kind in (A.PASS, A.SWAP) or a.tile is None:
        return -8
    if a.kind == A.VOID:
        return sum(hand[a.tile:a.tile + 9])
    if a.kind != A.DISCARD:
        return 99
    hand[a.tile] -= 1
    left = shanten(hand)
    hand[a.tile] += 1
    return left


def bloody_session(winners: int = 2) -> MatchSession:
    """A 血战到底 hand with long names once `winners` seats have won (or it is over): the
    plates show the void suits and the winners' places; the winners' hands lie face up.
    With two, the person (seat 0) is the second winner, and play goes on."""
    session = MatchSession.new("xuezhan", 4, 1,
                               [SeatSpec.parse(k, n) for k, n in zip(SEATS, LONG_NAMES)])
    match = session.match
    while len(match.round.wins) < winners and not match.round.is_over:
        seat = match.round.seats_to_act()[0]
        worth = partial(_bloody_worth, match.round.hands[seat])
        match.apply(min(match.round.legal_actions(seat), key=worth))
    return session


def _bloody_payer(hand: list[int], pig: bool, a: Action) -> int:
    """A policy that pays much, lowest first: a win, a kong, a pass; the void suit with
    the most tiles for the `pig` (so it may end a 花猪), else the fewest; a discard
    leaving the hand nearest to ready."""
    order = (A.SELF_DRAW, A.HU, A.KONG, A.CONCEALED_KONG, A.ADDED_KONG, A.SWAP, A.PASS)
    if a.kind in order:
        return order.index(a.kind) - 99
    assert a.tile is not None
    if a.kind == A.VOID:
        return sum(hand[a.tile:a.tile + 9]) * (-1 if pig else 1)
    return _bloody_worth(hand, a)


def bloody_payments_session() -> MatchSession:
    """A 血战到底 hand played out with long names whose payments have every reason of its
    own: kong money, 呼叫转移, and at the wall's end 查花猪, 查大叫 and 退税 (the seed was
    found by a search over this script)."""
    session = MatchSession.new("xuezhan", 1581, 1,
                               [SeatSpec.parse(k, n) for k, n in zip(SEATS, LONG_NAMES)])
    match = session.match
    while not match.round.is_over:
        seat = match.round.seats_to_act()[0]
        worth = partial(_bloody_payer, match.round.hands[seat], seat == 1)
        match.apply(min(match.round.legal_actions(seat), key=worth))
    return session


def reasoning_table() -> Controller:
    """A busy hotseat table of four AI seats, held (the debug pause), each seat's panel
    of reasons filled with three candidates of the widest kind: a 报听 discard with
    every estimate and samples, then two the model alone weighed."""
    from ai.estimates import Estimate
    session = busy_session()
    session.setup = replace(session.setup.with_seats(
        tuple(SeatSpec.parse("hard", name) for name in LONG_NAMES)), debug=True)
    controller = Controller(session, thinking_delay=3600.0)
    controller.paused = True
    state = session.round
    for seat in range(state.players):
        tiles = sorted(set(state.hand_of(seat)))[:3]
        controller.driver.reasoning[seat] = tuple(
            Estimate(Action(seat, A.DISCARD, tile=k, ready=i == 0).to_text(), 3.0 - i,
                     win_chance=0.234 / (i + 1), expected_points=4.1 - 3 * i,
                     deal_in_risk=0.08 * (i + 1), samples=400 if i == 0 else 0)
            for i, k in enumerate(tiles))
    return controller


def bloody_start(choices: int) -> MatchSession:
    """A 血战到底 hand at its start, the person in seat 0 to choose after `choices` set-up
    rounds (0: the three tiles to pass on, 1: the void suit); the others have chosen."""
    session = MatchSession.new("xuezhan", 4, 1, [SeatSpec.parse(SEATS[0], YOU),
                                                 *map(SeatSpec.parse, SEATS[1:])])
    match = session.match
    for seat in [*range(4)] * choices + [1, 2, 3]:
        match.apply(match.round.legal_actions(seat)[0])
    return session


def table_specimens() -> list[tuple[str, dict[str, object]]]:
    """The table's sample states: a claim with three options, long names, names of rare
    characters, the hotseat debug view with every hand open, four AI seats' reasons, the
    pause overlay, the player's own discard with every hint shown, and a 血战到底 hand two
    seats have won."""
    debug = busy_session(min_options=4)
    debug.setup = replace(debug.setup, debug=True, show_all_hands=True)
    return [("claim", {"session": busy_session(min_options=4)}),
            ("long_names", {"session": with_names(busy_session())}),
            ("rare_names", {"session": with_names(busy_session(), RARE_NAMES)}),
            ("debug", {"session": debug}),
            ("reasoning", {"source": reasoning_table()}),
            ("paused", {"session": busy_session(), "paused": True}),
            ("hints", {"session": declared_session(), "sample_hints": 4}),
            ("bloody", {"session": bloody_session()}),
            ("bloody_swap", {"session": bloody_start(0)}),
            ("bloody_void", {"session": bloody_start(1)})]
