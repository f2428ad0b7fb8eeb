"""Personal links: one per entrant (a team's one link serves every member),
issued with the database's key (tokens.py), listed, revoked, and looked up by
the token a phone presents."""

from __future__ import annotations

from urllib.parse import urlsplit

from crib_tourney import tokens
from crib_tourney.served import SERVED
from crib_tourney.errors import NotFound
from crib_tourney.records import record
from crib_tourney.store import links as store
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log, now



@record
class Link:
    entry: int
    name: str
    url: str


@record
class Issued:
    links: list[Link]
    new: int  # links issued by this command
    revoked: int


def _site_root(public_url: str | None) -> str:
    """Where /p/TOKEN lives: the scheme and host of the event's public address."""
    if not public_url:
        return SERVED
    parts = urlsplit(public_url)
    return f"{parts.scheme}://{parts.netloc}"


def has_links(db: Db, event_id: int) -> bool:
    """Whether the event has live links (so a key made now would not be theirs)."""
    return bool(store.live_hashes(db, event_id))


def check_key(db: Db, event_id: int, key: bytes) -> None:
    """WrongKey unless ``key`` made every live link of the event. The database keeps
    each token's hash, and a token is the key's HMAC of the link: so each stored hash
    is a fingerprint of the key that made it, checked here link by link."""
    for entry_id, generation, digest in store.live_hashes(db, event_id):
        if not tokens.same_hash(tokens.token_hash(tokens.token(key, event_id, entry_id, generation)), digest):
            raise tokens.WrongKey(load_event(db, event_id).name)


def issue(db: Db, event_id: int, key: bytes, revoke: list[int] | None = None, by: Actor = CLI,
          reissue: bool = False) -> Issued:
    """Every entrant's live link, issuing one where there is none; ``revoke`` first
    takes back those entries' links (a lost phone), so they get new ones; ``reissue``
    takes back every live link (their key is lost) and issues new ones. WrongKey
    when live links were made with another key: they are never printed as if they opened."""
    event = load_event(db, event_id)
    if reissue:
        revoke = [entry_id for entry_id, _, _ in store.live_hashes(db, event.id)]
    else:
        check_key(db, event.id, key)
    change = Change(db, "links", Log(event.id), by)
    existing = store.of_event(db, event.id)
    revoked = 0
    for link in existing:
        if link.entry_id in (revoke or []) and not link.revoked:
            change.update("entry_link", link.id, {"revoked": True})
            revoked += 1
    live = {link.entry_id: link for link in store.of_event(db, event.id) if not link.revoked}
    generation = {link.entry_id: link.generation for link in existing}
    new = 0
    for entry in entries_of(db, event):
        if entry.id in live:
            continue
        number = generation.get(entry.id, 0) + 1
        change.insert("entry_link", dict(event_id=event.id, entry_id=entry.id, generation=number, created_at=now(),
                                         token_hash=tokens.token_hash(tokens.token(key, event.id, entry.id, number)),
                                         revoked=False))
        new += 1
    if change.changed:
        change.log(f"issued {new} personal link(s)" + (f", revoked {revoked}" if revoked else ""))
    return Issued(live_links(db, event.id, key), new, revoked)


def live_links(db: Db, event_id: int, key: bytes) -> list[Link]:
    """Every live link of the event (none issued: an empty list), by entry; reads only.
    WrongKey when ``key`` did not make them."""
    event = load_event(db, event_id)
    check_key(db, event.id, key)
    names = entry_names(db, event)
    root = _site_root(event.public_url)
    links = [Link(link.entry_id, names[link.entry_id], f"{root}/p/{tokens.token(key, event.id, link.entry_id, link.generation)}")
             for link in store.of_event(db, event.id) if not link.revoked]
    return sorted(links, key=lambda k: k.entry)


@record
class Holder:
    """Whose link a token is."""

    event_id: int
    entry_id: int


def holder(db: Db, token: str) -> Holder:
    """The entrant a token opens, or NotFound (unknown, malformed or revoked: the
    same answer, so a guess learns nothing)."""
    if not tokens.looks_like_token(token):
        raise NotFound("no such page")
    digest = tokens.token_hash(token)
    found = store.by_hash(db, digest)
    if found is None:
        raise NotFound("no such page")
    return Holder(found.event_id, found.entry_id)
