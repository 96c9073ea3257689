"""The replay's scrubber: positions along the track and back."""
from __future__ import annotations

import pygame

from game.ui.scrubber import Scrubber


def test_every_position_maps_to_x_and_back() -> None:
    bar = pygame.Rect(40, 500, 800, 30)
    scrubber = Scrubber(bar, 57, 1.0)
    assert scrubber.x_of(0) == bar.x + 10 and scrubber.x_of(56) == bar.right - 11
    assert [scrubber.at(scrubber.x_of(p)) for p in range(57)] == list(range(57))
    assert scrubber.at(bar.x) < 0 and scrubber.at(bar.right) > 56    # the page clamps


def test_a_single_position_sits_at_the_start() -> None:
    scrubber = Scrubber(pygame.Rect(0, 0, 200, 12), 1, 1.0)
    assert scrubber.x_of(0) == 4 and scrubber.at(150) == 0
