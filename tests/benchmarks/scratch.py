"""A scratch database for a benchmark: a SQLite file in a new folder, or a new
PostgreSQL database beside the one a URL names (the user needs CREATEDB),
dropped after."""

from __future__ import annotations

import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from tests.conftest import drop_database


@contextmanager
def scratch_database(server: str | None, prefix: str) -> Iterator[str]:
    """Where the benchmark's data goes: ``server`` None, a SQLite file; a
    postgresql+psycopg:// URL, a new database on that server (dropped after)."""
    if server is None:
        yield str(Path(tempfile.mkdtemp(prefix=f"{prefix}-")) / f"{prefix}.db")
        return
    import psycopg

    name = f"crib_bench_{uuid.uuid4().hex[:10]}"
    admin = server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        drop_database(admin, name)  # as the tests drop theirs
