"""The guided lessons as data (assets/lessons/NN_name.json) and the player's progress
(lessons.json in the data folder, written atomically).

A lesson: {"title", "intro", "summary": {"zh", "en"}, "ruleset" (default dazhong),
"scenario": {"hands", "draws", "replacements"} (seat 0, the player, deals), "others":
{"1": ["5p ready", "swap 789s", "void m", "hu", "tsumo", ...]} (the moves other seats make
in turn: a discard, a set-up choice, a win; else the tile they drew, the AI's set-up
choice and no claim), "steps": [{"goal", "right", "wrong": texts, "accept": ["discard 9p" |
"chi" | "swap p" | "swap 789s" | "void m" | "ready" | "best" | "safe", ...]}]}.
Each step is one decision of the player, judged by its "accept" list: a move as the
engine names it, with its tile (a swap: its three tiles or only their suit; a void: its
suit letter). The lessons before the first that accepts "ready" (the one teaching 报听)
do not offer it.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import paths
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.ruleset import RulesetError
from game.engine.tiles import NotationError, parse_tile, parse_tiles
from game.engine.wall_notation import parse_wall
from game.files import DataError, read_json, write_atomic
from game.play.setup import Scenario, SetupError
from game.rulesets import load_ruleset
from game.shell.i18n import LANGUAGES

LESSON_DIR = "lessons"
PROGRESS_FILE = "lessons.json"
SPECIAL_CHECKS = ("best", "safe", "ready")   # most effective discard, not a ready seat's wait
MOVE_KINDS = (A.DISCARD, A.SELF_DRAW, A.CONCEALED_KONG, A.ADDED_KONG, A.HU, A.KONG, A.PENG,
              A.CHI, A.PASS, A.SWAP, A.VOID)
SCRIPT_WORDS = (A.SWAP, A.VOID, A.HU, A.SELF_DRAW)   # the others' moves besides discards

Text = dict[str, str]


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class Step:
    """One decision of the player: what to do, what counts as right, the explanations."""

    goal: Text
    accept: tuple[str, ...]
    right: Text
    wrong: Text


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Text
    intro: Text
    summary: Text
    scenario: Scenario
    others: dict[int, tuple[str, ...]]
    steps: tuple[Step, ...]
    ready_offered: bool = True     # the player may declare 报听 in this lesson

    @property
    def ruleset(self) -> str:
        return self.scenario.ruleset

    @property
    def teaches_ready(self) -> bool:
        return any("ready" in p.split() for step in self.steps for p in step.accept)


def _text(data: Any, where: str) -> Text:
    if not isinstance(data, dict) or any(not isinstance(data.get(k), str) or not data[k]
                                         for k in LANGUAGES):
        raise LessonError(f"{where} needs a text in each of {', '.join(LANGUAGES)}")
    return {k: data[k] for k in LANGUAGES}


@dataclass(frozen=True)
class Move:
    """A move a lesson names: its kind, the tiles it must have (none: any), the suit of
    a swap or void named by its letter, and whether 报听 goes with it."""

    kind: str
    tiles: tuple[int, ...] = ()
    suit: int | None = None
    ready: bool = False

    def fits(self, action: Action) -> bool:
        if action.kind != self.kind or self.ready and not action.ready:
            return False
        if self.suit is not None:
            shown = action.tiles if self.kind == A.SWAP else (action.tile,)
            return all(t is not None and t // 9 == self.suit for t in shown)
        if self.kind == A.SWAP and self.tiles:
            return tuple(sorted(action.tiles)) == self.tiles
        return all(action.tile == t for t in self.tiles)


def read_move(text: str) -> Move:
    """A move from its words ("discard 9p ready", "swap p", "swap 789s", "void m", "hu");
    ValueError (a NotationError for a tile) says what cannot be read."""
    words = text.split()
    if not words or words[0] not in MOVE_KINDS:
        raise ValueError(f"cannot read the move {text!r}")
    kind, rest = words[0], [w for w in words[1:] if w != "ready"]
    if kind in (A.SWAP, A.VOID) and len(rest) == 1 and rest[0] in A.SUIT_LETTERS:
        return Move(kind, suit=A.SUIT_LETTERS.index(rest[0]))
    if kind == A.SWAP and rest:
        tiles = tuple(sorted(parse_tiles(" ".join(rest))))
        if len(tiles) != 3:
            raise ValueError(f"a swap passes three tiles, not {text!r}")
        return Move(kind, tiles)
    if kind == A.VOID and rest:
        raise ValueError(f"a void names its suit, m, p or s, not {text!r}")
    return Move(kind, tuple(parse_tile(w) for w in rest), ready="ready" in words[1:])


def _accept(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not data or not all(isinstance(p, str) for p in data):
        raise LessonError(f"{where}: 'accept' must be a list of moves")
    for pattern in data:
        if pattern not in SPECIAL_CHECKS:
            try:
                read_move(pattern)
            except ValueError as exc:
                raise LessonError(f"{where}: {exc}") from None
    return tuple(data)


def script_move(text: str) -> Move:
    """One move of another seat's script: a tile to discard ("5p", "5p ready") or a
    set-up choice or win ("swap 789s", "void m", "hu", "tsumo"); ValueError if unreadable."""
    words = text.split()
    if words and words[0] in SCRIPT_WORDS:
        return read_move(text)
    return read_move(f"{A.DISCARD} {text}")


def _others(data: Any, where: str) -> dict[int, tuple[str, ...]]:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: 'others' must map a seat to its discards")
    out: dict[int, tuple[str, ...]] = {}
    for seat, moves in data.items():
        if seat not in ("1", "2", "3") or not isinstance(moves, list):
            raise LessonError(f"{where}: 'others' has no seat {seat!r}")
        for move in moves:
            try:
                script_move(str(move))
            except ValueError as exc:
                raise LessonError(f"{where}: seat {seat}: {exc}") from None
        out[int(seat)] = tuple(str(m) for m in moves)
    return out


def parse_lesson(data: Any, name: str) -> Lesson:
    """A lesson from its file's JSON; LessonError says what is wrong."""
    if not isinstance(data, dict):
        raise LessonError(f"{name}: not a lesson object")
    try:
        scenario = Scenario.read(data.get("scenario"))
        ruleset = data.get("ruleset", scenario.ruleset)
        scenario = replace(scenario, ruleset=load_ruleset(ruleset).id)
        for hand in [*scenario.hands, scenario.draws, scenario.replacements]:
            parse_wall(hand)
    except SetupError as exc:
        raise LessonError(f"{name}: 'scenario': {exc}") from None
    except (NotationError, RulesetError) as exc:
        raise LessonError(f"{name}: {exc}") from None
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{name}: a lesson needs at least one step")
    parsed = []
    for i, step in enumerate(steps):
        where = f"{name} step {i + 1}"
        if not isinstance(step, dict):
            raise LessonError(f"{where}: not a step object")
        parsed.append(Step(_text(step.get("goal"), f"{where} 'goal'"),
                           _accept(step.get("accept"), where),
                           _text(step.get("right"), f"{where} 'right'"),
                           _text(step.get("wrong"), f"{where} 'wrong'")))
    return Lesson(name, _text(data.get("title"), f"{name} 'title'"),
                  _text(data.get("intro"), f"{name} 'intro'"),
                  _text(data.get("summary"), f"{name} 'summary'"), scenario,
                  _others(data.get("others", {}), name), tuple(parsed))


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson of the folder, in the order of their file names (01_…, 02_…)."""
    folder = folder or paths.asset(LESSON_DIR)
    out = []
    for path in sorted(folder.glob("*.json")):
        name = path.stem.partition("_")[2] or path.stem
        try:
            data = read_json(path, path.name)
        except DataError as exc:
            raise LessonError(str(exc)) from None
        out.append(parse_lesson(data, name))
    teaching = next((i for i, lesson in enumerate(out) if lesson.teaches_ready), len(out))
    return [replace(lesson, ready_offered=i >= teaching) for i, lesson in enumerate(out)]


def progress_path() -> Path:
    return paths.data_dir() / PROGRESS_FILE


def load_progress(path: Path | None = None) -> set[str]:
    """The ids of the lessons finished so far (none when the file is missing or unreadable)."""
    path = path or progress_path()
    if not os.path.lexists(path):
        return set()
    try:
        data = read_json(path, path.name, cap=64 * 1024)
    except DataError:
        return set()
    done = data.get("done") if isinstance(data, dict) else None
    return {d for d in done if isinstance(d, str)} if isinstance(done, list) else set()


def save_progress(done: set[str], path: Path | None = None) -> str | None:
    """Write the finished lessons atomically; None, or why it could not be written."""
    path = path or progress_path()
    try:
        write_atomic(path, json.dumps({"done": sorted(done)}, ensure_ascii=False))
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def first_start(settings_path: Path | None = None) -> bool:
    """Nobody has played here yet: no settings and no lesson progress in the data folder."""
    settings_path = settings_path or paths.settings_path()
    return not os.path.lexists(settings_path) and not os.path.lexists(progress_path())
