"""Personal link rows: which entrant a token hash opens, and each entry's links."""

from __future__ import annotations

from crib_tourney.records import record
from crib_tourney.store.sql import Db


@record
class LinkRow:
    id: int
    event_id: int
    entry_id: int
    generation: int
    revoked: bool


def _row(r: tuple[object, ...]) -> LinkRow:
    return LinkRow(int(r[0]), int(r[1]), int(r[2]), int(r[3]), bool(r[4]))  # type: ignore[call-overload]


def by_hash(db: Db, token_hash: str) -> LinkRow | None:
    """The live link a token hash opens (None for unknown or revoked)."""
    found = db.row("SELECT id, event_id, entry_id, generation, revoked FROM entry_link WHERE token_hash = :h", h=token_hash)
    if found is None or bool(found[4]):
        return None
    return _row(found)


def of_event(db: Db, event_id: int) -> list[LinkRow]:
    return [_row(r) for r in db.rows("SELECT id, event_id, entry_id, generation, revoked FROM entry_link"
                                     " WHERE event_id = :e ORDER BY id", e=event_id)]


def link_by_hash(db: Db, token_hash: str) -> tuple[int, int, str, bool] | None:
    """(event, entry, stored hash, revoked) of the link with this hash, revoked or not."""
    found = db.row("SELECT event_id, entry_id, token_hash, revoked FROM entry_link WHERE token_hash = :h", h=token_hash)
    return None if found is None else (int(found[0]), int(found[1]), str(found[2]), bool(found[3]))


def live_links(db: Db) -> dict[str, tuple[int, int]]:
    """token hash -> (event, entry) of every live link."""
    return {str(h): (int(e), int(n)) for h, e, n in db.rows(
        "SELECT token_hash, event_id, entry_id FROM entry_link WHERE revoked = :f", f=False)}


def kept_answer(db: Db, entry_id: int, key: str) -> str | None:
    """The answer a phone's request with this idempotency key was given, if it was sent before."""
    found = db.scalar("SELECT answer FROM web_request WHERE entry_id = :e AND request_key = :k", e=entry_id, k=key)
    return None if found is None else str(found)


def live_hashes(db: Db, event_id: int) -> list[tuple[int, int, str]]:
    """(entry, generation, token hash) of the event's live links."""
    return [(int(e), int(g), str(h)) for e, g, h in db.rows(
        "SELECT entry_id, generation, token_hash FROM entry_link WHERE event_id = :e AND revoked = :f ORDER BY id",
        e=event_id, f=False)]
