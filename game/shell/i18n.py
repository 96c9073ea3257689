"""UI strings in Chinese and English, merged from assets/translations/*.json.

Each file maps a key to its texts: {"menu.quit": {"zh": "退出", "en": "Quit"}}.
Every colleague's screens keep their own file; the Translator merges them all.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from game.paths import asset

TRANSLATION_DIR = asset("translations")
LANGUAGES = ("zh", "en")

Strings = dict[str, dict[str, str]]
Translate = Callable[..., str]   # a Translator, or anything that turns a key into text


def load_strings(directory: Path = TRANSLATION_DIR) -> Strings:
    """All translation files of `directory` merged; a key defined twice is an error."""
    merged: Strings = {}
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        clash = merged.keys() & data.keys()
        if clash:
            raise ValueError(f"{path.name} redefines {sorted(clash)}")
        merged.update(data)
    return merged


class Translator:
    """Looks keys up in the current language; an unknown key shows as itself."""

    def __init__(self, language: str, strings: Strings | None = None) -> None:
        self.strings = load_strings() if strings is None else strings
        self.language = language

    def __call__(self, key: str, **fmt: object) -> str:
        entry = self.strings.get(key)
        if entry is None:
            return key
        text = entry.get(self.language) or entry.get("en", key)
        return text.format(**fmt) if fmt else text


class Words:
    """A line for the player kept as its key and fields, put in words when shown (the
    player's language may change meanwhile); str() is the English line, for the command
    line and the logs."""

    _english: Translator | None = None

    def __init__(self, key: str, **fields: object) -> None:
        self.key, self.fields = key, fields

    def said(self, t: Translate) -> str:
        return t(self.key, **self.fields)

    def __str__(self) -> str:
        if Words._english is None:
            Words._english = Translator("en")
        return self.said(Words._english)

    def __repr__(self) -> str:
        return f"Words({self.key!r}, **{self.fields!r})"

