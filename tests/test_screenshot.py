"""A busy table rendered to a PNG is a real picture, not a blank window."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.scenes.table import TableScene
from game.shell.app import App
from game.shell.settings import Settings
from game.shell.specimens import busy_session


def distinct_colours(path: Path) -> int:
    image = pygame.image.load(str(path))
    raw = pygame.image.tobytes(image, "RGB")
    return len({raw[i:i + 3] for i in range(0, len(raw), 3 * 7)})


@pytest.mark.parametrize("show_all", [False, True])
def test_busy_table_renders_to_a_rich_png(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          show_all: bool) -> None:
    settings = Settings(path=tmp_path / "settings.json")
    settings.sound_on = False
    session = busy_session(tmp_path)
    session.setup = replace(session.setup, debug=show_all, show_all_hands=show_all)
    app = App(settings, lambda a: TableScene(a, session), size=(1280, 800))
    try:
        for _ in range(3):
            app.step(1 / 60, [])
        scene = app.scenes.top
        assert isinstance(scene, TableScene) and scene.bubbles.options
        path = tmp_path / "table.png"
        pygame.image.save(app.screen, str(path))
        assert path.stat().st_size > 50_000
        assert distinct_colours(path) > 2000
        model, _ = scene._board_model()
        assert all((hand is not None) == (show_all and seat != 0)
                   for seat, hand in enumerate(model.open_hands))
    finally:
        pygame.display.quit()
