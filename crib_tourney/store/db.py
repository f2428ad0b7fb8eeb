"""Database setup: engine, per-connection pragmas, transactions and migrations.

The only SQLite-specific code of the project lives here: pragmas on connect and
BEGIN IMMEDIATE for writers, so two terminals writing at once queue up instead of
failing. Any SQLAlchemy URL works (PostgreSQL included).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from sqlalchemy import event as sa_event
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, create_engine

from crib_tourney.errors import CribError
from crib_tourney.store import models  # noqa: F401  (registers the tables)
from crib_tourney.store.migrations import LATEST_VERSION, MIGRATIONS

BUSY_TIMEOUT_MS = 30_000


def database_url(location: str) -> str:
    if "://" in location:
        return location
    return f"sqlite:///{location}"


def make_engine(location: str, write: bool) -> Engine:
    url = database_url(location)
    if not url.startswith("sqlite"):
        return create_engine(url)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @sa_event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        # Let SQLAlchemy's "begin" event decide how transactions start.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @sa_event.listens_for(engine, "begin")
    def _on_begin(connection):  # type: ignore[no-untyped-def]
        # A writer takes the write lock up front: a deferred transaction that
        # upgrades after another writer committed fails at once with SQLITE_BUSY.
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def ensure_schema(engine: Engine) -> None:
    """Create a new database, or upgrade an older one in place."""
    with engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        if "schema_version" not in tables:
            if tables:
                raise RuntimeError("not a crib-tourney database (no schema_version table)")
            SQLModel.metadata.create_all(conn)
            conn.execute(text("INSERT INTO schema_version (version) VALUES (:v)"), {"v": LATEST_VERSION})
            return
        version = conn.execute(text("SELECT MAX(version) FROM schema_version")).scalar() or 0
        if version > LATEST_VERSION:
            raise CribError(
                f"this database was written by a newer crib-tourney (schema {version} > {LATEST_VERSION}); upgrade the tool"
            )
        for target, migrate in MIGRATIONS:
            if target > version:
                migrate(conn)
                conn.execute(text("INSERT INTO schema_version (version) VALUES (:v)"), {"v": target})


_checked: set[str] = set()


@contextmanager
def transaction(location: str, write: bool = True) -> Iterator[Session]:
    """One command, one transaction: commit on success, roll back on any error."""
    engine = make_engine(location, write)
    try:
        if location not in _checked:
            ensure_schema(engine)
            _checked.add(location)
        with Session(engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise
    finally:
        engine.dispose()


def describe_db_error(exc: Exception) -> str:
    text_ = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "database is locked" in text_:
        return "the database is busy (another command held it for too long); nothing was changed, try again"
    if "unable to open database" in text_:
        return "cannot open the database file (check the --db path and its folder)"
    if "file is not a database" in text_ or "not a crib-tourney database" in text_:
        return "that file is not a crib-tourney database"
    return f"database error: {text_}; nothing was changed"
