"""What one entry's row of a report needs, read by index instead of reading the
whole event (`player history` at 20,000 entrants: services/one_standing.py and
services/reports.report_row). Each answers as the event-wide reads in
store/directory.py and store/brackets.py would for this entry."""

from __future__ import annotations

from typing import Collection, NamedTuple

from crib_tourney.store.rows import Entry, fetch
from crib_tourney.store.sql import Db
from crib_tourney.store.totals import SUMS


class Entrant(NamedTuple):
    """What the ranking needs of every entry (tourney/noshows.no_show reads the last three)."""

    id: int
    withdrawn_after: int | None
    first_game: int
    checked_in: bool


# --- the field's kept totals (store/totals.py), counted around one entry -----------

# tourney/standings.Row.key of an entry_total row: game points, wins, net spread, plus spread.
KEY = "(game_points, won, plus - minus, plus)"
Key = tuple[int, int, int, int]


def _others(leave_out: Collection[int]) -> str:
    """A condition leaving these entries out (our own integers, written in)."""
    return f" AND entry_id NOT IN ({', '.join('%d' % e for e in sorted(leave_out))})" if leave_out else ""


def totals_of(db: Db, event_id: int, entries: Collection[int]) -> dict[int, tuple[int, ...]]:
    """store/totals.kept's rows of these entries (a few): an entry without cards has none."""
    if not entries:
        return {}
    listed = ", ".join("%d" % e for e in sorted(entries))
    return {int(r[0]): tuple(r) for r in db.rows(f"SELECT entry_id, cards, {', '.join(SUMS)} FROM entry_total"
                                                 f" WHERE event_id = :e AND entry_id IN ({listed})", e=event_id)}


def totals_ahead(db: Db, event_id: int, key: Key, leave_out: Collection[int]) -> int:
    """How many entries with kept totals (but ``leave_out``) stand ahead of ``key``."""
    return int(db.scalar(f"SELECT COUNT(*) FROM entry_total WHERE event_id = :e AND {KEY} > (:k1, :k2, :k3, :k4)"
                         + _others(leave_out), e=event_id, k1=key[0], k2=key[1], k3=key[2], k4=key[3]))


def totals_level(db: Db, event_id: int, key: Key, leave_out: Collection[int]) -> list[tuple[int, ...]]:
    """store/totals.kept's rows of the entries (but ``leave_out``) level with ``key``."""
    return [tuple(r) for r in db.rows(
        f"SELECT entry_id, cards, {', '.join(SUMS)} FROM entry_total WHERE event_id = :e AND {KEY} = (:k1, :k2, :k3, :k4)"
        + _others(leave_out), e=event_id, k1=key[0], k2=key[1], k3=key[2], k4=key[3])]


def entry_count(db: Db, event_id: int) -> int:
    return int(db.scalar("SELECT COUNT(*) FROM entry WHERE event_id = :e", e=event_id))


def without_totals(db: Db, event_id: int, leave_out: Collection[int]) -> int:
    """How many entries (but ``leave_out``) have no kept totals: no counted card."""
    entries = entry_count(db, event_id)
    kept = int(db.scalar("SELECT COUNT(*) FROM entry_total WHERE event_id = :e" + _others(leave_out), e=event_id))
    return entries - kept - len(set(leave_out))


def ids_without_totals(db: Db, event_id: int, leave_out: Collection[int]) -> list[int]:
    """The entries (but ``leave_out``) with no kept totals."""
    return [int(i) for (i,) in db.rows(
        "SELECT id FROM entry WHERE event_id = :e AND id NOT IN (SELECT entry_id FROM entry_total WHERE event_id = :e)"
        + _others(leave_out).replace("entry_id", "id"), e=event_id)]


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


def game_under_way(db: Db, event_id: int, game_no: int) -> bool:
    """Whether any card of this game is entered (store/qualifying.games_under_way, one game)."""
    return db.row("SELECT 1 FROM pairing p JOIN outcome o ON o.pairing_id = p.id WHERE p.event_id = :e AND p.game_no = :g"
                  " LIMIT 1", e=event_id, g=game_no) is not None


def has_pools(db: Db, event_id: int) -> bool:
    return db.row("SELECT 1 FROM pool WHERE event_id = :e LIMIT 1", e=event_id) is not None
