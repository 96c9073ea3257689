"""Sound effects synthesised with numpy at start-up; no sound files are shipped.

Tile sounds are modal "clacks" (a few damped resonances plus a noise
transient), calls are clacks with a short tune, and the win sounds are bells
and a brass-like fanfare.  Everything degrades to silence when no audio
device is available.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, get_args

import numpy as np
import pygame

SAMPLE_RATE = 44100
SoundName = Literal["draw", "discard", "chi", "peng", "gang", "hu", "ready", "click", "win"]
SOUND_NAMES: tuple[SoundName, ...] = get_args(SoundName)

Wave = np.ndarray


def _t(duration: float, rate: int) -> Wave:
    return np.arange(int(duration * rate), dtype=np.float32) / rate


def _clack(rate: int, rng: random.Random, pitch: float = 1.0, tau: float = 0.018,
           duration: float = 0.09) -> Wave:
    """Two tiles hitting: damped modal resonances plus a short noise transient."""
    t = _t(duration, rate)
    wave = np.zeros_like(t)
    for freq, amp, decay in ((1850, 1.0, 1.0), (2930, 0.7, 0.8), (4240, 0.45, 0.6),
                             (6100, 0.25, 0.45), (420, 0.5, 1.3)):
        wave += amp * np.sin(2 * np.pi * freq * pitch * t) * np.exp(-t / (tau * decay))
    noise = np.array([rng.gauss(0.0, 1.0) for _ in range(t.size)], dtype=np.float32)
    wave += 0.6 * noise * np.exp(-t / 0.0025)
    return wave


def _mix(total: float, rate: int, parts: Sequence[tuple[float, Wave, float]]) -> Wave:
    """Sum (start time, wave, gain) parts into one buffer total seconds long."""
    out = np.zeros(int(total * rate), dtype=np.float32)
    for start, wave, gain in parts:
        i = int(start * rate)
        n = min(wave.size, out.size - i)
        out[i:i + n] += gain * wave[:n]
    return out


def _bell(freq: float, duration: float, rate: int, decay: float = 0.35) -> Wave:
    """A small bell: inharmonic partials with faster-decaying highs."""
    t = _t(duration, rate)
    wave = np.zeros_like(t)
    for ratio, amp in ((1.0, 1.0), (2.0, 0.45), (2.76, 0.35), (5.4, 0.15)):
        wave += amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t * ratio / decay)
    return wave * np.minimum(1.0, t / 0.002)


def _marimba(freq: float, duration: float, rate: int) -> Wave:
    """A soft wooden note."""
    t = _t(duration, rate)
    wave = np.sin(2 * np.pi * freq * t) + 0.25 * np.sin(2 * np.pi * freq * 4 * t) * np.exp(-t / 0.02)
    return wave * np.exp(-t / 0.09) * np.minimum(1.0, t / 0.003)


def _brass(freq: float, duration: float, rate: int) -> Wave:
    """A brass-like note: band-limited harmonics with a gentle vibrato and swell."""
    t = _t(duration, rate)
    phase = 2 * np.pi * freq * (t + 0.0025 * np.sin(2 * np.pi * 5.5 * t) * np.minimum(1, t / 0.3))
    wave = np.zeros_like(t)
    for k in range(1, 8):
        wave += np.sin(k * phase) / k ** 1.3
    attack = np.minimum(1.0, t / 0.03)
    release = np.clip((duration - t) / 0.08, 0.0, 1.0)
    return wave * attack * release * (0.75 + 0.25 * np.exp(-t / 0.1))


def _note(semitones_from_a4: float) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


def _draw(rate: int, rng: random.Random) -> Wave:
    soft = _clack(rate, rng, pitch=0.65, tau=0.008, duration=0.06)
    kernel = np.ones(6, dtype=np.float32) / 6
    return np.convolve(soft, kernel, mode="same") * 0.4


def _discard(rate: int, rng: random.Random) -> Wave:
    return _mix(0.16, rate, [(0.0, _clack(rate, rng), 1.0),
                             (0.045, _clack(rate, rng, pitch=1.05, tau=0.01), 0.3)])


def _chi(rate: int, rng: random.Random) -> Wave:
    return _mix(0.32, rate, [(0.0, _clack(rate, rng), 0.7),
                             (0.03, _marimba(_note(7), 0.2, rate), 0.8),
                             (0.12, _marimba(_note(12), 0.2, rate), 0.8)])


def _peng(rate: int, rng: random.Random) -> Wave:
    thump = _marimba(_note(-5), 0.25, rate)
    return _mix(0.34, rate, [(0.0, _clack(rate, rng, pitch=0.9), 1.0),
                             (0.07, _clack(rate, rng, pitch=0.95), 1.0),
                             (0.07, thump, 0.9)])


def _gang(rate: int, rng: random.Random) -> Wave:
    t = _t(0.5, rate)
    gong = sum(amp * np.sin(2 * np.pi * 110 * r * t) for r, amp in ((1, 1), (2.3, 0.5), (3.9, 0.3)))
    gong = gong * np.exp(-t / 0.18) * np.minimum(1.0, t / 0.005)
    return _mix(0.6, rate, [(0.0, _clack(rate, rng, pitch=0.85), 1.0),
                            (0.06, _clack(rate, rng, pitch=0.9), 1.0),
                            (0.12, _clack(rate, rng, pitch=0.95), 1.0),
                            (0.12, gong.astype(np.float32), 0.9)])


def _hu(rate: int, rng: random.Random) -> Wave:
    notes = (7, 11, 14, 19)  # E5 G#5 B5 E6
    return _mix(0.9, rate, [(0.0, _clack(rate, rng), 0.5)] +
                [(0.05 + 0.08 * i, _bell(_note(n + 12), 0.6, rate), 0.6) for i, n in enumerate(notes)])


def _ready(rate: int, rng: random.Random) -> Wave:
    return _mix(0.6, rate, [(0.0, _bell(_note(12), 0.45, rate), 0.7),
                            (0.14, _bell(_note(19), 0.45, rate), 0.7)])


def _click(rate: int, rng: random.Random) -> Wave:
    t = _t(0.035, rate)
    wave = np.sin(2 * np.pi * 1900 * t) + 0.5 * np.sin(2 * np.pi * 950 * t)
    return wave * np.exp(-t / 0.006)


def _fanfare(rate: int, rng: random.Random) -> Wave:
    run = [(0.0, 3), (0.11, 7), (0.22, 10), (0.33, 15)]          # C5 E5 G5 C6
    parts = [(start, _brass(_note(n), 0.14, rate), 0.6) for start, n in run]
    parts += [(0.46, _brass(_note(n), 1.0, rate), 0.45) for n in (3, 7, 10, 15)]
    parts += [(0.46 + 0.09 * i, _bell(_note(n + 24), 0.6, rate), 0.25)
              for i, n in enumerate((3, 7, 10, 15))]
    return _mix(1.55, rate, parts)


_SYNTHS: dict[str, tuple[Callable[[int, random.Random], Wave], float]] = {
    "draw": (_draw, 0.35), "discard": (_discard, 0.8), "chi": (_chi, 0.7), "peng": (_peng, 0.8),
    "gang": (_gang, 0.85), "hu": (_hu, 0.8), "ready": (_ready, 0.6), "click": (_click, 0.3),
    "win": (_fanfare, 0.75),
}


def synthesize(rate: int = SAMPLE_RATE) -> dict[str, Wave]:
    """All effects as mono float32 arrays in [-1, 1], peak-normalised to their level."""
    rng = random.Random(20240611)   # Python's: the standalone build leaves numpy.random out
    waves: dict[str, np.ndarray] = {}
    for name in SOUND_NAMES:
        func, level = _SYNTHS[name]
        wave = np.asarray(func(rate, rng), dtype=np.float32)
        fade = min(wave.size, int(0.005 * rate))
        wave[-fade:] *= np.linspace(1.0, 0.0, fade, dtype=np.float32)
        waves[name] = wave * (level / max(1e-9, float(np.abs(wave).max())))
    return waves


def _to_mixer(wave: Wave, fmt: int, channels: int) -> np.ndarray:
    """Convert a float wave to the mixer's sample format and channel count."""
    if fmt == 32:
        data = wave.astype(np.float32)
    else:
        bits = abs(fmt)
        full = 2 ** (bits - 1) - 1
        data = np.round(wave * full)
        if fmt > 0:
            data += full + 1
        data = data.astype({(8, True): np.int8, (8, False): np.uint8, (16, True): np.int16,
                            (16, False): np.uint16, (32, True): np.int32}[(bits, fmt < 0)])
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data)


def _mixer_format() -> tuple[int, int, int] | None:
    """(rate, format, channels) of the mixer, initialising it if needed; None without audio."""
    if not pygame.mixer.get_init():
        try:
            pygame.mixer.init(SAMPLE_RATE, -16, 2, 512)
        except pygame.error:
            return None
    return pygame.mixer.get_init()


class Sounds:
    """The game's sound effects; silent when disabled or without an audio device."""

    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._loaded = False
        if enabled:
            self._load()

    def set_enabled(self, enabled: bool) -> None:
        """Turn effects on or off; stops anything playing when turned off."""
        self.enabled = enabled
        if enabled:
            self._load()
        elif self._sounds:
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        """The loudness of every effect, 0 (silent) to 1."""
        self.volume = volume
        for sound in self._sounds.values():
            sound.set_volume(volume)

    def play(self, name: SoundName) -> None:
        """Play one effect by name (see SOUND_NAMES)."""
        if name not in _SYNTHS:
            raise ValueError(f"unknown sound {name!r}")
        sound = self._sounds.get(name) if self.enabled else None
        if sound is not None:
            sound.play()

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        mixer = _mixer_format()
        if mixer is None:
            return
        rate, fmt, channels = mixer
        try:
            for name, wave in synthesize(rate).items():
                self._sounds[name] = pygame.sndarray.make_sound(_to_mixer(wave, fmt, channels))
                self._sounds[name].set_volume(self.volume)
        except (pygame.error, ValueError, KeyError):
            self._sounds.clear()
