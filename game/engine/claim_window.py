"""The claim window: who may answer a discard (or an added kong that may be robbed),
with what, and how the gathered answers are resolved (胡 > 杠 > 碰 > 吃)."""
from __future__ import annotations

from . import actions as A
from . import events as E
from . import view as V
from .actions import Action, shared
from .claims import resolve_claims
from .draws import Drawing
from .events import Event, WinKind
from .melds import CHI, KONG_DIRECT, PENG, Meld
from .round_data import AFTER_CLAIM, NOBODY, ON_ADDED_KONG, ON_DISCARD, ClaimWindow, pooled
from .tiles import suit_of

# For each suited tile, the pairs of its suit that run with it, in the order 吃 offers them
CHI_PAIRS = tuple(
    tuple((a, b) for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2))
          if 0 <= a and b < 27 and suit_of(a) == suit_of(b) == suit_of(t))
    for t in range(27))


class Claiming(Drawing):
    """Claim windows: opened on a discard or an added kong, answered, resolved."""

    def _open_discard_window(self, discarder: int, tile: int) -> None:
        """Who may claim: a seat that answers for itself (no 报听, no 托管) and could 碰,
        杠 or 吃 by its tile counts is asked, its options worked out when it is; any other
        seat's options are worked out now (for such a seat that is only the win test)."""
        seats: list[int] = []
        options: dict[int, list[Action]] = {}
        others = self._others[discarder]
        if tile != self.rules.wildcard:
            claims = self.ruleset.claims
            peng, kong = claims["peng"], claims["kong"] and len(self.wall) > 0
            chi_seat = others[0] if claims["chi"] and tile < 27 else None
            hands, ready, auto, waitless = self.hands, self.ready, self.auto, self._waitless
            out, voids, suit = self.out, self.voids, tile // 9
            for seat in range(self.players):   # ascending, as the window asks them
                # 血战到底: a seat that has won is out; none claims a tile of its void suit
                if seat == discarder or out[seat] or voids[seat] == suit:
                    continue
                hand = hands[seat]
                if ready[seat] or auto[seat]:
                    opts = self.claim_options(seat, tile, discarder)
                elif ((hand[tile] >= 2 and (peng or (kong and hand[tile] == 3)))
                      or (seat == chi_seat and self._chi_pairs(seat, tile, first=True))):
                    seats.append(seat)
                    continue
                elif waitless[seat]:
                    continue
                else:
                    hand[tile] += 1
                    opts = [shared(seat, A.HU, tile)] \
                        if self._is_win(hand) and self._may_win(seat, hand, tile) else []
                    hand[tile] -= 1
                if opts:
                    seats.append(seat)
                    options[seat] = opts
        if not seats:   # nobody may claim: the next seat draws
            self._draw(self._next_in(discarder))
            return
        self._open_window(ClaimWindow(ON_DISCARD, tile, discarder, seats, options))

    def _options(self, window: ClaimWindow, seat: int) -> list[Action]:
        """The claims of one of the window's seats (worked out once, on first asking)."""
        opts = window.options.get(seat)
        if opts is None:
            opts = window.options[seat] = self.claim_options(seat, window.tile,
                                                             window.from_seat)
        return opts

    def claim_options(self, seat: int, tile: int, discarder: int) -> list[Action]:
        """The claims `seat` could answer a discard of `tile` by `discarder` with, by its
        hand now (胡, 杠, 碰, 吃; the claim window offers these, plus pass)."""
        hand = self.hands[seat]
        claims = self.ruleset.claims
        opts: list[Action] = []
        if self.voids[seat] == tile // 9:
            return opts
        hand[tile] += 1
        if self._is_win(hand) and self._may_win(seat, hand, tile):
            opts.append(shared(seat, A.HU, tile))
        hand[tile] -= 1
        if claims["kong"] and hand[tile] == 3 and len(self.wall) > 0:
            kong = shared(seat, A.KONG, tile)
            if not self.ready[seat] or self._keeps_waits(seat, kong):
                opts.append(kong)
        if self.ready[seat]:
            return opts
        if claims["peng"] and hand[tile] >= 2:
            opts.append(shared(seat, A.PENG, tile))
        if claims["chi"] and seat == self.next_seat(discarder) and tile < 27:
            opts += [shared(seat, A.CHI, tile, pair) for pair in self._chi_pairs(seat, tile)]
        return opts

    def _chi_pairs(self, seat: int, tile: int, first: bool = False) -> list[tuple[int, int]]:
        """The pairs of the seat's hand that run with a suited `tile` (only the first one
        found when `first`: whether it could 吃)."""
        hand, wild = self.hands[seat], self.rules.wildcard
        pairs = []
        for a, b in CHI_PAIRS[tile]:
            if hand[a] and hand[b] and a != wild and b != wild:
                pairs.append((a, b))
                if first:
                    break
        return pairs

    def _open_rob_window(self, seat: int, tile: int) -> None:
        window = ClaimWindow(ON_ADDED_KONG, tile, seat, [])
        if self.ruleset.claims["rob_kong"]:
            same_turn = self.claimed_tile == tile
            declined = self.declined_hu if same_turn else NOBODY
            for other in range(self.players):
                if other != seat and other not in declined and not self.out[other]:
                    self.hands[other][tile] += 1
                    if self._is_win(self.hands[other]) \
                            and self._may_win(other, self.hands[other], tile, WinKind.ROB_KONG):
                        window.seats.append(other)
                        window.options[other] = [shared(other, A.HU, tile)]
                    self.hands[other][tile] -= 1
        self._open_window(window)

    def _open_window(self, window: ClaimWindow) -> None:
        self.phase = V.CLAIM
        self.window = window
        for seat in window.seats:
            # who may claim is each seat's own secret: each is told of its own window only
            self.events.append(E.claim_window(seat, window.tile, window.kind,
                                              window.from_seat))
        for seat in window.seats:
            if self.ready[seat] or self.auto[seat]:
                opts = self._options(window, seat)
                if opts[0].kind == A.HU:
                    window.answers[seat] = opts[0]
        self._maybe_resolve()

    def _maybe_resolve(self) -> None:
        w = self.window
        assert w is not None
        if w.pending():
            return
        self.window = None
        winners, claim = resolve_claims(w.answers, self._others[w.from_seat],
                                        self.ruleset.claims["multiple_hu"]) \
            if w.answers else ([], None)
        if winners:
            how = WinKind.DISCARD if w.kind == ON_DISCARD else WinKind.ROB_KONG
            self._settle_wins(winners, how, w.tile, w.from_seat)
        elif w.kind == ON_ADDED_KONG:
            self._complete_added_kong(w.from_seat, w.tile)
        elif claim is not None:
            declined = frozenset(
                s for s in w.seats
                if w.answers[s].kind != A.HU and any(o.kind == A.HU for o in self._options(w, s)))
            self._take_claim(claim, w.from_seat)
            self.declined_hu = declined
        else:
            self._later(self._draw, self._next_in(w.from_seat))

    def _mark_claimed(self, discarder: int, by: int) -> None:
        pool = self.discards[discarder]
        last = pool[-1]
        pool[-1] = pooled(last.tile, last.ready, last.auto, by)

    def _take_claim(self, claim: Action, discarder: int) -> None:
        seat, tile = claim.seat, claim.tile
        assert tile is not None
        self._mark_claimed(discarder, seat)
        hand = self.hands[seat]
        pay = self.ruleset.payments
        from_triplet = claim.kind == A.PENG and hand[tile] == 3
        if claim.kind == A.CHI:
            a, b = claim.tiles
            hand[a] -= 1
            hand[b] -= 1
            meld = Meld(CHI, tuple(sorted((a, b, tile))), tile, discarder)
            amount = pay["chi"]
            self.chi_taken = (tile, discarder)
        elif claim.kind == A.PENG:
            hand[tile] -= 2
            meld = Meld(PENG, (tile,) * 3, tile, discarder)
            amount = pay["peng"]
        else:
            hand[tile] -= 3
            meld = Meld(KONG_DIRECT, (tile,) * 4, tile, discarder)
            amount = pay["direct_kong"]
        self.melds[seat].append(meld)
        self.events.append(Event(E.CLAIM, seat, tile, E.ClaimData(claim.kind, discarder,
                                                                 meld.tiles)))
        self._pay(discarder, seat, amount, claim.kind if claim.kind != A.KONG else "direct_kong")
        if claim.kind == A.KONG:
            self._replacement_draw(seat)
            return
        self.phase = V.TURN
        self.current = seat
        self.turn_via = AFTER_CLAIM
        self.claimed_tile, self.claimed_from = tile, discarder
        self.triplet_peng = tile if from_triplet else None
        self.drawn = None

    def _complete_added_kong(self, seat: int, tile: int) -> None:
        self.hands[seat][tile] -= 1
        melds = self.melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind == PENG and m.tiles[0] == tile)
        peng = melds[i]
        melds[i] = peng.upgraded()
        # a peng of a concealed triplet upgraded in the turn it was claimed (a kong's
        # replacement draw between or not) scores as 直杠
        as_direct = self.triplet_peng == tile
        self.events.append(Event(E.KONG_DONE, seat, tile, E.KongDoneData("direct_kong"
                                                                     if as_direct else "added_kong")))
        if as_direct and peng.from_seat is not None:
            # settled as one 直杠: the 碰 already paid its part, the kong pays the rest
            pay = self.ruleset.payments
            self._pay(peng.from_seat, seat, pay["direct_kong"] - pay["peng"], "direct_kong")
        else:
            self._pay_each(seat, self.ruleset.payments["added_kong"], "added_kong")
        self._replacement_draw(seat)
