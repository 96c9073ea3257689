"""Network play over TLS without a proxy (`serve --tls-cert --tls-key`, wss:// clients),
with certificates made here by trustme: a match played over wss on loopback, a client
that verifies refusing a certificate nobody vouches for (and one told to accept it),
garbage on the TLS port leaving the server serving, and the command lines' one-line
errors."""
from __future__ import annotations

import asyncio
import random
import ssl
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trustme

from game.net.client import Client, stop
from game.net.shuffle_watch import ShuffleWatch
from game.net.tls import server_context
from game.rulesets import load_ruleset
from game.shell.saves import parse_match_document
from tests.net_helpers import FAST, ROOT, end_server, play, seat_all, served, start_server
from tests.test_net_join import BOT

TIMEOUT_S = 120


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT_S))


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A certificate authority, a certificate for loopback it signed (as files), and a
    client context that trusts that authority."""
    folder = tmp_path_factory.mktemp("pki")
    ca = trustme.CA()
    issued = ca.issue_cert("127.0.0.1", "localhost")
    cert, key = folder / "cert.pem", folder / "key.pem"
    issued.cert_chain_pems[0].write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    other_key = folder / "other-key.pem"
    trustme.CA().issue_cert("127.0.0.1").private_key_pem.write_to_path(str(other_key))
    trusting = ssl.create_default_context()
    ca.configure_trust(trusting)
    return {"cert": cert, "key": key, "other_key": other_key, "trusting": trusting}


async def first_answer(client: Client) -> dict[str, Any] | None:
    task = asyncio.create_task(client.run())
    message = await client.next()
    await stop(task, client)
    return message


def test_a_match_is_played_over_wss_to_its_end(tmp_path: Path, pki: dict[str, Any]) -> None:
    async def match() -> list[list[dict[str, Any]]]:
        tls = server_context(pki["cert"], pki["key"])
        async with served(tmp_path, tls=tls) as (_server, uri):
            assert uri.startswith("wss://")
            clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                                  **FAST}, 2, tls=pki["trusting"])
            logs: list[list[dict[str, Any]]] = [[], []]
            players = [asyncio.create_task(play(c, random.Random(i), logs[i]))
                       for i, c in enumerate(clients)]
            assert await clients[0].send({"type": "start"})
            await asyncio.gather(*players)
            for client, task in zip(clients, tasks):
                await stop(task, client)
        return logs

    logs = run(match())
    for seat, log in enumerate(logs):
        assert [m["type"] for m in log][-2:] == ["record", "bye"]
        assert parse_match_document(log[-2]["match"]).match.is_over
        watch = ShuffleWatch(seat)
        for message in log:
            watch.take(message, load_ruleset("dazhong"))
        assert watch.line(1) is not None and watch.line(1).key == "fair.verified"


def test_a_verifying_client_refuses_a_certificate_nobody_vouches_for(
        tmp_path: Path, pki: dict[str, Any]) -> None:
    async def attempts() -> tuple[Client, dict[str, Any] | None, Client, dict[str, Any] | None]:
        tls = server_context(pki["cert"], pki["key"])
        async with served(tmp_path, tls=tls) as (_server, uri):
            create = {"type": "create", "name": "Ann"}
            verifying = Client(uri, create)
            refused = await first_answer(verifying)
            accepting = Client(uri, create, insecure=True)
            joined = await first_answer(accepting)
        return verifying, refused, accepting, joined

    verifying, refused, accepting, joined = run(attempts())
    assert refused is None and verifying.room is None
    assert verifying.problem is not None and verifying.problem.key == "net.certificate"
    assert "--insecure" in str(verifying.problem) and "\n" not in str(verifying.problem)
    assert joined is not None and joined["type"] == "joined" and accepting.problem is None


def test_garbage_on_the_tls_port_leaves_the_server_serving_others(
        tmp_path: Path, pki: dict[str, Any]) -> None:
    async def garbage() -> dict[str, Any] | None:
        tls = server_context(pki["cert"], pki["key"])
        async with served(tmp_path, tls=tls) as (_server, uri):
            port = int(uri.rsplit(":", 1)[1])
            held = []
            rng = random.Random(5)
            for junk in (bytes(rng.randrange(256) for _ in range(4096)),
                         b"\x16\x03\x01\x00\x05hello" * 50,
                         b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n",
                         b"{\"type\": \"create\", \"name\": \"Ann\"}\n"):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(junk)
                await writer.drain()
                held.append((reader, writer))
            # inside TLS, bytes that are no WebSocket handshake
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           ssl=pki["trusting"])
            writer.write(bytes(rng.randrange(256) for _ in range(2048)) + b"\r\n\r\n")
            await writer.drain()
            held.append((reader, writer))
            for reader, _writer in held[:3]:
                await asyncio.wait_for(reader.read(), 10)     # the server hung up
            answer = await first_answer(Client(uri, {"type": "create", "name": "Bo"},
                                               tls=pki["trusting"]))
            for _reader, writer in held:
                writer.close()
            return answer

    answer = run(garbage())
    assert answer is not None and answer["type"] == "joined"


def test_serve_over_tls_from_the_command_line(tmp_path: Path, pki: dict[str, Any]) -> None:
    proc, uri = start_server(tmp_path / "data", "--tls-cert", str(pki["cert"]),
                             "--tls-key", str(pki["key"]))
    try:
        assert uri.startswith("wss://127.0.0.1:")
        answer = run(first_answer(Client(uri, {"type": "create", "name": "Ann"},
                                         tls=pki["trusting"])))
    finally:
        status, err = end_server(proc)
    assert answer is not None and answer["type"] == "joined"
    assert status == 0 and "Traceback" not in err


@pytest.mark.parametrize("files", [("missing.pem", "key"), ("cert", "missing.pem"),
                                   ("cert", "other_key"), ("key", "cert"), ("cert", None)])
def test_a_certificate_or_key_that_cannot_be_used_is_one_line_and_a_failure(
        tmp_path: Path, pki: dict[str, Any], files: tuple[str, str | None]) -> None:
    cert, key = (str(pki.get(name, tmp_path / str(name))) for name in files)
    words = ["--tls-cert", cert] + ([] if files[1] is None else ["--tls-key", key])
    out = subprocess.run([sys.executable, "-m", "game", "serve", "--port", "0",
                          "--data-dir", str(tmp_path / "data"), *words],
                         cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "Traceback" not in out.stderr


def test_join_verifies_the_certificate_unless_told_insecure(tmp_path: Path,
                                                            pki: dict[str, Any]) -> None:
    async def joins() -> tuple[tuple[int, str], str]:
        tls = server_context(pki["cert"], pki["key"])
        async with served(tmp_path, tls=tls) as (_server, uri):
            clients, tasks = await seat_all(uri, {"seats": ["open", "open", "easy", "easy"],
                                                  **FAST}, 1, tls=pki["trusting"])
            code = str(clients[0].room)

            async def join(*extra: str) -> asyncio.subprocess.Process:
                return await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "game", "join", uri, code, "--bot", BOT,
                    "--data-dir", str(tmp_path / "player"), *extra, cwd=ROOT,
                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)

            refused = await join()
            _, err = await refused.communicate()
            accepted = await join("--insecure")
            assert accepted.stderr is not None
            seated = (await asyncio.wait_for(accepted.stderr.readline(), 30)).decode()
            accepted.kill()
            await accepted.wait()
            await stop(tasks[0], clients[0])
            return (refused.returncode or 0, err.decode()), seated

    (status, err), seated = run(joins())
    assert status == 1 and len(err.strip().splitlines()) == 1
    assert "cannot be verified" in err and "--insecure" in err
    assert "connected" in seated.lower() or "seat" in seated.lower(), seated


def test_a_wss_address_is_verified_unless_the_player_chose_otherwise() -> None:
    from game.net.client import Background
    from game.net.tls import client_context
    assert client_context("ws://127.0.0.1:8765") is None
    strict = client_context("wss://example.org/")
    assert strict is not None and strict.verify_mode == ssl.CERT_REQUIRED and \
        strict.check_hostname
    lax = client_context("WSS://example.org/", insecure=True)
    assert lax is not None and lax.verify_mode == ssl.CERT_NONE and not lax.check_hostname
    online = Background("wss://127.0.0.1:9", {"type": "create", "name": "Ann"}, insecure=True)
    try:
        assert online.client.tls is not None and online.client.tls.verify_mode == ssl.CERT_NONE
    finally:
        online.close()


def test_the_games_room_page_says_what_to_do_about_an_untrusted_certificate(
        tmp_path: Path, pki: dict[str, Any]) -> None:
    from game.net.client import Background
    from game.net.online_table import OnlineTable
    from game.shell.i18n import Translator

    async def refused() -> OnlineTable:
        async with served(tmp_path, tls=server_context(pki["cert"], pki["key"])) as (_s, uri):
            online = OnlineTable(Background(uri, {"type": "create", "name": "Ann"}), uri,
                                 Translator("zh"))
            while not online.stopped:
                online.update(0.016)
                await asyncio.sleep(0.01)
            online.close()
            return online

    online = run(refused())
    assert online.problem == Translator("zh")("online.certificate")
    assert "接受自签名证书" in online.problem
    assert online.detail is not None and "CERTIFICATE_VERIFY_FAILED" in online.detail
