"""The services called as a library: each test gets one open write transaction
on a new, empty database of the current schema (a copy of one made once per
session, so a test costs a file copy, not a schema)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from crib_tourney.store.db import ensure_schema, transaction


@pytest.fixture(scope="session")
def empty_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("schema") / "empty.db"
    ensure_schema(f"sqlite:///{path}").dispose()
    return path


@pytest.fixture
def location(empty_database: Path, tmp_path: Path) -> str:
    """A database file of its own for the test, schema made, no rows."""
    path = tmp_path / "services.db"
    shutil.copyfile(empty_database, path)
    return str(path)


@pytest.fixture
def db(location: str):
    """One write transaction on the test's database, as a command opens it."""
    with transaction(location) as opened:
        yield opened
