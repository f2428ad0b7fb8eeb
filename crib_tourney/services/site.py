"""What the pages of the live view and the published site read, besides the
services the CLI shares with them (standings, tables, brackets, histories):
typed values keyed by entry id, so that web/site.py builds each page from one
call per fact and never maps a display name back to an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services.rankings import Rankings, rankings
from crib_tourney.tourney.seasons import season_of
from crib_tourney.services.standings import StandingRow, standings
from crib_tourney.store import brackets as st
from crib_tourney.store import directory
from crib_tourney.store import events as event_store
from crib_tourney.store import leagues as league_store
from crib_tourney.store import qualifying as q
from crib_tourney.store.rows import Event as Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import last_change_at


def event_of(db: Db, event_id: int) -> Event:
    """The event, or NotFound (a page's 404)."""
    try:
        return event_store.load_event(db, event_id)
    except CribError:
        raise NotFound(f"no event {event_id}") from None


def event_ids(db: Db) -> list[int]:
    """Every event, oldest first."""
    return event_store.event_ids(db)


def league_ids(db: Db) -> list[int]:
    """Every league."""
    return league_store.all_league_ids(db)


def last_change(db: Db) -> datetime | None:
    """When anything last changed (the newest audit entry, UTC); None before any change."""
    at = last_change_at(db)
    return None if at is None else datetime.fromisoformat(at)


def entry_ids(db: Db, event: Event) -> list[int]:
    """The event's entries, in entry order."""
    return [e.id for e in directory.entries_of(db, event)]


def entry_names(db: Db, event: Event) -> dict[int, str]:
    """entry id -> the name the pages show (a player's, or a team's)."""
    return directory.entry_names(db, event)


def member_names(db: Db, event: Event) -> dict[int, list[str]]:
    """entry id -> its players' names (a team event)."""
    return directory.member_names(db, event)


def entries_by_name(db: Db, event: Event) -> dict[str, int]:
    """The name shown -> its entry: for the documents that name their players only
    (the bracket chart, a league's season), to link each name to its page."""
    return {name: entry for entry, name in directory.entry_names(db, event).items()}


def cut_made(db: Db, event_id: int) -> bool:
    """Whether the playoff bracket is seeded (the cut is made)."""
    return bool(st.seeded_count(db, event_id))


def seeds(db: Db, event_id: int) -> dict[int, int]:
    """entry id -> its seed in the bracket (empty before the cut)."""
    return {entry: seed for seed, entry in st.seeds(db, event_id).items()}


def games_scheduled(db: Db, event_id: int) -> bool:
    """Whether any game of the event is drawn."""
    return bool(q.scheduled_games(db, event_id))


@dataclass(frozen=True)
class StandingsTable:
    """The standings as the standings page shows them: the rows of `standings
    --json`, the cut line (0: none), and each row's entry (the same order)."""

    rows: list[StandingRow]
    cut: int
    entries: tuple[int, ...]
    pending: int  # games not counted yet: a lone card
    disputed: int  # and cards that disagree
    did_not_play: list[str]  # the no-shows, not ranked


def standings_table(db: Db, event: Event) -> StandingsTable:
    """The standings once: its rows and their entries come from the same ranking
    (event_standings keeps it for the transaction), the no-shows set apart."""
    found = standings(db, event)
    return StandingsTable(found.rows, found.cut.qualifiers, found.entries, found.pending, found.disputed,
                          list(found.did_not_play))


def newest_season_rankings(db: Db) -> Rankings | None:
    """The MRP rankings of the season of the newest dated ACC event (None: no such event, or nobody ranked)."""
    dates = [e.date for e in event_store.all_events(db) if e.acc_event != "none" and e.date]
    if not dates:
        return None
    found = rankings(db, season_of(max(dates)))
    return found if found.rows else None


@dataclass(frozen=True)
class LeagueNights:
    """A league's nights: night number (as a string, as the season's columns name
    them) -> its event; and per night the name shown -> its entry."""

    events: dict[str, int]
    entries: dict[str, dict[str, int]]


def league_nights(db: Db, league_id: int) -> LeagueNights:
    events = {str(n["night_no"]): int(n["event_id"]) for n in league_store.nights(db, league_id)}
    entries = {night: entries_by_name(db, event_store.load_event(db, event_id)) for night, event_id in events.items()}
    return LeagueNights(events, entries)
