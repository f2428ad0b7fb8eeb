"""The web's one seam to the database: the transactions a request runs in (a
write through the writer, a read-only read), the read-only connection each of
the server's threads keeps, the data version every request asks first, and the
memo the threads reading one version share. web/ imports these from here and
nothing from store/ (tests/test_web_through_services.py holds it to that).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from crib_tourney.store.db import open_read_only
from crib_tourney.store.db import read_only as read_only
from crib_tourney.store.db import transaction as transaction
from crib_tourney.store.sql import Db as Db
from crib_tourney.store.sql import SharedMemo as SharedMemo
from crib_tourney.store.sql import sqlite_path
from crib_tourney.store.writer import ALL, versions


def data_version(db: Db) -> tuple[int, ...]:
    """The version of all the data: every write moves it, in its own transaction."""
    return versions(db, [ALL])


def on_sqlite(location: str) -> bool:
    """Whether the location is a SQLite file (whose WAL reads never wait for a writer)."""
    return sqlite_path(location) is not None


class Reader:
    """Read-only transactions for the server's threads: on SQLite through a connection
    each thread keeps open (opening one, about a millisecond and more on a busy
    machine, costs more than answering most requests); elsewhere (PostgreSQL)
    through the engine's pool, as ``read_only`` does."""

    def __init__(self, location: str):
        self.location = location
        self.path = sqlite_path(location)
        self.local = threading.local()

    @contextmanager
    def __call__(self) -> Iterator[Db]:
        if self.path is None:
            with read_only(self.location) as db:
                yield db
            return
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.local.connection = open_read_only(self.path)
        connection.execute("BEGIN")
        try:
            yield Db(connection, sqlite=True)
        finally:
            connection.execute("COMMIT")
