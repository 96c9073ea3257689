"""Synthesised sound effects."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pytest

from game.shell.audio import SOUND_NAMES, Sound, Sounds, synthesize


def test_synthesis_is_fast_and_sane() -> None:
    synthesize()
    start = time.perf_counter()
    waves = synthesize(44100)
    assert time.perf_counter() - start < 0.1
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
        sounds.play("nope")  # type: ignore[arg-type]


def test_enabled_sounds_do_not_crash_headless() -> None:
    sounds = Sounds(enabled=True)
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.set_enabled(False)
    sounds.play(Sound.HU)
    sounds.set_enabled(True)
    sounds.play(Sound.CLICK)


def test_every_claim_the_table_shows_has_a_sound() -> None:
    from game.shell.audio import Sound
    from game.ui.choreography import CLAIM_SOUNDS

    assert set(CLAIM_SOUNDS) == {"chi", "peng", "kong"}
    assert all(isinstance(s, Sound) and s in SOUND_NAMES for s in CLAIM_SOUNDS.values())
