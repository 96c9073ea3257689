"""The standalone build (`make dist`, then `make dist-check` runs these): the frozen game
runs with an empty environment from another folder — its version, the check of the golden
records, the layout self-check, a first frame — and holds every module of the game."""
from __future__ import annotations

import json
import os
import pkgutil
import shutil
import subprocess
from pathlib import Path

import pytest

import ai
import game
from game import native
from game.version import game_version

ROOT = Path(__file__).resolve().parent.parent
BUILD = Path(os.environ.get("MAHJONG_DIST", ROOT / "dist" / "mahjong"))
PROGRAM = BUILD / ("mahjong.exe" if os.name == "nt" else "mahjong")
MAX_BYTES = 97 * 1000 * 1000     # 97 MB: 89 before the compiled engine (about 1.2 MB), 93 before
# openskill, the ratings (compiled by mypyc: about 2.3 MB), 96 before pymahjonggb's extension
# (0.9 MB as pip builds it, debug information included)
UNUSED_FONTS = ("NotoSansJP", "NotoSansKR", "NotoSansArabic", "NotoSansHebrew",
                "NotoSansGeorgian")

pytestmark = pytest.mark.dist


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    if not PROGRAM.is_file():
        pytest.fail(f"no build at {BUILD}: run `make dist` first")


def frozen(*args: str, cwd: Path, env: dict[str, str] | None = None,
           timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run the frozen program with only `env` (`env -i`: no PATH, no PYTHONPATH, no HOME)."""
    return subprocess.run(["env", "-i", *(f"{k}={v}" for k, v in (env or {}).items()),
                           str(PROGRAM), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, check=False)


def files(folder: Path) -> dict[str, int]:
    """Every file of `folder` and its size (a link counts once, as the link)."""
    out = {}
    for top, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(top, name)
            out[str(path.relative_to(folder))] = path.lstat().st_size
    return out


def test_the_build_is_small_and_holds_no_test_code_or_unused_fonts() -> None:
    sizes = files(BUILD)
    assert sum(sizes.values()) <= MAX_BYTES, f"{sum(sizes.values()) / 1e6:.1f} MB"
    names = [Path(p) for p in sizes]
    assert not [p for p in names if "tests" in p.parts or p.name.startswith(UNUSED_FONTS)]
    assert {"mahjong-table.desktop", "mahjong-table.png", "install-desktop.sh"} <= set(sizes)


def test_every_module_of_the_game_is_in_the_build() -> None:
    """Pages and commands are imported by name: each must be frozen in, or it is missing."""
    listing = subprocess.run([str(Path(shutil.which("pyi-archive_viewer") or
                                       ROOT / ".venv" / "bin" / "pyi-archive_viewer")),
                              "-r", "-b", str(PROGRAM)], capture_output=True, text=True,
                             check=True).stdout.split()
    ours = {m.name for package in (game, ai)
            for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")}
    # compiled modules (game.native) are files beside the archive, not in it
    internal = BUILD / "_internal"
    compiled = {".".join(p.relative_to(internal).with_name(p.name.split(".")[0]).parts)
                for top in ("game", "ai") for p in (internal / top).rglob(f"*{native.SUFFIX}")}
    assert ours and not ours - set(listing) - compiled


def test_guobiao_fans_are_counted_frozen(tmp_path: Path) -> None:
    """pymahjonggb's extension module is in the build: `mahjong score` counts 国标 fans."""
    out = frozen("score", "--ruleset", "guobiao", "--hand", "123m456p789s11222z", "--win", "2z",
                 "--json", cwd=tmp_path, env={"HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout)["fan"] == 11


def test_version_from_another_folder(tmp_path: Path) -> None:
    out = frozen("--version", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == f"mahjong {game_version()}"


def test_check_of_the_golden_records(tmp_path: Path) -> None:
    records = []
    for golden in sorted((ROOT / "tests" / "golden").glob("*.json")):
        record = tmp_path / golden.name
        record.write_text(json.dumps(json.loads(golden.read_text(encoding="utf-8"))["record"]),
                          encoding="utf-8")
        records.append(record.name)
    out = frozen("--check", *records, cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == len(records) >= 5 and all(": ok, record" in line for line in lines)


def test_layout_check_with_rare_names(tmp_path: Path) -> None:
    before = files(BUILD)
    out = frozen("--layout-check", "--size", "960x600", "--json", cwd=tmp_path,
                 env={"HOME": str(tmp_path)}, timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    results = json.loads(out.stdout)["results"]
    assert not [r for r in results if r["problems"]]
    assert {("table", "rare_names")} <= {(r["page"], r["state"]) for r in results}
    assert files(BUILD) == before, "nothing is written inside the build"


def test_first_frame_with_data_in_the_user_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    out = frozen(cwd=tmp_path, env={"HOME": str(home), "SDL_VIDEODRIVER": "dummy",
                                    "SDL_AUDIODRIVER": "dummy",
                                    "MAHJONG_EXIT_AFTER_FIRST_FRAME": "1"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("first-frame") and "pages=MenuScene" in out.stdout
    assert not any(p.is_file() for p in tmp_path.glob("*")), "nothing lands in the cwd"


def test_the_frozen_server_serves_a_room_and_stops_on_sigterm(tmp_path: Path) -> None:
    from websockets.sync.client import connect
    server = subprocess.Popen(["env", "-i", str(PROGRAM), "serve", "--port", "0",
                               "--data-dir", str(tmp_path / "server")], cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline().strip()
        assert first.startswith("serving on ws://127.0.0.1:"), first
        with connect(first.removeprefix("serving on "), open_timeout=30) as ws:
            ws.send(json.dumps({"type": "create", "name": "Ann",
                                "seats": ["open", "easy", "easy", "easy"]}))
            joined = json.loads(ws.recv(timeout=30))
            assert joined["type"] == "joined" and joined["seat"] == 0
        server.terminate()
        _, err = server.communicate(timeout=60)
        assert server.returncode == 0, err
        assert "stopped" in err and "Traceback" not in err
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
