"""The writer's tables and references (store/tables.py) are what the models
declare, by table name; and they are the tables the migrations create on a fresh
database, with the same columns and foreign keys."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from crib_tourney.store import migrations, tables
from crib_tourney.store.db import upgrade
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import REFERENCES, TABLES


def test_the_lists_are_derived_from_the_models():
    assert tables.derive() == (TABLES, REFERENCES)


def test_the_module_is_current():
    """What `python -m crib_tourney.store.tables` writes is what is there."""
    here = Path(tables.__file__).read_text(encoding="utf-8")
    assert tables.source(*tables.derive()) == here, "run: python -m crib_tourney.store.tables"


def migrated(tmp_path: Path) -> sqlite3.Connection:
    """A fresh database made by every migration step, from the first."""
    from sqlalchemy import create_engine

    path = tmp_path / "migrated.db"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        db = Db(conn, sqlite=True, via_sqlalchemy=True)
        migrations.run_script(db, migrations.V1)
        db.execute("INSERT INTO schema_version (version) VALUES (:v)", v=1)
        upgrade(db, 1)
    engine.dispose()
    return sqlite3.connect(path)


def test_the_migrations_create_the_tables_the_models_declare(tmp_path):
    con = migrated(tmp_path)
    try:
        made = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        assert made == set(TABLES) | set(tables.KEPT_APART)
        for table, columns in TABLES.items():
            assert {r[1] for r in con.execute(f"PRAGMA table_info({table})")} == set(columns), table
        declared = {(table, row[3], row[2]) for table in TABLES for row in con.execute(f"PRAGMA foreign_key_list({table})")
                    if row[2] in TABLES}
        derived = {(table, column, target) for target, refs in REFERENCES.items() for table, column in refs}
        undeclared = {(table, column, target) for (table, column), target in tables.UNDECLARED.items()}
        assert declared == derived - undeclared
    finally:
        con.close()


def test_the_writer_never_writes_its_own_bookkeeping():
    assert not set(TABLES) & set(tables.KEPT_APART)
    assert all(why for why in tables.KEPT_APART.values())
