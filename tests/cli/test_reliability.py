"""Odd files and odd places: database paths that are not databases, output that
cannot be written, files written through symlinks, exports opened in a
spreadsheet, and names an older release let in. Each refusal is one line, exit 1,
and leaves every file as it was."""

from __future__ import annotations

import csv
import json
import io
import errno
import os
import sqlite3
import shutil
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


@pytest.mark.parametrize("encoding, shown", [("ascii", ("名人 Ng".encode(), b"?? Ng")), ("latin-1", (b"?? Ng",))])
def test_a_terminal_that_is_not_utf8_shows_names_without_a_traceback(tmp_path, encoding, shown, new_databases_from_a_template):
    db = tmp_path / "t.db"
    shutil.copyfile(new_databases_from_a_template, db)  # a new database, made here (creating one is not the point)
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db), PYTHONIOENCODING=encoding)
    for args in (["player", "add", "名人 Ng"], ["player", "list"], ["player", "export"]):
        run = subprocess.run([sys.executable, "-m", "crib_tourney", *args], env=env, capture_output=True, timeout=120)
        assert run.returncode == 0 and run.stderr == b"" and any(s in run.stdout for s in shown), (args, run)
    assert Cli(db)("player", "list", "--json").json()["players"][0]["name"] == "名人 Ng"  # saved as typed


def test_a_byte_that_is_not_utf8_in_argv_is_one_line(tmp_path):
    db = tmp_path / "t.db"
    Cli(db)("player", "add", "Ann")
    before = db.read_bytes()
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    run = subprocess.run([sys.executable, "-m", "crib_tourney", "player", "show", b"Ann\xff"], env=env, capture_output=True,
                         timeout=120)
    lines = run.stderr.decode().splitlines()
    assert run.returncode == 1 and len(lines) == 1 and "not text in this terminal's encoding" in lines[0], run.stderr
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


@pytest.mark.parametrize("command", [["report", "E", "--csv"], ["report", "E"], ["player", "export"], ["print", "standings", "E"]],
                         ids=lambda c: " ".join(c))
@pytest.mark.parametrize("which", ["", "-wal", ".key", "link"])
def test_an_output_file_is_never_the_database(event_cli, tmp_path, command, which):
    """-o crib-tourney.db (a slip of tab completion) wrote the report over the
    database: the whole event gone. The database, its write-ahead log and its
    link key are refused, as is a symbolic link to the database."""
    db = event_cli.db
    event_cli("event", "links", "E")  # makes the .key beside the database
    if which == "link":
        out = tmp_path / "results.csv"
        out.symlink_to(db)
    else:
        out = Path(f"{db}{which}")
        if which == "-wal":
            out.write_bytes(b"")  # SQLite removes it as the last connection closes
    before = {p: p.read_bytes() for p in (db, Path(f"{db}.key"))}
    what = {"-wal": "the database's write-ahead log", ".key": "the key of the personal links"}.get(which, "the database")
    event_cli.fails(*command, "-o", out, match=f"cannot write {out}: it is {what} ({db}{'' if which == 'link' else which})")
    assert {p: p.read_bytes() for p in before} == before
    assert event_cli("standings", "E", "--json").json()["rows"]


@pytest.mark.parametrize("kind", ["fifo", "symlink-to-device", "folder", "symlink-loop"])
def test_print_never_replaces_what_is_not_a_regular_file(event_cli, tmp_path, kind):
    out = tmp_path / "out.pdf"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "symlink-to-device":
        out.symlink_to(os.devnull)
    elif kind == "symlink-loop":  # it was replaced by a regular file
        (tmp_path / "other.pdf").symlink_to(out)
        out.symlink_to(tmp_path / "other.pdf")
    else:
        out.mkdir()
    said = {"folder": "it is a folder", "symlink-loop": "it is a symbolic link that leads round in a loop"}
    event_cli.fails("print", "standings", "E", "-o", out, match=said.get(kind, "not a regular file"))
    assert not out.is_file() and out.is_symlink() == kind.startswith("symlink")
    assert not (kind == "symlink-to-device" and not Path(os.devnull).is_char_device())
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


@pytest.mark.parametrize("command", [["report", "E", "--csv"], ["player", "export"]], ids=lambda c: " ".join(c))
def test_an_output_named_dash_is_stdout(event_cli, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    assert event_cli(*command, "-o", "-").stdout == event_cli(*command).stdout != ""
    assert not (tmp_path / "-").exists()


def test_a_report_that_cannot_be_written_whole_leaves_the_old_file(event_cli, tmp_path, monkeypatch):
    """The text goes to a .part file renamed over the old one: a full disk at the
    last moment leaves yesterday's report as it was (it was truncated first)."""
    out = tmp_path / "results.csv"
    out.write_text("yesterday\n")

    def disk_full(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    event_cli.fails("report", "E", "--csv", "-o", out, match=f"cannot write {out}: No space left on device")
    assert out.read_text() == "yesterday\n" and [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_print_refuses_stdout_as_its_file(event_cli, tmp_path, monkeypatch, unchanged):
    monkeypatch.chdir(tmp_path)
    with unchanged():
        event_cli.fails("print", "standings", "E", "-o", "-", match="a PDF is written to a file, not to stdout")
    assert not (tmp_path / "-").exists()


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


def _quick(cli: Cli, text: str):  # type: ignore[no-untyped-def]
    from crib_tourney.cli.app import app

    return cli.runner.invoke(app, ["--db", str(cli.db), "quick-results", "E"], input=text)


def test_quick_results_takes_a_huge_number_as_one_bad_line_and_keeps_going(event_cli):
    event_cli("round", "E")
    run = _quick(event_cli, f"1 {'9' * 5000} 100\n1 121 100\n")
    assert run.exit_code == 0, run.exception
    errors = [line for line in run.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: score 999999999999999999999999... (5,000 characters) is out of range"]
    assert "1 result(s) saved" in run.stderr
    assert event_cli("check", "E", "--json").json()["problems"] == []


def test_details_an_older_release_let_in_print_as_text_everywhere(cli):
    cli("player", "add", "Ann")
    cli("new-event", "E")
    cli("enter", "E", "Ann")
    with closing(sqlite3.connect(cli.db)) as con:
        con.execute("UPDATE player SET name = ?, club = ?, email = ?, acc_number = ? WHERE id = 1",
                    ("Ann\x1b]0;OWNED\x07", "Hall\x1b]0;OWNED\x07", "a@b\x07", "A\x1b[2J7"))
        con.commit()
    for args in (["player", "show", "#1"], ["player", "export"], ["player", "history", "#1"], ["player", "list"],
                 ["player", "games", "E", "#1"], ["standings", "E", "--csv"], ["report", "E", "--csv"]):
        shown = cli(*args).stdout
        assert "\x1b" not in shown and "\x07" not in shown, (args, shown)
        assert "Ann?]0;OWNED?" in shown, (args, shown)
    assert "club: Hall?]0;OWNED?" in cli("player", "show", "#1").stdout


def test_what_a_command_says_of_a_name_an_older_release_let_in_is_text(cli):
    """Not only tables and exports: the lines result, forfeits, cards, check --resolve,
    undo, withdraw and cut print name the players too (cut's first round in one write)."""
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    with closing(sqlite3.connect(cli.db)) as con:
        con.execute("UPDATE player SET name = ? WHERE name = 'Ann'", ("Ann\x1b]0;OWNED\x07\u202e",))
        con.commit()
    tables = cli("round", "E", "--json").json()["tables"]
    assert tables[0]["players"][0].startswith("Ann")  # the circle seats Ann at table 1
    other = tables[0]["players"][1]
    said = [cli("result", "E", "#1", 121, other, 90, "--card", "#1").stdout,
            cli("check", "E", "--resolve").stdout,
            cli("undo", "E").stdout,
            cli("undo", "E").stdout,
            cli("result", "E", "--forfeit", "#1").stdout,
            cli("undo", "E").stdout,
            cli("result", "E", "#1", 121, other, 90).stdout]
    for t in tables[1:]:
        cli("result", "E", t["players"][0], 121, t["players"][1], 100)
    said += [cli("cut", "E", "--qualifiers", "2").stdout, cli("withdraw", "E", "#1").stdout]
    for shown in said:
        assert "Ann?]0;OWNED??" in shown and all(c.isprintable() or c == "\n" for c in shown), repr(shown)


def test_json_of_a_name_an_older_release_let_in_escapes_what_would_act(cli):
    """--json writes the name's ESC, BEL and bidi override as \\u escapes: the
    terminal shows text, and a program reading the JSON gets the name as stored."""
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "--new")
    stored = "Ann\x1b]0;OWNED\x07\u202e\u0085 Zoë"
    with closing(sqlite3.connect(cli.db)) as con:
        con.execute("UPDATE player SET name = ? WHERE name = 'Ann'", (stored,))
        con.commit()
    for args in (["standings", "E", "--json"], ["round", "E", "--json"]):
        shown = cli(*args).stdout
        assert all(c.isprintable() or c == "\n" for c in shown), repr(shown)
        assert "Zoë" in shown and "\\u202e" in shown
    assert stored in [r["player"] for r in cli("standings", "E", "--json").json()["rows"]]


def test_quick_results_reads_quit_with_more_words_as_a_mistyped_line(event_cli):
    event_cli("round", "E")
    run = _quick(event_cli, "quit now 1 121 100\n1 121 100\nquit\n1 100 121 replace\n")
    assert run.exit_code == 0, run.exception
    assert [line for line in run.stderr.splitlines() if line.startswith("error:")] == [
        "error: 'quit now 1 121 100' is not TABLE SCORE SCORE [replace], TABLE forfeit NAME [replace], game N, undo or quit"]
    assert "1 result(s) saved" in run.stderr  # the line after the mistyped one; nothing after the real quit
    assert [r["wins"] for r in event_cli("standings", "E", "--json").json()["rows"]] == [1, 0]


NOT_UTF8 = {"ascii": {"PYTHONIOENCODING": "ascii"}, "latin-1": {"PYTHONIOENCODING": "latin-1"},
            "C locale": {"PYTHONUTF8": "0", "LC_ALL": "C", "LANG": "C"}}


def _run_in(db: Path, env: dict[str, str], *args: str, **options) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LC_ALL", "LC_CTYPE", "LANG")}
    return subprocess.run([sys.executable, "-m", "crib_tourney", *args], env=dict(clean, CRIB_TOURNEY_DB=str(db), **env),
                          capture_output=True, timeout=120, **options)


@pytest.mark.parametrize("terminal", list(NOT_UTF8))
def test_a_terminal_that_is_not_utf8_gets_every_listing_without_a_traceback(tmp_path, terminal):
    db = tmp_path / "t.db"
    cli = Cli(db)
    cli("new-event", "E")
    cli("enter", "E", "José", "Łukasz", "李", "Ann", "--new")
    encoding = "latin-1" if terminal == "latin-1" else "ascii"
    for args in (["standings", "E"], ["player", "list"], ["player", "show", "Ann"], ["player", "history", "Ann"],
                 ["round", "E"], ["standings", "E", "--csv"]):
        run = _run_in(db, NOT_UTF8[terminal], *args)
        assert run.returncode == 0 and b"Traceback" not in run.stderr, (args, run.stderr)
        assert b"Ann" in run.stdout  # (lines Typer echoes on an ASCII terminal come as UTF-8: its own recovery)
    table = _run_in(db, NOT_UTF8[terminal], "standings", "E").stdout.decode(encoding)
    assert "+======+" in table and "| ?ukasz " in table and "| ?  " in table  # ASCII rules, a letter it cannot show as '?'
    assert ("| José " if terminal == "latin-1" else "| Jos? ") in table
    listed = json.loads(_run_in(db, NOT_UTF8[terminal], "player", "list", "--json").stdout.decode("ascii"))
    assert {p["name"] for p in listed["players"]} == {"José", "Łukasz", "李", "Ann"}  # JSON keeps every name (\u escapes)


def test_a_name_a_c_locale_could_not_decode_is_one_line(tmp_path):
    db = tmp_path / "t.db"
    Cli(db)("player", "add", "Ann")
    for args in (["player", "show", "Zoë"], ["player", "add", "Zoë"], ["player", "edit", "Ann", "--club", "Café"]):
        run = _run_in(db, NOT_UTF8["C locale"], *args)
        assert run.returncode == 1 and run.stderr.decode().splitlines() == [
            "error: a value typed is not text in this terminal's encoding (a C or ASCII locale?); set a UTF-8 one, e.g. LC_ALL=C.UTF-8"]


def test_a_closed_stdout_is_said_before_anything_is_done(tmp_path):
    db = tmp_path / "t.db"
    Cli(db)("player", "add", "Ann")
    before = Cli(db).snapshot()
    run = _run_in(db, {}, "player", "add", "Yan", preexec_fn=lambda: os.close(1))
    assert run.returncode == 1
    assert run.stderr.decode().splitlines() == ["error: cannot write the output: standard output is closed; nothing was done"]
    assert Cli(db).snapshot() == before


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_change_whose_confirmation_cannot_be_printed_says_it_was_saved_and_a_retry_adds_nobody(tmp_path):
    db = tmp_path / "t.db"
    Cli(db)("player", "add", "Ann")
    with open("/dev/full", "w") as full:
        run = _program(db, "player", "add", "Xi", stdout=full)
        assert run.returncode == 1
        assert run.stderr.splitlines() == [
            "error: cannot write the output: No space left on device; the change was saved all the same: added player #2 Xi"]
        again = _program(db, "player", "add", "Xi", stdout=full)
    assert again.returncode == 1
    assert again.stderr.splitlines() == ["error: Xi (#2) is already on the roster; to add another player of that name, add --duplicate"]
    assert [p["name"] for p in Cli(db)("player", "list", "--json").json()["players"]] == ["Ann", "Xi"]


def test_an_in_memory_database_can_never_loop_waiting_for_wal():
    from crib_tourney.store.sql import use_wal

    import threading

    connection = sqlite3.connect(":memory:", check_same_thread=False)
    switching = threading.Thread(target=use_wal, args=(connection,), daemon=True)  # a regression fails here, never hangs
    switching.start()
    switching.join(10)
    assert not switching.is_alive(), "use_wal loops on a database that can never have WAL"
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "memory"


def test_print_to_a_dangling_symlink_names_where_it_points(event_cli, tmp_path):
    link = tmp_path / "out.pdf"
    link.symlink_to(tmp_path / "gone" / "x.pdf")
    event_cli.fails("print", "standings", "E", "-o", link,
                    match=f"it is a symbolic link to {tmp_path / 'gone' / 'x.pdf'}, whose folder {tmp_path / 'gone'} does not exist")


def _tree(folder: Path) -> dict[str, bytes | str]:
    """Every file (bytes) and link (its target) under a folder, never followed."""
    return {str(p.relative_to(folder)): (os.readlink(p) if p.is_symlink() else p.read_bytes())
            for p in sorted(folder.rglob("*")) if p.is_symlink() or p.is_file()}


@pytest.mark.parametrize("link", ["events/1", "events", "events/1/players", "index.html", "events/1/standings.json"])
def test_publish_never_follows_a_symlink_inside_its_folder(event_cli, tmp_path, link):
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine")
    (site / link).parent.mkdir(parents=True, exist_ok=True)
    (site / link).symlink_to(elsewhere if not link.endswith(("html", "json")) else elsewhere / "keep.txt")
    before = _tree(tmp_path)
    event_cli.fails("publish", "E", "-o", site, match=f"{site / link} is a symbolic link")
    assert _tree(tmp_path) == before  # nothing written, here or there


def test_publish_refuses_the_root_no_folder_and_a_link_to_nothing(event_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    event_cli.fails("publish", "E", "-o", "", match="--output needs a folder for the site")
    event_cli.fails("publish", "E", "-o", "/", match="cannot write the site into /: it is the root of the file system")
    event_cli.fails("publish", "E", "-o", str(tmp_path) + "/" + "../" * 30, match="it is the root of the file system")
    event_cli.fails("publish", "E", "-o", "gone", match=f"it is a symbolic link to {tmp_path / 'nowhere'}, which does not exist")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gone", "test.db"]


def test_publish_removes_what_a_killed_run_left_and_a_sigterm_leaves_no_part_file(event_cli, tmp_path):
    site = tmp_path / "site"
    event_cli("round", "E")
    event_cli("publish", "E", "-o", site)
    published = _tree(site)
    (site / ".index.html.part").write_text("half a page")
    (site / "events" / "1" / ".standings.json.part").write_text("{")
    (site / ".notes.part").write_text("not ours")  # not a page publish writes: left alone
    event_cli("result", "E", "Ann", "121", "Bob", "90")
    event_cli("publish", "E", "-o", site)
    assert sorted(p.name for p in site.rglob("*.part")) == [".notes.part"]
    # SIGTERM while a page's .part file is being written: that file is removed, the pages are whole
    (site / ".notes.part").unlink()
    event_cli("result", "E", "Ann", "121", "Bob", "95", "--replace")
    code = ("import os, signal, sys\n"
            "from crib_tourney.web import publish\n"
            "real, calls = os.replace, []\n"
            "def replace(*args, **kwargs):\n"
            "    calls.append(args)\n"
            "    if len(calls) == 3:\n"
            "        os.kill(os.getpid(), signal.SIGTERM)  # as a kill lands: the page's .part is written, not yet renamed\n"
            "    return real(*args, **kwargs)\n"
            "publish.os.replace = replace\n"
            "from crib_tourney.cli.app import main\n"
            "sys.argv = ['crib-tourney', 'publish', 'E', '-o', sys.argv[1]]\n"
            "main()\n")
    run = subprocess.run([sys.executable, "-c", code, str(site)], env=dict(os.environ, CRIB_TOURNEY_DB=str(event_cli.db)),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert run.stderr.splitlines() == [f"error: interrupted: 2 file(s) of the site in {site} were rewritten, the rest are as they"
                                       " were; publish again to finish"]
    assert list(site.rglob("*.part")) == []
    assert set(_tree(site)) == set(published)  # every page whole, old or new



def _sigterm_is_default(_: int) -> bool:
    import signal

    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_render_workers_end_quietly_on_sigterm():
    """The workers inherited the print's SIGTERM handler (raise KeyboardInterrupt),
    so the pool's terminate() at the end of a good print often made one of them
    print a KeyboardInterrupt traceback under 'wrote scorecards.pdf'."""
    from crib_tourney.render.pdf import render_pool, terminated_as_interrupt

    with terminated_as_interrupt(), render_pool(2) as pool:
        assert pool.map(_sigterm_is_default, range(2)) == [True, True]


def test_a_render_worker_stopped_before_it_is_ready_ends_at_once_and_quietly():
    """A worker forked under the print's SIGTERM handler and stopped before its
    initializer reset it (a pool made and terminated at once, as an interrupted
    print does) printed a KeyboardInterrupt traceback, or, the signal landing after
    the reset, lived on, and the pool's terminate() waited for it for ever (the
    whole test run hung once). render_pool's workers start with SIGTERM held back:
    stopped in that window (made wide here), one ends by the signal as soon as it
    is ready, saying nothing."""
    import signal
    import subprocess

    script = (
        "import os, time\n"
        "from crib_tourney.render import pdf\n"
        "ready = pdf._exit_with_parent\n"
        "def slow(parent):\n"
        "    time.sleep(0.5)  # the window between the fork and the reset, made wide\n"
        "    ready(parent)\n"
        "pdf._exit_with_parent = slow\n"
        "with pdf.terminated_as_interrupt():\n"
        "    pool = pdf.render_pool(1)\n"
        "    time.sleep(0.1)\n"
        "    workers = list(pool._pool)\n"
        "    pool.terminate()  # SIGTERM, before the worker's reset\n"
        "    pool.join()\n"
        "    print(*[w.exitcode for w in workers])\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.stdout.split() == [str(-signal.SIGTERM)], (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="render workers start only with two cores")
def test_a_print_rendered_by_workers_ends_without_a_traceback(cli, tmp_path):
    cli("new-event", "T", "--variant", "three-player", "--games", "2")
    cli("enter", "T", *[f"P{i}" for i in range(1, 13)], "--new")
    cli("round", "T", "--all")
    run = _program(cli.db, "print", "scorecards", "T", "-o", str(tmp_path / "cards.pdf"))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
