"""Odd files and odd places: database paths that are not databases, output that
cannot be written, files written through symlinks, exports opened in a
spreadsheet, and names an older release let in. Each refusal is one line, exit 1,
and leaves every file as it was."""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import Cli

READ, WRITE = ["player", "list"], ["player", "add", "Yan"]


def _make(kind: str, folder: Path) -> str:
    """A --db value of the given kind, made in ``folder``."""
    path = folder / f"{kind}.db"
    if kind == "folder":
        path.mkdir()
    elif kind == "text":
        path.write_text("hello, not a database\n")
    elif kind == "empty-file":
        path.touch()
    elif kind == "foreign":
        _sql(path, "CREATE TABLE t (x)")
    elif kind == "empty-version":
        _sql(path, "CREATE TABLE schema_version (version INTEGER)", "CREATE TABLE ruling (x)")
    elif kind == "newer":
        Cli(path)("player", "add", "Ann")
        _sql(path, "INSERT INTO schema_version VALUES (99)")
    elif kind == "no-folder":
        return str(folder / "missing" / "x.db")
    elif kind == "mysql":
        return "mysql://u@localhost/db"
    return str(path)


def _sql(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path)) as con:
        for statement in statements:
            con.execute(statement)
        con.commit()


DB_CASES = [
    ("folder", READ, "cannot open the database file"),
    ("folder", WRITE, "cannot open the database file"),
    ("text", READ, "not a crib-tourney database"),
    ("text", WRITE, "not a crib-tourney database"),
    ("empty-file", READ, "empty file, not a crib-tourney database"),
    ("foreign", READ, "no schema_version table"),
    ("foreign", WRITE, "no schema_version table"),
    ("empty-version", READ, "schema_version table is empty"),
    ("empty-version", WRITE, "schema_version table is empty"),
    ("newer", READ, "written by a newer crib-tourney"),
    ("newer", WRITE, "written by a newer crib-tourney"),
    ("no-folder", READ, "no crib-tourney database at"),
    ("no-folder", WRITE, "cannot open the database file"),
    ("mysql", READ, "driver for this URL is not installed"),
]


def _files(folder: Path) -> dict[str, bytes | None]:
    return {p.name: (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("kind, args, match", DB_CASES, ids=[f"{k}-{a[1]}" for k, a, _ in DB_CASES])
def test_a_database_path_that_is_no_database_is_refused_and_left_alone(tmp_path, kind, args, match):
    location = _make(kind, tmp_path)
    before = _files(tmp_path)
    Cli(location).fails(*args, match=match)  # type: ignore[arg-type]
    assert _files(tmp_path) == before


def test_a_busy_database_says_so_in_one_line(cli, monkeypatch):
    from crib_tourney.store import sql

    cli("player", "add", "Ann")
    monkeypatch.setattr(sql, "BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(cli.db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        cli.fails("player", "add", "Bob", match="the database is busy")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [p["name"] for p in cli("player", "list", "--json").json()["players"]] == ["Ann"]


def _program(db: Path, *args: str, stdout=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    return subprocess.run([sys.executable, "-m", "crib_tourney", *args], env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["standings", "E"], ["standings", "E", "--json"], ["player", "export"],
                                  ["count", "5H", "5D", "5S", "JC", "--starter", "5C"], ["--help"]])
def test_output_that_cannot_be_written_is_one_line(tmp_path, args):
    db = tmp_path / "t.db"
    cli = Cli(db)
    cli("new-event", "E")
    cli("enter", "E", "Ann", "Bob", "--new")
    with open("/dev/full", "w") as full:
        run = _program(db, *args, stdout=full)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == ["error: cannot write the output: No space left on device"]


@pytest.mark.parametrize("encoding, shown", [("ascii", "名人 Ng".encode()), ("latin-1", b"?? Ng")])
def test_a_terminal_that_is_not_utf8_shows_names_without_a_traceback(tmp_path, encoding, shown):
    db = tmp_path / "t.db"
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db), PYTHONIOENCODING=encoding)
    for args in (["player", "add", "名人 Ng"], ["player", "list"], ["player", "export"]):
        run = subprocess.run([sys.executable, "-m", "crib_tourney", *args], env=env, capture_output=True, timeout=120)
        assert run.returncode == 0 and run.stderr == b"" and shown in run.stdout, (args, run)
    assert Cli(db)("player", "list", "--json").json()["players"][0]["name"] == "名人 Ng"  # saved as typed


def test_a_byte_that_is_not_utf8_in_argv_is_one_line(tmp_path):
    db = tmp_path / "t.db"
    Cli(db)("player", "add", "Ann")
    before = db.read_bytes()
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    run = subprocess.run([sys.executable, "-m", "crib_tourney", "player", "show", b"Ann\xff"], env=env, capture_output=True,
                         timeout=120)
    assert run.returncode == 1 and run.stderr.decode().splitlines() == [
        "error: 'Ann?' is not UTF-8 text (a byte the terminal sent could not be read)"], run.stderr
    assert db.read_bytes() == before


@pytest.fixture
def event_cli(cli):
    cli("new-event", "E")
    cli("enter", "E", "Ann", "Bob", "--new")
    return cli


def test_print_writes_through_a_symlink(event_cli, tmp_path):
    target = tmp_path / "real.pdf"
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    event_cli("print", "standings", "E", "-o", link)
    assert link.is_symlink() and target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".part")) == []


@pytest.mark.parametrize("kind", ["fifo", "symlink-to-device", "folder"])
def test_print_never_replaces_what_is_not_a_regular_file(event_cli, tmp_path, kind):
    out = tmp_path / "out.pdf"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "symlink-to-device":
        out.symlink_to(os.devnull)
    else:
        out.mkdir()
    event_cli.fails("print", "standings", "E", "-o", out, match="not a regular file" if kind != "folder" else "it is a folder")
    assert not out.is_file()
    assert not (kind == "symlink-to-device" and not Path(os.devnull).is_char_device())
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_exports_cannot_run_as_spreadsheet_formulas(cli, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club\n=HYPERLINK(\"http://x\"),@SUM(A1)\n+Plus,-Minus\nPlain,Club\n", encoding="utf-8")
    cli("player", "import", roster)
    rows = list(csv.reader(io.StringIO(cli("player", "export").stdout)))
    cells = {r[1]: r[3] for r in rows[1:]}
    assert cells == {"'=HYPERLINK(\"http://x\")": "'@SUM(A1)", "'+Plus": "'-Minus", "Plain": "Club"}
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "#1", "#2")
    cli("round", "E")
    cli("result", "E", "#1", "100", "#2", "121")
    standings = list(csv.DictReader(io.StringIO(cli("standings", "E", "--csv").stdout)))
    assert {r["player"]: r["spread"] for r in standings} == {"'+Plus": "21", "'=HYPERLINK(\"http://x\")": "-21"}


def test_names_an_older_release_let_in_print_as_text(cli):
    cli("player", "add", "Ann")
    with closing(sqlite3.connect(cli.db)) as con:
        con.execute("UPDATE player SET name = ? WHERE id = 1", ("Ann\x1b[2J\x07",))
        con.commit()
    shown = cli("player", "list").stdout
    assert "\x1b" not in shown and "\x07" not in shown and "Ann?[2J?" in shown


def test_player_search_is_literal_text_folded(cli):
    for name in ("ÉMILE Bélanger", "Emma Stone", "Bob 100%"):
        cli("player", "add", name)
    found = lambda text: [p["name"] for p in cli("player", "list", text, "--json").json()["players"]]  # noqa: E731
    assert found("%") == ["Bob 100%"]
    assert found("_") == []
    assert found("émile") == ["ÉMILE Bélanger"]
    assert found("em") == ["ÉMILE Bélanger", "Emma Stone"]


def test_quick_results_stays_on_its_game_after_a_refused_switch(event_cli):
    event_cli("round", "E")
    run = event_cli.runner.invoke(__import__("crib_tourney.cli.app", fromlist=["app"]).app,
                                  ["--db", str(event_cli.db), "quick-results", "E"], input="game 99\n1 121 100\n")
    assert run.exit_code == 0
    assert "game 99 of E has not been scheduled" in run.stderr
    assert event_cli("check", "E", "--json").json()["problems"] == []  # game 1's table 1 was recorded
