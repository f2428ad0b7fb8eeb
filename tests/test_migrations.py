"""Upgrading a database from every past schema version to the latest gives the
same tables as a new database, and keeps its data; on SQLite and, when a server
is given, on PostgreSQL."""

import json
import os
import sqlite3
import uuid

import pytest

from crib_tourney.store import migrations
from crib_tourney.store.sql import Db

SERVER = os.environ.get("CRIB_TOURNEY_TEST_POSTGRES")

# One game of version 1, written in the SQL of its day.
V1_DATA = """
INSERT INTO player (id, name, created_at) VALUES (1, 'Ann', '2026-01-01 00:00:00'), (2, 'Bob', '2026-01-01 00:00:00');
INSERT INTO event (id, name, games, variant, format, win_points, skunk_points, double_skunk_points, skunk_margin,
  double_skunk_margin, forfeit_points, forfeit_spread, muggins, best_of, final_best_of, qualify_ratio, created_at)
  VALUES (1, 'Old Open', 1, 'standard', 'acc', 2, 3, 3, 31, 61, 2, 10, FALSE, 3, 5, 0.5, '2026-01-01 00:00:00');
INSERT INTO entry (id, event_id, player_id, seq, first_game) VALUES (1, 1, 2, 1, 1), (2, 1, 1, 2, 1);
INSERT INTO pairing (id, event_id, game_no, table_no, player1_id, player2_id) VALUES (1, 1, 1, 1, 1, 2);
INSERT INTO outcome (id, event_id, pairing_id, player_id, own_score, opp_score, forfeit, source)
  VALUES (1, 1, 1, 1, 121, 85, 'none', 'result'), (2, 1, 1, 2, 85, 121, 'none', 'result');
INSERT INTO audit (id, event_id, at, action, summary, data, undone) VALUES (1, 1, '2026-01-01 00:00:00', 'result',
  'game 1 table 1: Ann 121 - Bob 85', '{"pairings": [1], "before": [], "after": []}', FALSE);
INSERT INTO schema_version (version) VALUES (1);
"""


def build_old(db: Db, version: int) -> None:
    migrations.run_script(db, migrations.V1)
    migrations.run_script(db, V1_DATA)
    if not db.sqlite:  # the data above names its ids; real rows took theirs from the sequences
        for table in ("player", "event", "entry", "pairing", "outcome", "audit"):
            db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")
    for target, step in migrations.MIGRATIONS:
        if target <= version:
            step(db)
            db.execute("INSERT INTO schema_version (version) VALUES (:v)", v=target)


def shape(url: str) -> dict:
    """Every table's columns (name, nullability), unique column sets and indexes
    (on SQLite, whose reflection skips an index on an expression, by name too)."""
    import warnings

    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(url)
    try:
        found = inspect(engine)
        tables = {}
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based index")
            for table in found.get_table_names():
                columns = sorted((c["name"], c["nullable"]) for c in found.get_columns(table))
                unique = {tuple(sorted(u["column_names"])) for u in found.get_unique_constraints(table)}
                unique |= {tuple(sorted(i["column_names"])) for i in found.get_indexes(table) if i["unique"]}
                indexes = sorted((i["name"], tuple(i["column_names"])) for i in found.get_indexes(table) if not i["unique"])
                tables[table] = (columns, sorted(unique), indexes)
        if url.startswith("sqlite"):
            with engine.connect() as connection:
                tables["index names"] = sorted(r[0] for r in connection.execute(text(
                    "SELECT tbl_name || '.' || name FROM sqlite_master WHERE type = 'index' AND sql NOT LIKE 'CREATE UNIQUE%'")))
        return tables
    finally:
        engine.dispose()


def fresh_shape(url: str) -> dict:
    """The shape of a new database made at ``url``."""
    from crib_tourney.store.db import ensure_schema

    ensure_schema(url).dispose()
    return shape(url)


@pytest.fixture(scope="module")
def new_sqlite_shape(tmp_path_factory) -> dict:
    """A new SQLite database's shape, the same for every version upgraded: read once."""
    return fresh_shape(f"sqlite:///{tmp_path_factory.mktemp('fresh') / 'fresh.db'}")


def check_upgraded(url: str, new_shape: dict) -> None:
    from crib_tourney.inputs.names import event_id
    from crib_tourney.services.results import undo
    from crib_tourney.services.standings import standings
    from crib_tourney.store.db import ensure_schema, transaction

    ensure_schema(url).dispose()
    assert shape(url) == new_shape
    with transaction(url) as db:
        assert db.scalar("SELECT MAX(version) FROM schema_version") == migrations.LATEST_VERSION
        # schema 14: an old event seats two sides, its tables no third, its cards no second opponent
        assert db.rows("SELECT sides, place_points FROM event") == [(2, "2,1,0")]
        assert db.rows("SELECT entry3_id FROM pairing") == [(None,)]
        assert db.rows("SELECT opp2_score FROM outcome") == [(None,), (None,)]
        loaded = standings(db, event_id(db, "Old Open"))
        assert [(r["player"], r["game_points"], r["spread"]) for r in loaded.rows] == [("Ann", 3, 36), ("Bob", 0, -36)]
        steps = json.loads(db.scalar("SELECT data FROM audit WHERE id = 1"))["steps"]
        assert steps[0]["table"] == "outcome" and steps[0]["scope"] == {"pairing_id": 1}
        # the old entry can still be undone, and new rows do not collide with kept ids
        undo(db, event_id(db, "Old Open"))
    with transaction(url) as db:
        assert db.scalar("SELECT COUNT(*) FROM outcome") == 0
        from crib_tourney.store.writer import Change, Log

        change = Change(db, "result", Log(1))
        change.insert("outcome", dict(event_id=1, pairing_id=1, entry_id=1, own_score=121, opp_score=1, forfeit="none",
                                      source="result"))
        change.log("a new row after the upgrade")


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
def test_sqlite_upgrades_from_every_version(tmp_path, version, new_sqlite_shape):
    path = tmp_path / f"v{version}.db"
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("PRAGMA synchronous=OFF")  # building the old file: a wait for the disk after each of its statements
    build_old(Db(connection, sqlite=True), version)
    connection.close()
    check_upgraded(f"sqlite:///{path}", new_sqlite_shape)


@pytest.mark.skipif(not SERVER, reason="no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")
@pytest.mark.parametrize("version", [1, 4, 19])  # the oldest, the one before the schema-5 reshape, the last: SQLite runs them all
def test_postgresql_upgrades_from_every_version(version):
    psycopg = pytest.importorskip("psycopg")
    from sqlalchemy import create_engine

    admin = SERVER.replace("postgresql+psycopg://", "postgresql://")
    names = [f"crib_mig_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    with psycopg.connect(admin, autocommit=True) as conn:
        for name in names:
            conn.execute(f'CREATE DATABASE "{name}"')
    urls = [SERVER.rsplit("/", 1)[0] + "/" + name for name in names]
    try:
        engine = create_engine(urls[0])
        with engine.begin() as connection:
            build_old(Db(connection, sqlite=False), version)
        engine.dispose()
        check_upgraded(urls[0], fresh_shape(urls[1]))
    finally:
        from tests.conftest import drop_database

        for name in names:
            drop_database(admin, name)
