"""The wall's shuffle: its numbers worked out together are the generator's own."""
from __future__ import annotations

from itertools import islice

from game.engine.wall import _GAMMA, _MASK, _splitmix64_block, shuffled_wall, splitmix64


def test_a_block_of_numbers_is_the_generators_first_numbers() -> None:
    for seed in (0, 1, 2020, _MASK, (1 << 63) - 1, 0x0123456789ABCDEF):
        assert _splitmix64_block(seed, 120) == list(islice(splitmix64(seed), 120))


def test_the_generator_goes_on_after_a_block_from_the_seed_moved_on() -> None:
    seed = 77
    after = list(islice(splitmix64((seed + 100 * _GAMMA) & _MASK), 5))
    assert after == list(islice(splitmix64(seed), 100, 105))


def test_a_wall_is_the_seeds_own_and_holds_every_tile() -> None:
    kinds = list(range(27))
    wall = shuffled_wall(kinds, 4, 5)
    assert wall == shuffled_wall(kinds, 4, 5) != shuffled_wall(kinds, 4, 6)
    assert sorted(wall) == sorted(kinds * 4)
