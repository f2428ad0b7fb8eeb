"""Read-only transactions for the server's threads: on SQLite through a connection
each thread keeps open (opening one, about a millisecond and more on a busy
machine, costs more than answering most requests); elsewhere (PostgreSQL)
through the engine's pool, as store/db.py does."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from crib_tourney.store.db import open_read_only, read_only
from crib_tourney.store.sql import Db, sqlite_path


class Reader:
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
