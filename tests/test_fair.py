"""The shuffle's commit and reveal (game.fair): the hash, a seat's deal and draws against
the wall a revealed seed shuffles, and a match record's proofs; each kind of tampering
is caught."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import events as E
from game.engine.actions import ADDED_KONG, AUTO, CONCEALED_KONG, KONG
from game.engine.match import Match
from game.engine.wall import derive_seed
from game.fair import (
    Draw,
    FairError,
    Mismatch,
    Seen,
    check_hand,
    check_proofs,
    commitment,
    new_salt,
    proof_entry,
    read_salt,
)
from game.rulesets import available_rulesets, load_ruleset

DOC_SALT = "0123456789abcdef0123456789abcdef"


def played_hand(ruleset_id: str, match_seed: int, pick: int) -> tuple[Match, list[Seen]]:
    """One hand played to its end by random legal actions (kongs taken when offered, so
    replacement draws come), and what each seat saw of the wall."""
    ruleset = load_ruleset(ruleset_id)
    match = Match(ruleset, match_seed, 1)
    state, chooser = match.round, random.Random(pick)
    dealt = [tuple(sorted(state.view(s).hand)) for s in range(ruleset.players)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        legal = [a for a in state.legal_actions(seat) if a.kind is not AUTO]
        kongs = [a for a in legal if a.kind in (KONG, CONCEALED_KONG, ADDED_KONG)]
        match.apply(kongs[0] if kongs else chooser.choice(legal))
    draws: list[list[Draw]] = [[] for _ in range(ruleset.players)]
    front = back = 0
    for event in state.events:
        if event.kind is E.DRAW:
            replacement = bool(event.data.replacement)
            draws[event.seat].append(Draw(back if replacement else front, event.tile,
                                          replacement))
            back, front = back + replacement, front + (not replacement)
    return match, [Seen(s, state.dealer, dealt[s], tuple(draws[s]))
                   for s in range(ruleset.players)]


def test_the_docs_commitment_vector() -> None:
    assert commitment(12345, DOC_SALT) == \
        "afc71b87e6c78dd27152ff48afe5fb51c3e667f194f4c9759371a55c2bdcf3db"


def test_salts_are_random_hex() -> None:
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50
    assert all(read_salt(s) == s for s in salts)




# played_hand reads draws straight from the engine's events, which do not say where a
# flower's replacement came from: 国标's proofs are checked through the client's watcher
# of the wire's events (tests/test_net_fair.py)
CHECKED = [r for r in available_rulesets() if load_ruleset(r).guobiao is None]


@settings(max_examples=25, deadline=None)
@given(ruleset_id=st.sampled_from(CHECKED), match_seed=st.integers(0, 2**64 - 1),
       pick=st.integers(0, 1000))
def test_every_seat_of_a_played_hand_checks_out(ruleset_id: str, match_seed: int,
                                                pick: int) -> None:
    match, seen = played_hand(ruleset_id, match_seed, pick)
    seed, salt = derive_seed(match_seed, 0), new_salt()
    for view in seen:
        assert check_hand(match.ruleset, commitment(seed, salt), seed, salt, view) is None


def test_a_tampered_seed_a_tampered_salt_and_a_tile_that_differs_are_each_caught() -> None:
    match, seen = played_hand("dazhong", 99, 3)
    ruleset, seed, salt = match.ruleset, derive_seed(99, 0), DOC_SALT
    promised = commitment(seed, salt)
    assert check_hand(ruleset, promised, seed + 1, salt, seen[0]) == Mismatch("hash")
    assert check_hand(ruleset, promised, seed, salt[:-1] + "0", seen[0]) == Mismatch("hash")
    own = seen[1]
    changed = own.dealt[:-1] + ((own.dealt[-1] + 1) % 27,)
    assert check_hand(ruleset, promised, seed, salt,
                      Seen(own.seat, own.dealer, changed, own.draws)).what == "deal"
    first = own.draws[0]
    wrong = Draw(first.index, (first.tile + 1) % 27, first.replacement)
    found = check_hand(ruleset, promised, seed, salt,
                       Seen(own.seat, own.dealer, own.dealt, (wrong, *own.draws[1:])))
    assert found is not None and (found.what, found.number) == ("draw", 1)
    # another hand's seed, honestly committed to, does not give this seat's tiles
    other = derive_seed(99, 1)
    assert check_hand(ruleset, commitment(other, salt), other, salt, own) is not None


def test_a_kong_draw_is_checked_from_the_back() -> None:
    for pick in range(40):
        match, seen = played_hand("dazhong", 7 + pick, pick)
        kong_draws = [(v, d) for v in seen for d in v.draws if d.replacement]
        if kong_draws:
            break
    else:
        pytest.fail("no kong in 40 hands")
    view, draw = kong_draws[0]
    seed = derive_seed(7 + pick, 0)
    promised = commitment(seed, DOC_SALT)
    assert check_hand(match.ruleset, promised, seed, DOC_SALT, view) is None
    moved = Draw(draw.index, draw.tile, False)
    tampered = Seen(view.seat, view.dealer, view.dealt,
                    tuple(moved if d == draw else d for d in view.draws))
    assert check_hand(match.ruleset, promised, seed, DOC_SALT, tampered) is not None


def test_a_watcher_checks_the_hash_only() -> None:
    ruleset = load_ruleset("dazhong")
    assert check_hand(ruleset, commitment(5, DOC_SALT), 5, DOC_SALT, Seen(-1, 0)) is None
    assert check_hand(ruleset, commitment(5, DOC_SALT), 6, DOC_SALT, Seen(-1, 0)) is not None


def test_a_records_proofs() -> None:
    seeds = [derive_seed(42, h) for h in range(3)]
    salts = [new_salt() for _ in seeds]
    proofs = [proof_entry(h + 1, commitment(s, salt), s, salt)
              for h, (s, salt) in enumerate(zip(seeds, salts))]
    assert check_proofs(proofs, 42, 3) == 3
    assert check_proofs(proofs[:2] + [proof_entry(3, proofs[2]["commitment"])], 42, 3) == 2
    assert check_proofs([], 42, 3) == 0
    forged = dict(proofs[1], seed=seeds[1] + 1)
    with pytest.raises(FairError, match="hand 2: the revealed seed and salt"):
        check_proofs([proofs[0], forged, proofs[2]], 42, 3)
    honest_other = proof_entry(2, commitment(seeds[0], salts[0]), seeds[0], salts[0])
    with pytest.raises(FairError, match="hand 2: the revealed seed is not"):
        check_proofs([proofs[0], honest_other], 42, 3)
    for bad in ([proofs[1]], "x", [dict(proofs[0], salt="XYZ")], proofs + proofs):
        with pytest.raises(FairError):
            check_proofs(bad, 42, 3)


def test_a_commitment_changed_within_a_hand_stays_a_warning() -> None:
    from game.net.shuffle_watch import ShuffleWatch
    ruleset = load_ruleset("dazhong")
    watch = ShuffleWatch(0)
    watch.take({"type": "fair", "hand": 1, "commitment": commitment(5, DOC_SALT)}, ruleset)
    watch.take({"type": "fair", "hand": 1, "commitment": commitment(6, DOC_SALT)}, ruleset)
    watch.take({"type": "fair", "hand": 1, "seed": 6, "salt": DOC_SALT}, ruleset)
    assert watch.verdicts[1].key == "fair.changed"
    watch.take({"type": "fair", "hand": 2, "seed": 6, "salt": DOC_SALT}, ruleset)
    assert watch.verdicts[2].key == "fair.unpromised"
    watch.take({"type": "fair", "hand": 3, "commitment": "XYZ"}, ruleset)
    assert watch.verdicts[3].key == "fair.malformed"
    watch.take({"type": "fair", "hand": [1], "seed": {}}, ruleset)
    assert set(watch.verdicts) == {1, 2, 3}
    assert watch.line(4) is None
    watch.take({"type": "fair", "hand": 4, "commitment": commitment(1, DOC_SALT)}, ruleset)
    assert watch.line(4) is not None and watch.line(4).key == "fair.waiting"
