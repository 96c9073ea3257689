"""血战到底: a hand's second reading, as 清一色 (one suit) in its longest suit.

ai.reach's exact search follows only the draws that lower a hand's ordinary shanten, so
it never sees the slower one-suit hand that 血战 pays four times.  This reading runs the
same search on the hand transformed so that only its suit S counts: every tile outside
S becomes an honour of its own (isolated, with no copy left to draw: it can only be
discarded), so every complete hand the search reaches is of S alone, valued by the
search's own `win_value` (the real tiles: its 清一色 points).  A hand with an exposed
meld outside S, more tiles outside S than there are honour kinds, or fewer than
MIN_SUIT tiles of S (exposed melds included) has no such path."""
from __future__ import annotations

import numpy as np

from ai.reach import ReachSearch
from ai.win_values import MeldShape

HONOURS = 27         # the first honour kind (血战到底 has none: they stand for dead tiles)
MIN_SUIT = 8         # tiles of S (of 13) from which the one-suit path is read
ONE_SUIT_CAP = 2000  # most hands in one level of the one-suit search


def one_suit_hands(hands: np.ndarray, shape: MeldShape, void: int
                   ) -> tuple[int, np.ndarray, np.ndarray] | None:
    """(suit S, the transformed rows, which rows of `hands` have a path) for 3n+1 hands
    one discard apart, S their longest suit that is not the `void`; None: no path."""
    held = hands.max(axis=0)
    per_suit = [int(held[9 * s:9 * s + 9].sum()) if s != void else -1 for s in range(3)]
    suit = int(np.argmax(per_suit))
    if not shape.suits <= {suit}:
        return None
    in_suit = hands[:, 9 * suit:9 * suit + 9]
    mine = in_suit.sum(axis=1)
    off = hands[:, :HONOURS].sum(axis=1) - mine
    ok = (off <= hands.shape[1] - HONOURS) & (mine + 3 * shape.count >= MIN_SUIT)
    if not ok.any():
        return None
    moved = np.zeros_like(hands[ok])
    moved[:, 9 * suit:9 * suit + 9] = in_suit[ok]
    moved[:, HONOURS:] = np.arange(hands.shape[1] - HONOURS)[None, :] < off[ok, None]
    return suit, moved, ok


def one_suit_values(search: ReachSearch, hands: np.ndarray, shape: MeldShape,
                    void: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row of `hands`, the expected value `search` gives playing it for 清一色, and
    the chance of winning so (0 where there is no path, or the search would be too
    large)."""
    out, chances = np.zeros(len(hands)), np.zeros(len(hands))
    reading = one_suit_hands(np.asarray(hands, dtype=np.int8), shape, void)
    if reading is None:
        return out, chances
    suit, moved, ok = reading
    held = moved.max(axis=0).astype(np.int16)
    span = slice(9 * suit, 9 * suit + 9)
    held[span] = np.maximum(held[span], search.held[span])
    unseen = search.unseen.copy()
    unseen[HONOURS:] = 0
    second = ReachSearch(search.rules, unseen, held, search.draws, search.odds,
                         search.win_value, node_cap=ONE_SUIT_CAP)
    found = second.values_and_chances(moved)
    if found is not None:
        out[ok], chances[ok] = found
    return out, chances
