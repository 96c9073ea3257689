"""`python -m tools.native build|clean|status`: compile the modules game.native lists
with mypyc, beside their sources (see game/native.py); remove them; say which run."""
from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

from game.native import (
    GROUP,
    ROOT,
    SOURCES,
    SUFFIX,
    clean,
    compiled_files,
    expected_files,
    in_use,
)


def build() -> str | None:
    """Compile the set beside the sources; None, or why it could not be."""
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
        extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3", debug_level="0",
                              group_name=GROUP, target_dir=str(work / "c"))
        dist = Distribution({"name": "mahjong-compiled", "ext_modules": extensions})
        dist.script_args = ["-q", "build_ext", "--build-lib", str(work / "lib"),
                            "--build-temp", str(work / "temp")]
        dist.parse_command_line()
        dist.run_commands()
        built = sorted((work / "lib").rglob(f"*{SUFFIX}"))
        for path in built:
            shutil.copy2(path, ROOT / path.relative_to(work / "lib"))
        if compiled_files() != expected_files():
            clean()
            return f"the build made {len(built)} modules, not those of the set"
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure leaves the sources
        clean()
        return f"{type(exc).__name__}: {exc}"
    finally:
        os.chdir(here)
        os.environ.pop("MYPYPATH", None)
        shutil.rmtree(work, ignore_errors=True)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.native", description=__doc__)
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
