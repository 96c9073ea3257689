"""TLS for network play without a proxy: the server's context from a certificate and
its key (`serve --tls-cert FILE --tls-key FILE`), and a client's for `wss://`
addresses, which verifies the server's certificate unless told to accept any (a
self-signed one: `join --insecure`, or the game's setting)."""
from __future__ import annotations

import ssl
from pathlib import Path


class TlsError(ValueError):
    """A certificate or key that cannot be used (one line)."""


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context; TlsError names what is wrong with the files."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except FileNotFoundError as exc:
        raise TlsError(f"cannot read {exc.filename}: no such file") from None
    except PermissionError as exc:
        raise TlsError(f"cannot read {exc.filename}: permission denied") from None
    except IsADirectoryError as exc:
        raise TlsError(f"cannot read {exc.filename}: it is a folder") from None
    except (ssl.SSLError, OSError) as exc:
        reason = getattr(exc, "reason", None) or exc.strerror or type(exc).__name__
        raise TlsError(f"cannot use {cert} with {key} as a certificate and its key: "
                       f"{reason}") from None
    return context


def client_context(uri: str, insecure: bool = False) -> ssl.SSLContext | None:
    """The TLS context for connecting to `uri`: None for ws://; for wss:// one that
    verifies the server's certificate and name (against the system's authorities), or
    accepts any certificate when `insecure`."""
    if not uri.lower().startswith("wss://"):
        return None
    context = ssl.create_default_context()
    if insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def is_certificate_failure(exc: BaseException) -> bool:
    """Whether a failed connection was refused for the server's certificate."""
    return isinstance(exc, ssl.SSLCertVerificationError)
