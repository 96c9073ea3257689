"""The fingerprint that shows a speed-up changed no game (game.bench.digest)."""
from game.bench import digest
from game.bench.random_play import play_random_round


def test_the_same_rounds_give_the_same_fingerprint_and_other_rounds_another() -> None:
    once = digest.digest(play_random_round, 1)
    assert digest.digest(play_random_round, 1) == once
    assert digest.digest(None, 1) != once
    assert digest.digest(play_random_round, 2) != once


def test_it_prints_one_line_per_family(capsys) -> None:
    assert digest.main(["--seeds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["random", "medium", "views"]
