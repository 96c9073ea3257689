"""Match files: versioned, checksummed JSON saves written atomically, and bare match
records (the engine's record, as the arena writes them); loading replays the match.

A save holds the match record (ruleset digest, seed, every action) plus the table
set-up (who sits where, at which level) and, when there were any, the decisions the
clock took ("timeouts": [[hand, step], ...], both from 0; files without it load as
having none). Loading refuses, with one line naming the
problem, anything truncated, tampered with, of the wrong shape, from a newer version,
for a ruleset this game does not have, or whose actions do not replay.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.match import Match, RecordError
from game.engine.ruleset import RulesetError
from game.fair import FairError, check_proofs
from game.files import DataError, decode_text, parse_json, read_bytes, write_atomic
from game.play.names import ai_name
from game.play.setup import MatchSetup, SetupError
from game.rulesets import load_ruleset
from game.version import GAME_VERSION_KEY, game_version, newer_than_this

Position = tuple[int, int]     # (hand, step), both from 0: an action of the match
SAVE_KIND = "mahjong-table-save"
SAVE_VERSION = 1
# what the player is told of each kind of problem: what happened and what to do
PROBLEM_KEYS = {"damaged": "file.problem.damaged", "newer": "file.problem.newer",
                "not_match": "file.problem.not_match", "unreadable": "file.problem.unreadable",
                "in_use": "file.problem.in_use", "outside": "file.problem.outside",
                "ruleset": "file.problem.ruleset"}


class SaveError(Exception):
    """A match file that cannot be used: str() is a one-line technical reason (English,
    for the command line and the log); `kind` names what happened, `key` the player's
    words for it (the technical reason goes beside them, smaller)."""

    KINDS = tuple(PROBLEM_KEYS)

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind if kind in PROBLEM_KEYS else "damaged"

    @property
    def key(self) -> str:
        return PROBLEM_KEYS[self.kind]


@dataclass
class Save:
    """A loaded match file: the match replayed to where it was, and the table set-up."""

    match: Match
    setup: MatchSetup
    bare_record: bool = False   # a bare engine record (no set-up of its own)
    timeouts: tuple[Position, ...] = ()   # decisions the clock took, not the player
    fair: list[Any] | None = None   # an online match's shuffle proofs (game.fair), checked


def _checksum(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


def save_document(match: Match, setup: MatchSetup, timeouts: Sequence[Position] = (),
                  fair: list[Any] | None = None) -> dict[str, Any]:
    """The JSON object written for a match, its table set-up, the decisions its clock
    took (the field only when there were some) and an online match's shuffle proofs."""
    summary = {"hands_played": len(match.history), "totals": match.running_totals}
    body: dict[str, Any] = {
        "kind": SAVE_KIND, "version": SAVE_VERSION, GAME_VERSION_KEY: game_version(),
        "setup": setup.to_dict(),
        "finished": match.is_over, "summary": summary, "match": match.to_record()}
    if timeouts:
        body["timeouts"] = [list(p) for p in sorted(timeouts)]
    if fair is not None:
        body["fair"] = fair
    return {**body, "checksum": _checksum(body)}


def write_save(path: Path, match: Match, setup: MatchSetup,
               timeouts: Sequence[Position] = (), fair: list[Any] | None = None) -> None:
    """Write atomically: temp file in the same folder, fsync, os.replace, folder fsync."""
    write_atomic(path, json.dumps(save_document(match, setup, timeouts, fair),
                                  ensure_ascii=False, indent=1))


def read_timeouts(value: Any, match: Match) -> tuple[Position, ...]:
    """A document's "timeouts" (absent: none), each an action of the match; SaveError
    if not."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise SaveError("the timeouts are not a list of [hand, step]")
    hands = match.hand_actions
    out = set()
    for item in value:
        if not (isinstance(item, list) and len(item) == 2
                and all(type(n) is int for n in item)
                and 0 <= item[0] < len(hands) and 0 <= item[1] < len(hands[item[0]])):
            raise SaveError(f"the timeout {item!r} is no action of this match")
        out.add((item[0], item[1]))
    return tuple(sorted(out))


def _defaults(match: Match) -> MatchSetup:
    """What a set-up that leaves them out means: the match's own ruleset, seed, length."""
    return MatchSetup(match.ruleset.id, match.seed, match.length)


def _replay(record: Any) -> Match:
    if not isinstance(record, dict):
        raise SaveError("the match record is not an object")
    ruleset_id = record.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise SaveError("the match record names no ruleset")
    try:
        ruleset = load_ruleset(ruleset_id)
    except RulesetError as exc:
        raise SaveError(f"the match needs {exc}", "ruleset") from None
    try:
        return Match.from_record(record, ruleset)
    except RecordError as exc:
        raise SaveError(f"the match cannot be replayed: {exc}") from None


def setup_from_record_seats(record: dict[str, Any], match: Match) -> MatchSetup:
    """A table set-up for a bare record: its "seats" (name and level) if it has valid
    ones, else every seat a medium AI."""
    seats = record.get("seats")
    players = match.ruleset.players
    if seats is not None and not (isinstance(seats, list) and len(seats) == players):
        raise SaveError("the record's seats are not a list of {name, level}, one per seat")
    source = record.get("source", "record")
    data = {"seats": seats or [{"kind": "medium", "name_id": ai_name(i)} for i in range(players)],
            "source": source if isinstance(source, str) else "record"}
    try:
        return MatchSetup.read(data, _defaults(match))
    except SetupError as exc:
        raise SaveError(f"the record's seats are wrong: {exc}") from None


def parse_match_document(doc: Any) -> Save:
    """A save object or a bare match record, checked and replayed; SaveError if not."""
    newer = newer_than_this(doc.get(GAME_VERSION_KEY)) if isinstance(doc, dict) else None
    if newer:
        raise SaveError(f"this match file was {newer}", "newer")
    if isinstance(doc, dict) and doc.get("kind") == SAVE_KIND:
        return _parse_save_document(doc)
    if isinstance(doc, dict) and "format" in doc and "hands" in doc:
        match = _replay(doc)
        return Save(match, setup_from_record_seats(doc, match), bare_record=True,
                    timeouts=read_timeouts(doc.get("timeouts"), match))
    raise SaveError("this is not a match file of this game (neither a save nor a match record)",
                    "not_match")


def _parse_save_document(doc: dict[str, Any]) -> Save:
    version = doc.get("version")
    if type(version) is not int:
        raise SaveError("the save file has no version number")
    if version > SAVE_VERSION:
        raise SaveError(f"the save was made by a newer version of the game (save format {version}, "
                        f"this game reads up to {SAVE_VERSION})", "newer")
    if version < 1:
        raise SaveError(f"save format {version} is not supported")
    body = {k: v for k, v in doc.items() if k != "checksum"}
    if doc.get("checksum") != _checksum(body):
        raise SaveError("the save file was changed or damaged (checksum mismatch)")
    match = _replay(doc.get("match"))
    try:
        setup = MatchSetup.read(doc.get("setup"), _defaults(match))
    except SetupError as exc:
        raise SaveError(f"the save's set-up is wrong: {exc}") from None
    fair = doc.get("fair")
    if fair is not None:
        try:
            check_proofs(fair, match.seed, match.length)
        except FairError as exc:
            raise SaveError(f"the shuffle proofs do not hold: {exc}") from None
    return Save(match, setup, timeouts=read_timeouts(doc.get("timeouts"), match), fair=fair)


def parse_save(text: str) -> Save:
    """Check and replay a match file's text; SaveError names the first problem."""
    try:
        doc = parse_json(text, "the file")
    except DataError as exc:
        raise SaveError(str(exc)) from None
    return parse_match_document(doc)


def load_save(path: Path) -> Save:
    """Read and check a match file: a save, or a bare match record (see parse_save)."""
    try:
        data = read_bytes(Path(path))
    except DataError as exc:
        raise SaveError(str(exc), "unreadable") from None
    try:
        text = decode_text(data, str(path))
    except DataError as exc:
        raise SaveError(str(exc)) from None
    return parse_save(text)


def summary(save: Save) -> str:
    """One line about a loaded match: ruleset, hands played, finished or not."""
    match = save.match
    played = len(match.history)
    state = "finished" if match.is_over else "unfinished"
    kind = "record" if save.bare_record else "save"
    proved = sum("seed" in entry for entry in save.fair or ())
    shown = f", the shuffle of {proved} hand(s) proved" if save.fair is not None else ""
    return (f"{kind}, ruleset {match.ruleset.id}, {played} of {match.length} hands played, "
            f"{state}, scores {' '.join(f'{t:+d}' for t in match.totals)}{shown}")
