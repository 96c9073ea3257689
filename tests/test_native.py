"""The compiled copies of the hot modules (game.native): they play exactly as their
sources do, and a compiled set older than a source is never imported."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import native

ROOT = Path(__file__).resolve().parent.parent


def _fake_tree(tmp_path: Path, built_at: float, sources_at: float) -> list[Path]:
    """Sources and a compiled set (empty files) under tmp_path, with these mtimes."""
    for source in native.SOURCES:
        path = tmp_path / source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        os.utime(path, (sources_at, sources_at))
    compiled = native.expected_files(tmp_path)
    for path in compiled:
        path.write_bytes(b"")
        os.utime(path, (built_at, built_at))
    return compiled


def test_a_compiled_set_older_than_a_source_is_removed_whole(tmp_path: Path) -> None:
    compiled = _fake_tree(tmp_path, built_at=1000.0, sources_at=900.0)
    os.utime(tmp_path / native.SOURCES[4], (1100.0, 1100.0))
    assert native.drop_stale(tmp_path)
    assert not any(p.exists() for p in compiled)
    assert all((tmp_path / s).exists() for s in native.SOURCES)


def test_a_fresh_compiled_set_is_kept(tmp_path: Path) -> None:
    compiled = _fake_tree(tmp_path, built_at=1000.0, sources_at=900.0)
    assert not native.drop_stale(tmp_path)
    assert all(p.exists() for p in compiled)


def test_an_incomplete_compiled_set_is_removed(tmp_path: Path) -> None:
    compiled = _fake_tree(tmp_path, built_at=1000.0, sources_at=900.0)
    compiled[3].unlink()
    assert native.drop_stale(tmp_path)
    assert not any(p.exists() for p in compiled)


def test_a_module_left_from_a_longer_list_of_sources_is_removed_with_the_set(
        tmp_path: Path) -> None:
    compiled = _fake_tree(tmp_path, built_at=1000.0, sources_at=900.0)
    left = tmp_path / "ai" / f"gone{native.SUFFIX}"
    left.write_bytes(b"")
    os.utime(left, (1000.0, 1000.0))
    assert native.drop_stale(tmp_path)
    assert not left.exists() and not any(p.exists() for p in compiled)


def test_a_build_without_sources_keeps_its_compiled_modules(tmp_path: Path) -> None:
    compiled = _fake_tree(tmp_path, built_at=1000.0, sources_at=900.0)
    for source in native.SOURCES:
        (tmp_path / source).unlink()
    assert not native.drop_stale(tmp_path)
    assert all(p.exists() for p in compiled)


def _digest(cwd: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run([sys.executable, "-m", "game.bench.digest", "--seeds", "6"],
                          cwd=cwd, env=env, capture_output=True, text=True, check=True,
                          timeout=600).stdout


@pytest.fixture(scope="module")
def sources_only(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's packages and tests copied without any compiled module."""
    root = tmp_path_factory.mktemp("sources")
    for package in ("game", "ai", "assets", "tests"):
        shutil.copytree(ROOT / package, root / package,
                        ignore=shutil.ignore_patterns(f"*{native.SUFFIX}", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root)
    return root


compiled_only = pytest.mark.skipif(not native.in_use(),
                                   reason="the compiled modules are not built here")


@compiled_only
def test_compiled_modules_play_every_round_as_their_sources(sources_only: Path) -> None:
    tmp_path = sources_only
    probe = [sys.executable, "-c", "from game import native; print(native.in_use())"]
    for cwd, compiled in ((tmp_path, "False"), (ROOT, "True")):
        env = {**os.environ, "PYTHONPATH": str(cwd)}
        assert subprocess.run(probe, cwd=cwd, env=env, capture_output=True, text=True,
                              check=True).stdout.strip() == compiled
    assert _digest(tmp_path) == _digest(ROOT)


@compiled_only
def test_the_tests_that_spy_on_engine_methods_pass_on_the_sources(sources_only: Path) -> None:
    # compiled methods call each other directly, past a monkeypatched spy: such tests are
    # skipped where the engine is compiled and run here on the sources
    env = {**os.environ, "PYTHONPATH": str(sources_only)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:xdist", "tests/test_trusted_apply.py"],
                         cwd=sources_only, env=env, capture_output=True, text=True, timeout=600,
                         check=False)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "skipped" not in run.stdout.splitlines()[-1]


def test_without_mypyc_the_build_says_so_and_leaves_everything(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tools import native as tool
    before = native.compiled_files()
    monkeypatch.setitem(sys.modules, "mypyc.build", None)   # import fails
    assert tool.main(["build"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("compiled modules not built (mypyc is not installed")
    assert "the game runs on its sources" in out
    assert native.compiled_files() == before
