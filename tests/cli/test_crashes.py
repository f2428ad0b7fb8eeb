"""kill -9 at moments through a command's run: the database is whole afterwards
(integrity check, the next command works) and the command's change is all there
or not there at all; a killed print leaves no .part file and no render worker.

Each command runs as a real process on a copy of one prepared database: once
whole, to time it, then killed at moments spread through that time; at least one
kill must land before the command finished, or the test proves nothing."""

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

from tests.benchmarks.build_big_event import build
from tests.conftest import Cli

pytestmark = pytest.mark.slow

EVENT = "Big Open"


def _start(db: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    return subprocess.Popen([sys.executable, "-m", "crib_tourney", *args], env=env, cwd=db.parent,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _count(db: Path, sql: str) -> int:
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return con.execute(sql).fetchone()[0]


def _kill_during(pristine: Path, work: Path, args: list[str], check: Callable[[Path, bool], None]) -> None:
    """Time one whole run, then kill runs at moments spread through that time."""
    shutil.copy(pristine, work)
    start = time.monotonic()
    whole = _start(work, *args)
    assert whole.wait() == 0, whole.stderr.read().decode()  # type: ignore[union-attr]
    took = time.monotonic() - start
    check(work, True)
    interrupted = 0
    for moment in (took * share for share in (0.35, 0.6, 0.85)):
        for suffix in ("", "-wal", "-shm"):
            Path(str(work) + suffix).unlink(missing_ok=True)
        shutil.copy(pristine, work)
        process = _start(work, *args)
        time.sleep(moment)
        process.kill()
        process.wait()
        assert process.returncode in (0, -signal.SIGKILL), process.stderr.read().decode()  # type: ignore[union-attr]
        interrupted += process.returncode == -signal.SIGKILL
        check(work, process.returncode == 0)
        Cli(work)("event", "list")  # the next command opens it (recovering the WAL) and works
        assert sorted(p.name for p in work.parent.iterdir() if p.name.startswith(work.name)) == [work.name]
    assert interrupted, f"every run of {args[0]} finished before its kill: make the work bigger"


@pytest.fixture(scope="module")
def open_event(tmp_path_factory) -> tuple[Path, Path]:
    """2,000 players, game 1 paired, no results; and a CSV of its 1,000 results."""
    folder = tmp_path_factory.mktemp("crash-open")
    db = folder / "open.db"
    build(db, 2000, 0, extra_games=1)
    tables = Cli(db)("round", EVENT, "--show", "1", "--json").json()["tables"]
    csv = folder / "results.csv"
    csv.write_text("game,player1,score1,player2,score2\n"
                   + "".join(f"1,{t['players'][0]},121,{t['players'][1]},{90 + i % 30}\n" for i, t in enumerate(tables)))
    return db, csv


def test_killed_result_import_is_all_or_nothing(open_event, tmp_path):
    pristine, csv = open_event

    def check(db: Path, finished: bool) -> None:
        cards = _count(db, "SELECT COUNT(*) FROM outcome")
        logged = _count(db, "SELECT COUNT(*) FROM audit")
        assert (cards, logged) in ((0, 3), (2000, 4)), (cards, logged)  # the event, its entries and game 1 were logged before
        assert finished <= (cards == 2000)

    _kill_during(pristine, tmp_path / "work.db", ["result", "import", EVENT, str(csv)], check)


def test_killed_player_import_is_all_or_nothing(open_event, tmp_path):
    pristine, _ = open_event
    roster = tmp_path / "roster.csv"
    roster.write_text("name,acc_number\n" + "".join(f"Roster {i:05d},R{i}\n" for i in range(30_000)))
    before = _count(pristine, "SELECT COUNT(*) FROM player")

    def check(db: Path, finished: bool) -> None:
        added = _count(db, "SELECT COUNT(*) FROM player") - before
        assert added in (0, 30_000) and finished <= (added == 30_000), added

    _kill_during(pristine, tmp_path / "work.db", ["player", "import", str(roster)], check)


def test_killed_cut_is_all_or_nothing(tmp_path_factory, tmp_path):
    pristine = tmp_path_factory.mktemp("crash-cut") / "finished.db"
    build(pristine, 4000, 2, extra_games=0)
    rows = Cli(pristine)("standings", EVENT, "--json").json()["rows"]
    # a cut line nobody is tied across (random results tie often): the most qualifiers up to 1,000
    qualifiers = max(k for k in range(2, 1001) if rows[k]["rank"] == k + 1)

    def check(db: Path, finished: bool) -> None:
        seeds = _count(db, "SELECT COUNT(*) FROM seed")
        matches = _count(db, "SELECT COUNT(*) FROM playoff_match")
        assert (seeds == 0) == (matches == 0) and seeds in (0, qualifiers), (seeds, matches)
        assert finished <= (seeds == qualifiers)

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
        assert (nights, events, entries) in ((0, 0, 0), (1, 1, 2000)), (nights, events, entries)
        assert finished <= (nights == 1)

    _kill_during(pristine, tmp_path / "work.db", ["league", "night", "Club", "--date", "2026-09-01"], check)


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
