"""What the table page plays through: a match on this computer (game.shell.controller)
or a seat of a room on a server (game.net.online_table). The page reads each seat's
feed and asks the source for the rest — names and plates, where the match stands,
the page to show when a hand or the match is over — and hands it the viewer's choices."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.ruleset import Ruleset
from game.engine.view import PlayerView
from game.play.feed import SeatFeed
from game.play.seat import Reasoning
from game.shell.i18n import Translate

PageCall = tuple[str, dict[str, Any]]     # a page's registry name and its keyword arguments
PlateText = tuple[str, str, int]          # a name plate: name, seat kind or state, match total


@dataclass(frozen=True)
class SeatHandEnd:
    """What one seat of an online room was told of a hand that ended."""

    view: PlayerView                # the seat's view at the hand's end
    events: tuple[Event, ...]       # the hand's events as the seat saw them
    deltas: tuple[int, ...]         # each seat's points of the hand
    totals: tuple[int, ...]         # the match totals after it
    number: int                     # the hand, counted from 0
    length: int                     # hands in the match
    hands: tuple[tuple[int, ...], ...] | None = None   # every seat's tiles, if the server told
    wins: tuple[Event, ...] = ()    # the winners as end_hand told them (as win events)
    fans: tuple[tuple[str, ...], ...] = ()   # each told win's fans as its record's keys


class TableListener(Protocol):
    """What the table scene hears from its source (the what is in the seats' feeds)."""

    def on_events(self) -> None:
        """An action was applied: the feeds hold its events."""

    def on_reset(self) -> None:
        """The round was replaced (next hand or undo): forget animations and state."""


class TableSource(Protocol):
    """A table's match, seen through the feeds of the seats played at this screen."""

    listener: TableListener | None
    version: int                 # bumps whenever the table changed
    paused: bool                 # debug: AI seats wait
    claim_countdown: float       # seconds the viewer has for a claim (0: no limit)

    @property
    def reasoning(self) -> dict[int, Reasoning]:
        """The last decision's reasoning of each seat the computer played (debug)."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def debug(self) -> bool: ...
    @property
    def offers_auto(self) -> bool: ...
    @property
    def save_problem(self) -> str | None: ...
    @property
    def show_all_hands(self) -> bool: ...
    @show_all_hands.setter
    def show_all_hands(self, on: bool) -> None: ...

    def is_person(self, seat: int) -> bool:
        """A person at this screen plays the seat."""

    def seat_name(self, seat: int, t: Translate) -> str:
        """The seat's name in the current language."""

    def plates(self, view: PlayerView, t: Translate) -> list[PlateText]:
        """Each seat's name plate (name, kind or connection, match total so far)."""

    def progress(self) -> tuple[int, int]:
        """(the hand in play counted from 0, hands in the match)."""

    @property
    def hand_finished(self) -> bool: ...

    def info(self, t: Translate) -> list[str]:
        """Lines the info strip shows besides the ruleset (debug seed, room code, …)."""

    def feed(self, seat: int) -> SeatFeed: ...

    def resumed_from(self, seat: int) -> PlayerView | None:
        """The view the seat's hand was taken up from midway (a seat taken back: what came
        before it was not told again), or None."""

    def humans_to_act(self) -> list[int]: ...
    def thinking(self) -> list[int]: ...
    def is_ai(self, seat: int) -> bool: ...
    def open_hands(self) -> tuple[tuple[int, ...], ...]: ...
    def submit(self, action: Action, timed_out: bool = False) -> bool:
        """The viewer's decision (`timed_out`: the table's clock answered for them)."""
    def set_auto(self, seat: int, on: bool) -> None: ...
    def set_switches(self, auto_win: bool, never_claim: bool) -> None: ...
    def step(self) -> None: ...
    def undo(self) -> bool: ...
    def update(self, dt: float, hold: bool = False) -> None: ...
    def hint(self, seat: int) -> Action | None: ...

    def next_page(self, hand_shown: bool) -> PageCall | None:
        """The page to show over the table now, once (`hand_shown`: the end of the hand
        has been on screen long enough)."""

    def leave(self) -> bool:
        """The player leaves the table for the menu; False: stay (the info line says why)."""

    def close(self) -> None: ...
