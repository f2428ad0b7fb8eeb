"""Personal links: the tokens in an entrant's URL (/p/TOKEN).

A token is the HMAC-SHA256 of the link's identity (event, entry, generation)
under a secret key kept OUTSIDE the database, cut to 160 bits and written in
URL-safe base64. The database keeps only the SHA-256 of each token, so a copy
of the database opens no link; with the key the director can print the same
link again (on the scorecard, in `event links`) without a new one replacing it.
Revoking a link marks it; the next one issued has a new generation, so a new
token. The key is a file of 32 random bytes beside a SQLite database
(`crib-tourney.db.key`, readable by its owner only), or the file named by
CRIB_TOURNEY_KEY_FILE (required for a server database).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path
import shlex

from crib_tourney.errors import CribError
from crib_tourney.store.sql import sqlite_path

KEY_BYTES = 32
TOKEN_BYTES = 20  # 160 bits


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Constant-time comparison of two hashes."""
    return hmac.compare_digest(a.encode(), b.encode())


def token(key: bytes, event_id: int, entry_id: int, generation: int) -> str:
    mac = hmac.new(key, f"link/{event_id}/{entry_id}/{generation}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode().rstrip("=")


def looks_like_token(text: str) -> bool:
    """A token's shape (27 URL-safe characters): anything else is not looked up."""
    return len(text) == 27 and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)


def key_file(db_location: str) -> Path:
    """Where the key of a database lives."""
    given = os.environ.get("CRIB_TOURNEY_KEY_FILE")
    if given:
        return Path(given)

    path = sqlite_path(db_location)
    if path is None:
        raise CribError("personal links need a key file for a server database: set CRIB_TOURNEY_KEY_FILE to its path")
    return Path(path + ".key")


class KeyMissing(CribError):
    """No key file where the database's key should be."""


class WrongKey(CribError):
    """Links of an event that the key on hand did not make (their hashes say so)."""

    def __init__(self, event: str) -> None:
        super().__init__(f"the personal links of {event} were not made with this key")
        self.event = event


def reissue_hint(event: str) -> str:
    """The way out for an event whose links' key is lost: new links (the printed ones stop opening)."""
    return f"crib-tourney event links {shlex.quote(event)} --reissue"


def load_key(db_location: str, create: bool = True) -> bytes:
    """The database's link key, made (owner-readable only) the first time links are
    issued. It is read with a bound: CRIB_TOURNEY_KEY_FILE=/dev/zero is refused, not read for ever."""
    path = key_file(db_location)
    try:
        with path.open("rb") as found:
            data = found.read(KEY_BYTES + 1)
    except FileNotFoundError:
        if not create:
            raise KeyMissing(f"no link key at {path}: issue the links first (crib-tourney event links)") from None
        data = secrets.token_bytes(KEY_BYTES)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another command made it a moment ago
            return load_key(db_location, create=False)
        except OSError as exc:
            raise CribError(f"cannot write the link key {path}: {exc.strerror}") from None
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        return data
    except OSError as exc:
        raise CribError(f"cannot read the link key {path}: {exc.strerror}") from None
    if len(data) != KEY_BYTES:
        size = f"{len(data)} bytes" if len(data) <= KEY_BYTES else "more than 32 bytes"
        raise CribError(f"{path} is not a crib-tourney link key ({size}, not {KEY_BYTES})")
    return data
