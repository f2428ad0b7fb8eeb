"""The one write path, checked from the source: only store/writer.py changes
data (schema creation and migrations aside), and the writer knows every column
of every table it writes."""

from __future__ import annotations

import re
from pathlib import Path

import crib_tourney

PACKAGE = Path(crib_tourney.__file__).parent
SCHEMA_CODE = {"store/migrations.py", "store/db.py", "store/models.py"}  # creating and upgrading the schema
WRITER = ("store/writer.py", "store/totals.py")  # the writer, and the card totals it keeps as it writes cards
SESSIONS = "store/sessions.py"  # the desk's sign-ins: not event data (its docstring says why)
PRIMITIVES = "store/sql.py"  # the connection's write methods, called only by the writer
DML = re.compile(r"""["'](?:\s*)(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b""", re.IGNORECASE)
WRITE_CALLS = re.compile(r"\b(?:db|conn|connection|\w+\.db)\.(write|write_many|write_returning_id)\(")


def _sources() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): p.read_text() for p in PACKAGE.rglob("*.py")}


def test_only_the_writer_changes_data():
    offenders = []
    for name, text in _sources().items():
        if name in WRITER or name in (PRIMITIVES, SESSIONS) or name in SCHEMA_CODE:
            continue
        for pattern in (DML, WRITE_CALLS):
            offenders += [f"{name}: {m.group(0)}" for m in pattern.finditer(text)]
    assert offenders == []


def test_the_detector_finds_a_write_beside_the_writer():
    """The check above can fail: a line that writes around the writer is caught."""
    sneaky = 'db.execute("UPDATE player SET name = :n WHERE id = :i", n="x", i=1)\ndb.write_many("pool", rows)'
    assert DML.search(sneaky) and WRITE_CALLS.search(sneaky)


def test_the_writer_knows_every_column_of_every_table():
    from sqlmodel import SQLModel

    from crib_tourney.store import models  # noqa: F401  (registers the tables)
    from crib_tourney.store.writer import TABLES

    schema = {name: {c.name for c in table.columns} for name, table in SQLModel.metadata.tables.items()}
    for table, columns in TABLES.items():
        assert set(columns) == schema[table], table
    # the writer's own bookkeeping, the totals it derives from the cards (store/totals.py), the desk's sign-ins,
    # and the ratings `ratings rebuild` keeps (writer.keep_ratings)
    assert set(schema) - set(TABLES) == {"audit", "data_version", "schema_version", "entry_total", "totals_kept", "table_agreed",
                                         "desk_session", "player_rating", "rating_change", "ratings_kept"}
