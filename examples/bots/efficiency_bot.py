#!/usr/bin/env python3
"""A tile-efficiency bot (the classic "seed algorithm") for the bot protocol
(docs/bot_protocol.md). It needs nothing but Python's standard library.

It plays for the fastest hand and nothing else (no defence, no hand values):

- discard: the tile that leaves the lowest shanten; ties go to the discard that leaves
  the most unseen effective tiles (kinds whose draw lowers the shanten, each counted by
  its copies not yet seen: 4 minus those in its hand, in every meld and in the unclaimed
  discards), then to honors and terminals before middle tiles;
- a discard of another seat: win if it can; else kong when that does not make the
  shanten worse; else chi or peng only when that lowers it; else pass;
- its own turn: self-draw win whenever legal; concealed and added kongs when the shanten
  does not get worse;
- 报听 (the "... ready" discard) whenever the chosen discard has a ready variant, unless
  started with --no-ready.

Shanten (-1 complete, 0 ready) is the lower of the regular form (melds + a pair) and
seven pairs. The regular form is counted exactly: the fewest tiles to add, never
counting on a fifth copy of a kind. Each suit is split into groups of tiles at most two
ranks apart; a recursion over the ranks of a group (how many runs start here, a triplet,
the pair) gives the tiles it misses for each number of melds and pair, remembered per
group; groups and suits are then combined, and melds that touch no held tile cost 3.
Honors ('z') only form triplets and pairs. 鬼牌 (the ruleset's wildcard) are jokers and
the Changsha ruleset's pair must be a 2, 5 or 8.

Seat it with:

    python -m ai.arena --seats "hard,bot:python3 examples/bots/efficiency_bot.py,medium,medium"
    python -m ai.arena --seats "medium,bot:python3 examples/bots/efficiency_bot.py --no-ready,easy,easy"
"""
import json
import sys

NUM_KINDS = 34
SUITS = "mpsz"
INF = 99
NO_HONOR_RULESETS = ("dazhong", "changsha", "wildcard")  # the game's rulesets without 1z-7z
PAIR_258_RULESETS = ("changsha",)                        # the pair must be a 2, 5 or 8


# ------------------------------------------------------------------ tiles

def kinds_of(notation):
    """'123m45p' -> [0, 1, 2, 12, 13] (0-8 m, 9-17 p, 18-26 s, 27-33 z)."""
    out, digits = [], []
    for ch in notation or "":
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUITS:
            base = 9 * SUITS.index(ch)
            out += [base + d - 1 for d in digits]
            digits = []
    return out


def counts_of(notation):
    counts = [0] * NUM_KINDS
    for k in kinds_of(notation):
        counts[k] += 1
    return counts


def kind_of(name):
    """'5p' -> 13."""
    return 9 * SUITS.index(name[1]) + int(name[0]) - 1


# ------------------------------------------------------------------ shanten

class Shanten:
    """Shanten of concealed hands (34 counts) under one ruleset's hand rules.

    A block vector v has 10 entries, v[p * 5 + m]: the fewest tiles missing for m melds
    (0-4) plus p pairs (0-1); INF if impossible.
    """

    def __init__(self, pair_258=False, wildcard=None, seven_pairs=True):
        self.pair_258 = pair_258
        self.wildcard = wildcard
        self.seven_pairs = seven_pairs
        self._groups = {}
        self._suits = {}
        self._honors = {}
        # melds and a pair made only of tiles not held: 3 a meld, 2 the pair
        self.free = [3 * m + 2 * p for p in (0, 1) for m in range(5)]

    # -- one group of a suit: held ranks at most two apart
    def _group(self, start, counts):
        """Block vector of the held tiles `counts` (a tuple, no two held ranks more than
        two apart) of one suit from rank `start` (0-8): a recursion over the ranks, from
        two below the group to two above it (as far as the suit goes), choosing at each
        how many runs start there, a triplet or not, the pair or not."""
        size = len(counts)
        left, right = min(start, 2), min(9 - start - size, 2)
        # only the room for runs beside the group matters (and, for 2-5-8, the ranks)
        key = (start if self.pair_258 else left, right, counts)
        got = self._groups.get(key)
        if got is not None:
            return got
        last = left + size - 1 + right          # ranks 0..last, the group at left..
        last_run = left + size - 1 + right - 2  # the last rank a run may start at
        pair_ok = [r - left + start in (1, 4, 7) if self.pair_258 else True
                   for r in range(last + 1)]
        at = [0] * left + list(counts) + [0] * (right + 2)  # held copies per rank
        # states: (runs started one rank ago, two ranks ago) -> vector
        states = {(0, 0): [0] + [INF] * 9}
        for r in range(last + 1):
            have = at[r]
            # a run holding none of its tiles is no better than a meld of tiles not held
            runs = min(4, at[r] + at[r + 1] + at[r + 2]) if r <= last_run else 0
            nxt = {}
            for (x1, x2), vec in states.items():
                held = [(i, v) for i, v in enumerate(vec) if v < INF]
                for x0 in range(min(runs, 4 - x1 - x2) + 1):
                    for t in (0, 1) if have else (0,):
                        for q in (0, 1) if have and pair_ok[r] else (0,):
                            need = x1 + x2 + x0 + 3 * t + 2 * q
                            if need > 4:
                                continue
                            cost = need - have if need > have else 0
                            dm = x0 + t
                            shift = dm + 5 * q
                            target = nxt.setdefault((x0, x1), [INF] * 10)
                            for i, v in held:
                                if (i >= 5 and q) or i % 5 + dm > 4:
                                    continue
                                v += cost
                                j = i + shift
                                target[j] = min(target[j], v)
            states = nxt
        out = states[(0, 0)]
        self._groups[key] = out
        return out

    def _suit(self, counts):
        """Block vector of one suit's 9 counts (a tuple)."""
        got = self._suits.get(counts)
        if got is not None:
            return got
        held = [r for r in range(9) if counts[r]]
        out = [0] + [INF] * 9
        i = 0
        while i < len(held):
            j = i
            while j + 1 < len(held) and held[j + 1] - held[j] <= 2:
                j += 1
            vec = self._group(held[i], counts[held[i]:held[j] + 1])
            out = convolve(out, vec)
            i = j + 1
        self._suits[counts] = out
        return out

    def _honor(self, counts):
        """Block vector of the 7 honor counts (a tuple): triplets and pairs only."""
        got = self._honors.get(counts)
        if got is not None:
            return got
        out = [0] + [INF] * 9
        for c in counts:
            if c:
                vec = [INF] * 10
                vec[0] = 0
                vec[1] = max(0, 3 - c)
                if not self.pair_258:
                    vec[5] = max(0, 2 - c)
                out = convolve(out, vec)
        self._honors[counts] = out
        return out

    def parts(self, counts):
        """The four block vectors (m, p, s, honors) of a hand without jokers."""
        return [self._suit(tuple(counts[0:9])), self._suit(tuple(counts[9:18])),
                self._suit(tuple(counts[18:27])), self._honor(tuple(counts[27:34]))]

    def regular_distance(self, counts, melds):
        """Fewest tiles missing for `melds` melds and a pair (jokers not counted)."""
        vec = self.free
        for part in self.parts(counts):
            vec = convolve(vec, part)
        return vec[5 + melds]

    def __call__(self, counts):
        """Shanten of a 3n+1 or 3n+2 tile concealed hand: -1 complete, 0 ready."""
        n = sum(counts)
        jokers = 0
        if self.wildcard is not None and counts[self.wildcard]:
            jokers = counts[self.wildcard]
            counts = list(counts)
            counts[self.wildcard] = 0
        best = max(0, self.regular_distance(counts, n // 3) - jokers) - 1
        if self.seven_pairs and n >= 13 and best > -1:
            best = min(best, seven_pairs_shanten(counts, jokers))
        return best


def convolve(a, b):
    """Min-plus combination of two block vectors."""
    out = [INF] * 10
    for p1 in (0, 1):
        for m1 in range(5):
            x = a[p1 * 5 + m1]
            if x >= INF:
                continue
            for p2 in (0, 1) if p1 == 0 else (0,):
                base = (p1 + p2) * 5 + m1
                for m2 in range(5 - m1):
                    y = x + b[p2 * 5 + m2]
                    out[base + m2] = min(out[base + m2], y)
    return out


def pair_up(a, b, melds):
    """Entry [pair, melds] of convolve(a, b), alone."""
    best = INF
    for m in range(melds + 1):
        x = a[m] + b[5 + melds - m]
        y = a[5 + m] + b[melds - m]
        best = min(best, x, y)
    return best


def seven_pairs_shanten(counts, jokers=0):
    """七对 shanten of a 13/14-tile hand (four of a kind is two pairs)."""
    pairs = singles = 0
    for c in counts:
        pairs += c >> 1
        singles += c & 1
    pairs = min(pairs, 7)
    kept = 2 * pairs + min(singles, 7 - pairs) + jokers
    return 13 - min(14, kept)


# ------------------------------------------------------------------ the player

class Bot:
    def __init__(self, ready=True):
        self.declare_ready = ready
        self.ruleset = "dazhong"
        self.shanten = Shanten()

    def hello(self, message):
        self.ruleset = message.get("ruleset", "dazhong")
        self.shanten = Shanten(pair_258=self.ruleset in PAIR_258_RULESETS)

    def _rules_for(self, view):
        wildcard = view.get("wildcard")
        w = kind_of(wildcard) if wildcard else None
        if w != self.shanten.wildcard:
            self.shanten = Shanten(pair_258=self.shanten.pair_258, wildcard=w)

    def kinds_in_play(self, view):
        """Tile kinds the ruleset has: no honors in the game's honorless rulesets
        (except the wildcard); for others, honors once any has been seen."""
        w = self.shanten.wildcard
        if self.ruleset in NO_HONOR_RULESETS:
            return list(range(27)) + ([w] if w is not None and w >= 27 else [])
        if self.ruleset in ("honors", "two_player") or any(
                k >= 27 for k in kinds_of(view["hand"])) or self._seen_honor(view):
            return list(range(NUM_KINDS))
        return list(range(27))

    @staticmethod
    def _seen_honor(view):
        return any(d["tile"][1] == "z" for pool in view["discards"] for d in pool) or any(
            "z" in m["tiles"] for melds in view["melds"] for m in melds)

    @staticmethod
    def visible(view):
        """Copies of each kind this seat has seen: its hand, every meld, the unclaimed
        discards."""
        seen = counts_of(view["hand"])
        for melds in view["melds"]:
            for meld in melds:
                for k in kinds_of(meld["tiles"]):
                    seen[k] += 1
        for pool in view["discards"]:
            for d in pool:
                if d.get("claimed_by") is None:
                    seen[kind_of(d["tile"])] += 1
        return seen

    def effective(self, counts, now, unseen, kinds):
        """Unseen copies of the kinds whose draw lowers the shanten `now` of `counts`.
        (Only the suit drawn into changes: the other parts are combined once.)"""
        sh = self.shanten
        w = sh.wildcard
        naturals = counts[:]
        jokers = 0
        if w is not None:
            jokers, naturals[w] = naturals[w], 0
        n = sum(counts) + 1
        melds = n // 3
        seven = sh.seven_pairs and n >= 13
        parts = sh.parts(naturals)
        others = []
        for i in range(4):
            vec = sh.free
            for j in range(4):
                if j != i:
                    vec = convolve(vec, parts[j])
            others.append(vec)
        total = 0
        for k in kinds:
            if unseen[k] <= 0 or counts[k] >= 4:
                continue
            draw_jokers = jokers
            if k == w:
                draw_jokers += 1
                dist = pair_up(others[0], parts[0], melds)
            else:
                i = k // 9 if k < 27 else 3
                naturals[k] += 1
                part = (sh._suit(tuple(naturals[9 * i:9 * i + 9])) if i < 3
                        else sh._honor(tuple(naturals[27:34])))
                dist = pair_up(others[i], part, melds)
            s = max(0, dist - draw_jokers) - 1
            if seven and s > -1:
                s = min(s, seven_pairs_shanten(naturals, draw_jokers))
            if k != w:
                naturals[k] -= 1
            if s < now:
                total += unseen[k]
        return total

    def decide(self, view, legal):
        self._rules_for(view)
        parsed = [(text, text.split()) for text in legal]
        for text, words in parsed:
            if words[1] in ("hu", "tsumo"):
                return text
        hand = counts_of(view["hand"])
        if view.get("claim") is not None or any(w[1] == "pass" for _, w in parsed):
            return self.decide_claim(hand, parsed)
        return self.decide_turn(view, hand, parsed)

    def decide_claim(self, hand, parsed):
        now = self.shanten(hand)
        best, best_key = None, None
        for text, words in parsed:
            kind = words[1]
            if kind not in ("kong", "peng", "chi"):
                continue
            tile = kind_of(words[2])
            after = hand[:]
            if kind == "chi":
                for k in kinds_of(words[3]):
                    after[k] -= 1
            else:
                after[tile] -= 3 if kind == "kong" else 2
            if min(after) < 0:
                continue
            s = self.shanten(after)
            if kind == "kong":
                if s <= now:
                    return text
                continue
            if s < now and (best_key is None or s < best_key):
                best, best_key = text, s
        if best is not None:
            return best
        return next((t for t, w in parsed if w[1] == "pass"), parsed[0][0])

    def decide_turn(self, view, hand, parsed):
        now = self.shanten(hand)
        for text, words in parsed:
            if words[1] in ("concealed_kong", "added_kong"):
                after = hand[:]
                after[kind_of(words[2])] -= 4 if words[1] == "concealed_kong" else 1
                if min(after) >= 0 and self.shanten(after) <= now:
                    return text
        discards = [(t, w) for t, w in parsed if w[1] == "discard" and len(w) == 3]
        if not discards:
            return parsed[0][0]
        seen = self.visible(view)
        unseen = [max(0, 4 - c) for c in seen]
        kinds = self.kinds_in_play(view)
        scored = {}
        for text, words in discards:
            tile = kind_of(words[2])
            if tile in scored or not hand[tile]:
                continue
            hand[tile] -= 1
            s = self.shanten(hand)
            scored[tile] = (s, -self.effective(hand, s, unseen, kinds), centrality(tile), tile)
            hand[tile] += 1
        if not scored:
            return discards[0][0]
        tile = min(scored, key=scored.get)
        plain = next(t for t, w in discards if kind_of(w[2]) == tile)
        if self.declare_ready:
            ready = plain + " ready"
            if any(t == ready for t, _ in parsed):
                return ready
        return plain


def centrality(kind):
    """Honors first, then terminals, then 2 and 8, then the middle."""
    if kind >= 27:
        return 0
    rank = kind % 9
    return min(rank, 8 - rank, 3) + 1


def main(argv):
    bot = Bot(ready="--no-ready" not in argv)
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        kind = message.get("type")
        if kind == "hello":
            bot.hello(message)
            reply = {"type": "hello", "name": "efficiency bot"}
        elif kind == "decide":
            legal = message["legal"]
            try:
                action = bot.decide(message["view"], legal)
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                # a message we did not expect, or a bug of ours: play something legal
                print(f"efficiency bot: {type(exc).__name__}: {exc}", file=sys.stderr)
                action = next((t for t in legal if t.endswith(" pass")), legal[0])
            reply = {"action": action, "id": message.get("id")}
        elif kind == "bye":
            return
        else:
            continue  # events and end-of-hand messages need no answer
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
