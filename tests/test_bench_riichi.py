"""The riichienv comparison of `make bench`: alternated slices, and no failure without it."""
import builtins
import random
from typing import Any

import pytest

from game.bench import riichi


def test_alternate_measures_each_player_in_turns() -> None:
    calls: list[str] = []

    def player(name: str) -> riichi.Round:
        def play(rng: random.Random) -> None:
            calls.append(name)
            sum(range(20000))
        return play

    rates = riichi.alternate([player("a"), player("b")], seconds=0.04, slices=2)
    assert len(rates) == 2 and all(r > 0 for r in rates)
    turns = [name for i, name in enumerate(calls) if i == 0 or calls[i - 1] != name]
    assert turns == ["a", "b", "a", "b"]


def test_our_round_player_plays_a_round_to_its_end() -> None:
    riichi.our_round_player()(random.Random(1))


def test_without_riichienv_the_comparison_is_skipped(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    real_import = builtins.__import__

    def no_riichienv(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("riichienv"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_riichienv)
    assert riichi.riichienv_round_player() is None
    assert riichi.main(["--seconds", "0.01"]) == 0
    assert "riichienv is not installed" in capsys.readouterr().out


def test_riichienv_plays_a_round_when_it_is_installed() -> None:
    pytest.importorskip("riichienv")
    play = riichi.riichienv_round_player()
    assert play is not None
    play(random.Random(1))
