"""Two (or four) terminals writing at once, on SQLite and, when a server is given,
PostgreSQL: each command a real process. Nothing is lost, nothing is doubled, and
the loser of a race gets one clear line.

SQLite writers queue on BEGIN IMMEDIATE; PostgreSQL writers on an advisory lock
(store/db.py), backed by unique constraints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Cli

pytestmark = pytest.mark.slow


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "race.db")
    return request.getfixturevalue("pg_url")


def _run_at_once(location: str, *commands: list[str], inputs: list[str] | None = None) -> list[subprocess.CompletedProcess]:
    """Start every command before waiting for any."""
    env = dict(os.environ, CRIB_TOURNEY_DB=location, COLUMNS="200")
    processes = [subprocess.Popen([sys.executable, "-m", "crib_tourney", *command], env=env, text=True,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for command in commands]
    done = []
    for k, process in enumerate(processes):
        out, err = process.communicate(inputs[k] if inputs else "", timeout=300)
        done.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return done


def _cli(location: str) -> Cli:
    return Cli(location)  # type: ignore[arg-type]  # Cli passes --db as text: a path or a URL


def _one_clear_line(run: subprocess.CompletedProcess, match: str) -> None:
    assert run.returncode == 1, run
    assert run.stderr.strip().count("\n") == 0 and match in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_four_writers_of_a_hundred_results_each_lose_nothing(location):
    cli = _cli(location)
    cli("new-event", "Race", "--games", "1")
    cli("enter", "Race", *[f"P{i:03d}" for i in range(800)], "--new")
    cli("round", "Race")
    lines = [f"{table} 121 {table % 100}\n" for table in range(1, 401)]
    runs = _run_at_once(location, *[["quick-results", "Race", "--game", "1"]] * 4,
                        inputs=["".join(lines[k::4]) for k in range(4)])
    assert all(r.returncode == 0 and "100 result(s) saved" in r.stderr for r in runs), [r.stderr[-300:] for r in runs]
    assert cli("check", "Race", "--json").json()["problems"] == []
    log = cli("log", "Race", "--json").json()["log"]
    assert [e["action"] for e in log] == ["new-event", "enter", "round"] + ["result"] * 400
    rows = cli("standings", "Race", "--json").json()["rows"]
    assert sum(r["wins"] for r in rows) == 400 and sum(r["losses"] for r in rows) == 400 and sum(r["spread"] for r in rows) == 0


def test_two_rounds_at_once_make_two_different_games(location):
    cli = _cli(location)
    cli("new-event", "Race", "--games", "3")
    cli("enter", "Race", *[f"P{i:03d}" for i in range(60)], "--new")
    runs = _run_at_once(location, ["round", "Race"], ["round", "Race"])
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    games = [cli("round", "Race", "--show", str(g), "--json").json() for g in (1, 2)]
    met = [frozenset(t["players"]) for g in games for t in g["tables"]]
    assert [len(g["tables"]) for g in games] == [30, 30] and len(set(met)) == 60
    cli.fails("round", "Race", "--show", "3", match="has not been scheduled")


def test_the_last_game_paired_twice_at_once_is_refused_once(location):
    cli = _cli(location)
    cli("new-event", "Race", "--games", "1")
    cli("enter", "Race", *[f"P{i:03d}" for i in range(40)], "--new")
    runs = sorted(_run_at_once(location, ["round", "Race"], ["round", "Race"]), key=lambda r: r.returncode)
    assert runs[0].returncode == 0
    _one_clear_line(runs[1], "all 1 qualifying games of Race are already scheduled")
    assert len(cli("round", "Race", "--show", "1", "--json").json()["tables"]) == 20


def test_two_league_nights_at_once_are_nights_one_and_two(location):
    cli = _cli(location)
    cli("league", "new", "Club")
    cli("league", "join", "Club", *[f"M{i:02d}" for i in range(24)], "--new")
    runs = _run_at_once(location, *[["league", "night", "Club", "--date", "2026-09-01", "--json"]] * 2)
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    nights = cli("league", "show", "Club", "--json").json()["nights"]
    assert sorted(n["night"] for n in nights) == [1, 2]
    assert len({n["event"] for n in nights}) == 2


@pytest.mark.parametrize("trial", range(3))
def test_the_same_result_typed_at_two_terminals_lands_once(location, trial):
    cli = _cli(location)
    cli("new-event", "Race", "--games", "1")
    cli("enter", "Race", "Ann", "Bob", "--new")
    cli("round", "Race")
    runs = sorted(_run_at_once(location, *[["result", "Race", "Ann", "121", "Bob", str(90 + trial)]] * 2),
                  key=lambda r: r.returncode)
    assert runs[0].returncode == 0
    _one_clear_line(runs[1], "already has a result")
    assert [e["action"] for e in cli("log", "Race", "--json").json()["log"]] == ["new-event", "enter", "round", "result"]
    assert [r["spread"] for r in cli("standings", "Race", "--json").json()["rows"]] == [31 - trial, trial - 31]


def test_four_first_commands_on_an_empty_database_all_land(location):
    runs = _run_at_once(location, *[["player", "add", f"First {k}"] for k in range(4)])
    assert [r.returncode for r in runs] == [0] * 4, [r.stderr for r in runs]
    cli = _cli(location)
    assert sorted(p["name"] for p in cli("player", "list", "--json").json()["players"]) == [f"First {k}" for k in range(4)]
    if not location.startswith("postgresql"):
        assert Path(location).exists()
