"""The one writer: every INSERT, UPDATE and DELETE of the project's data.

A command opens one ``Change`` for the log it belongs to (an event's, a
league's, or the roster's), makes its edits through it, and closes it with
``log(summary)``. Each edit is written at once (later reads in the same command
see it) and recorded as a step with its rows before and after; ``log`` writes
the audit entry (source and actor included, ready for writes from the web) and
bumps the data version of everything touched, in the same transaction. ``undo``
reverts the newest entry of a log that is not undone, whatever its kind, step by
step in reverse; because each log is a stack, what is left is always a state the
event was really in.

Only this module issues data-changing SQL (a test checks): a write that went
around it would be missing from the log, from undo and from the live view.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from crib_tourney.errors import CribError, Stale
from crib_tourney.records import record
from crib_tourney.store import totals
from crib_tourney.store.sql import Db, in_lists
from crib_tourney.store.tables import REFERENCES, TABLES

# The tables written and their columns (TABLES), what refers to what (REFERENCES):
# derived from the models, store/tables.py.

# Rows of these tables belong to no event: a change to them moves the roster's version.
ROSTER_TABLES = frozenset({"player", "player_avoid", "league", "league_member", "league_night", "league_absence",
                           "special_hand"})

SOURCES = ("cli", "web")


class Actor(NamedTuple):
    """Who made a change: the source (the CLI, or the web: a player's phone or the
    director's console) and, where known, who (an entry's name, 'director').
    A named tuple (the same immutable value; its source is checked where it is
    written, write_entry): every command makes one at start-up, and making a
    record's dataclass cost 1 ms."""

    source: str = "cli"
    name: str | None = None


CLI = Actor()


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


def _columns(table: str, names: Any) -> list[str]:
    allowed = TABLES[table]
    for name in names:
        if name not in allowed:
            raise ValueError(f"{table}.{name} is not a column the writer knows")
    return [f'"{n}"' if n == "key" else n for n in names]


def _params(prefix: str, values: dict[str, Any]) -> dict[str, Any]:
    return {f"{prefix}{k}": v for k, v in values.items()}


def _where(table: str, scope: dict[str, Any]) -> str:
    return " AND ".join(f"{c} = :s_{k}" for c, k in zip(_columns(table, scope), scope)) or "1 = 1"


def _select(db: Db, table: str, scope: dict[str, Any]) -> list[dict[str, Any]]:
    cols = ", ".join(_columns(table, TABLES[table]))
    return db.dicts(f"SELECT {cols} FROM {table} WHERE {_where(table, scope)} ORDER BY id", **_params("s_", scope))


def _select_ids(db: Db, table: str, ids: Sequence[int]) -> list[dict[str, Any]]:
    cols = ", ".join(_columns(table, TABLES[table]))
    found: list[dict[str, Any]] = []
    for marks, params in in_lists("i", ids):
        found += db.dicts(f"SELECT {cols} FROM {table} WHERE id IN {marks}", **params)
    return sorted(found, key=lambda r: r["id"])


def _delete_ids(db: Db, table: str, ids: Sequence[int]) -> None:
    for marks, params in in_lists("i", ids):
        db.write(f"DELETE FROM {table} WHERE id IN {marks}", **params)


def _insert_rows(db: Db, table: str, rows: list[dict[str, Any]]) -> None:
    """Insert rows as they were, ids included (undo puts rows back where they were)."""
    if not rows:
        return
    _columns(table, rows[0])
    db.write_many(table, rows)
    if not db.sqlite and any(r.get("id") is not None for r in rows):  # explicit ids do not move PostgreSQL's sequence
        db.write(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")


def _max_id(db: Db, table: str) -> int:
    return int(db.scalar(f"SELECT MAX(id) FROM {table}") or 0)


def _event_ids(table: str, rows: list[dict[str, Any]]) -> set[int]:
    """The events these rows belong to (whose version a change to them moves)."""
    if table == "event":
        return {r["id"] for r in rows if r.get("id") is not None}
    return {r["event_id"] for r in rows if r.get("event_id") is not None}


class Log(NamedTuple):
    """Which log an entry belongs to: an event's, a league's, or (neither) the roster's.
    A named tuple rather than a frozen record (the same immutable value): every
    command that writes makes one, and making its dataclass cost 1 ms."""

    event_id: int | None = None
    league_id: int | None = None

    def where(self) -> tuple[str, dict[str, Any]]:
        if self.event_id is not None:
            return "event_id = :e", {"e": self.event_id}
        if self.league_id is not None:
            return "league_id = :l AND event_id IS NULL", {"l": self.league_id}
        return "event_id IS NULL AND league_id IS NULL", {}


ROSTER = Log()


class Change:
    """One command's change to the data, logged as one audit entry."""

    def __init__(self, db: Db, action: str, log: Log = ROSTER, by: Actor = CLI):
        self.db, self.action, self.scope, self.by = db, action, log, by
        self.steps: list[dict[str, Any]] = []
        self.events: set[int] = set()
        self.roster = False  # a roster or league table was written

    # --- edits ----------------------------------------------------------------

    def insert(self, table: str, row: dict[str, Any]) -> int:
        """Add one row; returns its id."""
        _columns(table, row)
        new_id = self.db.write_returning_id(table, row)
        self._record({"op": "insert", "table": table, "rows": _select_ids(self.db, table, [new_id])})
        return new_id

    def insert_many(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Add rows (their ids follow the highest so far: every writer queues, on SQLite by
        BEGIN IMMEDIATE, on PostgreSQL on the one advisory lock db.WRITER_LOCK, so nothing
        interleaves; a lock per event would break this numbering)."""
        if not rows:
            return
        _columns(table, rows[0])
        highest = _max_id(self.db, table)
        columns = TABLES[table]
        if tuple(rows[0]) == columns[1:] and all(len(row) == len(columns) - 1 for row in rows):
            # Every column given, in the table's order: the rows are recorded as
            # given, with the ids the writer gives them, and not read back (a
            # round's 10,000 tables: 30 ms). A row missing a column fails the write.
            added = [{"id": new_id, **row} for new_id, row in enumerate(rows, highest + 1)]
            _insert_rows(self.db, table, added)
        else:  # a column left to its default: the rows as the database made them
            self.db.write_many(table, rows)
            added = self.db.dicts(f"SELECT {', '.join(_columns(table, columns))} FROM {table} WHERE id > :h ORDER BY id",
                                  h=highest)
        self._record({"op": "insert", "table": table, "rows": added})

    def update(self, table: str, row_id: int, values: dict[str, Any]) -> None:
        """Change some columns of one row."""
        cols = _columns(table, values)
        found = self.db.dicts(f"SELECT {', '.join(cols)} FROM {table} WHERE id = :id", id=row_id)
        if not found:
            raise ValueError(f"no {table} row {row_id}")
        if found[0] == {c.strip('"'): v for c, v in zip(cols, values.values())}:
            return  # nothing to change: no step, no entry
        sets = ", ".join(f"{c} = :v_{k}" for c, k in zip(cols, values))
        self.db.write(f"UPDATE {table} SET {sets} WHERE id = :id", id=row_id, **_params("v_", values))
        self._record({"op": "update", "table": table, "id": row_id, "before": found[0], "after": dict(values)})

    def update_where(self, table: str, scope: dict[str, Any], values: dict[str, Any]) -> None:
        """Change some columns of every row matching ``scope``."""
        for row in _select(self.db, table, scope):
            if any(row[k] != v for k, v in values.items()):
                self.update(table, row["id"], values)

    def delete(self, table: str, scope: dict[str, Any]) -> None:
        """Remove the rows matching ``scope``."""
        before = _select(self.db, table, scope)
        if before:
            _delete_ids(self.db, table, [r["id"] for r in before])
            self._record({"op": "delete", "table": table, "rows": before})

    def replace(self, table: str, scope: dict[str, Any], rows: list[dict[str, Any]],
                before: list[dict[str, Any]] | None = None) -> None:
        """Make the rows of ``table`` matching ``scope`` exactly ``rows``. ``before=[]``:
        the caller has just found the scope empty in this change (not read again)."""
        if before is None or before:
            before = _select(self.db, table, scope)
        if before:
            _delete_ids(self.db, table, [r["id"] for r in before])
        if rows:
            _columns(table, rows[0])
            self.db.write_many(table, [{k: v for k, v in r.items() if k != "id"} for r in rows])
        after = _select(self.db, table, scope)
        if before or after:
            self._record({"op": "replace", "table": table, "scope": scope, "before": before, "after": after})

    def fill(self, table: str, column: str, groups: dict[Any, list[dict[str, Any]]]) -> None:
        """``replace(table, {column: value}, rows, before=[])`` for each value and its
        rows, every scope known empty in this change, in one statement (an import of
        a whole game: 10,000 tables). The steps are those the replaces would record."""
        rows = [r for group in groups.values() for r in group]
        if not rows:
            return
        _columns(table, [column, *rows[0]])
        highest = _max_id(self.db, table)
        self.db.write_many(table, [{k: v for k, v in r.items() if k != "id"} for r in rows])
        added: dict[Any, list[dict[str, Any]]] = {}
        for row in self.db.dicts(f"SELECT {', '.join(_columns(table, TABLES[table]))} FROM {table} WHERE id > :h ORDER BY id",
                                 h=highest):
            added.setdefault(row[column], []).append(row)
        for value in groups:
            if added.get(value):
                self._record({"op": "replace", "table": table, "scope": {column: value}, "before": [], "after": added[value]})

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """Edits undone alone, with their steps, if the block fails (one bad line of an import)."""
        kept = len(self.steps)
        try:
            with self.db.savepoint():
                yield
        except BaseException:
            del self.steps[kept:]
            raise

    def _scope_events(self, table: str, row_id: int) -> set[int]:
        if table == "event":
            return {row_id}
        if "event_id" in TABLES[table]:
            found = self.db.scalar(f"SELECT event_id FROM {table} WHERE id = :id", id=row_id)
            return set() if found is None else {int(found)}
        return set()

    def _record(self, step: dict[str, Any]) -> None:
        self.steps.append(step)
        self.note(step)

    def note(self, step: dict[str, Any]) -> None:
        """What a step touched: cached reads of its table are dropped, its event's version will move."""
        table = step["table"]
        self.db.touched(table)
        totals.mark(self.db, step)
        if step["op"] == "update":
            self.events |= self._scope_events(table, step["id"])
        else:
            self.events |= _event_ids(table, step.get("rows", []) + step.get("before", []) + step.get("after", []))
        self.roster |= table in ROSTER_TABLES

    # --- the entry --------------------------------------------------------------

    @property
    def changed(self) -> bool:
        return bool(self.steps)

    def log(self, summary: str) -> int | None:
        """Write the audit entry and bump the versions; returns its id (None if nothing changed)."""
        if not self.steps:
            return None
        return write_entry(self.db, self, summary, undone=False)


def write_entry(db: Db, change: Change, summary: str, undone: bool) -> int:
    assert change.by.source in SOURCES
    totals.settle(db)  # the entries' card totals, summed again where this change wrote cards
    entry_id = db.write_returning_id("audit", dict(
        event_id=change.scope.event_id, league_id=change.scope.league_id, at=now(), action=change.action,
        summary=summary, data=json.dumps({"steps": change.steps}, default=str), undone=undone, source=change.by.source, actor=change.by.name))
    db.touched("audit")  # what was read of the log (a page's "updated", web/site.py) is read again
    events = change.events | ({change.scope.event_id} if change.scope.event_id is not None else set())
    bump_versions(db, events, change.roster or change.scope.event_id is None)
    return entry_id


# --- data versions ----------------------------------------------------------------

ALL = "all"
ROSTER_VERSION = "roster"


def event_version_key(event_id: int) -> str:
    return f"event:{event_id}"


def bump_versions(db: Db, events: set[int], roster: bool) -> None:
    """Move the version of everything a change touched, and the whole database's."""
    keys = [ALL] + ([ROSTER_VERSION] if roster else []) + [event_version_key(e) for e in sorted(events)]
    for key in keys:
        db.write("INSERT INTO data_version (scope, version) VALUES (:k, 1)"
                 " ON CONFLICT (scope) DO UPDATE SET version = data_version.version + 1", k=key)


def versions(db: Db, keys: Sequence[str]) -> tuple[int, ...]:
    """The versions of these scopes (0 for one never written)."""
    found: dict[str, int] = {}
    for marks, params in in_lists("k", list(keys)):
        found.update((k, int(v)) for k, v in db.rows(f"SELECT scope, version FROM data_version WHERE scope IN {marks}", **params))
    return tuple(found.get(k, 0) for k in keys)


# --- ratings kept -----------------------------------------------------------------

RATINGS_TABLES = ("player_rating", "rating_change", "ratings_kept")


def keep_ratings(db: Db, settings: dict[str, Any], players: list[dict[str, Any]], changes: list[dict[str, Any]],
                 made_at: int | None = None) -> int:
    """Replace the kept ratings with ones made from scratch (`ratings rebuild`). Derived
    rows, like the card totals: not logged and not undone (undoing a result changes the
    data version, and ratings kept at another version are not read). The versions move
    (the live pages show ratings); the kept rows name the version after that move.
    ``made_at``: ratings a read made from every game at this data version, still the
    database's, with the kept settings: kept as they are, the versions not moved
    (nothing shown changes)."""
    for table in RATINGS_TABLES:
        db.write(f"DELETE FROM {table}")
    db.write_many("player_rating", players)
    db.write_many("rating_change", changes)
    if made_at is None:
        bump_versions(db, set(), roster=True)
        made_at = versions(db, [ALL])[0]
    db.write_many("ratings_kept", [{"id": 1, "version": made_at, "settings": json.dumps(settings, sort_keys=True)}])
    db.touched("ratings_kept")  # ratings read earlier in this transaction were made under other settings
    return made_at


# --- undo -------------------------------------------------------------------------

def _restore(db: Db, table: str, rows: list[dict[str, Any]]) -> None:
    _insert_rows(db, table, rows)


def _refuse_events_with_a_log(db: Db, event_ids: set[int], entry_id: int) -> None:
    """An event made by another log's entry (a consolation, a league night) goes
    only while its own log has nothing left to undo."""
    for event_id in sorted(event_ids):
        if db.scalar("SELECT COUNT(*) FROM audit WHERE event_id = :e AND undone = :f AND id <> :i"
                     f" AND action NOT IN ({', '.join(repr(a) for a in FOUNDING)})", e=event_id, f=False, i=entry_id):
            raise CribError(_still_used(db, "event", event_id, "audit"))


def _refuse_if_referenced(db: Db, table: str, ids: list[int], leaving: dict[str, set[int]], entry_id: int) -> None:
    """Undo must not leave a row pointing at nothing: name what still refers to it."""
    for ref_table, column in REFERENCES.get(table, ()):
        going = leaving.get(ref_table, set())
        for marks, params in in_lists("i", ids):
            for ref_id, target in db.rows(f"SELECT id, {column} FROM {ref_table} WHERE {column} IN {marks}", **params):
                if ref_id not in going:
                    raise CribError(_still_used(db, table, int(target), ref_table))


def _still_used(db: Db, table: str, row_id: int, ref_table: str) -> str:
    if table == "player":
        name = db.scalar("SELECT name FROM player WHERE id = :id", id=row_id)
        what = {"entry": "been entered in an event", "entry_member": "been entered in an event",
                "league_member": "joined a league", "ruling": "a ruling", "special_hand": "a special hand",
                "player_avoid": "players kept apart", "league_absence": "a league absence"}[ref_table]
        return f"cannot undo: {name} has {what} since (undo that first, or keep the player)"
    if table == "event":
        name = db.scalar("SELECT name FROM event WHERE id = :id", id=row_id)
        return f"cannot undo: {name} has changes of its own since (undo them in its own log first)"
    return f"cannot undo: later changes rely on this {table.replace('_', ' ')} (undo them first)"


def _revert(db: Db, step: dict[str, Any], leaving: dict[str, set[int]], entry_id: int) -> dict[str, Any]:
    """Undo one step; returns the step that would redo it (kept in the log)."""
    table, op = step["table"], step["op"]
    if op == "update":
        cols = _columns(table, step["before"])
        current = db.dicts(f"SELECT {', '.join(cols)} FROM {table} WHERE id = :id", id=step["id"])[0]
        sets = ", ".join(f"{c} = :v_{k}" for c, k in zip(cols, step["before"]))
        db.write(f"UPDATE {table} SET {sets} WHERE id = :id", id=step["id"], **_params("v_", step["before"]))
        return {"op": "update", "table": table, "id": step["id"], "before": current, "after": step["before"]}
    if op == "insert":
        ids = [r["id"] for r in step["rows"]]
        _refuse_if_referenced(db, table, ids, leaving, entry_id)
        _delete_ids(db, table, ids)
        return {"op": "delete", "table": table, "rows": step["rows"]}
    if op == "delete":
        _restore(db, table, step["rows"])
        return {"op": "insert", "table": table, "rows": step["rows"]}
    now_there = _select(db, table, step["scope"])
    gone = {int(r["id"]) for r in now_there} - {int(r["id"]) for r in step["before"]}
    _refuse_if_referenced(db, table, sorted(gone), leaving, entry_id)
    _delete_ids(db, table, [r["id"] for r in now_there])
    _restore(db, table, step["before"])
    return {"op": "replace", "table": table, "scope": step["scope"], "before": now_there, "after": step["before"]}


def _leaving(steps: list[dict[str, Any]]) -> dict[str, set[int]]:
    """Rows that undoing these steps removes: references among them are fine."""
    found: dict[str, set[int]] = {}
    for step in steps:
        ids = [r["id"] for r in step.get("rows", [])] if step["op"] == "insert" else (
            [r["id"] for r in step.get("after", [])] if step["op"] == "replace" else [])
        found.setdefault(step["table"], set()).update(ids)
    return found


@record
class LogEntry:
    """One entry of a log."""

    id: int
    at: str
    action: str
    summary: str
    undone: bool
    source: str
    actor: str | None


# The entry that made a log's event or league: the bottom of its stack, which undo
# stops at (an event undone back to nothing is still there, empty, as made).
FOUNDING = ("new-event", "league new")


def newest_entry(db: Db, log: Log) -> tuple[LogEntry, list[dict[str, Any]]] | None:
    """The newest entry of a log that undo would take back, with its steps."""
    where, params = log.where()
    row = db.row(f"SELECT id, at, action, summary, source, actor, data FROM audit WHERE {where} AND undone = :f"
                 f" AND action NOT IN ({', '.join(repr(a) for a in FOUNDING)}) ORDER BY id DESC", f=False, **params)
    if row is None:
        return None
    entry = LogEntry(int(row[0]), str(row[1])[:19], row[2], row[3], False, row[4], row[5])
    return entry, json.loads(row[6])["steps"]


def undo_newest(db: Db, log: Log, nothing: str, after: Callable[[Change], None] | None = None, by: Actor = CLI,
                expected: int | None = None) -> LogEntry:
    """Revert the newest entry of ``log`` not yet undone, of whatever kind. ``after``
    may make follow-on edits (a recut) that belong to the undo entry itself.
    ``expected``: the entry the director saw as the newest; refused (Stale) when a
    newer one has arrived since, so an undo never reverts what nobody looked at."""
    found = newest_entry(db, log)
    if found is None:
        raise CribError(nothing)
    entry, steps = found
    refuse_unseen(entry, expected)
    leaving = _leaving(steps)
    _refuse_events_with_a_log(db, leaving.get("event", set()), entry.id)
    redo = [_revert(db, step, leaving, entry.id) for step in reversed(steps)]
    follow = Change(db, "undo", log, by)
    follow.steps = redo
    for step in redo:
        follow.note(step)
    if after is not None:
        after(follow)
    db.write("UPDATE audit SET undone = :t WHERE id = :id", t=True, id=entry.id)
    write_entry(db, follow, f"undid #{entry.id}: {entry.summary}", undone=True)
    return entry


def refuse_unseen(newest: LogEntry, expected: int | None) -> None:
    """Refuse (Stale) an undo of change ``expected`` when ``newest`` is another: a
    newer change arrived since the director looked (or he named an older one)."""
    if expected is None or newest.id == expected:
        return
    if newest.id < expected:
        raise Stale(f"change #{expected} is not the newest change that can be undone (that is #{newest.id}: {newest.summary})")
    raise Stale(f"a newer change arrived: #{newest.id}, {newest.summary}; nothing was undone")


def log_entries(db: Db, log: Log) -> list[LogEntry]:
    where, params = log.where()
    return [LogEntry(int(i), str(at)[:19], action, summary, bool(undone) and action != "undo", source, actor)
            for i, at, action, summary, undone, source, actor in db.rows(
                f"SELECT id, at, action, summary, undone, source, actor FROM audit WHERE {where} ORDER BY id", **params)]


def entries_after(db: Db, log: Log, audit_id: int) -> list[int]:
    where, params = log.where()
    return [int(r[0]) for r in db.rows(f"SELECT id FROM audit WHERE {where} AND id > :i", i=audit_id, **params)]


def last_entry_id(db: Db, log: Log) -> int:
    where, params = log.where()
    return int(db.scalar(f"SELECT MAX(id) FROM audit WHERE {where}", **params) or 0)


def newest_audit_id(db: Db) -> int:
    """The newest audit entry of any log (0: none)."""
    return int(db.scalar("SELECT MAX(id) FROM audit") or 0)


def steps_after(db: Db, audit_id: int) -> list[dict[str, Any]]:
    """Every step of every entry newer than ``audit_id``, in the order written (an
    undo's entry holds its reverting steps): all that changed the data since."""
    return [step for (data,) in db.rows("SELECT data FROM audit WHERE id > :i ORDER BY id", i=audit_id)
            for step in json.loads(data)["steps"]]


def last_change_at(db: Db) -> str | None:
    """When anything last changed."""
    at = db.scalar("SELECT MAX(at) FROM audit")
    return None if at is None else str(at)
