"""The new-match form, and its hotseat debug variant (any seat human or AI, fixed wall
seed, all hands shown, scenario files)."""
from __future__ import annotations

import random
import re
import shlex
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.engine.ruleset import Ruleset
from game.files import DataError, read_json
from game.play.names import PLAYER, ai_name
from game.play.setup import Scenario, SeatKind, SeatSpec, SetupError
from game.render.paint import PRIMARY
from game.rulesets import DEFAULT_RULESET, available_rulesets, load_ruleset
from game.shell.last_setup import LastSetup
from game.shell.layout_box import Specimen
from game.shell.settings import COUNTDOWNS
from game.ui.ruleset_note import ruleset_note
from game.ui.widgets import Page
from game.ui.wording import LEVEL_KEYS, PLACE_KEYS, words_for

if TYPE_CHECKING:
    from game.shell.app import App



SCENARIO_CAP = 64 * 1024
RULESET_MENU_ROOM = 48  # design pixels of the ruleset list beside its text: padding and arrow
SCENARIO_FIELDS = {"ruleset": str, "dealer": int, "draws": str, "replacements": str}


class ScenarioFileError(ValueError):
    """A scenario file that cannot be read; the message says why."""


def read_scenario(path_text: str) -> Scenario:
    """The scenario of a scenario file (ScenarioFileError names its problem)."""
    path = Path(path_text).expanduser()
    try:
        data = read_json(path, path.name, cap=SCENARIO_CAP)
    except DataError as exc:
        raise ScenarioFileError(str(exc)) from None
    if not isinstance(data, dict):
        raise ScenarioFileError(f"{path.name} does not hold a JSON object")
    for key, kind in SCENARIO_FIELDS.items():
        if key in data and not (isinstance(data[key], kind) and not isinstance(data[key], bool)):
            raise ScenarioFileError(f"{path.name}: '{key}' has the wrong type")
    hands = data.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, str) and len(h) < 100
                                              for h in hands):
        raise ScenarioFileError(f"{path.name}: 'hands' must be a list of hands in notation")
    if not 0 <= data.get("dealer", 0) < 4:
        raise ScenarioFileError(f"{path.name}: 'dealer' is not a seat")
    try:
        return Scenario.read(data)
    except SetupError as exc:
        raise ScenarioFileError(f"{path.name}: {exc}") from None


INTERPRETERS = re.compile(r"(python|pypy)[0-9.]*|node(js)?|java|ruby|perl|php|bash|sh|lua"
                          r"|Rscript|deno|bun|dotnet|env")


def program_name(command: str) -> str:
    """The name an outside program's seat has until the program names itself: the file
    name of the program the command runs (`python3 -u bots/my_bot.py --fast` and
    `./bots/my_bot.py --fast` both give `my_bot.py`)."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    program = next((w for w in words if not w.startswith("-")
                    and not INTERPRETERS.fullmatch(Path(w).name)), words[0] if words else "")
    return (Path(program).name or program or command.strip())[:24]


def available_levels() -> list[str]:
    """The AI levels this build has, weakest first (the menu's order)."""
    from ai.levels import level_names
    return level_names(strongest_first=False)


class NewMatchScene(Page):
    """Choose ruleset, opponents, match length and timings, then start; the form opens
    with the choices it last started a match with."""

    max_width = 1060
    footer = 56       # the Start button stays in view when the rows scroll

    def __init__(self, app: App, debug: bool = False,
                 bots: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.debug = debug
        self.form = "hotseat" if debug else "match"
        self.title_key = "form.title_debug" if debug else "form.title"
        self.rulesets = {rid: load_ruleset(rid) for rid in available_rulesets()}
        self.levels = available_levels()
        preferred = app.settings.ruleset
        self.ruleset_id = preferred if preferred in self.rulesets else DEFAULT_RULESET
        last = app.settings.last_setups.get(self.form, LastSetup())
        default_ai = "medium" if "medium" in self.levels else self.levels[0]
        self.kinds = ["human"] + [default_ai] * 3
        for seat, kind in enumerate(last.kinds):
            if kind in (*self.levels, "human", "bot") and (seat > 0 or debug):
                self.kinds[seat] = kind
        self.bot_commands = {seat: command for seat, command in enumerate(last.programs)
                             if command}
        # outside programs given with --bot SEAT=CMD (or by the caller)
        given = app.settings.bots if bots is None else bots
        self.bot_commands.update(given)
        for seat in given:
            self.kinds[seat] = "bot"
        self.length = last.length if last.length in self.ruleset.match_lengths \
            else self.ruleset.default_match_length
        self.delay = app.settings.thinking_delay
        self.countdown = app.settings.claim_countdown
        self.seed_text = last.seed
        self.show_all = last.show_all
        self.scenario_text = last.scenario

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[self.ruleset_id]

    # --------------------------------------------------------------- form
    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        programs = {1: "python3 mybot.py", 3: "./bots/a-rather-long-name/bot --fast --seed 7"}
        return [("default", {}), ("hotseat", {"debug": True}), ("programs", {"bots": programs})]

    def build_page(self, area: pygame.Rect) -> None:
        t = self.app.t
        row_h, gap = (40, 9) if self.debug else (46, 16)
        language = self.app.settings.language
        titles = {rs.title(language): rid for rid, rs in self.rulesets.items()}
        current = self.ruleset.title(language)
        font = self.app.ui.get_theme().get_font(["drop_down_menu"])
        needs = max(font.size(title)[0] for title in titles) + self.app.px(RULESET_MENU_ROOM)
        control = self.field(area, t("form.ruleset"), row_h, gap, needs)
        self.ruleset_menu = self.on(
            UIDropDownMenu(list(titles), current, control, self.app.ui, container=self.parent),
            lambda event: self._set_ruleset(titles[event.text]))
        self._y = ruleset_note(self, control, self.ruleset_id).bottom + self.app.px(gap)
        kind_names = [(k, self._kind_name(k)) for k in (*self.levels, "human", "bot")]
        self.seat_choices = []
        for seat in range(self.ruleset.players):
            label = t(PLACE_KEYS[self.ruleset.players][seat])
            if seat == 0 and not self.debug:
                self.label(self.field(area, label, row_h, gap), t("form.you_play_here"),
                           "@muted")
                continue
            self.seat_choices.append(self.choice_field(
                area, label, kind_names, self.kinds[seat], partial(self._set_kind, seat),
                row_h, gap))
            if self.kinds[seat] == "bot":
                self._entry(self.field(area, t("form.bot_command"), row_h, gap),
                            self.bot_commands.get(seat, ""), t("form.bot_hint"),
                            f"bot {seat}")
        lengths = [(n, t("form.hand_one") if n == 1 else t("form.hands", n=n))
                   for n in self.ruleset.match_lengths]
        self.length_choice = self.choice_field(area, t("form.length"), lengths, self.length,
                                               self._set_length, row_h, gap)
        self.slider(self.field(area, t("form.delay"), row_h, gap), self.delay, 0.0, 2.0,
                    self._set_delay, lambda v: t("form.seconds", s=f"{v:.1f}"))
        countdowns = [(c, t("form.no_limit") if c == 0 else t("form.seconds", s=c))
                      for c in COUNTDOWNS]
        self.countdown_choice = self.choice_field(area, t("form.countdown"), countdowns,
                                                  self.countdown, self._set_countdown, row_h, gap)
        if self.debug:
            self._build_debug_fields(area, row_h, gap)

    def _kind_name(self, kind: str) -> str:
        """A seat kind in the player's words; an AI level with its measured rating."""
        from ai.tournament.ratings import level_ratings
        name = words_for(self.app.t, LEVEL_KEYS, kind)
        rating = level_ratings().get(kind)
        return name if rating is None else \
            self.app.t("form.level_rating", level=name, mu=f"{rating.mu:.1f}")

    def build_footer(self, area: pygame.Rect) -> None:
        width = min(area.w, self.app.px(220))
        self.start_button = self.button(pygame.Rect(area.right - width, area.y, width, area.h),
                                        self.app.t("form.start"), self.start, PRIMARY)

    def _build_debug_fields(self, area: pygame.Rect, row_h: int, gap: int) -> None:
        t = self.app.t
        self.seed_entry = self._entry(self.field(area, t("form.seed"), row_h, gap),
                                      self.seed_text, t("form.seed_hint"), "seed_text")
        self.show_all_choice = self.choice_field(
            area, t("form.show_all"), [(True, t("common.on")), (False, t("common.off"))],
            self.show_all, self._set_show_all, row_h, gap)
        self.scenario_entry = self._entry(self.field(area, t("form.scenario"), row_h, gap),
                                          self.scenario_text, t("form.scenario_hint"),
                                          "scenario_text")

    def _entry(self, rect: pygame.Rect, value: str, hint: str, attr: str) -> UITextEntryLine:
        """A text field whose text goes to attribute `attr` ("bot N": seat N's command)."""
        entry = UITextEntryLine(rect, self.app.ui, container=self.parent, placeholder_text=hint,
                                initial_text=value or None)
        if attr.startswith("bot "):
            seat = int(attr.split()[1])
            return self.on(entry, lambda event: self.bot_commands.__setitem__(seat, event.text))
        return self.on(entry, lambda event: setattr(self, attr, event.text))

    # ------------------------------------------------------------ changes
    def _set_ruleset(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.length = self.ruleset.default_match_length
        self.app.rebuild_top()  # the seats and lengths depend on the ruleset

    def _set_kind(self, seat: int, kind: str) -> None:
        changed = (kind == "bot") != (self.kinds[seat] == "bot")
        self.kinds[seat] = kind
        if changed:
            self.app.rebuild_top()  # the program's command line comes and goes

    def _set_length(self, length: int) -> None:
        self.length = length

    def _set_delay(self, delay: float) -> None:
        self.delay = delay

    def _set_countdown(self, countdown: int) -> None:
        self.countdown = countdown

    def _set_show_all(self, on: bool) -> None:
        self.show_all = on

    # -------------------------------------------------------------- start
    def seat_setups(self) -> list[SeatSpec]:
        """Who sits where: yours by the name in the settings (if you chose one), the
        others by the ids of the names the game gives them."""
        t = self.app.t
        seats = []
        for seat, kind in enumerate(self.kinds[:self.ruleset.players]):
            if kind == "bot":
                command = self.bot_commands.get(seat, "").strip()
                if not command:
                    raise ValueError(t("form.bot_missing", n=seat + 1))
                seats.append(SeatSpec(SeatKind.PROGRAM, program=command,
                                      name=program_name(command)))
                continue
            if kind != "human":
                seats.append(SeatSpec.parse(kind, name_id=ai_name(seat)))
            elif seat == 0 and not self.debug:
                seats.append(SeatSpec.you(self.app.settings.player_name))
            else:
                seats.append(SeatSpec.parse(kind, name_id=PLAYER))
        return seats

    def start(self) -> None:
        """Check the form, remember its choices, build the session and go to the table."""
        t = self.app.t
        try:
            seed = self._seed()
            scenario = read_scenario(self.scenario_text) if self.scenario_text.strip() else None
            self.seat_setups()
        except ScenarioFileError as exc:     # the file's problem, under what it is
            self.alert(t("dialog.cannot_start"), t("form.scenario_problem"), str(exc))
            return
        except ValueError as exc:            # the form's own words
            self.alert(t("dialog.cannot_start"), str(exc))
            return
        ruleset_id = scenario.ruleset if scenario else self.ruleset_id
        settings = self.app.settings
        settings.ruleset = self.ruleset_id
        settings.thinking_delay = self.delay
        settings.claim_countdown = self.countdown
        settings.last_setups[self.form] = LastSetup(
            tuple(self.kinds), tuple(self.bot_commands.get(s, "") for s in range(len(self.kinds))),
            self.length, self.seed_text, self.show_all, self.scenario_text)
        settings.save()

        def make() -> Any:
            from game.shell.session import MatchSession
            session = MatchSession.new(ruleset_id, seed, self.length, self.seat_setups(),
                                       debug=self.debug, scenario=scenario)
            session.setup = replace(session.setup, thinking_delay=float(self.delay),
                                    claim_countdown=float(self.countdown),
                                    show_all_hands=self.show_all or not self.debug)
            return session

        self.open_table(make)

    def _seed(self) -> int:
        text = self.seed_text.strip()
        if not text:
            return random.SystemRandom().randrange(2**31)
        try:
            return int(text)
        except ValueError:
            raise ValueError(self.app.t("form.bad_seed", text=text)) from None
