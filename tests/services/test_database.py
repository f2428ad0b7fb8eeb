"""services/database.py: the web's seam to the database: the data version every
request asks first, and whether a location is a SQLite file."""

from __future__ import annotations

from crib_tourney.services import database
from crib_tourney.services.database import Reader, read_only, transaction
from tests.services.builders import new_event


def test_data_version_moves_with_every_write_in_its_own_transaction(location):
    with read_only(location) as db:
        assert database.data_version(db) == (0,)  # never written
    with transaction(location) as db:
        new_event(db)
    with read_only(location) as db:
        first = database.data_version(db)
    with transaction(location) as db:
        new_event(db, "Second", players=())
    with read_only(location) as db:
        second = database.data_version(db)
    assert len(first) == len(second) == 1 and second[0] > first[0] > 0


def test_the_readers_connection_sees_each_new_version(location):
    reader = Reader(location)
    with reader() as db:
        before = database.data_version(db)
    with transaction(location) as db:
        new_event(db)
    with reader() as db:
        assert database.data_version(db) > before


def test_on_sqlite():
    assert database.on_sqlite("crib.db") is True
    assert database.on_sqlite("sqlite:////tmp/crib.db") is True
    assert database.on_sqlite("postgresql://crib@localhost/crib") is False
