"""The director's console (the desk of `serve --scoring`): the games waiting for a
second card or disputed, settling one by ACC rule 12.2, entering or correcting a
result, undo, and the check-in list. Each action is one change through the writer
(source "web", actor "director") and decides as the CLI's commands do: `check`
lists the same games, settling one is `check --resolve` for that game alone, an
entered result is `quick-results`' TABLE SCORE SCORE with replace, undo is `undo`.
"""

from __future__ import annotations

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.services import checkin, results
from crib_tourney.services.phone import Conflict
from crib_tourney.services.results import Checked, EventUndone, Recorded
from crib_tourney.services.standings import check_cards
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Entry, Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Log, LogEntry, log_entries

DIRECTOR = Actor("web", "director")


@record
class Waiting:
    """A game the desk should look at: one card only (pending) or two that disagree."""

    game: int
    table: int | None
    players: tuple[str, ...]  # three at a table of three
    state: str  # pending | disputed
    detail: str


def waiting(db: Db, event: Event) -> list[Waiting]:
    """The games `check` lists with a card to act on, disputed first."""
    found = [Waiting(p.game, p.table, p.players, "disputed" if p.problem == "disagree" else "pending", p.detail)
             for p in check_cards(db, event) if p.problem in ("one card", "missing cards", "disagree")]
    return sorted(found, key=lambda w: (w.state != "disputed", w.game, w.table or 0))


@record
class CheckIn:
    entry: int
    name: str
    checked_in: bool
    withdrawn: bool
    paid: int | None  # cents; None: not paid


def check_in_list(db: Db, event: Event) -> list[CheckIn]:
    """The door list (`checkin --list`), alphabetically."""
    return [CheckIn(r.entry, r.name, r.checked_in, r.withdrawn, r.paid) for r in checkin.door_list(db, event.id).rows]


def event_of(db: Db, event_id: int) -> Event:
    return load_event(db, event_id)


def recent(db: Db, event: Event, count: int = 8) -> list[LogEntry]:
    """The event's last ``count`` changes, newest first (its creation left out)."""
    return [e for e in log_entries(db, Log(event.id)) if e.action != "new-event"][-count:][::-1]


def _table(db: Db, event: Event, game: int, table: int) -> tuple[Pairing, list[Entry]]:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    by_id = {e.id: e for e in entries_of(db, event)}
    return pairing, [by_id[pairing.entry1_id], by_id[pairing.entry2_id]]


def settle(db: Db, event: Event, game: int, table: int, by: Actor = DIRECTOR) -> Checked:
    """ACC rule 12.2 for one game, as `check --resolve` settles it: a lone card is
    copied to the other side, two disagreeing cards resolved against the apparent
    qualifier (judged before the game's round)."""
    _table(db, event, game, table)
    done = results.check(db, event.id, resolve=True, by=by, only=(game, table))
    if not done.resolved:
        raise Conflict(f"game {game} table {table} has nothing to settle (no card yet, or its cards agree)")
    return done


def enter(db: Db, event: Event, game: int, table: int, score1: int, score2: int, by: Actor = DIRECTOR) -> Recorded:
    """The director's result of a game, the scores in the table sheet's order;
    replaces whatever cards the game had (quick-results' TABLE SCORE SCORE replace)."""
    _table(db, event, game, table)
    return results.record_table(db, event.id, game, table, (score1, score2), replace=True, by=by)


def undo(db: Db, event: Event, by: Actor = DIRECTOR) -> EventUndone:
    """Revert the newest change of the event's log (as `undo EVENT`), the bracket held to it."""
    return results.undo(db, event.id, by=by)


@record
class CheckedIn:
    name: str
    present: bool
    changed: bool


def check_in(db: Db, event: Event, entry_id: int, present: bool, by: Actor = DIRECTOR) -> CheckedIn:
    """Mark an entrant checked in (or take it back), as `checkin` does."""
    done = (checkin.check_in(db, event.id, [entry_id], by=by) if present
            else checkin.check_out(db, event.id, entry_id, by=by))
    arrival = done.arrivals[0]
    return CheckedIn(arrival.name, present, done.changed)
