"""Who of an event's entrants never played (tourney/noshows.py), and the
standings with them taken out of the ranking and listed apart ("did not play")."""

from __future__ import annotations

import dataclasses
from typing import Any

from crib_tourney.records import record
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Entry, Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.noshows import no_show, rerank
from crib_tourney.tourney.standings import Row
from crib_tourney.services.standings import event_standings, standings_rows, uncounted_games


def no_shows(db: Db, event: Event) -> frozenset[int]:
    """The entries who never played. Read once per command (``report`` asks four
    times: the ranking, the high non-qualifier, the ledger, the pools)."""
    return db.memo(("no shows", event.id, event.check_in), ("event", "entry", "pairing"), lambda: _no_shows(db, event))


def _no_shows(db: Db, event: Event) -> frozenset[int]:
    check_in = event.check_in
    scheduled = q.scheduled_games(db, event.id) if check_in else 0
    return frozenset(e.id for e in entries_of(db, event) if no_show(e, check_in, scheduled))


def played_entries(db: Db, event: Event) -> list[Entry]:
    """The entrants who played (in entry order): the money and the sanctioning fee count them."""
    gone = no_shows(db, event)
    return [e for e in entries_of(db, event) if e.id not in gone]


@record
class RankedApart:
    """The standings of those who played, ranked among themselves, and those who did not play."""

    ranked: tuple[Row[int], ...]
    did_not_play: tuple[Row[int], ...]


def ranked_apart(db: Db, event: Event) -> RankedApart:
    rows = event_standings(db, event)
    gone = no_shows(db, event)
    if not gone:
        return RankedApart(tuple(rows), ())
    ranks = rerank([r.rank for r in rows], [r.player in gone for r in rows])
    kept = [r for r in rows if r.player not in gone]
    return RankedApart(tuple(dataclasses.replace(r, rank=rank) for r, rank in zip(kept, ranks)),
                       tuple(r for r in rows if r.player in gone))


@record
class NoShows:
    """An event's no-shows, by display name in entry order."""

    names: tuple[str, ...]


def did_not_play(db: Db, event_id: int) -> NoShows:
    event = load_event(db, event_id)
    gone, names = no_shows(db, event), entry_names(db, event)
    return NoShows(tuple(names[e.id] for e in entries_of(db, event) if e.id in gone))


@record
class StandingsApart:
    """`standings`: the rows of those who played, ranked among themselves, and the
    names of those who did not play."""

    event: str
    rows: list[Any]
    did_not_play: list[str]
    pending: int = 0  # games not counted yet (services/results.EventStandings)
    disputed: int = 0


def standings_apart(db: Db, event_id: int, view: str = "final") -> StandingsApart:
    event = load_event(db, event_id)
    pending, disputed = uncounted_games(db, event)
    apart = rows_apart(db, event, list(standings_rows(db, event, view)))
    return dataclasses.replace(apart, pending=pending, disputed=disputed)


def rows_apart(db: Db, event: Event, rows: list[Any]) -> StandingsApart:
    """Standings rows (dicts naming their "player") without the no-shows, ranked
    again, and the no-shows' names."""
    gone = no_shows(db, event)
    if not gone:
        return StandingsApart(event.name, rows, [])

    names = entry_names(db, event)
    gone_names = {names[e] for e in gone}
    out = [r["player"] in gone_names for r in rows]
    ranks = rerank([r["rank"] for r in rows], out)
    kept = [dict(r, rank=rank) for r, rank in zip((r for r, o in zip(rows, out) if not o), ranks)]
    return StandingsApart(event.name, kept, [r["player"] for r, o in zip(rows, out) if o])
