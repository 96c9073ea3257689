"""The game's version, read from one place: the installed package's metadata
(pyproject.toml's `version`; a frozen build carries the same metadata).

Match files and arena records carry the version that wrote them under GAME_VERSION_KEY;
`newer_than_this` tells a file written by a later version, which this one refuses.
"""
from __future__ import annotations

import re
from functools import cache
from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "mahjong-table"
GAME_VERSION_KEY = "game_version"
UNKNOWN = "0+unknown"       # a checkout run without installing (make play installs it)


@cache
def game_version() -> str:
    """This game's version, e.g. "0.2.0"."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return UNKNOWN


def release(text: str) -> tuple[int, ...]:
    """The numeric release part of a version string: "0.2.0rc1" -> (0, 2, 0)."""
    match = re.match(r"\s*v?(\d+(?:\.\d+)*)", text)
    if match is None:
        return ()
    parts = [int(p) for p in match.group(1).split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def newer_than_this(written_by: object) -> str | None:
    """The one-line refusal for a file written by a newer version of the game than this
    one, or None if this version may read it (same, older, or no version recorded)."""
    if not isinstance(written_by, str) or not written_by:
        return None
    this = release(game_version())
    if not this or release(written_by) <= this:     # an uninstalled checkout reads all
        return None
    return (f"written by version {written_by[:40]} of the game; this is version "
            f"{game_version()}: update the game to open it")
