"""kill -9 in the middle of a write: the database is whole afterwards (integrity
check, the next command works) and the command's change is all there or not
there at all; a killed print leaves no .part file and no render worker.

Each command runs as a real process on a copy of one prepared database: once
whole, where everything must land, and once held at a deterministic pause point
(CRIB_TOURNEY_PAUSE_BEFORE_COMMIT, store/db.py: every write done, the COMMIT not
yet sent) and killed there, where nothing may land. Waiting for the pause point
instead of sleeping a fraction of a timed run makes the kill land mid-transaction
however loaded the machine is. The same on PostgreSQL when a server is given."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Callable

import pytest

from crib_tourney.store.db import PAUSE_BEFORE_COMMIT
from tests.benchmarks.build_big_event import build
from tests.conftest import POSTGRES_SERVER, Cli

pytestmark = pytest.mark.slow

EVENT = "Big Open"


def _start(db: str | Path, *args: str, pause: Path | None = None, cwd: Path | None = None) -> subprocess.Popen:
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    env.pop(PAUSE_BEFORE_COMMIT, None)
    if pause is not None:
        env[PAUSE_BEFORE_COMMIT] = str(pause)
    return subprocess.Popen([sys.executable, "-m", "crib_tourney", *args], env=env, cwd=cwd or Path(db).parent,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _count(db: Path, sql: str) -> int:
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return con.execute(sql).fetchone()[0]


def _kill_before_commit(db: str | Path, args: list[str], marker: Path, cwd: Path | None = None) -> None:
    """Run the command until it stands at its COMMIT, all its writes made, and kill -9 it there."""
    marker.unlink(missing_ok=True)
    process = _start(db, *args, pause=marker, cwd=cwd)
    deadline = time.monotonic() + 120
    try:
        while not marker.exists() or not marker.read_text().strip():  # created, then its pid written: wait for both
            assert process.poll() is None, f"{args[0]} ended ({process.returncode}) before its commit: {process.stderr.read().decode()}"  # type: ignore[union-attr]
            assert time.monotonic() < deadline, f"{args[0]} did not reach its commit in 120 s"
            time.sleep(0.01)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL, f"{args[0]} was not killed mid-transaction ({process.returncode})"
    assert marker.read_text().split() == [str(process.pid)], "the command paused at more than one commit"


def _kill_during(pristine: Path, work: Path, args: list[str], check: Callable[[Path, bool], None]) -> None:
    """One whole run (everything lands), then one killed at its commit (nothing lands)."""
    for killed in (False, True):
        for suffix in ("", "-wal", "-shm"):
            Path(str(work) + suffix).unlink(missing_ok=True)
        shutil.copy(pristine, work)
        if killed:
            _kill_before_commit(work, args, work.parent / "paused")
            (work.parent / "paused").unlink()
        else:
            whole = _start(work, *args)
            assert whole.wait() == 0, whole.stderr.read().decode()  # type: ignore[union-attr]
        check(work, not killed)
        Cli(work)("event", "list")  # the next command opens it (recovering the WAL) and works
        assert sorted(p.name for p in work.parent.iterdir() if p.name.startswith(work.name)) == [work.name]


@pytest.fixture(scope="module")
def open_event(tmp_path_factory) -> tuple[Path, Path]:
    """2,000 players, game 1 paired, no results; and a CSV of its 1,000 results."""
    folder = tmp_path_factory.mktemp("crash-open")
    db = folder / "open.db"
    build(db, 2000, 0, extra_games=1)
    tables = Cli(db)("round", EVENT, "--show", "1", "--json").json()["tables"]
    return db, _results_csv(folder, tables)


def _results_csv(folder: Path, tables: list[dict]) -> Path:
    csv = folder / "results.csv"
    csv.write_text("game,player1,score1,player2,score2\n"
                   + "".join(f"1,{t['players'][0]},121,{t['players'][1]},{90 + i % 30}\n" for i, t in enumerate(tables)))
    return csv


def test_killed_result_import_is_all_or_nothing(open_event, tmp_path):
    pristine, csv = open_event

    def check(db: Path, finished: bool) -> None:
        cards = _count(db, "SELECT COUNT(*) FROM outcome")
        logged = _count(db, "SELECT COUNT(*) FROM audit")
        # the event, its entries and game 1 were logged before; the import is one entry more
        assert (cards, logged) == ((2000, 4) if finished else (0, 3)), (cards, logged)

    _kill_during(pristine, tmp_path / "work.db", ["result", "import", EVENT, str(csv)], check)


def test_killed_player_import_is_all_or_nothing(open_event, tmp_path):
    pristine, _ = open_event
    roster = tmp_path / "roster.csv"
    roster.write_text("name,acc_number\n" + "".join(f"Roster {i:05d},R{i}\n" for i in range(3_000)))
    before = _count(pristine, "SELECT COUNT(*) FROM player")

    def check(db: Path, finished: bool) -> None:
        added = _count(db, "SELECT COUNT(*) FROM player") - before
        assert added == (3_000 if finished else 0), added

    _kill_during(pristine, tmp_path / "work.db", ["player", "import", str(roster)], check)


def _cut_line(rows: list[dict], most: int) -> int:
    """A cut line nobody is tied across (random results tie often): the most qualifiers up to ``most``."""
    return max(k for k in range(2, most + 1) if rows[k]["rank"] == k + 1)


def test_killed_cut_is_all_or_nothing(tmp_path_factory, tmp_path):
    pristine = tmp_path_factory.mktemp("crash-cut") / "finished.db"
    build(pristine, 600, 2, extra_games=0)
    qualifiers = _cut_line(Cli(pristine)("standings", EVENT, "--json").json()["rows"], 150)

    def check(db: Path, finished: bool) -> None:
        seeds = _count(db, "SELECT COUNT(*) FROM seed")
        matches = _count(db, "SELECT COUNT(*) FROM playoff_match")
        assert seeds == (qualifiers if finished else 0) and (matches > 0) == finished, (seeds, matches)

    _kill_during(pristine, tmp_path / "work.db", ["cut", EVENT, "--qualifiers", str(qualifiers)], check)


def test_killed_league_night_is_all_or_nothing(open_event, tmp_path):
    pristine = tmp_path / "league.db"
    shutil.copy(open_event[0], pristine)
    cli = Cli(pristine)
    cli("league", "new", "Club")
    cli("league", "join", "Club", *[f"#{i}" for i in range(1, 2001)])
    nights_before = _count(pristine, "SELECT COUNT(*) FROM event")

    def check(db: Path, finished: bool) -> None:
        nights = _count(db, "SELECT COUNT(*) FROM league_night")
        events = _count(db, "SELECT COUNT(*) FROM event") - nights_before
        entries = _count(db, "SELECT COUNT(*) FROM entry e JOIN league_night n ON n.event_id = e.event_id")
        assert (nights, events, entries) == ((1, 1, 2000) if finished else (0, 0, 0)), (nights, events, entries)

    _kill_during(pristine, tmp_path / "work.db", ["league", "night", "Club", "--date", "2026-09-01"], check)


def _pg_count(url: str, sql: str) -> int:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return conn.execute(sql).fetchone()[0]  # type: ignore[index]


@pytest.mark.skipif(not POSTGRES_SERVER, reason="no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")
@pytest.mark.parametrize("what", ["result import", "cut"])
def test_killed_postgresql_write_is_all_or_nothing(pg_url, tmp_path, what):
    """kill -9 at the commit of a PostgreSQL transaction: the server rolls it back
    whole; the same command let run lands whole (and the next writer is not
    left waiting on the killed one's lock)."""
    cli = Cli(pg_url)  # type: ignore[arg-type]
    if what == "result import":
        build(pg_url, 200, 0, extra_games=1)  # type: ignore[arg-type]
        csv = _results_csv(tmp_path, cli("round", EVENT, "--show", "1", "--json").json()["tables"])
        args, counted, whole = ["result", "import", EVENT, str(csv)], "SELECT COUNT(*) FROM outcome", 200
    else:
        build(pg_url, 200, 2, extra_games=0)  # type: ignore[arg-type]
        qualifiers = _cut_line(cli("standings", EVENT, "--json").json()["rows"], 50)
        args, counted, whole = ["cut", EVENT, "--qualifiers", str(qualifiers)], "SELECT COUNT(*) FROM seed", qualifiers
    logged = _pg_count(pg_url, "SELECT COUNT(*) FROM audit")

    _kill_before_commit(pg_url, args, tmp_path / "paused", cwd=tmp_path)
    assert (_pg_count(pg_url, counted), _pg_count(pg_url, "SELECT COUNT(*) FROM audit")) == (0, logged)

    process = _start(pg_url, *args, cwd=tmp_path)
    assert process.wait(timeout=120) == 0, process.stderr.read().decode()  # type: ignore[union-attr]
    assert (_pg_count(pg_url, counted), _pg_count(pg_url, "SELECT COUNT(*) FROM audit")) == (whole, logged + 1)


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or (os.cpu_count() or 1) < 2,
                    reason="needs /proc and two cores (one core renders in one process)")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_print_leaves_no_workers_and_no_part_file(open_event, tmp_path, how):
    db = tmp_path / "print.db"
    shutil.copy(open_event[0], db)
    out = tmp_path / "cards.pdf"
    process = _start(db, "print", "scorecards", EVENT, "-o", str(out))
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.1)
        workers = {pid for pid in _children(process.pid) if _alive(pid)}
    assert workers, "the print finished before its render workers could be seen"
    time.sleep(0.5)
    process.send_signal(how)
    process.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers), "render workers outlived their print"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["print.db"], "a .part file or a PDF was left behind"
    if how == signal.SIGTERM:
        assert process.returncode == 1
        assert json.dumps(process.stderr.read().decode()).count("interrupted") == 1
