"""`mahjong join ws://HOST:PORT CODE --name N --bot CMD`: a program that speaks the bot
protocol (docs/bot_protocol.md) plays a seat of a remote room.

The program is started on this computer when the server greets the seat, asked for each
decision with the server's view and legal list (read back through the guarded readers
first), and told the seat's events; it answers within the server's deadline or the bot
protocol's safe default is sent for it, and after three faults Medium plays on. A drop
is retried with back-off until the match is over (a server down for hours included) and
the seat taken back by its token; standard error has one line each time the connection
changes (connected, lost, reconnecting, reconnected, refused, over), not one an attempt.
The seat's ticket is kept in the data folder while it is held: run again for the same
room, the command takes the seat back, or collects the match if it has finished meanwhile.
A server that sends something impossible is left with one line on standard error (exit
status 1). The lines come from the game's translation tables, in --language, else the
game's own language setting (its settings file, only read), else English; a server's
refusal is told by its code as the game's pages tell it.
"""
from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import time
from pathlib import Path
from typing import Any

from ai.bot import BotError, BotSeat, medium_fallback
from game import paths
from game.console import OneLineParser
from game.net import ticket
from game.net.client import Client, stop
from game.net.readers import ServerError, read_event, read_hands
from game.net.refusals import GENERAL, refusal
from game.net.shuffle_watch import ShuffleWatch
from game.net.wire import MAX_NAME, WireError, read_code, read_name
from game.play.seat import Turn
from game.rulesets import DEFAULT_RULESET, load_ruleset
from game.shell import library, locks
from game.shell.i18n import LANGUAGES, Translate, Translator, Words
from game.shell.saves import SaveError, parse_match_document, write_save
from game.shell.settings import saved_language

NETWORK_MARGIN_MS = 250     # kept from each deadline for the answer's way back


def parse_args(argv: list[str], prog: str) -> argparse.Namespace:
    parser = OneLineParser(prog=f"{prog} join",
                           description="Seat a bot-protocol program in a remote room.")
    parser.add_argument("address", help="the server, ws://HOST:PORT or wss://HOST/PATH")
    parser.add_argument("room", help="the room's code")
    parser.add_argument("--name", default="bot", help=f"the seat's name (≤ {MAX_NAME} characters)")
    parser.add_argument("--bot", required=True, metavar="CMD",
                        help="the program's command line, e.g. 'python3 mybot.py'")
    parser.add_argument("--insecure", action="store_true",
                        help="with wss://, accept any certificate (a self-signed one); "
                             "only for a server you trust: the connection is not checked")
    parser.add_argument("--data-dir", metavar="DIR", type=Path,
                        help="where the seat's ticket and the finished match are kept "
                             "(default: this player's)")
    parser.add_argument("--language", choices=LANGUAGES,
                        help="the language of the lines it prints (default: the game's "
                             "setting, else English)")
    args = parser.parse_args(argv)
    if args.data_dir is not None:
        if args.data_dir.exists() and not args.data_dir.is_dir():
            parser.error(f"--data-dir {args.data_dir} is not a folder")
        paths.set_data_dir(args.data_dir)
    if not args.address.startswith(("ws://", "wss://")):
        parser.error(f"{args.address[:60]!r} is not a ws:// or wss:// address")
    try:
        args.room, args.name = read_code(args.room), read_name(args.name)
    except WireError as exc:
        parser.error(f"{exc}" if "name" in str(exc) else f"{args.room[:20]!r} is not a room code")
    return args


def main(argv: list[str], prog: str) -> int:
    args = parse_args(argv, prog)
    words = Translator(args.language or saved_language("en"))
    return asyncio.run(Seated(args.address, args.room, args.name, args.bot, words,
                              args.insecure).run())


def keep_record(document: object) -> tuple[Path | None, Words]:
    """The finished match the server sent, checked and replayed as any match file is, kept
    in the player's library under a name of our own (nothing the server sends names a
    file); one that does not replay is not kept. (where it is kept, the line that tells)"""
    try:
        save = parse_match_document(document)
        path = library.new_match_path("online")
        write_save(path, save.match, save.setup, save.timeouts, save.fair)
        locks.release(path)
    except SaveError as exc:
        return None, Words("net.record_bad", detail=str(exc))
    except OSError as exc:
        return None, Words("net.record_unwritten", detail=str(exc.strerror or exc))
    totals = " ".join(f"{t:+d}" for t in save.match.totals)
    return path, Words("net.record_kept", totals=totals, path=str(path))


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Seated:
    """The seat's program between the server and itself."""

    def __init__(self, uri: str, room: str, name: str, command: str,
                 words: Translate | None = None, insecure: bool = False) -> None:
        self.client = Client(uri, {"type": "join", "room": room, "name": name},
                             on_change=self._changed, insecure=insecure)
        self.ticket = ticket.join_path(room)
        kept = ticket.load(self.ticket)
        if kept is not None and kept.server == uri and kept.room == room:
            self.client.room, self.client.token = kept.room, kept.token   # rejoin it
        self.command = command
        self.bot: BotSeat | None = None
        self.players = 4
        self.seated = False
        self.ended = False      # the hand in play has ended (its end told again: not passed on)
        self.t: Translate = words or Translator("en")
        self.ruleset = load_ruleset(DEFAULT_RULESET)
        self.shuffle = ShuffleWatch()       # each hand's shuffle proof, checked and told

    def tell(self, line: Words | str) -> None:
        """One line on standard error, in the command's language."""
        say(line.said(self.t) if isinstance(line, Words) else line)

    def _changed(self, change: str) -> None:
        """One line for each change of the connection."""
        client = self.client
        if change == "refused":
            ticket.clear(self.ticket)
            self.tell(client.problem or Words("net.closed"))
        elif change == "reconnecting":
            problem = client.problem
            self.tell(Words("net.change.reconnecting",
                            detail=problem.said(self.t) if problem is not None else "-",
                            cap=f"{client.backoff.cap:g}"))
        elif change != "over":          # told when the bye is read, after the record
            told = {"connected": Words("net.change.connected", server=client.uri),
                    "lost": Words("net.change.lost"),
                    "reconnected": Words("net.change.reconnected", room=client.room,
                                         seat=client.seat)}
            self.tell(told[change])

    async def run(self) -> int:
        task = asyncio.create_task(self.client.run())
        try:
            status = await self._serve()
        except ServerError as exc:
            self.tell(exc.words)
            status = 1
        except BotError as exc:
            self.tell(str(exc))
            status = 1
        finally:
            await stop(task, self.client)
            if self.bot is not None:
                await asyncio.to_thread(self.bot.close)
        return status

    async def _serve(self) -> int:
        client = self.client
        kind = ""
        while (message := await client.next()) is not None:
            kind = message["type"]
            self._check_shuffle(message)
            if kind == "joined":
                self._joined(message)
            elif kind == "error":        # a refusal, in the game's words by its code
                said = refusal(message)
                self.tell(said)
                if said.key in GENERAL and message["message"]:
                    self.tell(f"  {message['message']}")     # an old or new server's own
            elif kind == "hello" and self.bot is None:
                await self._start(message)
            elif kind == "decide" and self.bot is not None:
                await self._decide()
            elif kind == "event" and self.bot is not None:
                self.ended = False
                self.bot.observe([read_event(message, self.players)])
            elif kind == "end_hand" and self.bot is not None and not self.ended:
                self.ended = True
                self.bot.send_end(*_hand_end(message, self.players))
            elif kind == "record":
                self.tell(keep_record(message.get("match"))[1])
            elif kind == "bye":
                self.tell(Words("net.change.over"))
                ticket.clear(self.ticket)
                await client.close()      # a program plays one match: no rematch
        if kind != "bye":
            if not client.refused and kind != "error":    # a refusal was the last word
                self.tell(client.problem or Words("net.closed"))
            return 1
        return 0

    def _joined(self, message: dict[str, Any]) -> None:
        """The seat is held: told once, its ticket kept."""
        if not self.seated:
            self.seated = True
            self.tell(Words("net.join.seated", seat=message["seat"], room=message["room"]))
        problem = ticket.save(ticket.Ticket(self.client.uri, message["room"], message["seat"],
                                            message["token"]), self.ticket)
        if problem is not None:
            self.tell(Words("net.ticket_unwritten", detail=problem))

    def _check_shuffle(self, message: dict[str, Any]) -> None:
        """Note what the seat saw of the wall; one line for each hand's revealed shuffle."""
        self.shuffle.take(message, self.ruleset)
        if message["type"] == "event" and "view" in message and self.client.view is not None:
            self.shuffle.view(self.client.view, self.ruleset)
        hand = message.get("hand")
        if message["type"] == "fair" and "seed" in message and type(hand) is int \
                and hand in self.shuffle.verdicts:
            self.tell(Words("net.join.shuffle", hand=hand,
                            verdict=self.shuffle.verdicts[hand].said(self.t)))

    async def _start(self, hello: dict[str, Any]) -> None:
        seat, ruleset = hello.get("seat"), hello.get("ruleset")
        try:
            self.ruleset = load_ruleset(str(ruleset))
        except ValueError:
            raise ServerError("net.ruleset") from None
        if type(seat) is not int or seat != self.client.seat:
            raise ServerError("net.other_seat")
        self.players, self.shuffle.seat = self.ruleset.players, seat
        players = self.players
        self.bot = await asyncio.to_thread(
            BotSeat, self.command, seat, players, str(ruleset),
            medium_fallback(secrets.randbits(32)), 1000, say)

    async def _decide(self) -> None:
        decision, bot = self.client.decision, self.bot
        if decision is None or bot is None:
            return
        left_ms = int(max(0.0, decision.due - time.monotonic()) * 1000)
        bot.deadline_ms = max(50, left_ms - NETWORK_MARGIN_MS)
        view = decision.view
        turn = Turn(bot.seat, lambda: view, tuple(decision.legal))
        action = await asyncio.to_thread(bot.think, turn)
        if self.client.decision is decision:
            await self.client.act(action)


def _hand_end(message: dict[str, Any], players: int
              ) -> tuple[list[int], list[dict[str, Any]], tuple[tuple[int, ...], ...] | None]:
    scores, wins = message.get("scores"), message.get("wins")
    if not (isinstance(scores, list) and len(scores) == players
            and all(type(s) is int for s in scores) and isinstance(wins, list)
            and len(wins) <= players and all(isinstance(w, dict) for w in wins)):
        raise ServerError("net.bad_end_hand")
    return scores, wins, read_hands(message, players)
