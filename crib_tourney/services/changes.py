"""The change logs: an event's, a league's, the roster's. Reading one, and undo
of its newest entry (whatever kind of change it was)."""

from __future__ import annotations

from crib_tourney.records import record
from crib_tourney.store import writer
from crib_tourney.store.events import load_event
from crib_tourney.store.leagues import load_league
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Log, LogEntry


@record
class NamedLog:
    """A log and the name of what it belongs to (an event, a league, the roster)."""

    log: Log
    name: str


def which_log(db: Db, event_id: int | None, league_id: int | None) -> NamedLog:
    """The log of this event, or of this league, or (neither) the roster's."""
    if event_id is not None:
        return NamedLog(Log(event_id=event_id), load_event(db, event_id).name)
    if league_id is not None:
        return NamedLog(Log(league_id=league_id), load_league(db, league_id).name)
    return NamedLog(writer.ROSTER, "the roster")


def entries(db: Db, event_id: int | None, league_id: int | None) -> list[LogEntry]:
    return writer.log_entries(db, which_log(db, event_id, league_id).log)


def next_undo(db: Db, event_id: int | None, league_id: int | None, expected: int | None = None) -> LogEntry | None:
    """What undo would revert now (None: nothing); ``expected``: refused (Stale) when
    the newest change is not that one."""
    found = writer.newest_entry(db, which_log(db, event_id, league_id).log)
    if found is not None:
        writer.refuse_unseen(found[0], expected)
    return None if found is None else found[0]


def undo(db: Db, league_id: int | None, by: Actor = CLI) -> LogEntry:
    """Revert the newest entry of a league's log or the roster's (an event's goes
    through services.results.undo, which holds the bracket to it)."""
    named = which_log(db, None, league_id)
    return writer.undo_newest(db, named.log, f"nothing to undo in {named.name}", by=by)
