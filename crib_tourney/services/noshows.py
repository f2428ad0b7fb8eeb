"""Who of an event's entrants never played (tourney/noshows.py). The standings
take them out of the ranking and list them apart ("did not play"):
services/standings.py's ``standings``."""

from __future__ import annotations


from crib_tourney.records import record
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.one_entry import entry_count, withdrawn_or_late
from crib_tourney.store.rows import Entry, Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.noshows import no_show


def no_shows(db: Db, event: Event) -> frozenset[int]:
    """The entries who never played. Read once per command (``report`` asks four
    times: the ranking, the high non-qualifier, the ledger, the pools)."""
    return db.memo(("no shows", event.id, event.check_in), ("event", "entry", "pairing"), lambda: _no_shows(db, event))


def _no_shows(db: Db, event: Event) -> frozenset[int]:
    check_in = event.check_in
    scheduled = q.scheduled_games(db, event.id) if check_in else 0
    # only an entry that withdrew or came late can be one: not the field's 20,000 read whole
    return frozenset(e.id for e in withdrawn_or_late(db, event.id) if no_show(e, check_in, scheduled))


def played_entries(db: Db, event: Event) -> list[Entry]:
    """The entrants who played (in entry order): the money and the sanctioning fee count them."""
    gone = no_shows(db, event)
    return [e for e in entries_of(db, event) if e.id not in gone]


def played_count(db: Db, event: Event) -> int:
    """How many entrants played (``len(played_entries)``), counted without reading them."""
    return entry_count(db, event.id) - len(no_shows(db, event))


@record
class NoShows:
    """An event's no-shows, by display name in entry order."""

    names: tuple[str, ...]


def did_not_play(db: Db, event_id: int) -> NoShows:
    event = load_event(db, event_id)
    gone, names = no_shows(db, event), entry_names(db, event)
    return NoShows(tuple(names[e.id] for e in entries_of(db, event) if e.id in gone))
