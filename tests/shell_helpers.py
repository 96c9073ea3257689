"""Helpers for the shell's UI tests: a headless app, clicks, finished hands."""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pygame_gui
import pytest

from game import paths
from game.engine import actions as A
from game.engine.match import Match
from game.engine.scenario import scenario_wall
from game.engine.tiles import parse_tiles
from game.play.setup import MatchSetup, SeatSpec
from game.rulesets import load_ruleset
from game.scenes import REGISTRY
from game.shell import saves
from game.shell.app import App, Scene
from game.shell.settings import Settings
from game.ui.dialogs import MessageDialog

NAMES = ["你", "小梅", "老周", "大宝"]


def use_fake_table(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Replace the play screen by a backdrop that records the sessions it was given."""
    sessions: list[Any] = []

    class FakeTable(Backdrop):
        def __init__(self, app: App, session: Any) -> None:
            super().__init__(app)
            sessions.append(session)

    monkeypatch.setitem(REGISTRY, "table", FakeTable)
    return sessions
WIN_TYPES = (A.HU, A.SELF_DRAW)


def make_app(tmp_path: Path, language: str = "zh", factory: Any = None) -> App:
    settings = Settings(path=tmp_path / "settings.json")
    settings.language = language
    app = App(settings, factory or "menu", size=(1280, 800))
    app.step(0.016, [])
    return app


def frames(app: App, n: int = 3) -> None:
    """Run n frames, feeding whatever pygame_gui posted to the event queue."""
    for _ in range(n):
        app.step(0.016)


def click(app: App, element: pygame_gui.core.UIElement) -> None:
    """Press and release the mouse on a widget, then let its events arrive."""
    pos = element.get_abs_rect().center
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.step(0.016, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    frames(app)


def resize(app: App, size: tuple[int, int]) -> None:
    """The window resized to `size`, as the player would."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    frames(app, 2)


def dialogs(app: App) -> list[MessageDialog]:
    """The open message and confirmation dialogs of the window."""
    return [w for w in app.ui.get_sprite_group().sprites()
            if isinstance(w, MessageDialog) and w.alive()]


def key(app: App, code: int) -> None:
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                        scancode=0)])
    frames(app)


class FakeSession:
    """What the results screen needs of a MatchSession."""

    def __init__(self, match: Match, setup: MatchSetup | None = None) -> None:
        self.match = match
        self.save_path: Path | None = None
        seats = tuple(SeatSpec.parse("human" if s == 0 else "easy", NAMES[s])
                      for s in range(match.ruleset.players))
        self.setup = setup if setup is not None else MatchSetup(
            match.ruleset.id, match.seed, match.length, seats)

    def start_next_hand(self) -> None:
        self.match.start_next_hand()

    def autosave(self) -> None:
        saves.write_save(paths.autosave_path(), self.match, self.setup)


class Backdrop(Scene):
    """A stand-in for the table under the results overlay."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 90, 60))


def self_draw_match(length: int = 2) -> Match:
    """A match whose first hand the dealer wins at once by self-draw (清一色碰碰胡)."""
    rules = load_ruleset()
    hands = [parse_tiles(h) for h in ("11122233344455m", "123456789p1234s", "123456789s5678p",
                                      "567s567s567s99p12s")]
    match = Match(rules, 5, length, walls={0: tuple(scenario_wall(rules, hands))})
    win = next(a for a in match.round.legal_actions(0) if a.kind == A.SELF_DRAW)
    match.apply(win)
    return match


def play_until_hand_ends(match: Match, rng: random.Random, allow_wins: bool) -> None:
    """Random legal play to the end of the hand; without wins (or 报听) it ends in a draw."""
    while not match.hand_finished:
        seat = match.round.seats_to_act()[0]
        legal = match.round.legal_actions(seat)
        if not allow_wins:
            legal = [a for a in legal if a.kind not in WIN_TYPES and not a.ready] or legal
        match.apply(rng.choice(legal))


def played_file(ruleset_id: str, levels: tuple[str, ...], seed: int, name: str) -> Path:
    """A one-hand match of `ruleset_id` played by the AI `levels`, saved in the library
    as `name` with a person in seat 0 (a file the replay, review and statistics read)."""
    from game.history.autoplay import play_match
    match = play_match(levels, seed, 1, ruleset_id)
    path = paths.data_dir() / "matches" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    seats = (SeatSpec.parse("human", "You"), *map(SeatSpec.parse, levels[1:]))
    saves.write_save(path, match, MatchSetup(ruleset_id, seed, 1, seats))
    return path
