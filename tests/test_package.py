"""The package (`make package` builds dist/*.whl and the sdist, twine checks them; then
`make dist-check` runs these): the metadata a package index shows, and the wheel installed
into a fresh venv runs from any folder."""
from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from game.version import game_version

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

pytestmark = pytest.mark.dist


def only(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    if len(found) != 1:
        pytest.fail(f"expected one {pattern} in {DIST}, found {len(found)}: run `make package`")
    return found[0]


def test_the_wheel_says_what_an_index_shows() -> None:
    with zipfile.ZipFile(only("mahjong_table-*.whl")) as wheel:
        names = wheel.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(wheel.read(info).decode("utf-8"))
        entry = wheel.read(info.replace("METADATA", "entry_points.txt")).decode("utf-8")
    assert meta["Version"] == game_version() and meta["License-Expression"] == "MIT"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")
    assert any(u.startswith("Homepage, https://") for u in meta.get_all("Project-URL"))
    assert "mahjong = game.__main__:run" in entry
    assert not [n for n in names if n.startswith(("tests/", "tools/", "packaging/"))]
    assert {"assets/icon.png", "assets/fonts/NotoSansCJKsc-Game.otf"} <= set(names)
    assert any(n.endswith("licenses/LICENSE") for n in names)


def test_the_sdist_has_the_licence_readme_and_changelog() -> None:
    with tarfile.open(only("mahjong_table-*.tar.gz")) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml"} <= names


def test_a_fresh_venv_runs_the_installed_command_from_any_folder(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    mahjong = venv / ("Scripts" if sys.platform == "win32" else "bin") / "mahjong"
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                          str(only("mahjong_table-*.whl"))], capture_output=True, text=True,
                         check=False)
    assert pip.returncode == 0, pip.stderr[-2000:]
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {"HOME": str(away), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([str(mahjong), "--version"], cwd=away, env=env, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == f"mahjong {game_version()}"
    out = subprocess.run([str(mahjong), "--layout-check", "--size", "960x600", "--json"],
                         cwd=away, env=env, capture_output=True, text=True, timeout=900,
                         check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert not [r for r in json.loads(out.stdout)["results"] if r["problems"]]
