"""Every test writes saves, autosaves, replays and settings into its own temp folder."""
from pathlib import Path

import pytest

from game import saves


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, autosaves and replays go to a temporary folder, never to the real saves/."""
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setattr(saves, "SAVE_DIR", folder)
    monkeypatch.setattr(saves, "AUTOSAVE", folder / "autosave.json")
    return folder
