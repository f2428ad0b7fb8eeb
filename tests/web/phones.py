"""Personal links for the phone tests, made as `event links` will make them: a
token under a key kept outside the database, only its hash stored (through the writer)."""

from __future__ import annotations

import secrets

from crib_tourney import tokens
from crib_tourney.store.db import transaction
from crib_tourney.store.writer import Change, Log, now

KEY = secrets.token_bytes(tokens.KEY_BYTES)


def make_links(location: str, event_id: int, generation: int = 1) -> dict[str, str]:
    """A live link for every entry of the event: {entrant's name: token}."""
    from crib_tourney.store.directory import entries_of, entry_names, find_event

    found: dict[str, str] = {}
    with transaction(location, write=True) as db:
        event = find_event(db, f"#{event_id}")
        names = entry_names(db, event)
        change = Change(db, "links", Log(event_id))
        for entry in entries_of(db, event):
            token = tokens.token(KEY, event_id, entry.id, generation)
            change.insert("entry_link", {"event_id": event_id, "entry_id": entry.id, "generation": generation,
                                         "token_hash": tokens.token_hash(token), "created_at": now(), "revoked": False})
            found[names[entry.id]] = token
        change.log("links issued")
    return found


def revoke(location: str, token: str) -> None:
    with transaction(location, write=True) as db:
        row = db.row("SELECT id, event_id FROM entry_link WHERE token_hash = :h", h=tokens.token_hash(token))
        assert row is not None
        change = Change(db, "links", Log(int(row[1])))
        change.update("entry_link", int(row[0]), {"revoked": True})
        change.log("link revoked")


# --- a phone over plain HTTP (the PostgreSQL test and the benchmark) -------------------------

async def http(port: int, method: str, path: str, headers: dict[str, str] | None = None,
               body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request to 127.0.0.1:port: (status, headers in lower case, body)."""
    import asyncio

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close", f"Content-Length: {len(body)}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    response = await reader.read()
    writer.close()
    head, _, content = response.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found: dict[str, str] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), found, content


class HttpPhone:
    """A phone: opens its page once (cookie and CSRF token), then posts reports."""

    def __init__(self, port: int, token: str):
        self.port, self.token = port, token
        self.cookie = self.csrf = ""

    async def open(self) -> None:
        import re

        status, headers, page = await http(self.port, "GET", f"/p/{self.token}")
        assert status == 200, status
        self.cookie = headers["set-cookie"].split(";")[0]
        self.csrf = re.search(rb'data-csrf="([^"]+)"', page).group(1).decode()  # type: ignore[union-attr]

    async def report(self, game: int, winner: str, loser_score: int, key: str, port: int | None = None) -> tuple[int, dict]:
        """Post a report (to another server of the same database with ``port``)."""
        import json

        port = port or self.port
        body = json.dumps({"game": game, "winner": winner, "loser_score": loser_score, "key": key}).encode()
        status, _, answer = await http(port, "POST", f"/p/{self.token}/result", {
            "Origin": f"http://127.0.0.1:{port}", "Cookie": self.cookie, "X-CSRF-Token": self.csrf,
            "Content-Type": "application/json"}, body)
        return status, json.loads(answer)
