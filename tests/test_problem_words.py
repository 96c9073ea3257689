"""Every problem a player can meet is told in the player's language, from the translation
tables, saying what happened and what to do; the technical reason, where there is one,
goes in a smaller line beside it, never alone. Driven in Chinese, path by path."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.shell import library, saves
from game.shell.i18n import load_strings
from game.shell.saves import SaveError
from tests.shell_helpers import dialogs, make_app
from tests.test_matches_page import played, stored

STRINGS = load_strings()


def from_tables(text: str, language: str = "zh") -> bool:
    """Whether `text` is one of the tables' texts in `language`, its fields filled in."""
    for entry in STRINGS.values():
        template = entry.get(language, "")
        pattern = re.escape(template)
        pattern = re.sub(r"\\\{[a-z_]*\\\}", ".+", pattern)
        if template and re.fullmatch(pattern, text, re.DOTALL):
            return True
    return False


def damaged_file() -> Path:
    path = stored(played(8, steps=15))
    path.write_text(path.read_text(encoding="utf-8")[:300], encoding="utf-8")
    return path


def test_the_check_itself_tells_table_texts_from_others() -> None:
    assert from_tables("无法打开对局：" + STRINGS["file.problem.damaged"]["zh"])
    assert not from_tables("the save file was changed or damaged (checksum mismatch)")


@pytest.mark.parametrize("kind", SaveError.KINDS)
def test_every_kind_of_file_problem_has_words_in_both_languages(kind: str) -> None:
    key = SaveError("x", kind).key
    assert all(STRINGS[key][lang].strip() for lang in ("zh", "en"))


def test_a_damaged_match_file_is_told_in_chinese_on_every_page(tmp_path: Path) -> None:
    path = damaged_file()
    app = make_app(tmp_path, "zh")
    app.scenes.push("matches")
    app.step(0.016, [])
    [entry] = app.scenes.top.entries
    assert entry.problem_kind == "damaged" and "JSON" in (entry.problem or "")
    app.scenes.push("replay", match_path=path)
    replay = app.scenes.top
    assert replay.problem is not None
    assert from_tables(app.t("replay.cannot_open", problem=app.t(replay.problem.key)))
    app.scenes.pop()
    app.scenes.push("review", match_path=path, seat=0)
    review = app.scenes.top
    assert review.problem is not None and review.problem.kind == "damaged"


def refusal_to_resume(tmp_path: Path, open_match: Callable[[], object]) -> tuple[Any, Any]:
    """The Matches page in Chinese and the dialog that refuses to resume a match."""
    app = make_app(tmp_path, "zh")
    app.scenes.push("matches")
    app.step(0.016, [])
    page = app.scenes.top
    page.open_table(open_match, "dialog.cannot_resume")
    [dialog] = dialogs(app)
    return page, dialog


def test_resuming_a_damaged_match_says_what_was_attempted_and_why(tmp_path: Path) -> None:
    path = damaged_file()
    page, dialog = refusal_to_resume(tmp_path, lambda: saves.load_save(path))
    app = page.app
    assert dialog.window_display_title == app.t("dialog.cannot_resume")
    assert from_tables(dialog.message) and dialog.message == app.t("file.problem.damaged")
    assert "JSON" in dialog.detail                # the technical reason, smaller, beside it


def test_a_match_in_use_is_refused_in_chinese(tmp_path: Path, monkeypatch) -> None:
    path = stored(played(9, steps=15))
    monkeypatch.setattr(library.locks, "in_use_elsewhere", lambda p: p == path)
    page, dialog = refusal_to_resume(tmp_path, lambda: library.open_match(path))
    app = page.app
    assert from_tables(dialog.message) and from_tables(dialog.window_display_title)
    dialog.kill()
    page.delete(page.entries[0])
    [dialog] = dialogs(app)
    assert from_tables(dialog.message) and from_tables(dialog.window_display_title)
    assert path.exists()
