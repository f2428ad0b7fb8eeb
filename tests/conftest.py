"""Shared fixtures: the real CLI against a database file in tmp_path."""

from __future__ import annotations

import gc
import json
import os
import shutil
import sqlite3
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from crib_tourney.cli.app import app
from crib_tourney.cli.typer_hook import reuse_command_in_cli_runner

# Bytecode is cached as in any install, even under PYTHONDONTWRITEBYTECODE (in the
# ignored __pycache__ folders): with it, every xdist worker compiled the package and
# rewrote the tests again (4 s of CPU), and so did every command or server a test
# runs as a process (0.15 s each, hundreds a run). tests/benchmarks/ runs so too.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers and the processes tests start
sys.dont_write_bytecode = False  # this process, from here on

# A test process runs thousands of commands in-process over a heap of every library
# imported (WeasyPrint, Hypothesis, SQLAlchemy): at CPython's default threshold (700
# new objects) its collector ran 6,400 times over tests/cli and tests/render and took
# 4.7 of their 54 CPU-s, 3.2 of them rescanning the old generation. Ten times the
# threshold: 2.4 s (the run 54.5 -> 49.3 CPU-s). Commands run as processes of their
# own, and the product, keep the default.
gc.set_threshold(7000, 10, 10)

# Typer's CliRunner builds the click command tree on every call (about 20 ms);
# build it once for the whole test session and hand that out instead.
COMMAND = typer.main.get_command(app)
reuse_command_in_cli_runner(app, COMMAND)


@pytest.fixture(scope="session", autouse=True)
def new_databases_from_a_template(tmp_path_factory: pytest.TempPathFactory):
    """A command run in the test process that creates a new SQLite database gets
    a copy of one made by the real ensure_schema once per session (per xdist
    worker) and then checked by it as any existing database is: creating the
    schema through SQLAlchemy costs 0.1-0.2 s, a test, hundreds of times a run.
    Only a file not there yet (or the empty file sqlite3 leaves on connecting)
    in a folder that takes it is copied; anything else (an old schema, another
    file, a server URL, a folder that refuses it) goes the real way, and commands
    run as processes of their own always do."""
    from crib_tourney.store import db as store_db
    from crib_tourney.store.sql import sqlite_path

    real = store_db.ensure_schema
    template = tmp_path_factory.mktemp("template") / "new.db"
    real(f"sqlite:///{template}").dispose()

    def ensure_schema(url: str):
        path = sqlite_path(url)
        if path is not None and path != ":memory:" and not path.startswith("file:"):
            target = Path(path)
            fresh = (not target.exists() or (target.is_file() and target.stat().st_size == 0))
            if fresh and not Path(f"{path}-wal").exists() and target.parent.is_dir() and os.access(target.parent, os.W_OK):
                try:
                    shutil.copyfile(template, target)
                except OSError:
                    pass  # the real way says what is wrong
        return real(url)

    store_db.ensure_schema = ensure_schema
    yield template
    store_db.ensure_schema = real


@pytest.fixture(scope="session", autouse=True)
def commands_in_the_test_process_do_not_sync():
    """A command run in the test process opens its database with synchronous=OFF:
    FULL (store/sql.connect_sqlite) makes every commit and every close wait for the
    disk, which only a power cut could tell from OFF, and no test makes one (a
    killed process loses nothing either way: tests/cli/test_crashes.py runs its
    commands as processes, with FULL). The undo-and-replay test, 1,400 commands:
    32 s -> 25 s on the loaded machine. connect_sqlite itself is unchanged (and
    tests/test_store_setup.py checks its FULL)."""
    from crib_tourney.store import db as store_db
    from crib_tourney.store import sql

    real = store_db.connect_sqlite

    def connect_sqlite(path: str) -> sqlite3.Connection:
        connection = real(path)
        connection.execute("PRAGMA synchronous=OFF")
        return connection

    assert real is sql.connect_sqlite
    store_db.connect_sqlite = connect_sqlite
    yield
    store_db.connect_sqlite = real


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


class Cli:
    def __init__(self, db: Path):
        self.db = db
        self.runner = CliRunner(env={"COLUMNS": "200", "CRIB_TOURNEY_DB": None})

    def __call__(self, *args: str, ok: bool | None = True) -> Run:
        result = self.runner.invoke(app, ["--db", str(self.db), *map(str, args)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        run = Run(result.exit_code, result.stdout, result.stderr)
        if ok is True:
            assert run.code == 0, f"{args} failed ({run.code}): {run.stderr}{run.stdout}"
        elif ok is False:
            assert run.code != 0, f"{args} should have failed: {run.stdout}"
            assert "Traceback" not in run.stderr + run.stdout
        return run

    def fails(self, *args: str, match: str, code: int = 1) -> Run:
        """A refused command: one line on stderr naming the problem, the exit code,
        and (checked by callers with snapshot) nothing changed."""
        run = self(*args, ok=False)
        assert run.code == code, (run.code, run.stderr)
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        if code == 1:
            assert len(lines) == 1, run.stderr
        assert match.lower() in run.stderr.lower(), run.stderr
        return run

    def snapshot(self) -> dict:
        """Every row of every table (audit timestamps included)."""
        if not self.db.exists():
            return {}
        con = sqlite3.connect(self.db)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
            return {t: sorted(map(repr, con.execute(f"SELECT * FROM {t}").fetchall())) for t in tables}
        finally:
            con.close()


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "test.db")


@pytest.fixture
def unchanged(cli: Cli):
    """Use as: with unchanged(): cli.fails(...)"""
    from contextlib import contextmanager

    @contextmanager
    def check():
        before = cli.snapshot()
        yield
        assert cli.snapshot() == before, "a refused command changed the database"

    return check


# A PostgreSQL server where the test user may create databases (.ci/run starts one);
# the tests that need it are skipped without it.
POSTGRES_SERVER = os.environ.get("CRIB_TOURNEY_TEST_POSTGRES")


def drop_database(admin: str, name: str) -> None:
    """Drop a test database. WITH (FORCE) ends the other sessions on it, and is
    refused while the server's own autovacuum worker (not ours to end) is in it:
    try again for a few seconds, then leave it (a test server's leftovers)."""
    import time

    import psycopg

    for _ in range(20):
        try:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except psycopg.errors.InsufficientPrivilege:
            time.sleep(0.5)


@pytest.fixture(params=["sqlite", "postgresql"])
def sqlite_or_postgres(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database file, then a new PostgreSQL database (skipped without a server)."""
    if request.param == "sqlite":
        return str(tmp_path / "test.db")
    if not POSTGRES_SERVER:
        pytest.skip("no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def pg_url():
    """A new, empty PostgreSQL database for one test, dropped after it."""
    if not POSTGRES_SERVER:
        pytest.skip("no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")
    psycopg = pytest.importorskip("psycopg")
    name = f"crib_test_{uuid.uuid4().hex[:10]}"
    admin = POSTGRES_SERVER.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield POSTGRES_SERVER.rsplit("/", 1)[0] + "/" + name
    drop_database(admin, name)


@pytest.hookimpl(wrapper=True)
def pytest_xdist_auto_num_workers(config: pytest.Config):
    """``-n auto``: one worker more than xdist counts cores. Many tests wait on
    another process (a server starting, Chromium drawing, PostgreSQL committing,
    a command run as a process), and a worker per core left the cores idle while
    they did: 26-32 idle core-seconds a run on 2 cores, none with a third worker
    (150 s -> 136 s; tests/benchmarks/README.md). PYTEST_XDIST_AUTO_NUM_WORKERS,
    when set, is taken as it is."""
    cores: int = yield
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return cores
    return cores + 1


# The files whose tests are long (marked slow: Chromium, servers, processes; or the
# README's tour). xdist's worksteal hands each worker a block of the collection in
# order, and a worker with nothing left takes the end of the longest queue.
LONG_FIRST = ("tests/web/", "tests/test_readme.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each worker's block starts with its share of the long files (dealt a file at a
    time, in collection order), then short tests fill it to xdist's first split: the
    waits of the long ones (a server, Chromium, a process) overlap the others' CPU,
    and what is taken from a queue's end, late in the run, is short. With every long
    file in the first block, one worker ran them all in turn and the run ended with the
    browser tests stolen at its end. Every worker collects the same order (a stable
    rearrangement); without xdist it is the long files, then the rest."""
    long_paths = {item.nodeid.split("::")[0] for item in items
                  if item.get_closest_marker("slow") is not None or item.nodeid.startswith(LONG_FIRST)}
    long_files: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        path = item.nodeid.split("::")[0]
        if path in long_paths:
            long_files.setdefault(path, []).append(item)
        else:
            rest.append(item)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    blocks: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for k, tests in enumerate(long_files.values()):
        blocks[k % workers].extend(tests)
    left = len(items)
    for k, block in enumerate(blocks):  # the sizes of xdist's first split (worksteal: len // nodes left)
        size = left // (workers - k)
        left -= size
        take = max(0, size - len(block))
        block.extend(rest[:take])
        del rest[:take]
    blocks[-1].extend(rest)
    items[:] = [item for block in blocks for item in block]
