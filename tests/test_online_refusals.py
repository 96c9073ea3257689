"""Each way online play can be refused, on the room's page in Chinese with real loopback
sockets: a server that is not running, a wrong room code, a full, a started and a closed
room, an old server (an error without a code, or garbage), and watching a started room
from its refusal. Every line shown must be one of the translation tables' Chinese lines
with its fields filled (a detail line only beside one)."""
from __future__ import annotations

import ast
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.net.client import Background
from game.net.refusals import CODES, KEYS
from game.rulesets import available_rulesets, load_ruleset
from game.scenes.lobby import LobbyScene
from game.shell.app import App
from game.shell.i18n import Translator, load_strings
from tests.net_helpers import ROOT, end_server, start_server
from tests.shell_helpers import click, make_app
from tests.test_menu_collect import BOUND_S
from tests.test_online_pages import Garbage, free_port, until

ZH = {key: words["zh"] for key, words in load_strings().items()}
FIELD = re.compile(r"\{[^{}]*\}")
DETAIL = "lobby.detail"
OPEN_ROOM = {"seats": ["open", "easy", "easy", "easy"], "pause_seconds": 0}


def template(text: str) -> re.Pattern[str]:
    """A translated line as a pattern: its fields may hold anything."""
    return re.compile("(?s)" + ".+".join(re.escape(p) for p in FIELD.split(text)))


TEMPLATES = {key: template(text) for key, text in ZH.items()} | {
    f"ruleset.{r}": re.compile(re.escape(load_ruleset(r).title("zh"))) for r in available_rulesets()}


def keys_of(line: str) -> set[str]:
    """The keys whose Chinese template the line fills (or, parts joined by ' · ', each
    part's); a ruleset's Chinese title counts as its own."""
    whole = {k for k, p in TEMPLATES.items() if p.fullmatch(line)}
    if whole:
        return whole
    parts = line.split(" · ")
    found = [{k for k, p in TEMPLATES.items() if p.fullmatch(part)} for part in parts]
    return set().union(*found) if all(found) else set()


def shown(app: App) -> list[str]:
    """The words on the page (a scroll bar's arrows are no words)."""
    return [w.text for w in app.ui.get_sprite_group().sprites()
            if isinstance(getattr(w, "text", None), str) and any(c.isalpha() for c in w.text)]


def check_lines(app: App) -> list[str]:
    """The page's lines; fails on any that is not from the tables (or a detail alone)."""
    lines = shown(app)
    bad = [line for line in lines if not keys_of(line)]
    assert bad == [], bad
    details = [line for line in lines if keys_of(line) == {DETAIL}]
    if details:     # a translated problem line stands beside
        assert any(k.startswith(("net.", "online.unreachable")) for line in lines
                   for k in keys_of(line) - {DETAIL}), lines
    assert not any("token" in line.lower() for line in lines), lines
    return lines


@contextmanager
def room_server(folder: Path, *options: str) -> Iterator[str]:
    """A real `python -m game serve` on loopback: its ws:// address."""
    proc, uri = start_server(folder, *options)
    try:
        yield uri
    finally:
        end_server(proc)


def host_room(uri: str, start: bool = False) -> tuple[str, Background]:
    """A room whose host holds its only open seat (started if `start`): (code, host)."""
    host = Background(uri, {"type": "create", "name": "Ann", **OPEN_ROOM})
    cap = time.monotonic() + BOUND_S

    def wait(done: Callable[[], bool]) -> None:
        while not done():
            assert time.monotonic() < cap and host.state != "closed", host.problem
            host.poll()
            time.sleep(0.02)

    wait(lambda: host.client.room is not None)
    if start:
        host.send({"type": "start"})
        wait(lambda: bool((host.client.lobby or {}).get("started")))
    assert host.client.room is not None
    return host.client.room, host


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """The game in Chinese; its room pages closed after the test."""
    zh = make_app(tmp_path, "zh")
    yield zh
    while isinstance(zh.scenes.top, LobbyScene):
        zh.scenes.pop()


def room_page(app: App, uri: str, first: dict[str, Any]) -> LobbyScene:
    page = LobbyScene(app, server=uri, first=first)
    app.scenes.push(page)
    until(app, lambda: page.online.stopped)
    app.step(0.016, [])
    return page


def refused(app: App, key: str) -> list[str]:
    lines = check_lines(app)
    assert ZH[key] in lines, (key, lines)
    return lines


def test_every_refusal_code_has_a_line_in_both_languages() -> None:
    strings = load_strings()
    for code in CODES:
        words = strings[KEYS[code]]
        assert words["zh"] and words["en"] and "token" not in words["en"].lower()


def test_every_code_the_server_sends_is_known_here_and_in_the_protocol_document() -> None:
    sent = set()
    for path in (ROOT / "game" / "net").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("WireError", "error") and len(node.args) == 2 \
                    and isinstance(node.args[1], ast.Constant):   # not a code handed on
                sent.add(node.args[1].value)
    document = (ROOT / "docs" / "net_protocol.md").read_text(encoding="utf-8")
    assert "room_full" in sent and sent <= set(CODES)
    assert [c for c in CODES if f"| `{c}` |" not in document] == []


def test_a_server_that_is_not_running(app: App) -> None:
    port = free_port()                 # a loopback port nobody listens on
    page = room_page(app, f"ws://127.0.0.1:{port}", {"type": "join", "room": "K7QX2M",
                                                     "name": "Bo"})
    lines = check_lines(app)
    assert ZH["online.unreachable_check"] in lines and f"ws://127.0.0.1:{port}" in " ".join(lines)
    assert page.online.detail is not None and any(page.online.detail in x for x in lines)


@pytest.mark.parametrize("case", ["wrong_code", "full", "closed"])
def test_a_refused_room(app: App, tmp_path: Path, case: str) -> None:
    idle = ("--idle-seconds", "0.5") if case == "closed" else ()
    with room_server(tmp_path / "rooms", *idle) as uri:
        if case == "closed":        # the host's own page, when nobody started the room
            page = room_page(app, uri, {"type": "create", "name": "Ann", **OPEN_ROOM})
            lines = refused(app, "net.refusal.closed")
        else:
            code, host = host_room(uri)
            page = room_page(app, uri, {"type": "join", "name": "Bo",
                                        "room": "ZZZZZZ" if case == "wrong_code" else code})
            lines = refused(app, "net.refusal.no_such_room" if case == "wrong_code"
                            else "net.refusal.room_full")
            host.close()
        assert ZH["lobby.watch"] not in lines and not hasattr(page, "watch_button")


def test_a_started_room_offers_to_watch_and_watching_shows_the_room(app: App,
                                                                      tmp_path: Path) -> None:
    with room_server(tmp_path / "rooms") as uri:
        code, host = host_room(uri, start=True)
        page = room_page(app, uri, {"type": "join", "room": code, "name": "Bo"})
        lines = refused(app, "net.refusal.started")
        assert ZH["lobby.watch"] in lines
        click(app, page.watch_button)
        watching = app.scenes.top
        assert isinstance(watching, LobbyScene) and watching is not page
        until(app, lambda: watching.online.room == code and watching.online.lobby.started)
        app.step(0.016, [])
        lines = check_lines(app)
        assert ZH["lobby.watching"] in lines and not watching.online.stopped
        assert any("Ann" in line for line in lines)
        host.close()


@pytest.mark.parametrize("reply, key", [
    ('{"type": "error", "message": "no such room"}', "net.refusal_old"),   # no code
    ('{"type": "welcome", "protocol": 0}', "net.unknown_type")])           # garbage
def test_an_old_server(app: App, reply: str, key: str) -> None:
    server = Garbage(reply)
    try:
        room_page(app, f"ws://127.0.0.1:{server.port}",
                  {"type": "join", "room": "K7QX2M", "name": "Bo"})
        refused(app, key)
        if key == "net.refusal_old":      # the server's words, smaller, beside
            assert Translator("zh")(DETAIL, detail="no such room") in shown(app)
    finally:
        server.close()
