"""What one entry's row of a report needs, read by index instead of reading the
whole event (`player history` at 20,000 entrants: services/one_standing.py and
services/reports.report_row). Each answers as the event-wide reads in
store/directory.py and store/brackets.py would for this entry."""

from __future__ import annotations

from typing import NamedTuple

from crib_tourney.store.rows import Entry, fetch
from crib_tourney.store.sql import Db


class Entrant(NamedTuple):
    """What the ranking needs of every entry (tourney/noshows.no_show reads the last three)."""

    id: int
    withdrawn_after: int | None
    first_game: int
    checked_in: bool


def entry_ids(db: Db, event_id: int) -> list[int]:
    """Every entry of the event (store/directory.entries_of's, by id alone: 20,000
    whole entries cost 50 ms)."""
    return [int(i) for (i,) in db.rows("SELECT id FROM entry WHERE event_id = :e", e=event_id)]


def withdrawn_or_late(db: Db, event_id: int) -> list[Entrant]:
    """The entries that withdrew, or came after game 1 without checking in: the
    only ones tourney/noshows.no_show can find not to have played (a few)."""
    return [Entrant(int(i), None if w is None else int(w), int(f), bool(c)) for i, w, f, c in db.rows(
        "SELECT id, withdrawn_after, first_game, checked_in FROM entry WHERE event_id = :e"
        " AND (withdrawn_after IS NOT NULL OR (first_game > 1 AND checked_in = :no))", e=event_id, no=False)]


def entry_of_player(db: Db, event_id: int, player_id: int) -> Entry | None:
    """The entry a player plays in (his own, or his team's), as directory.entry_of
    finds it: the first in entry order holding him; None: he plays in none."""
    found = fetch(db, Entry, "event_id = :e AND ((team_name IS NULL AND player_id = :p)"
                  " OR id IN (SELECT entry_id FROM entry_member WHERE event_id = :e AND player_id = :p))", "seq, id",
                  e=event_id, p=player_id)
    return found[0] if found else None


def members_of_entry(db: Db, entry: Entry) -> list[int]:
    """An entry's players in the order given, as directory.members_of holds them."""
    members = [] if entry.team_name is not None else [entry.player_id]
    members += [int(p) for (p,) in db.rows("SELECT player_id FROM entry_member WHERE entry_id = :i ORDER BY seat", i=entry.id)]
    return members


def has_bracket(db: Db, event_id: int) -> bool:
    """Whether the event's bracket is made (services/playoffs.Bracket.exists: it has matches)."""
    return db.row("SELECT 1 FROM playoff_match WHERE event_id = :e LIMIT 1", e=event_id) is not None


def is_seeded(db: Db, event_id: int, entry_id: int) -> bool:
    """Whether the entry holds a seed of the event's bracket."""
    return db.row("SELECT 1 FROM seed WHERE event_id = :e AND entry_id = :i", e=event_id, i=entry_id) is not None


def has_pools(db: Db, event_id: int) -> bool:
    return db.row("SELECT 1 FROM pool WHERE event_id = :e LIMIT 1", e=event_id) is not None
