"""The final standings of a local match on the results panel: the ranking (equal totals
share a rank) and its table, a row a seat best first: medal, wind, name, total, wins."""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import pygame

from game.render.paint import GOLD, IVORY, MUTED, gain_color
from game.render.text import blit_text
from game.render.text import fit as fit_text
from game.shell.i18n import Translate
from game.ui.wording import RESULT_WIND_KEYS

COLUMN_KEYS = {"rank": "results.col.rank", "seat": "results.col.seat",
               "name": "results.col.name", "total": "results.col.total",
               "wins": "results.col.wins"}


MEDAL_COLORS = {1: (231, 190, 84), 2: (196, 204, 208), 3: (201, 137, 86)}


def places(totals: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) best first: equal totals share a place, and the next place counts
    the seats above it (5, 0, 0, -5 are places 1, 2, 2, 4)."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    rows: list[tuple[int, int]] = []
    for i, s in enumerate(order):
        tied = rows and totals[s] == totals[rows[-1][1]]
        rows.append((rows[-1][0] if tied else i + 1, s))
    return rows


def standings(match: Any) -> list[tuple[int, int, int, int]]:
    """(rank, seat, total, wins) best first; equal totals share a rank."""
    wins = [0] * match.ruleset.players
    for hand in match.history:
        for w in hand.wins:
            wins[w.seat] += 1
    return [(rank, s, match.totals[s], wins[s]) for rank, s in places(match.totals)]


def draw_standings(surface: pygame.Surface, box: pygame.Rect, match: Any,
                   names: Sequence[str], t: Translate, k: Callable[[float], int],
                   own: Collection[int] = ()) -> None:
    """The match-over title and the standings table in the panel `box`; `k` turns design
    pixels into the page's; the rows of the seats in `own` (the player's) outlined, the
    winner's lit, whatever their places."""
    blit_text(surface, t("results.match_over"), k(40), (box.centerx, box.y + k(56)), GOLD,
              bold=True, anchor="center", shadow=True)
    hands = len(match.history)
    summary = (t("results.match_summary_one") if hands == 1
               else t("results.match_summary", hands=hands))
    blit_text(surface, summary, k(18), (box.centerx, box.y + k(100)), MUTED, anchor="center")
    cols = standing_columns(box)
    head_y = box.y + k(160)
    for key, (cx, anchor) in cols.items():
        blit_text(surface, t(COLUMN_KEYS[key]), k(16), (cx, head_y), MUTED, anchor=anchor)
    row_h = min(k(76), (box.bottom - k(200) - head_y) // max(1, len(names)))
    for i, (rank, s, total, wins) in enumerate(standings(match)):
        y = head_y + k(30) + i * row_h + row_h // 2
        row = pygame.Rect(box.x + k(60), y - row_h // 2 + k(4), box.w - k(120), row_h - k(8))
        if rank == 1:
            glow = pygame.Surface(row.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (231, 200, 119, 34), glow.get_rect(), border_radius=12)
            surface.blit(glow, row)
        if s in own:
            pygame.draw.rect(surface, GOLD, row, max(1, k(2)), border_radius=12)
        medal(surface, rank, (cols["rank"][0], y), k)
        wind = t(RESULT_WIND_KEYS[(s - match.first_dealer) % len(names)])
        blit_text(surface, wind, k(22), (cols["seat"][0], y), IVORY, anchor="center")
        room = cols["total"][0] - cols["name"][0] - k(70)
        blit_text(surface, fit_text(names[s], k(24), room, rank == 1), k(24),
                  (cols["name"][0], y), IVORY, bold=rank == 1, anchor="midleft")
        blit_text(surface, str(total), k(28), (cols["total"][0], y), gain_color(total), bold=True,
                  anchor="midright")
        blit_text(surface, str(wins), k(22), (cols["wins"][0], y), IVORY, anchor="midright")


def standing_columns(box: pygame.Rect) -> dict[str, tuple[int, str]]:
    """Each column of the standings (its heading's key in COLUMN_KEYS): x and anchor."""
    x, w = box.x, box.w
    return {"rank": (x + int(w * 0.14), "center"), "seat": (x + int(w * 0.25), "center"),
            "name": (x + int(w * 0.33), "midleft"), "total": (x + int(w * 0.72), "midright"),
            "wins": (x + int(w * 0.86), "midright")}


def medal(surface: pygame.Surface, rank: int, center: tuple[int, int],
          k: Callable[[float], int]) -> None:
    """The rank in a disc: gold, silver, bronze, then plain (`k`: design pixels to the
    page's)."""
    color = MEDAL_COLORS.get(rank)
    if color is not None:
        pygame.draw.circle(surface, color, center, k(22))
        pygame.draw.circle(surface, (255, 255, 255), center, k(22), max(1, k(2)))
    blit_text(surface, str(rank), k(24), center, (28, 20, 6) if color else IVORY, bold=True,
              anchor="center")
