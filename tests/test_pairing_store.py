"""How a round's tables are stored and who met whom is read back: the writer
records the rows it was given (with the ids it gives them, nothing read back) when
every column is given, and reads back rows left to a default; the meetings come
from their own index. On SQLite, and on PostgreSQL when a server is given."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from crib_tourney.cli.app import app
from crib_tourney.services.events import make_round
from crib_tourney.services.results import undo
from crib_tourney.store import pair_codes, qualifying
from crib_tourney.store.db import transaction
from crib_tourney.store.writer import Change, Log

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]  # odd: every game has a bye


@pytest.fixture
def location(sqlite_or_postgres: str) -> str:
    return sqlite_or_postgres


def _event(location: str) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    for args in (["new-event", "Open", "--games", "4"], ["enter", "Open", *PLAYERS, "--new"]):
        result = runner.invoke(app, ["--db", location, *args])
        assert result.exit_code == 0, result.stdout + result.stderr


def test_each_round_is_recorded_as_its_tables_stand(location: str):
    """Game 1, game 2, game 2 undone, game 2 again, game 3: the live rounds' steps are
    the table's rows, ids included, and a row added after them takes the next id
    (PostgreSQL: the sequence moved past the ids the writer gave)."""
    _event(location)
    for step in ("round", "round", "undo", "round", "round"):
        with transaction(location) as db:
            make_round(db, 1) if step == "round" else undo(db, 1)
    with transaction(location) as db:
        rows = db.dicts("SELECT id, event_id, game_no, table_no, entry1_id, entry2_id, entry3_id FROM pairing ORDER BY id")
        live = [json.loads(data)["steps"] for data, action, undone in
                db.rows("SELECT data, action, undone FROM audit WHERE event_id = 1 ORDER BY id") if action == "round" and not undone]
        assert [r for steps in live for step in steps if step["table"] == "pairing" for r in step["rows"]] == rows
        assert [(r["id"], r["game_no"]) for r in rows] == [(k, 1 + (k - 1) // 4) for k in range(1, 13)]  # three tables and a bye a game
        change = Change(db, "round", Log(1))
        change.insert("pairing", dict(event_id=1, game_no=9, table_no=1, entry1_id=1, entry2_id=2))
        change.log("one more table")
        assert db.scalar("SELECT MAX(id) FROM pairing") == 13


def test_a_round_is_not_read_back(tmp_path):
    location = str(tmp_path / "test.db")
    _event(location)
    with transaction(location) as db:
        said: list[str] = []
        db._connection.set_trace_callback(said.append)  # the SQL SQLite runs
        make_round(db, 1)
        db._connection.set_trace_callback(None)
    assert [s for s in said if "FROM pairing WHERE id >" in s] == []
    assert [s[:80] for s in said if s.startswith("INSERT INTO pairing")] == [
        "INSERT INTO pairing (id, event_id, game_no, table_no, entry1_id, entry2_id, entry3_id) VALUES (?, ?, ?, ?, ?, ?, ?)"[:80]] * 4


def test_rows_left_to_a_default_are_recorded_as_the_database_made_them(location: str):
    _event(location)
    assert CliRunner().invoke(app, ["--db", location, "new-event", "Other"]).exit_code == 0
    with transaction(location) as db:
        change = Change(db, "enter", Log(2))
        change.insert_many("entry", [dict(event_id=2, player_id=1, seq=99, first_game=2, withdrawn_after=None, team_name=None)])
        [row] = change.steps[0]["rows"]
        assert (bool(row["checked_in"]), row["paid"]) == (False, None)  # the column's default, as read back
        assert row == db.dicts("SELECT id, event_id, player_id, seq, first_game, withdrawn_after, team_name, checked_in, paid"
                               " FROM entry WHERE seq = 99")[0]


def test_who_met_whom_is_read_from_its_own_index(tmp_path):
    """The pair codes come from ix_pairing_met (schema 19), not from the tables: its
    expression must stay spelled as the query spells it."""
    location = str(tmp_path / "test.db")
    _event(location)
    with transaction(location) as db:
        make_round(db, 1)
        assert sorted(qualifying.met_codes(db, 1)) == sorted(
            (min(a, b) << 32) | max(a, b) for a, b in db.rows("SELECT entry1_id, entry2_id FROM pairing WHERE entry2_id IS NOT NULL"))
    con = sqlite3.connect(location)
    plan = " ".join(r[-1] for r in con.execute(f"EXPLAIN QUERY PLAN SELECT {pair_codes.MET_CODE} FROM pairing"
                                                 " WHERE event_id = 1 AND entry2_id IS NOT NULL"))
    con.close()
    assert "ix_pairing_met" in plan


def test_a_round_reads_only_the_columns_it_needs_of_the_entries(tmp_path):
    """Who plays the game (late entries from their first game, withdrawals up to their
    last) and what each is called are read as such, not as 20,000 whole entries,
    unless check-in can hold the game back."""
    from crib_tourney.store.directory import entries_of, players_in_game
    from crib_tourney.store.events import load_event

    location = str(tmp_path / "test.db")
    _event(location)
    runner = CliRunner(env={"COLUMNS": "200"})
    for args in (["round", "Open"], ["withdraw", "Open", "Bob"], ["enter", "Open", "Hal", "--new"]):
        assert runner.invoke(app, ["--db", location, *args]).exit_code == 0
    with transaction(location) as db:
        said: list[str] = []
        db._connection.set_trace_callback(said.append)
        make_round(db, 1)
        db._connection.set_trace_callback(None)
        event = load_event(db, 1)
        names = dict(db.rows("SELECT e.id, p.name FROM entry e JOIN player p ON p.id = e.player_id"))
        for game in (1, 2, 3):
            assert players_in_game(db, event, game) == [  # the rule, on the whole entries
                e.id for e in entries_of(db, event) if e.first_game <= game and (e.withdrawn_after is None or e.withdrawn_after >= game)]
        assert [names[e] for e in players_in_game(db, event, 2)] == [p for p in PLAYERS if p != "Bob"] + ["Hal"]
        assert {names[e] for t in db.rows("SELECT entry1_id, entry2_id FROM pairing WHERE game_no = 2") for e in t
                if e is not None} == set(PLAYERS) - {"Bob"} | {"Hal"}
    assert [s for s in said if s.startswith("SELECT id, event_id, player_id, seq")] == []


@pytest.mark.parametrize("options, players", [([], PLAYERS), (["--variant", "three-player"], PLAYERS + ["Hal"])])
def test_a_round_shows_the_game_it_paired_as_stored_without_reading_it_back(tmp_path, options, players):
    """Two sides (a bye) and three (two sitting out): the listing round prints of the
    game it has just paired is the one --show reads from the database."""
    location = str(tmp_path / "test.db")
    runner = CliRunner(env={"COLUMNS": "200"})

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--db", location, *args])
        assert result.exit_code == 0, result.stdout + result.stderr
        return result.stdout

    run("new-event", "Open", "--games", "3", *options)
    run("enter", "Open", *players, "--new")
    run("round", "Open")
    with transaction(location) as db:
        said: list[str] = []
        db._connection.set_trace_callback(said.append)
        [view] = make_round(db, 1)
        db._connection.set_trace_callback(None)
    assert [s for s in said if s.startswith("SELECT table_no, entry1_id")] == []
    assert json.loads(run("round", "Open", "--show", "2", "--json")) == view.as_dict()
    assert view.bye is not None if not options else len(view.byes) == 2
