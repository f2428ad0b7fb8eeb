"""Every SQL statement one command runs, with its time: the command runs in this
process, as the CLI would, its connection wrapped to time each statement.

    python tests/benchmarks/trace_sql.py --db BIG.db result "Big Open" "Player 0000" 121 "Player 19977" 97 --replace

Prints the command's output, then (on stderr) the number of statements, their
total time and each statement: milliseconds, rows returned, the SQL (abridged).
``--slower-than MS`` (first, before the command) lists only statements slower
than that. What it shows is what a command reads (a whole roster, a whole
event's tables) and where its SQL time goes; the command's own Python and its
start-up are not in it (run_benchmarks.py times the whole process). To trace
another checkout, run it with that checkout first on PYTHONPATH, from a folder
outside both. Not a test: run it on purpose.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from typing import Any


class _Timed:
    """A sqlite3 connection whose statements are timed (their rows fetched at once)."""

    def __init__(self, connection: sqlite3.Connection, log: list[tuple[float, str, int]]):
        self._connection, self._log = connection, log

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)

    def execute(self, sql: str, params: Any = ()) -> Any:
        start = time.perf_counter()
        cursor = self._connection.execute(sql, params)
        rows = cursor.fetchall() if cursor.description else []
        self._log.append((time.perf_counter() - start, sql, len(rows)))
        return _Rows(cursor, rows)

    def executemany(self, sql: str, params: Any) -> Any:
        start = time.perf_counter()
        cursor = self._connection.executemany(sql, params)
        self._log.append((time.perf_counter() - start, sql, 0))
        return cursor


class _Rows:
    def __init__(self, cursor: sqlite3.Cursor, rows: list[Any]):
        self.description, self.lastrowid, self.rowcount = cursor.description, cursor.lastrowid, cursor.rowcount
        self._rows = rows

    def fetchall(self) -> list[Any]:
        return self._rows

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Any:
        return iter(self._rows)


def main() -> None:
    args = sys.argv[1:]
    slower = 0.0
    if args[:1] == ["--slower-than"]:
        slower, args = float(args[1]), args[2:]
    from crib_tourney.store import db as store_db
    from crib_tourney.store import sql

    log: list[tuple[float, str, int]] = []
    real = sql.connect_sqlite

    def connect_sqlite(path: str) -> Any:
        return _Timed(real(path), log)

    store_db.connect_sqlite = connect_sqlite  # type: ignore[assignment]
    from crib_tourney.cli.app import main as cli

    sys.argv = ["crib-tourney", *args]
    try:
        cli()
    except SystemExit:
        pass
    total = sum(took for took, _, _ in log)
    print(f"--- {len(log)} statements, {total * 1000:.1f} ms", file=sys.stderr)
    for took, text, rows in log:
        if took * 1000 >= slower:
            print(f"{took * 1000:8.2f} ms {rows:6d} rows  {' '.join(text.split())[:160]}", file=sys.stderr)


if __name__ == "__main__":
    main()
