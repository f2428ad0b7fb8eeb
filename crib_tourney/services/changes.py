"""The change logs: an event's, a league's, the roster's. Reading one, and undo
of its newest entry (whatever kind of change it was)."""

from __future__ import annotations

from crib_tourney.store import writer
from crib_tourney.store.directory import find_event, find_league_id
from crib_tourney.store.leagues import load_league
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Log, LogEntry


def which_log(db: Db, event_ref: str | None, league_ref: str | None) -> tuple[Log, str]:
    """The log named (an event, a league, or neither: the roster's) and its name."""
    if event_ref is not None:
        event = find_event(db, event_ref)
        return Log(event_id=event.id), event.name
    if league_ref is not None:
        league_id = find_league_id(db, league_ref)
        return Log(league_id=league_id), load_league(db, league_id).name
    return writer.ROSTER, "the roster"


def entries(db: Db, event_ref: str | None, league_ref: str | None) -> list[LogEntry]:
    log, _ = which_log(db, event_ref, league_ref)
    return writer.log_entries(db, log)


def next_undo(db: Db, event_ref: str | None, league_ref: str | None) -> LogEntry | None:
    """What undo would revert now (None: nothing)."""
    log, _ = which_log(db, event_ref, league_ref)
    found = writer.newest_entry(db, log)
    return None if found is None else found[0]


def undo(db: Db, league_ref: str | None) -> LogEntry:
    """Revert the newest entry of a league's log or the roster's (an event's goes
    through services.results.undo, which holds the bracket to it)."""
    log, name = which_log(db, None, league_ref)
    return writer.undo_newest(db, log, f"nothing to undo in {name}")
