"""Every test writes match files, settings and logs into its own temp folder."""
from pathlib import Path

import pytest

from game import paths


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Player data goes to a temporary folder, never to the real saves/ (child processes too)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(folder))
    paths.set_data_dir(folder)
    yield folder
    paths.set_data_dir(None)
