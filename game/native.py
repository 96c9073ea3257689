"""Compiled copies of the hottest modules (the round engine, Medium's hand reading).

`python -m game.native build` compiles them with mypyc (part of mypy, the dev extra)
into extension modules beside their sources, which Python then imports in their place:
same code, same results, about 1.5 times as fast.  `make` builds them; without a C
compiler or mypyc the game runs on the sources alone.  `clean` removes them, `status`
says which are in use.

A compiled module older than any of the sources is never imported: `drop_stale`, run
when the `game` package is first imported, removes the whole compiled set when a source
changed since the build (they call each other directly, so they go together).
"""
from __future__ import annotations

import importlib.machinery
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = tuple(Path(p) for p in (
    "game/engine/tiles.py", "game/engine/melds.py", "game/engine/hands.py",
    "game/engine/win_test.py", "game/engine/claims.py", "game/engine/round_data.py",
    "game/engine/round_view.py", "game/engine/settle.py", "game/engine/draws.py",
    "game/engine/claim_window.py", "game/engine/turn.py", "game/engine/state.py",
    "ai/shapes.py",
))
GROUP = "game._compiled"   # the shared library of the set: game/_compiled__mypyc.*.so
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def compiled_files(root: Path = ROOT) -> list[Path]:
    """The compiled set's files present now: the shared library, one shim per module."""
    candidates = [root / f"{GROUP.replace('.', '/')}__mypyc{SUFFIX}"]
    candidates += [root / p.with_suffix(SUFFIX) for p in SOURCES]
    return [p for p in candidates if p.exists()]


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
        fresh = len(files) == len(SOURCES) + 1 and all(
            p.stat().st_mtime <= built for p in sources)
    except OSError:     # another process is removing them
        fresh = False
    if fresh:
        return False
    clean(root)
    print("compiled modules were older than their sources and are removed; "
          "`make` (or `python -m game.native build`) compiles them again", file=sys.stderr)
    return True


def clean(root: Path = ROOT) -> None:
    """Remove the compiled set under `root`."""
    for path in compiled_files(root):
        path.unlink(missing_ok=True)


def build() -> str | None:
    """Compile the set beside the sources; None, or why it could not be."""
    import shutil
    import tempfile
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:
        return f"mypyc is not installed ({exc.name})"
    clean()
    work = Path(tempfile.mkdtemp(prefix="mahjong-native-"))
    here = Path.cwd()
    try:
        # built away from the project (whose pyproject.toml is not this build's) and
        # copied into place once all is built
        os.chdir(work)
        os.environ["MYPYPATH"] = str(ROOT)   # where the sources' imports are found
        paths = [str(ROOT / p) for p in SOURCES]
        extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3",
                              group_name=GROUP, target_dir=str(work / "c"))
        dist = Distribution({"name": "mahjong-compiled", "ext_modules": extensions})
        dist.script_args = ["-q", "build_ext", "--build-lib", str(work / "lib"),
                            "--build-temp", str(work / "temp")]
        dist.parse_command_line()
        dist.run_commands()
        built = sorted((work / "lib").rglob(f"*{SUFFIX}"))
        if len(built) != len(SOURCES) + 1:
            return f"the build made {len(built)} modules, not {len(SOURCES) + 1}"
        for path in built:
            shutil.copy2(path, ROOT / path.relative_to(work / "lib"))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure leaves the sources
        clean()
        return f"{type(exc).__name__}: {exc}"
    finally:
        os.chdir(here)
        os.environ.pop("MYPYPATH", None)
        shutil.rmtree(work, ignore_errors=True)
    return None


def main(argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m game.native", description=__doc__)
    parser.add_argument("command", choices=("build", "clean", "status"))
    args = parser.parse_args(argv)
    if args.command == "build":
        problem = build()
        if problem is not None:
            print(f"compiled modules not built ({problem}); the game runs on its sources")
        else:
            print(f"compiled {len(SOURCES)} modules (mypyc)")
    elif args.command == "clean":
        clean()
    else:
        print("compiled (mypyc)" if in_use() else "sources (not compiled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
