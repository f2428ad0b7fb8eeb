"""A thin connection that runs portable SQL with :name parameters.

Why not the ORM for queries: every command is a fresh process, and importing
SQLAlchemy and SQLModel costs about 0.45 s here before any work is done, which
alone breaks the 0.3 s budget for entering a result. So the SQLModel tables in
models.py remain the schema's single source (creation and migrations use them),
while queries are plain standard SQL run through this wrapper, straight on the
database's own driver: the standard library's sqlite3, which takes :name
parameters as written, or, under a SQLAlchemy connection (PostgreSQL), the
driver connection SQLAlchemy holds (psycopg: its :name parameters rewritten once
per statement to %(name)s). SQLAlchemy still opens, pools, begins and commits
that connection; going round its text() for each statement made a player's live
page on PostgreSQL 4.8 -> 3.0 ms (tests/benchmarks/bench_pages.py).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager
import re
from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable, Iterator, Sequence, TypeVar
import json

T = TypeVar("T")

BUSY_TIMEOUT_S = 30


class SharedMemo(dict):  # type: ignore[type-arg]
    """A memo that threads reading one data version share (serve): each key is
    built by one thread while the others wait for it, so a burst of pages after a
    change computes the standings once, not once a thread."""

    def __init__(self) -> None:
        super().__init__()
        self._locks: dict[Any, threading.RLock] = {}
        self._lock = threading.Lock()

    def guard(self, key: Any) -> threading.RLock:
        with self._lock:
            return self._locks.setdefault(key, threading.RLock())


class Db:
    def __init__(self, connection: Any, sqlite: bool, via_sqlalchemy: bool | None = None):
        self._connection = connection  # what begins and commits: a sqlite3 or a SQLAlchemy connection
        self.sqlite = sqlite  # the engine: SQLite or not (DDL words, locks)
        self._raw = sqlite if via_sqlalchemy is None else not via_sqlalchemy  # a stdlib sqlite3 connection
        # what runs the statements: the driver's own connection (under SQLAlchemy's, the one it holds)
        self._driver = connection if self._raw else connection.connection.driver_connection
        self._named = isinstance(self._driver, sqlite3.Connection)  # takes :name as written; else %(name)s
        # per-command memo of reads (the roster's names, an event's entries), each
        # kept with the tables it read: the writer drops it when one of them changes
        self._memo: dict[Any, tuple[frozenset[str], Any]] = {}
        self._written: list[str] = []  # tables written, in order (a savepoint rolled back forgets reads of its own)
        # store/totals.py: the writer's steps that wrote cards or events in this
        # transaction, and how many of them the kept totals hold already
        self.totals_steps: list[dict[str, Any]] = []
        self.totals_settled = 0

    def memo(self, key: Any, tables: Sequence[str], build: Callable[[], T]) -> T:
        """``build()`` once per command, until one of ``tables`` is written."""
        if key not in self._memo:
            if isinstance(self._memo, SharedMemo):
                with self._memo.guard(key):  # another thread may be building it: wait for its result
                    if key not in self._memo:
                        self._memo[key] = (frozenset(tables), build())
            else:
                self._memo[key] = (frozenset(tables), build())
        return self._memo[key][1]  # type: ignore[no-any-return]

    def memoized(self, key: Any) -> Any:
        """What ``memo`` holds for ``key`` now, without building it (None: not read,
        or dropped since): a lookup of one row uses a whole map a command has read."""
        found = self._memo.get(key)
        return None if found is None else found[1]

    def share_memo(self, memo: dict[Any, Any]) -> None:
        """Read through a memo kept beyond this transaction: only for readers that
        know the data has not changed since it was filled (serve, by the data version)."""
        self._memo = memo

    def touched(self, table: str) -> None:
        """A table was written: forget what was read from it."""
        self._memo = {k: v for k, v in self._memo.items() if table not in v[0]}
        self._written.append(table)

    def _run(self, sql: str, params: Any) -> Any:
        """A cursor over ``sql`` run with ``params`` (a dict of :name values)."""
        if self._named:
            return self._driver.execute(sql, params)
        return self._driver.execute(pyformat(sql), params) if params else self._driver.execute(sql)

    def dicts(self, sql: str, **params: Any) -> list[dict[str, Any]]:
        """Rows as dicts keyed by column name (never by position)."""
        cursor = self._run(sql, params)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, r)) for r in cursor.fetchall()]

    def rows(self, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        return list(self._run(sql, params).fetchall())

    def ints(self, sql: str, **params: Any) -> list[int]:
        """The integers of a one-column query. SQLite hands them over as one JSON
        array: a Python row for each of 220,000 cost more than the query itself."""
        if self._named:
            try:
                found = self._run(f"WITH int_column(v) AS ({sql}) SELECT json_group_array(v) FROM int_column", params).fetchone()
                return json.loads(found[0])  # type: ignore[no-any-return]
            except sqlite3.OperationalError as exc:
                if "json_group_array" not in str(exc):  # only an SQLite built without JSON reads them row by row
                    raise
        return [int(r[0]) for r in self.rows(sql, **params)]

    def stream(self, sql: str, **params: Any) -> Iterator[tuple[Any, ...]]:
        """Rows one at a time, for the queries that read a whole event (440,000
        cards at 20,000 players): nothing holds them all at once."""
        yield from self._run(sql, params)

    def row(self, sql: str, **params: Any) -> tuple[Any, ...] | None:
        found = self.rows(sql, **params)
        return found[0] if found else None

    def scalar(self, sql: str, **params: Any) -> Any:
        found = self.row(sql, **params)
        return None if found is None else found[0]

    def execute(self, sql: str, **params: Any) -> None:
        """A statement that changes no data (a lock, a transaction mode, a schema step)."""
        self._run(sql, params)

    # The three writes below are called by store/writer.py (and schema steps) only.

    def write(self, sql: str, **params: Any) -> None:
        self.execute(sql, **params)

    def write_returning_id(self, table: str, values: dict[str, Any]) -> int:
        """Insert one row and return its id."""
        columns = ", ".join(values)
        marks = ", ".join(f":{k}" for k in values)
        sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
        if self._named:
            return int(self._run(sql, values).lastrowid)
        return int(self._run(sql + " RETURNING id", values).fetchone()[0])

    def write_rows(self, sql: str, rows: Sequence[dict[str, Any]]) -> None:
        """One statement run for each of ``rows`` (its named parameters)."""
        if rows:
            self._driver.cursor().executemany(sql if self._named else pyformat(sql), rows)

    def write_many(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        columns = list(rows[0])
        if self._named:  # positional: SQLite looks up each named parameter of each row (10,000 tables: 15 ms)
            values = map(itemgetter(*columns), rows) if len(columns) > 1 else ((r[columns[0]],) for r in rows)
            self._driver.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                                     values)
        else:
            self.write_rows(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})", rows)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A nested transaction: undone alone if the block fails (and what was
        read after its writes is forgotten with them)."""
        written = len(self._written)
        steps, settled = len(self.totals_steps), self.totals_settled
        try:
            if self._raw:
                self._connection.execute("SAVEPOINT row")
                try:
                    yield
                except BaseException:
                    self._connection.execute("ROLLBACK TO SAVEPOINT row")
                    self._connection.execute("RELEASE SAVEPOINT row")
                    raise
                self._connection.execute("RELEASE SAVEPOINT row")
            else:
                with self._connection.begin_nested():
                    yield
        except BaseException:
            for table in set(self._written[written:]):
                self.touched(table)
            del self._written[written:]
            # its steps are gone, and so are the sums added in since it began (store/totals.py)
            del self.totals_steps[steps:]
            self.totals_settled = min(self.totals_settled, settled)
            raise


# A :name parameter as SQLAlchemy's text() finds one (not a '::' cast, not inside a word)
_NAMED = re.compile(r"(?<![:\w\\]):(\w+)(?!:)")


@lru_cache(maxsize=4096)
def pyformat(sql: str) -> str:
    """``sql`` with its :name parameters as %(name)s, and any % doubled (psycopg's style).

    >>> pyformat("SELECT id FROM player WHERE name LIKE '%a' AND id = :id AND x::text = :v")
    "SELECT id FROM player WHERE name LIKE '%%a' AND id = %(id)s AND x::text = %(v)s"
    """
    return _NAMED.sub(r"%(\1)s", sql.replace("%", "%%"))


IN_CHUNK = 500  # values per 'IN (...)': SQLite finds named parameters one by one (quadratic), and caps them at 32,766


def in_lists(name: str, values: Sequence[Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """SQL for 'IN (...)' and its named parameters, one chunk of values at a
    time: run the query once per chunk and join the rows."""
    values = list(dict.fromkeys(values))
    for start in range(0, len(values), IN_CHUNK):
        params = {f"{name}{i}": v for i, v in enumerate(values[start:start + IN_CHUNK])}
        yield "(" + ", ".join(f":{k}" for k in params) + ")", params


def sqlite_path(location: str) -> str | None:
    """The file of a SQLite location (a path or sqlite:/// URL), else None."""
    if "://" not in location:
        return location
    if location.startswith("sqlite:///"):
        return location[len("sqlite:///"):]
    return None


def connect_sqlite(path: str) -> sqlite3.Connection:
    """A connection with the project's pragmas; the caller begins the transaction."""
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
    # FULL: a committed result survives a power cut too, not only a crash of the program
    connection.execute("PRAGMA synchronous=FULL")
    return connection


def use_wal(connection: sqlite3.Connection) -> None:
    """Write-ahead logging (readers never wait for a writer). Switched on only once
    the file is known to be a crib-tourney database: the mode is written into
    the file's header, and a file that is refused must be left as it was."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        try:
            mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        except sqlite3.OperationalError as exc:
            # switching needs the file to itself and does not wait for it (a second
            # command starting on a brand-new database): try again until the timeout
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
            continue
        if mode in ("memory", "off"):
            return  # a database that can never have WAL (in memory): asking again looped for ever
        if mode != "wal":  # the deadline holds without an exception too
            if time.monotonic() > deadline:
                raise sqlite3.OperationalError(f"the journal stays '{mode}': cannot switch it to WAL")
            time.sleep(0.02)


def begin(connection: sqlite3.Connection, write: bool) -> None:
    # A writer takes the write lock up front: a deferred transaction that upgrades
    # after another writer committed fails at once with SQLITE_BUSY instead of waiting.
    connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
