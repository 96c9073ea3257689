"""Compiled copies of the hottest modules (the round engine, the AI levels' hand
reading): which they are, whether they are in use, and when they are out of date.

`python -m tools.native build` compiles them with mypyc (part of mypy, the dev extra)
into extension modules beside their sources, which Python then imports in their place:
same code, same results, faster.  `make` builds them; without a C compiler or mypyc the
game runs on the sources alone.

A compiled module older than any of the sources is never imported: `drop_stale`, run
when the `game` package is first imported, removes the whole compiled set when a source
changed since the build (they call each other directly, so they go together).
"""
from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = tuple(Path(p) for p in (
    "game/engine/tiles.py", "game/engine/melds.py", "game/engine/hands.py",
    "game/engine/win_test.py", "game/engine/claims.py", "game/engine/round_data.py",
    "game/engine/round_view.py", "game/engine/settle.py", "game/engine/draws.py",
    "game/engine/claim_window.py", "game/engine/turn.py", "game/engine/state.py",
    "game/engine/view.py", "game/engine/hand_rules.py",
    "ai/shapes.py",
))
GROUP = "game._compiled"   # the shared library of the set: game/_compiled__mypyc.*.so
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def shared_library(root: Path = ROOT) -> Path:
    """The set's shared library, which every compiled module of the set loads."""
    return root / f"{GROUP.replace('.', '/')}__mypyc{SUFFIX}"


def expected_files(root: Path = ROOT) -> list[Path]:
    """The files a complete build of the set makes: the shared library, one shim a module."""
    return sorted([shared_library(root), *(root / p.with_suffix(SUFFIX) for p in SOURCES)])


def compiled_files(root: Path = ROOT) -> list[Path]:
    """The compiled modules present now in the folders of the set (with any left from a
    longer list of sources)."""
    folders = {p.parent for p in expected_files(root)}
    return sorted(p for folder in folders for p in folder.glob(f"*{SUFFIX}"))


def in_use() -> bool:
    """Whether the round engine runs compiled in this process."""
    from game.engine import state
    return not str(state.__file__).endswith(".py")


def drop_stale(root: Path = ROOT) -> bool:
    """Remove the compiled set under `root` if a source is newer than it (or it is
    incomplete): whether anything was removed."""
    files = compiled_files(root)
    sources = [root / p for p in SOURCES]
    if not files or not any(p.exists() for p in sources):   # none, or a build without sources
        return False
    try:
        built = min(p.stat().st_mtime for p in files)
        fresh = files == expected_files(root) and all(
            p.stat().st_mtime <= built for p in sources)
    except OSError:     # another process is removing them
        fresh = False
    if fresh:
        return False
    try:
        clean(root)
    except OSError as exc:   # a folder this user may not change: said, not raised
        print(f"compiled modules out of date could not be removed ({exc}); they run as they "
              "are", file=sys.stderr)
        return False
    print("compiled modules out of date (a source is newer, or the set has changed) are "
          "removed; `make` (or `python -m tools.native build`) compiles them again",
          file=sys.stderr)
    return True


def clean(root: Path = ROOT) -> None:
    """Remove the compiled set under `root`."""
    for path in compiled_files(root):
        path.unlink(missing_ok=True)
