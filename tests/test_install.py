"""An installed copy (`pip install .`, not editable) finds its assets from any folder and
keeps the player's data outside the package."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, os
from game import paths
from game.rulesets import available_rulesets
print(json.dumps({"rulesets": available_rulesets(), "theme": str(paths.asset("theme.json")),
                  "data": str(paths.data_dir()), "checkout": paths.checkout_root() is not None,
                  "font": os.path.isfile(paths.asset("fonts", "NotoSansCJKsc-Game.otf"))}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--no-compile", "--target", str(target), str(ROOT)],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"pip install failed: {done.stderr[-2000:]}")
    return target


def test_an_installed_copy_finds_assets_and_writes_outside_itself(installed: Path,
                                                                   tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MAHJONG_DATA_DIR"}
    env["PYTHONPATH"] = str(installed)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True)
    facts = json.loads(out.stdout)
    assert facts["rulesets"][0] == "dazhong" and "honors" in facts["rulesets"]
    assert facts["font"] and Path(facts["theme"]).is_relative_to(installed)
    assert not facts["checkout"]
    assert Path(facts["data"]) == tmp_path / "xdg" / "mahjong-table"
    assert not Path(facts["data"]).is_relative_to(installed)


def test_the_installed_command_line_starts_from_any_folder(installed: Path,
                                                           tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MAHJONG_DATA_DIR"}
    env.update(PYTHONPATH=str(installed), XDG_DATA_HOME=str(tmp_path / "xdg"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1",
               MAHJONG_EXIT_AFTER_FIRST_FRAME="1")
    before = sorted(installed.rglob("*"))
    out = subprocess.run([sys.executable, "-m", "game"], cwd=tmp_path, env=env,
                         check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("first-frame")
    assert sorted(installed.rglob("*")) == before, "nothing is written inside the package"
