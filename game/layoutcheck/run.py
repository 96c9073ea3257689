"""Render every registered page in every sample state, at each window size and in each
language, headless; report the problems, save screenshots if asked."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_SIZES = ((960, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1080),
                 (3840, 2160))
LANGUAGES = ("zh", "en")
FRAMES = 3


@dataclass
class PageResult:
    page: str
    state: str
    language: str
    size: tuple[int, int]
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"page": self.page, "state": self.state, "language": self.language,
                "size": f"{self.size[0]}x{self.size[1]}", "problems": self.problems}


def check(sizes: list[tuple[int, int]], shots: Path | None = None,
          languages: tuple[str, ...] = LANGUAGES, ui_scale: float = 1.0) -> list[PageResult]:
    """Check every page at the player's UI-scale setting `ui_scale`; one result per page,
    state, language and size."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game import paths
    from game.layoutcheck.inspect import problems
    from game.scenes import REGISTRY
    from game.shell.app import App, load_scene_class
    from game.shell.settings import Settings

    results = []
    with tempfile.TemporaryDirectory(prefix="layout-check-") as tmp:
        paths.set_data_dir(Path(tmp))
        for name, target in REGISTRY.items():
            scene_class = load_scene_class(target) if isinstance(target, str) else target
            for language in languages:
                for size in sizes:
                    settings = Settings(path=Path(tmp) / "settings.json")
                    settings.language, settings.sound_on = language, False
                    settings.anim_speed, settings.ui_scale = 0.0, ui_scale
                    app = App(settings, "menu", size=size)
                    for state, kwargs in scene_class.specimens(app):
                        if name != "menu" or kwargs:
                            app.scenes.replace(name, **kwargs)
                        for _ in range(FRAMES):
                            app.step(0.016, [])
                        result = PageResult(name, state, language, size, problems(app))
                        results.append(result)
                        if shots is not None:
                            shots.mkdir(parents=True, exist_ok=True)
                            pygame.image.save(app.screen, str(
                                shots / f"{name}-{state}-{language}-{size[0]}x{size[1]}.png"))
                    app.scenes.clear()
    return results


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' as (1280, 800); ValueError for anything else."""
    w, _, h = text.lower().partition("x")
    if not (w.isascii() and w.isdigit() and h.isascii() and h.isdigit()):
        raise ValueError(f"size {text!r} is not WIDTHxHEIGHT")
    size = (int(w), int(h))
    if not (320 <= size[0] <= 8192 and 240 <= size[1] <= 8192):
        raise ValueError(f"size {text!r} is out of range (320x240 to 8192x8192)")
    return size


def report(results: list[PageResult], as_json: bool) -> int:
    """Print the results; 0 when no page has a problem, else 1."""
    bad = [r for r in results if r.problems]
    if as_json:
        print(json.dumps({"results": [r.to_json() for r in results]}, ensure_ascii=False))
    else:
        for r in bad:
            for problem in r.problems:
                print(f"{r.page}:{r.state} {r.language} {r.size[0]}x{r.size[1]}: {problem}")
        print(f"{len(results)} page views checked, {len(bad)} with problems", file=sys.stderr)
    return 1 if bad else 0
