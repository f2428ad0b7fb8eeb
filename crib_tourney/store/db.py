"""Opening the database: one command, one transaction.

The only SQLite-specific code of the project lives here and in sql.py: pragmas on
connect and BEGIN IMMEDIATE for writers, so two terminals writing at once queue up
instead of failing. Any other SQLAlchemy URL (PostgreSQL) works through SQLAlchemy.
Creating and upgrading the schema uses the SQLModel tables, and is imported only
when a database is new or older than this release.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator
import time

from crib_tourney.errors import CribError
from crib_tourney.store import sql
from crib_tourney.store.sql import Db, begin, connect_sqlite, sqlite_path, use_wal
from crib_tourney.store.migrations import LATEST_VERSION as latest, MIGRATIONS

LATEST_VERSION = 24  # keep equal to migrations.LATEST_VERSION (a test checks)
WRITER_LOCK = 0x637269625F74  # PostgreSQL advisory lock key that writers queue on
PAUSE_BEFORE_COMMIT = "CRIB_TOURNEY_PAUSE_BEFORE_COMMIT"  # see pause_before_commit
PAUSE_LIMIT_S = 60


def pause_before_commit() -> None:
    """For kill tests: with CRIB_TOURNEY_PAUSE_BEFORE_COMMIT=PATH in the environment,
    a writing transaction whose writes are all done appends a line (its process id)
    to PATH and then waits, up to 60 s, before its COMMIT. A test waits for PATH to
    appear and kills the command at exactly that moment, whatever the machine's
    load (tests/cli/test_crashes.py); a command not killed commits after the wait.
    Unset (always, outside tests) it costs one environment lookup per write."""
    path = os.environ.get(PAUSE_BEFORE_COMMIT)
    if not path:
        return

    with open(path, "a", encoding="utf-8") as marker:
        marker.write(f"{os.getpid()}\n")
    time.sleep(PAUSE_LIMIT_S)


@contextmanager
def transaction(location: str, write: bool = True) -> Iterator[Db]:
    """Commit when the block succeeds, roll back on any error."""
    path = sqlite_path(location)
    if path is None:
        yield from _sqlalchemy_transaction(location, write)
        return
    if not write and not Path(path).exists():
        # a command that only reads never creates a database (a typo'd --db path)
        raise CribError(f"no crib-tourney database at {path} (give --db, or set CRIB_TOURNEY_DB)")
    if not write and Path(path).is_file() and Path(path).stat().st_size == 0:
        raise CribError(f"{path} is an empty file, not a crib-tourney database (a command that only reads never creates one)")
    try:
        connection = _opened(path, write)
    except sqlite3.OperationalError as exc:
        # a medium that takes no writes (read-only, or full): the usual opening writes (the
        # WAL's index file, the journal mode) and failed, though a read needs none of it
        if write or not any(text in str(exc) for text in _CANNOT_WRITE) or not Path(path).is_file():
            raise
        found = _opened_where_nothing_can_be_written(path)
        if found is None:
            raise
        connection = found
    try:
        try:
            yield Db(connection, sqlite=True)
            if write:
                pause_before_commit()
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
    finally:
        connection.close()


def _opened(path: str, write: bool) -> sqlite3.Connection:
    """A connection to the file in a transaction begun (its schema created or upgraded first)."""
    connection = connect_sqlite(path)
    try:
        if _schema_version(connection) != LATEST_VERSION:
            connection.close()  # new or older database: create or upgrade it, then reopen
            ensure_schema(f"sqlite:///{path}").dispose()  # close its pool: no connection outlives the command
            connection = connect_sqlite(path)
        use_wal(connection)
        begin(connection, write)  # waits out the busy timeout; fails before any change
    except BaseException:
        connection.close()
        raise
    return connection


_CANNOT_WRITE = ("unable to open database file", "attempt to write a readonly database", "database or disk is full",
                 "disk I/O error")


def _opened_where_nothing_can_be_written(path: str) -> sqlite3.Connection | None:
    """A reading transaction begun on a file that cannot be written (open_read_only);
    None when it does not open so either (the first failure is then the one to tell)."""
    try:
        connection = open_read_only(path)
    except sqlite3.OperationalError as exc:
        if not any(text in str(exc) for text in _CANNOT_WRITE):
            raise
        return None
    try:
        version = _schema_version(connection)
    except sqlite3.OperationalError as exc:
        connection.close()
        if not any(text in str(exc) for text in _CANNOT_WRITE):
            raise
        return None
    if version != LATEST_VERSION:
        connection.close()
        raise CribError(f"{path} is a crib-tourney database of an older schema ({version}) on a medium that cannot"
                        " be written: copy it where it can be (it is upgraded on the way in)")
    connection.execute("BEGIN")
    return connection


_ENGINES: dict[str, Any] = {}  # one engine (and pool) per server URL for the life of the process


@contextmanager
def read_only(location: str) -> Iterator[Db]:
    """A transaction that cannot write: the web view's. SQLite opens the file
    read-only (mode=ro); PostgreSQL runs the transaction READ ONLY. The schema
    must be current already (serve checks it once at start)."""
    path = sqlite_path(location)
    if path is None:
        if location not in _ENGINES:
            _ENGINES[location] = ensure_schema(location)
        with _ENGINES[location].begin() as connection:
            db = Db(connection, sqlite=location.startswith("sqlite"), via_sqlalchemy=True)
            if not db.sqlite:
                db.execute("SET TRANSACTION READ ONLY")
            yield db
        return
    connection = open_read_only(path)
    try:
        connection.execute("BEGIN")
        yield Db(connection, sqlite=True)
        connection.execute("COMMIT")
    finally:
        connection.close()


def open_read_only(path: str) -> sqlite3.Connection:
    """A connection that cannot write to this SQLite file (serve keeps one per thread).
    Where the medium takes no writes (read-only, or full) and a read-only connection
    cannot make the WAL's index file, the file is opened immutable: nothing can change it."""
    for options in ("mode=ro", "immutable=1"):
        connection = sqlite3.connect(f"{Path(path).resolve().as_uri()}?{options}", uri=True, timeout=sql.BUSY_TIMEOUT_S,
                                     isolation_level=None, check_same_thread=True)
        if options == "immutable=1":
            return connection
        try:
            connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # the WAL index is opened on the first read
            return connection
        except sqlite3.OperationalError as exc:
            connection.close()
            if not any(text in str(exc) for text in _CANNOT_WRITE):
                raise
    raise AssertionError("unreachable")


def _sqlalchemy_transaction(url: str, write: bool) -> Iterator[Db]:
    # The schema is checked once per process: quick-results and the web view run
    # many transactions, and connecting plus inspecting costs each one ~30 ms.
    if url not in _ENGINES:
        _ENGINES[url] = ensure_schema(url)
    with _ENGINES[url].begin() as connection:
        db = Db(connection, sqlite=url.startswith("sqlite"), via_sqlalchemy=True)
        if write and not db.sqlite:
            # PostgreSQL runs READ COMMITTED: numbers taken with MAX()+1 (games,
            # tables, nights, seeds) would race, so writers queue on one lock, as
            # SQLite's BEGIN IMMEDIATE makes them queue there. Readers never wait.
            db.execute("SELECT pg_advisory_xact_lock(:key)", key=WRITER_LOCK)
        yield db
        if write:
            pause_before_commit()  # the block commits on leaving


def _schema_version(connection: sqlite3.Connection) -> int | None:
    try:
        found = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        return None if found is None else int(found)
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return None
        raise


def ensure_schema(url: str) -> Any:
    """Create a new database from the SQLModel tables, or upgrade an older one in
    place through the frozen migration steps; one transaction either way."""
    from sqlalchemy import create_engine, event

    try:
        engine = create_engine(url)
    except ImportError as exc:
        raise CribError(f"the database driver for this URL is not installed ({exc.name}); "
                        "for PostgreSQL: pip install 'psycopg[binary]'") from None
    sqlite = url.startswith("sqlite")
    if sqlite:

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            dbapi_connection.isolation_level = None
            dbapi_connection.execute("PRAGMA foreign_keys=ON")
            dbapi_connection.execute(f"PRAGMA busy_timeout={sql.BUSY_TIMEOUT_S * 1000}")

        @event.listens_for(engine, "begin")
        def _on_begin(connection):  # type: ignore[no-untyped-def]
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    try:
        _create_or_upgrade(engine, sqlite)
    except BaseException:
        engine.dispose()  # a refused file: no connection (or -wal file) outlives the command
        raise
    return engine


def _create_or_upgrade(engine: Any, sqlite: bool) -> None:
    from sqlalchemy import inspect, text

    with engine.begin() as conn:
        if not sqlite:  # several first commands at once: one creates, the others wait and see it made
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITER_LOCK})
        tables = set(inspect(conn).get_table_names())
        if "schema_version" not in tables:
            if tables:
                raise CribError("not a crib-tourney database (no schema_version table)")
            _create_latest(conn)
            return
        version = conn.execute(text("SELECT MAX(version) FROM schema_version")).scalar()
        if version is None:
            raise CribError("not a crib-tourney database (its schema_version table is empty)")
        upgrade(Db(conn, sqlite=sqlite, via_sqlalchemy=True), version)


def _create_latest(conn: Any) -> None:
    from sqlalchemy import text
    from sqlmodel import SQLModel

    from crib_tourney.store import models  # noqa: F401  (registers the tables)

    SQLModel.metadata.create_all(conn)
    conn.execute(text("INSERT INTO schema_version (version) VALUES (:v)"), {"v": latest})


def upgrade(db: Db, version: int | None) -> None:
    """Run every migration step after ``version``, recording each."""
    version = version or 0
    if version > latest:
        raise CribError(f"this database was written by a newer crib-tourney (schema {version} > {latest}); upgrade the tool")
    for target, migrate in MIGRATIONS:
        if target > version:
            migrate(db)
            db.execute("INSERT INTO schema_version (version) VALUES (:v)", v=target)


def is_database_error(exc: BaseException) -> bool:
    """An error the database or its driver raised (sqlite3, psycopg, SQLAlchemy's own):
    told as one line (describe_db_error), never a traceback."""
    return type(exc).__module__.startswith(("sqlalchemy", "sqlite3", "psycopg"))


def describe_db_error(exc: Exception) -> str:
    text_ = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "database is locked" in text_ or "cannot rollback - no transaction is active" in text_:
        return "the database is busy (another command held it for too long); nothing was changed, try again"
    if "unable to open database" in text_:
        return "cannot open the database file (check the --db path and its folder)"
    if "file is not a database" in text_ or "not a crib-tourney database" in text_:
        return "that file is not a crib-tourney database"
    return f"database error: {text_}; nothing was changed"
