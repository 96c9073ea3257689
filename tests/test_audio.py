"""Synthesised sound effects."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pytest

from game.shell.audio import SOUND_NAMES, Sounds, synthesize


def test_synthesis_is_sane() -> None:
    waves = synthesize(44100)
    assert set(waves) == set(SOUND_NAMES)
    for name, wave in waves.items():
        assert wave.dtype == np.float32 and wave.ndim == 1
        assert 0.02 <= wave.size / 44100 <= 2.0, name
        assert 0.1 < np.abs(wave).max() <= 1.0, name
        assert np.sqrt(np.mean(wave ** 2)) > 0.01, name


def test_synthesis_is_deterministic() -> None:
    a, b = synthesize(22050), synthesize(22050)
    assert all(np.array_equal(a[n], b[n]) for n in SOUND_NAMES)


def test_disabled_sounds_are_silent() -> None:
    sounds = Sounds(enabled=False)
    for name in SOUND_NAMES:
        sounds.play(name)
    with pytest.raises(ValueError):
        sounds.play("nope")


def test_enabled_sounds_do_not_crash_headless() -> None:
    sounds = Sounds(enabled=True)
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.set_enabled(False)
    sounds.play("hu")
    sounds.set_enabled(True)
    sounds.play("click")


def test_every_sound_the_table_plays_exists():
    """Names the table plays (motion and input) must be synthesised effects (mypy checks
    the calls against the SoundName type; this checks the type against the synthesis)."""
    import re
    from pathlib import Path

    from game.scenes.table.motion import SOUNDS
    from game.shell.audio import SOUND_NAMES

    folder = Path(__file__).resolve().parent.parent / "game" / "scenes" / "table"
    source = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    names = set(re.findall(r'play(?:_sound)?\("(\w+)"', source))
    names |= set(re.findall(r'"(\w+)" if e\.seat', source))
    names |= set(SOUNDS.values())
    assert {"win", "draw", "discard", "gang", "chi", "peng", "click", "ready"} <= names
    assert names <= set(SOUND_NAMES), names - set(SOUND_NAMES)
