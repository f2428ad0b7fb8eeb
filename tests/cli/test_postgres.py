"""The same commands on PostgreSQL. Runs when CRIB_TOURNEY_TEST_POSTGRES is a URL of a
server where the user may create databases (.ci/run starts one when it can);
skipped otherwise."""

import json

import pytest
from typer.testing import CliRunner

from crib_tourney.cli.app import app
from tests.conftest import POSTGRES_SERVER

pytestmark = pytest.mark.skipif(not POSTGRES_SERVER, reason="no PostgreSQL server given (CRIB_TOURNEY_TEST_POSTGRES)")


def test_a_whole_event_on_postgresql(pg_url, tmp_path):
    runner = CliRunner(env={"COLUMNS": "200"})

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", pg_url, *map(str, args)])
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result

    run("new-event", "E", "--games", "2")
    run("enter", "E", *"ABCDEFGH", "--new")
    games = json.loads(run("round", "E", "--all", "--json").stdout)["games"]
    bad = tmp_path / "bad.csv"
    bad.write_text("game,player1,score1,player2,score2\n1,A,121,H,100\n1,Zed,121,B,100\n")
    assert "line 3: unknown player 'Zed'" in run("result", "import", "E", bad, code=1).stderr
    rows = json.loads(run("standings", "E", "--json").stdout)["rows"]
    assert all(r["games"] == 0 for r in rows)  # the savepoint rolled the good row back too
    for g in games:
        for k, t in enumerate(g["tables"]):
            run("result", "E", t["players"][0], 121, t["players"][1], 100 - 20 * k, "--game", g["game"])
    run("undo", "E")
    last = games[-1]["tables"][-1]["players"]
    run("result", "E", last[0], 121, last[1], 40, "--game", 2)
    rows = json.loads(run("standings", "E", "--json").stdout)["rows"]
    assert sum(r["spread"] for r in rows) == 0 and sum(r["games"] for r in rows) == 16
    run("ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", 1, "--player", "A")
    run("cut", "E")
    bracket = json.loads(run("bracket", "E", "--json").stdout)
    a, b = bracket["rounds"][0]["matches"][0]["players"]
    for _ in range(3):  # 8 entrants: 2 qualifiers, a final of best of 5
        run("result", "E", a, 121, b, 99)
    assert json.loads(run("bracket", "E", "--json").stdout)["champion"] == a
    run("league", "new", "L")
    run("league", "join", "L", "A", "B")
    assert json.loads(run("league", "night", "L", "--date", "2026-09-01", "--json").stdout)["event"] == "L night 1 (2026-09-01)"
    out = tmp_path / "standings.pdf"
    run("print", "standings", "E", "-o", out)
    assert out.stat().st_size > 1000
