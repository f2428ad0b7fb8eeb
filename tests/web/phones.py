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
