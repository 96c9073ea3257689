"""The end-of-hand panel over the table (a local match, or an online seat's view of its
room's hand), and the final standings of a local match."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from game.engine.match import Match
from game.net.kept import KeptMatch
from game.net.online_table import OnlineTable
from game.play.setup import SeatKind
from game.render.paint import (
    FITTED_CHOICE,
    FITTED_PRIMARY,
    GOLD,
    GOLD_DARK,
    IVORY,
    MUTED,
    dim,
)
from game.render.text import blit_text, panel
from game.render.text import fit as fit_text
from game.shell.layout_box import Specimen
from game.shell.seat_names import seat_names
from game.ui.fan_list import draw_fan_list
from game.ui.hand_end import WON, draw_hand_row, status_words
from game.ui.hand_report import HandReport, local_report, online_report
from game.ui.results_columns import ROW, draw_payments, draw_scores
from game.ui.shuffle_line import draw_proof
from game.ui.standings_table import draw_standings
from game.ui.widgets import UIScene
from game.ui.win_tag import draw_win_tag, place_words

if TYPE_CHECKING:
    from game.shell.app import App

HAND_ROW = 80  # design pixels of one seat's hand

class ResultsScene(UIScene):
    """Who won how, every payment of the hand, the score changes; then the next hand or,
    after the last one, the final standings: a rematch, the replay, Hard's review or the
    way back to the menu."""

    opaque = False

    def __init__(self, app: App, session: Any = None, standings: bool = False,
                 online: OnlineTable | None = None) -> None:
        """`session`: a match on this computer; `online`: a seat of an online room, whose
        table goes on underneath (the page closes when the next hand is dealt) — with
        `standings`, the final standings of its match as kept in the library."""
        super().__init__(app)
        self.final = online if standings and online is not None else None
        if self.final is not None:      # an online match's end: as kept in the library
            session, online = self.final.final, None
            if session is None:
                raise ValueError("the final standings need the match's record")
            self._final_seen = self.final.version
        self.session, self.online = session, online
        self.showing_standings = standings and online is None and session.match.is_over
        self.scroll = 0
        self._report_of = -1
        report = self._fresh_report()
        if report is None:
            raise ValueError("the results page opens once a hand has ended")
        self.report: HandReport = report

    @classmethod
    def specimens(cls, app: App) -> list[Specimen]:
        """A draw with 20 payments and long names, a discard win, the standings; 血战到底
        hands, one with every kind of payment; a 国标 win of ten fans; online hands and
        standings as a seat was told them (a 国标 win's fans, 血战到底 hands with one win
        of two items and with two wins, one whose shuffle fails its check)."""
        from game.net.samples import sample_final, sample_hand_end
        from game.shell.gb_specimens import guobiao_won
        from game.shell.specimens import (
            bloody_payments_session,
            bloody_session,
            discard_win_session,
            finished_hand_session,
            finished_match_session,
            with_names,
        )
        finished = finished_match_session()
        assert finished.save_path is not None, "the sample is saved beside the library"
        kept = KeptMatch(finished.match, finished.setup, finished.save_path)
        return [("payments", {"session": with_names(finished_hand_session(20))}),
                ("discard_win", {"session": discard_win_session()}),
                ("bloody", {"session": bloody_session(winners=4)}),
                ("bloody_payments", {"session": bloody_payments_session()}),
                ("guobiao", {"session": guobiao_won()}),
                ("standings", {"session": finished, "standings": True}),
                ("online", {"online": sample_hand_end(app.t)}),
                ("online_warned", {"online": sample_hand_end(app.t, tampered=True)}),
                ("online_guobiao", {"online": sample_hand_end(app.t, ruleset="guobiao")}),
                ("online_xuezhan", {"online": sample_hand_end(app.t, ruleset="xuezhan")}),
                # (seed 87: two seats win the first hand)
                ("online_xuezhan_wins", {"online": sample_hand_end(app.t, 87,
                                                                   ruleset="xuezhan")}),
                *[(f"online_final_{seat}", {"online": sample_final(app.t, seat, kept),
                                             "standings": True}) for seat in (0, 1)]]

    def px(self, design_pixels: float) -> int:
        """A length of the page at the scale the window holds (the page does not scroll)."""
        return self.app.fit_px(design_pixels)

    @property
    def match(self) -> Any:
        return self.session.match

    @property
    def names(self) -> tuple[str, ...]:
        return self.report.names

    def _fresh_report(self) -> HandReport | None:
        """The hand's report: the session's, or what the online seat was told."""
        online, t = self.online, self.app.t
        if online is None:
            players = self.match.ruleset.players
            return local_report(self.match, seat_names(self.session.setup, players, t))
        seen = online.hand_end()
        if seen is None:
            return None
        self._report_of = online.version
        names = [online.seat_name(s, t) for s in range(seen.view.players)]
        return online_report(seen, online.ruleset, names)

    def update(self, dt: float) -> None:
        """Online the table goes on underneath: its messages are taken here (the server
        deals the next hand on its own), and the page closes once the player is asked a
        decision of that hand, or 托管 plays it for them, or that hand has ended too (the
        table offers its results), or play cannot go on."""
        super().update(dt)
        if self.final is not None:      # a rematch's room may be told
            self.final.update(dt)
            if self.final.version != self._final_seen:
                self._final_seen = self.final.version
                self.app.rebuild_top()
        online = self.online
        if online is None:
            return
        online.update(dt)
        dealt = not online.hand_finished
        if online.humans_to_act() or dealt and online.assist.auto or online.results_pending \
                or online.stopped and online.problem is not None:
            self.app.scenes.pop()
        elif online.version != self._report_of and not dealt:
            self.report = self._fresh_report() or self.report

    # ------------------------------------------------------------ widgets
    def build(self) -> None:
        k = self.px
        box = self.panel_rect()
        rect = pygame.Rect(box.right - k(300), box.bottom - k(84), k(260), k(56))
        t = self.app.t
        if self.online is not None:
            label = t("results.online.final" if self.report.match_over
                      else "results.online.continue")
        elif not self.report.match_over:
            label = t("results.next_hand")
        elif not self.showing_standings:
            label = t("results.standings")
        else:
            label = t("results.back_to_menu")
        self.primary = self.button(rect, label, self.proceed, FITTED_PRIMARY)
        self.after: dict[str, UIButton] = {}
        if self.showing_standings:   # what to do after the match, beside the way back
            saved = self._saved_path() is not None
            again = ("rematch", "results.after.rematch", self.rematch, True)
            if self.final is not None:      # on the connection while it stays open
                linked = not self.final.stopped
                again = ("rematch", "results.after.play_again", self.play_again, linked) \
                    if self.final.host else \
                    ("rematch", "results.after.join", self.join_next,
                     linked and self.final.rematch_room is not None)
            actions = (again,
                       ("replay", "results.after.replay", self.open_replay, saved),
                       ("review", "results.after.review", self.open_review, saved))
            w, gap = k(180), k(16)
            for i, (key, words, action, enabled) in enumerate(actions):
                at = pygame.Rect(box.x + k(40) + i * (w + gap), rect.y, w, rect.h)
                self.after[key] = self.button(at, t(words), action, FITTED_CHOICE, enabled)

    def proceed(self) -> None:
        """The primary button (or Enter): next hand, standings, or back to the menu; online,
        back to the table (which shows the lobby with the totals after the last hand)."""
        if self.online is not None:
            self.app.scenes.pop()
        elif not self.match.is_over:
            self.session.start_next_hand()
            self.app.scenes.pop()
        elif not self.showing_standings:
            self.showing_standings = True
            self.app.rebuild_top()
        else:
            self.app.scenes.replace("menu")

    def _saved_path(self) -> Path | None:
        """The match's file in the library (None if it could not be written)."""
        path = self.session.save_path
        return path if path is not None and Path(path).exists() else None

    def rematch(self) -> None:
        """A new match with the same set-up (ruleset, length, seats, timings), new walls."""
        from game.shell.session import MatchSession
        seed = random.SystemRandom().randrange(2**31)
        setup = replace(self.session.setup, scenario=None, seed=seed)

        def make() -> Any:
            return MatchSession(Match(self.match.ruleset, seed, self.match.length), setup)

        self.open_table(make)

    def play_again(self) -> None:
        """The host: a new room with the same settings, on the same connection."""
        assert self.final is not None
        self.final.link.send({"type": "rematch"})
        self._to_next_room()

    def join_next(self) -> None:
        """Another player: the room the host opened after the match."""
        assert self.final is not None and self.final.rematch_room is not None
        name = self.final.lobby.seat_info(self.final.seat or 0).get("name")
        if not isinstance(name, str) or not name:
            name = self.app.settings.player_name or self.app.t("online.default_name")
        self.final.link.send({"type": "join", "room": self.final.rematch_room, "name": name})
        self._to_next_room()

    def _to_next_room(self) -> None:
        """The next room's lobby page (it shows the room once the server answers) over
        the menu, where leaving the room goes (the finished match's pages are closed)."""
        assert self.final is not None
        seat = self.final.rematch_seat()
        self.app.scenes.replace("menu")
        self.app.scenes.push("lobby", online=seat, owner=True)

    def open_replay(self) -> None:
        """The finished match in the replay viewer; its Back comes back here (the
        rematch and the review are still offered)."""
        self.app.scenes.push("replay", match_path=self._saved_path())

    def open_review(self) -> None:
        """Hard's review of the (first) human seat's decisions; its Back comes back here."""
        humans = [s for s, seat in enumerate(self.session.setup.seats)
                  if seat.kind is SeatKind.HUMAN]
        self.app.scenes.push("review", match_path=self._saved_path(),
                             seat=humans[0] if humans else 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog_open:
            return super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.proceed()
            return True
        if event.type == pygame.MOUSEWHEEL:
            last = max(0, len(self.report.payments) - self._payment_rows())
            self.scroll = max(0, min(self.scroll - event.y, last))
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------- layout
    def panel_rect(self) -> pygame.Rect:
        k = self.px
        w, h = self.app.size
        width, height = min(k(1160), w - k(48)), min(k(740), h - k(40))
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def _hand_top(self, box: pygame.Rect) -> int:
        """Where the payments and scores start: below every seat's hand."""
        k = self.px
        line = k(44) if self.report.exhausted else 0
        return box.y + k(84) + line + len(self.names) * k(HAND_ROW) + k(4)

    def _payment_rows(self) -> int:
        """How many payment rows the list shows at once."""
        k, box = self.px, self.panel_rect()
        height = box.bottom - k(104) - self._hand_top(box) - k(10) - k(36)
        return max(1, height // k(ROW))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        box = self.panel_rect()
        panel(surface, box, alpha=250)
        if self.showing_standings:
            own = [s for s, seat in enumerate(self.session.setup.seats)
                   if seat.kind is SeatKind.HUMAN]
            draw_standings(surface, box, self.match, self.names, self.app.t, self.px, own)
        else:
            self._draw_hand(surface, box)

    # --------------------------------------------------------------- hand
    def _draw_hand(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        k = self.px
        t, hand = self.app.t, self.report
        title = t("results.draw_title") if hand.exhausted else t("results.win_title")
        x = box.x + k(40)
        blit_text(surface, title, k(34), (x, box.y + k(22)), GOLD, bold=True, shadow=True)
        sub = t("results.hand_of", n=hand.number + 1, total=hand.length)
        sub += "   ·   " + t("results.dealer", name=self.names[hand.dealer])
        blit_text(surface, sub, k(17), (box.right - k(40), box.y + k(40)), MUTED, anchor="topright")
        y = box.y + k(84)
        if hand.exhausted:
            blit_text(surface, fit_text(t("results.draw_line"), k(20), box.w - k(80)), k(20),
                 (x, y + k(18)), IVORY, bold=True, anchor="midleft")
            y += k(44)
        self._draw_hands(surface, pygame.Rect(x, y, box.w - k(80),
                                              len(self.names) * k(HAND_ROW)))
        y = self._hand_top(box)   # the same top the wheel's scroll limit is measured from
        bottom = pygame.Rect(x, y + k(10), box.w - k(80), box.bottom - k(104) - y - k(10))
        split = bottom.x + int(bottom.w * 0.56)
        left = pygame.Rect(bottom.x, bottom.y, split - bottom.x - k(30), bottom.h)
        if not draw_fan_list(surface, left, hand, (self.online or self.match).ruleset, t, k):
            # (国标 tells its fans, and who paid what)
            draw_payments(surface, left, hand.payments, self.names, self.scroll, t, k)
        draw_scores(surface, pygame.Rect(split, bottom.y, bottom.right - split, bottom.h),
                    hand, self.names, t, k)
        hint = "results.enter_hint" if self.online is None else \
            "results.online.hint" if self.online.hand_finished else "results.online.dealt"
        if not hand.match_over:
            blit_text(surface, t(hint), k(15), (x, box.bottom - k(56)), MUTED, anchor="midleft")
        draw_proof(surface, box, self.primary.rect, self.online, t, k)

    def _draw_hands(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Every seat's hand and how it ended; a winner's pattern and fan at the right."""
        k, t = self.px, self.app.t
        language = self.app.settings.language
        ruleset = self.online.ruleset if self.online is not None else self.match.ruleset
        row_h = k(HAND_ROW)
        for i, row in enumerate(self.report.rows):
            area = pygame.Rect(rect.x, rect.y + i * row_h, rect.w, row_h - k(6))
            pygame.draw.line(surface, GOLD_DARK, (area.x, area.y - k(3)),
                             (area.right, area.y - k(3)))
            dealer = t("results.dealer_badge") if row.seat == self.report.dealer else None
            room, status = 0, status_words(row, self.names, t, language)
            if row.status == WON:
                room = draw_win_tag(surface, area, row.wins[0], ruleset, t, k)
                status = place_words(self.report.wins, row.seat, t, ruleset) + status
            draw_hand_row(surface, area, row, self.names[row.seat], status, dealer, k, room)
