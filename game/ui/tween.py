"""Tweens on the frame clock: values that move from a to b over a duration.

Durations are divided by the animation speed (settings.anim_speed); a speed of 0
makes every tween finish at once.  Nothing here sleeps or reads a clock: the
owner advances tweens with `update(dt)` once per frame.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: a 'pop'."""
    c = 1.70158
    u = t - 1.0
    return 1.0 + (c + 1.0) * u ** 3 + c * u ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """Progress 0..1 over `duration` seconds (after `delay`), shaped by `easing`."""

    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        """Linear progress 0..1."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        """Eased progress."""
        return self.easing(self.raw)

    def update(self, dt: float) -> None:
        self.elapsed += dt


@dataclass
class Timeline:
    """A set of running tweens with payloads, advanced together and dropped when done."""

    speed: float = 1.0
    items: list[tuple[Tween, object]] = field(default_factory=list)

    def scaled(self, seconds: float) -> float:
        """A duration at the current animation speed (0 = instant)."""
        return 0.0 if self.speed <= 0 else seconds / self.speed

    def add(self, payload: object, duration: float, easing: Easing = ease_out_cubic,
            delay: float = 0.0) -> Tween | None:
        """Start a tween for `payload`; None (nothing to animate) at speed 0."""
        if self.speed <= 0:
            return None
        tween = Tween(self.scaled(duration), easing, self.scaled(delay))
        self.items.append((tween, payload))
        return tween

    def update(self, dt: float) -> list[object]:
        """Advance every tween; returns the payloads that finished this frame."""
        finished: list[object] = []
        kept: list[tuple[Tween, object]] = []
        for tween, payload in self.items:
            tween.update(dt)
            if tween.done:
                finished.append(payload)
            else:
                kept.append((tween, payload))
        self.items = kept
        return finished

    def clear(self) -> None:
        self.items = []
