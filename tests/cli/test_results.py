"""Qualifying games, results, standings and their rules through the real CLI."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent.parent / "fixtures"


def make_event(cli, players="A B C D", games=3, *settings):
    cli("new-event", "E", "--games", games, *settings)
    cli("enter", "E", *players.split(), "--new")


def row(cli, name):
    return next(r for r in cli("standings", "E", "--json").json()["rows"] if r["player"] == name)


def test_round_json_shape_and_distinct_opponents(cli):
    make_event(cli, "A B C D E F", games=5)
    met = set()
    for game in range(1, 6):
        data = cli("round", "E", "--json").json()
        assert data["game"] == game and data["bye"] is None
        assert [t["table"] for t in data["tables"]] == [1, 2, 3]
        for t in data["tables"]:
            pair = frozenset(t["players"])
            assert pair not in met, f"repeat pairing {pair} in game {game}"
            met.add(pair)
    assert len(met) == 15  # everyone met everyone once


def test_odd_field_a_different_bye_each_game(cli):
    make_event(cli, "A B C D E", games=5)
    byes = [cli("round", "E", "--json").json()["bye"] for _ in range(5)]
    assert sorted(byes) == ["A", "B", "C", "D", "E"]


def test_round_all_schedules_everything_and_refuses_more(cli, unchanged):
    make_event(cli, "A B C D", games=3)
    data = cli("round", "E", "--all", "--json").json()
    assert [g["game"] for g in data["games"]] == [1, 2, 3]
    with unchanged():
        cli.fails("round", "E", match="all 3 qualifying games of E are already scheduled")


def test_late_entry_joins_next_game(cli):
    make_event(cli, "A B C D", games=3)
    cli("round", "E")
    assert "late entry: from game 2" in cli("enter", "E", "Late", "--new").stdout
    game2 = cli("round", "E", "--json").json()
    assert "Late" in [p for t in game2["tables"] for p in t["players"]] + [game2["bye"]]


@pytest.mark.parametrize(
    "loser, points, skunks",
    [(90, 3, 1), (91, 2, 0), (60, 3, 1), (61, 3, 1)],
)
def test_skunk_at_31_not_30(cli, loser, points, skunks):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    cli("result", "E", "A", 121, "B", loser)
    a, b = row(cli, "A"), row(cli, "B")
    assert (a["game_points"], a["skunks"], a["spread"]) == (points, skunks, 121 - loser)
    assert (b["game_points"], b["skunks_taken"], b["spread"]) == (0, skunks, loser - 121)


@pytest.mark.parametrize("loser, points, doubles", [(60, 4, 1), (61, 3, 0)])
def test_double_skunk_at_61_not_60(cli, loser, points, doubles):
    make_event(cli, "A B", 1, "--double-skunk-points", "4")
    cli("round", "E")
    cli("result", "E", "B", loser, "A", 121)
    a = row(cli, "A")
    assert (a["game_points"], a["double_skunks"], a["skunks"]) == (points, doubles, 1)


def test_forfeit_scores_two_and_ten(cli):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    assert "B forfeits to A" in cli("result", "E", "--forfeit", "B").stdout
    a, b = row(cli, "A"), row(cli, "B")
    assert (a["game_points"], a["wins"], a["spread"]) == (2, 1, 10)
    assert (b["game_points"], b["losses"], b["spread"]) == (0, 1, -10)


def test_bye_is_a_win_without_spread_by_default(cli):
    make_event(cli, "A B C", games=1)
    bye = cli("round", "E", "--json").json()["bye"]
    others = [p for p in "ABC" if p != bye]
    assert row(cli, bye)["game_points"] == 0  # counts once the game is under way
    cli("result", "E", others[0], 121, others[1], 100)
    r = row(cli, bye)
    assert (r["game_points"], r["wins"], r["spread"]) == (2, 1, 0)


def test_bye_award_is_an_event_setting(cli):
    make_event(cli, "A B C", 1, "--bye-points", "1", "--bye-spread", "5")
    bye = cli("round", "E", "--json").json()["bye"]
    others = [p for p in "ABC" if p != bye]
    cli("result", "E", others[0], 121, others[1], 100)
    r = row(cli, bye)
    assert (r["game_points"], r["spread"]) == (1, 5)


def test_tie_break_chain_game_points_wins_spread_plus_head_to_head(cli):
    # 4 players, 3 games: the rotation is A-D B-C | A-C D-B | A-B C-D
    make_event(cli, "A B C D", games=3)
    cli("round", "E", "--all")
    cli("result", "E", "D", 121, "A", 106, "--game", 1)  # A loses by 15
    cli("result", "E", "B", 121, "C", 101, "--game", 1)  # B wins by 20
    cli("result", "E", "C", 121, "A", 106, "--game", 2)  # A loses by 15
    cli("result", "E", "D", 121, "B", 111, "--game", 2)  # B loses by 10
    cli("result", "E", "A", 121, "B", 101, "--game", 3)  # A beats B by 20
    cli("result", "E", "C", 121, "D", 116, "--game", 3)
    rows = cli("standings", "E", "--json").json()["rows"]
    # D and C: 4 GP 2 W, D spread +20, C spread 0. A and B: level on GP, W,
    # spread (-10) and plus (20): head-to-head puts A first.
    assert [(r["rank"], r["player"], r["tied"]) for r in rows] == [(1, "D", False), (2, "C", False), (3, "A", False), (4, "B", False)]
    a, b = rows[2], rows[3]
    assert (a["game_points"], a["wins"], a["spread"], a["plus"]) == (b["game_points"], b["wins"], b["spread"], b["plus"]) == (2, 1, -10, 20)


def test_game_points_beat_wins_and_wins_beat_spread(cli):
    make_event(cli, "A B C D", 2, "--win-points", "1", "--skunk-points", "2")
    cli("round", "E", "--all")
    # game 1: A-D, B-C; game 2: A-C, D-B
    cli("result", "E", "A", 121, "D", 80, "--game", 1)  # A skunks: 2 GP, 1 win
    cli("result", "E", "B", 121, "C", 111, "--game", 1)  # B: 1 GP
    cli("result", "E", "C", 121, "A", 120, "--game", 2)  # A loses by 1
    cli("result", "E", "B", 121, "D", 120, "--game", 2)  # B: 2 GP from 2 wins
    rows = {r["player"]: r for r in cli("standings", "E", "--json").json()["rows"]}
    assert rows["A"]["game_points"] == rows["B"]["game_points"] == 2
    assert rows["B"]["rank"] == 1 and rows["A"]["rank"] == 2  # more wins first, despite A's spread +40


def test_plus_spread_breaks_equal_net_spread(cli):
    make_event(cli, "A B C D", games=2)
    cli("round", "E", "--all")
    cli("result", "E", "A", 121, "D", 96, "--game", 1)  # A +25
    cli("result", "E", "B", 121, "C", 101, "--game", 1)  # B +20
    cli("result", "E", "C", 121, "A", 106, "--game", 2)  # A -15: net 10, plus 25
    cli("result", "E", "D", 121, "B", 111, "--game", 2)  # B -10: net 10, plus 20
    rows = {r["player"]: r for r in cli("standings", "E", "--json").json()["rows"]}
    assert rows["A"]["spread"] == rows["B"]["spread"] == 10
    assert rows["A"]["rank"] < rows["B"]["rank"] and not rows["A"]["tied"]


def test_remaining_ties_are_marked_not_broken(cli):
    make_event(cli, "A B C D", games=1)
    cli("round", "E")  # A-D, B-C
    cli("result", "E", "A", 121, "D", 100)
    cli("result", "E", "B", 121, "C", 100)
    rows = cli("standings", "E", "--json").json()["rows"]
    assert [(r["rank"], r["tied"]) for r in rows] == [(1, True), (1, True), (3, True), (3, True)]
    table = cli("standings", "E").stdout
    assert "1=" in table and "3=" in table and "tied after" in table


def test_standings_csv(cli):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    cli("result", "E", "A", 121, "B", 100)
    lines = cli("standings", "E", "--csv").stdout.splitlines()
    assert lines[0].startswith("rank,player,game_points,wins,losses,spread,plus,minus,skunks")
    assert lines[1].startswith("1,A,2,1,0,21,21,0,0")


def test_second_entry_refused_unless_replace(cli, unchanged):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    cli("result", "E", "A", 121, "B", 100)
    with unchanged():
        cli.fails("result", "E", "A", 121, "B", 101, match="already has a result; use --replace")
    cli("result", "E", "B", 121, "A", 119, "--replace")
    assert row(cli, "B")["wins"] == 1 and row(cli, "A")["wins"] == 0


@pytest.mark.parametrize(
    "args, match",
    [
        (["A", 121, "Zed", 100], "unknown player 'Zed'"),
        (["A", 121, "Out", 100], "Out is not entered in E"),
        (["A", 125, "B", 100], "above the game target of 121"),
        (["A", 121, "B", 121], "two winners"),
        (["A", 120, "B", 100], "no winner"),
        (["A", 121, "B", -5], "cannot be negative"),
        (["A", 121, "B", 100, "--game", 9], "game 9 of E does not exist"),
        (["A", "lots", "B", 100], "is not a whole number"),
        (["A", 121, "A", 100], "cannot play against themselves"),
        (["A", 121, "B"], "expected EVENT PLAYER SCORE PLAYER SCORE"),
    ],
)
def test_bad_results_change_nothing(cli, unchanged, args, match):
    make_event(cli, "A B", games=1)
    cli("player", "add", "Out")
    cli("round", "E")
    with unchanged():
        cli.fails("result", "E", *args, match=match)


def test_player_not_in_event_and_unknown_event(cli, unchanged):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    with unchanged():
        cli.fails("result", "Nope", "A", 121, "B", 100, match="unknown event 'Nope'")
        cli.fails("withdraw", "E", "Ghost", match="unknown player 'Ghost'")
    cli("player", "add", "Stranger")
    with unchanged():
        cli.fails("withdraw", "E", "Stranger", match="Stranger is not entered in E")


def test_withdrawn_player_forfeits_open_games_and_takes_no_results(cli, unchanged):
    make_event(cli, "A B C D", games=2)
    cli("round", "E", "--all")  # game 1 A-D B-C, game 2 A-C D-B
    cli("result", "E", "A", 121, "D", 100, "--game", 1)
    out = cli("withdraw", "E", "A").stdout
    assert "A withdrew after game 1; forfeits scheduled game(s) 2" in out
    assert row(cli, "C")["wins"] == 1 and row(cli, "C")["spread"] == 10
    assert row(cli, "A")["withdrawn"] is True and row(cli, "C")["withdrawn"] is False
    assert "A (withdrawn)" in cli("standings", "E").stdout
    with unchanged():
        cli.fails("result", "E", "A", 121, "C", 100, "--game", 2, "--replace", match="A withdrew from E after game 1")
    cli("new-event", "F", "--games", "3")
    cli("enter", "F", "A", "B", "C")
    cli("withdraw", "F", "A")
    game = cli("round", "F", "--json").json()
    assert "A" not in [p for t in game["tables"] for p in t["players"]]
    with unchanged():  # withdrawn before playing: "before game 1", never "after game 0"
        cli.fails("withdraw", "F", "A", match="A already withdrew from F before game 1")
    cli("new-event", "G", "--games", "2")
    cli("enter", "G", "A", "B")
    cli("round", "G")
    cli("withdraw", "G", "A")
    with unchanged():
        cli.fails("result", "G", "A", 121, "B", 100, "--replace", match="A withdrew from G before game 1")


def test_cards_that_disagree_are_listed_and_resolved_by_acc_rule(cli):
    make_event(cli, "A B C D", games=2)
    cli("round", "E")  # A-D, B-C
    cli("result", "E", "A", 121, "D", 60)  # A leads after game 1
    cli("result", "E", "B", 121, "C", 100)
    (one, two), _ = [t["players"] for t in cli("round", "E", "--json").json()["tables"]]
    other = two if one == "A" else one
    assert "A" in (one, two)
    cli("result", "E", "A", 121, other, 95, "--card", "A")
    problems = cli("check", "E", "--json").json()["problems"]
    assert [(p["problem"], sorted(p["players"])) for p in problems if p["problem"] != "missing"] == [("one card", sorted(["A", other]))]
    cli("result", "E", "A", 121, other, 98, "--card", other)
    problems = [p for p in cli("check", "E", "--json").json()["problems"] if p["problem"] != "missing"]
    assert problems[0]["problem"] == "disagree" and "A's card 121-95" in problems[0]["detail"]
    # 4 entrants, ratio 0.25: one apparent qualifier, judged on the standings before
    # game 2 (whenever the director resolves): A, who takes the disadvantage: the
    # smaller win (by 23); the other keeps his own card, which said the same.
    resolved = cli("check", "E", "--resolve", "--json").json()
    assert [p for p in resolved["problems"] if p["problem"] != "missing"] == []
    assert "A 121-98 (apparent qualifier)" in resolved["resolved"][0]
    assert row(cli, "A")["spread"] == 61 + 23
    game2 = cli("player", "games", "E", other, "--json").json()["games"][1]
    assert (game2["score"], game2["opponent_score"], game2["spread"]) == (98, 121, -23)


def test_one_card_is_copied_to_the_other_on_resolve(cli):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    cli("result", "E", "A", 121, "B", 88, "--card", "B")
    cli("check", "E", "--resolve")
    assert row(cli, "A")["spread"] == 33 and row(cli, "A")["skunks"] == 1


def test_missing_games_listed(cli):
    make_event(cli, "A B C D", games=1)
    cli("round", "E")
    out = cli("check", "E", "--json").json()["problems"]
    assert [p["problem"] for p in out] == ["missing", "missing"]


def test_result_import_all_or_nothing_with_line_numbers(cli, unchanged, tmp_path):
    make_event(cli, "A B C D", games=1)
    cli("round", "E")
    bad = tmp_path / "bad.csv"
    bad.write_text("game,player1,score1,player2,score2\n1,A,121,D,100\n1,B,121,C,130\n1,Zed,121,C,100\n")
    with unchanged():
        run = cli.fails("result", "import", "E", bad, match="2 bad row(s)")
    assert "line 3: a score of 130 is above" in run.stderr and "line 4: unknown player 'Zed'" in run.stderr
    malformed = tmp_path / "malformed.csv"
    malformed.write_text("game,player1,score1\n1,A,121\n")
    with unchanged():
        cli.fails("result", "import", "E", malformed, match="the header needs columns")
    good = tmp_path / "good.csv"
    good.write_text("game,player1,score1,player2,score2,forfeit\n1,A,121,D,100,\n1,,,,,C\n")
    assert "imported 2 results" in cli("result", "import", "E", good).stdout
    assert row(cli, "B")["spread"] == 10  # C forfeited
    # one undo reverts the whole import
    cli("undo", "E")
    assert row(cli, "A")["games"] == 0 and row(cli, "B")["games"] == 0


def test_result_import_reports_the_files_bad_lines_and_the_games_refusals_together(cli, unchanged, tmp_path):
    """Rows are read into typed records first (a name, a number, a short row), the
    games refuse the rest: one refusal lists every bad line, in line order."""
    make_event(cli, "A B C D", games=1)
    cli("round", "E")
    bad = tmp_path / "bad.csv"
    bad.write_text("game,player1,score1,player2,score2\n1,A,121,B,100\n1,C,x,D,100\n9,A,121,D,100\n1,B\n1,A,121,D,99\n")
    with unchanged():
        run = cli.fails("result", "import", "E", bad, match="4 bad row(s) in bad.csv, nothing imported")
    assert run.stderr.strip().endswith(
        "line 2: A and B are not seated together in game 1 of E; line 3: score1 'x' is not a whole number;"
        " line 4: game 9 of E does not exist (not scheduled); line 5: fewer fields than the header has")


def test_result_import_says_how_to_correct_a_table_with_a_result(cli, unchanged, tmp_path):
    """An import only adds (it takes no --replace): a game twice in the file names the
    other line; a game entered before points to result ... --replace."""
    make_event(cli, "A B C D", games=1)
    cli("round", "E")  # A-D, B-C
    twice = tmp_path / "twice.csv"
    twice.write_text("game,player1,score1,player2,score2\n1,A,121,D,100\n1,B,121,C,90\n1,D,121,A,95\n")
    with unchanged():
        cli.fails("result", "import", "E", twice, match="line 4: game 1 between D and A is also on line 2 of this file")
    cli("result", "E", "A", 121, "D", 100)
    again = tmp_path / "again.csv"
    again.write_text("game,player1,score1,player2,score2,forfeit\n1,A,121,D,90,\n1,,,,,C\n1,,,,,C\n")
    with unchanged():
        run = cli.fails("result", "import", "E", again, match="2 bad row(s)")
    assert "line 2: game 1 between A and D already has a result (entered before" in run.stderr
    assert "correct one with result ... --replace" in run.stderr and "use --replace" not in run.stderr


def test_results_csv_rows_are_typed_records(tmp_path):
    from crib_tourney.inputs.csvrows import ForfeitLine, LineError, ResultLine, results_file
    from crib_tourney.inputs.names import NewPlayer
    from crib_tourney.services import events
    from crib_tourney.store.db import transaction
    from crib_tourney.tourney.settings import EventSettings

    with transaction(str(tmp_path / "typed.db")) as db:
        event = events.create_event(db, "E", EventSettings(games=1)).id
        events.enter(db, event, [NewPlayer("Ann"), NewPlayer("Bob")])
        ann, bob = (e.id for e in events.entries_of(db, events.store.load_event(db, event)))
        read = results_file(db, event, "game,player1,score1,player2,score2,forfeit\n1,Ann,121,Bob,90,\n,,,,,bob\n2,Cy,1,Bob,2,\n",
                            "r.csv")
    assert read.name == "r.csv"
    assert read.rows == (ResultLine(2, 1, ann, 121, bob, 90), ForfeitLine(3, None, bob))
    assert read.errors == (LineError(4, "unknown player 'Cy'"),)


def test_log_and_undo(cli, unchanged):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    cli("result", "E", "A", 121, "B", 100)
    cli("result", "E", "A", 121, "B", 110, "--replace")
    log = cli("log", "E", "--json").json()["log"]
    assert [e["action"] for e in log] == ["new-event", "enter", "round", "result", "replace"]
    assert "undid replace" in cli("undo", "E").stdout
    assert row(cli, "A")["spread"] == 21
    cli("undo", "E")
    assert row(cli, "A")["games"] == 0
    assert "undid round" in cli("undo", "E").stdout
    assert "undid enter" in cli("undo", "E").stdout
    with unchanged():
        cli.fails("undo", "E", match="nothing to undo")
    log = cli("log", "E", "--json").json()["log"]
    assert [(e["action"], e["undone"]) for e in log] == [
        ("new-event", False), ("enter", True), ("round", True), ("result", True), ("replace", True),
        ("undo", False), ("undo", False), ("undo", False), ("undo", False)]


def test_ruling_count_stored_with_muggins(cli, unchanged):
    make_event(cli, "A B", 1, "--muggins")
    cli("round", "E")
    data = cli("ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28",
               "--game", "1", "--player", "A", "--json").json()
    assert (data["total"], data["difference"], data["muggins"]) == (29, -1, 1)
    assert "muggins: opponent may take 1" in data["ruling"]
    con = sqlite3.connect(cli.db)
    assert con.execute("SELECT game_no, claim, true_score, muggins FROM ruling").fetchall() == [(1, 28, 29, 1)]
    with unchanged():
        cli.fails("ruling", "E", "count", "5H", "5D", "5S", "5H", "--starter", "5C", "--claim", "1", "--game", "1", "--player", "A", match="5H")
        cli.fails("ruling", "E", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "1", "--game", "4", "--player", "A", match="game 4 of E does not exist")


def test_ruling_peg(cli):
    make_event(cli, "A B", games=1)
    cli("round", "E")
    data = cli("ruling", "E", "peg", "5H", "10D", "5C", "5S", "--claim", "2", "--seat", "2",
               "--game", "1", "--player", "B", "--json").json()
    assert (data["total"], data["difference"]) == (4, -2)
    assert "muggins" not in data  # the event does not play muggins


def test_schema_v1_database_upgrades_in_place(cli):
    con = sqlite3.connect(cli.db)
    con.executescript((FIXTURES / "schema_v1.sql").read_text())
    con.close()
    rows = cli("standings", "Old Open", "--json").json()["rows"]
    assert [(r["player"], r["game_points"]) for r in rows][:2] == [("Cat", 3), ("Ann", 2)]  # 121-90 is a skunk
    con = sqlite3.connect(cli.db)
    from crib_tourney.store.migrations import LATEST_VERSION

    assert con.execute("SELECT MAX(version) FROM schema_version").fetchone() == (LATEST_VERSION,)
    assert con.execute("SELECT bye_points, bye_spread, first_dealer, payouts FROM event").fetchone() == (2, 0, "cut", "")
    assert {r[0] for r in con.execute("SELECT name FROM sqlite_master")} >= {"ruling", "seed", "playoff_match", "playoff_game"}
    con.close()
    cli("ruling", "Old Open", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "29", "--game", "1", "--player", "Ann")


def test_not_a_database(cli, tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_text("this is not sqlite" * 100)
    run = cli.__class__(junk)("event", "list", ok=False)
    assert run.code == 1 and run.stderr.strip() == "error: that file is not a crib-tourney database"


def test_two_terminals_entering_results_at_once(tmp_path):
    """Two processes write to one database at the same moment: both succeed."""
    from tests.conftest import Cli

    db = tmp_path / "race.db"
    base = [sys.executable, "-m", "crib_tourney", "--db", str(db)]
    cli = Cli(db)  # the event made in this process: only the results race
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", *[f"P{i}" for i in range(40)], "--new")
    tables = cli("round", "E", "--json").json()["tables"]
    procs = [
        subprocess.Popen(base + ["result", "E", t["players"][0], "121", t["players"][1], str(80 + k)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for k, t in enumerate(tables)
    ]
    outcomes = [p.communicate() + (p.returncode,) for p in procs]
    assert all(code == 0 for _, _, code in outcomes), outcomes
    con = sqlite3.connect(db)
    assert con.execute("SELECT COUNT(DISTINCT pairing_id) FROM outcome").fetchone() == (20,)


def test_sqlalchemy_url_path_runs_the_same_commands(tmp_path):
    """A full SQLAlchemy URL goes through SQLAlchemy (the PostgreSQL path), not the
    stdlib driver: the same commands must work there too."""
    from tests.conftest import Cli

    url_cli = Cli(tmp_path / "unused.db")
    url = f"sqlite+pysqlite:///{tmp_path / 'via-sqlalchemy.db'}"
    run = lambda *a, **k: url_cli.runner.invoke(__import__("crib_tourney.cli.app", fromlist=["app"]).app, ["--db", url, *map(str, a)])  # noqa: E731
    assert run("new-event", "E", "--games", "1").exit_code == 0
    assert run("enter", "E", "A", "B", "C", "--new").exit_code == 0
    assert run("round", "E").exit_code == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("game,player1,score1,player2,score2\n1,A,121,B,100\n1,A,121,B,100\n")
    result = run("result", "import", "E", bad)
    assert result.exit_code == 1 and "line 3" in result.stderr
    standings = run("standings", "E", "--json")
    assert all(r["games"] == 0 for r in json.loads(standings.stdout)["rows"])
    tables = json.loads(run("round", "E", "--show", "1", "--json").stdout)["tables"][0]["players"]
    assert run("result", "E", tables[0], "121", tables[1], "99").exit_code == 0
    assert run("undo", "E").exit_code == 0
    assert run("result", "E", tables[0], "121", tables[1], "80").exit_code == 0
    rows = json.loads(run("standings", "E", "--json").stdout)["rows"]
    assert rows[0]["game_points"] == 3


def test_backward_event_whoever_reaches_121_loses(cli):
    make_event(cli, "A B", 1, "--variant", "backward")
    cli("round", "E")
    assert "B 80 - A 121" in cli("result", "E", "A", 121, "B", 80).stdout
    b = row(cli, "B")
    assert (b["wins"], b["game_points"], b["spread"], b["skunks"]) == (1, 3, 41, 1)
    assert row(cli, "A")["losses"] == 1


def test_five_card_event_plays_to_61(cli, unchanged):
    make_event(cli, "A B", 1, "--variant", "five-card")
    cli("round", "E")
    with unchanged():
        cli.fails("result", "E", "A", 121, "B", 50, match="above the game target of 61")
    cli("result", "E", "A", 61, "B", 40)
    assert row(cli, "A")["spread"] == 21


def test_event_games_seat_two_or_three_sides(cli, unchanged):
    with unchanged():
        cli.fails("new-event", "E", "--variant", "solitaire", match="a table seats two sides")
    # three-player seats three at a table (tests/cli/test_three_sides.py)
    cli("new-event", "E", "--variant", "three-player")
    assert cli("event", "show", "E", "--json").json()["settings"]["sides"] == 3


def test_reading_commands_never_create_a_database(cli):
    run = cli.fails("standings", "E", match="no crib-tourney database at")
    assert not cli.db.exists() and str(cli.db) in run.stderr


def test_quick_results_table_by_table(cli):
    make_event(cli, "A B C D", games=2)
    cli("round", "E", "--all")
    game1 = cli("round", "E", "--show", 1, "--json").json()["tables"]
    typed = "1 121 97\n2 88 121\n7 121 100\n2 121 121\nhello\nundo\n2 90 121\ngame 5\ngame 2\n1 121 60\nquit\n1 121 1\n"
    result = cli.runner.invoke(__import__("crib_tourney.cli.app", fromlist=["app"]).app,
                               ["--db", str(cli.db), "quick-results", "E"], input=typed)
    assert result.exit_code == 0, result.stderr
    out, err = result.stdout, result.stderr
    (a, b), (c, d) = game1[0]["players"], game1[1]["players"]
    assert f"recorded game 1 table 1: {a} 121 - {b} 97" in out
    assert "error: game 1 has no table 7" in err and "error: two winners" in err
    assert "error: 'hello' is not TABLE SCORE SCORE" in err and "error: game 5 of E has not been scheduled" in err
    assert "undid result" in out
    assert f"recorded game 1 table 2: {d} 121 - {c} 90" in out
    assert "3 result(s) saved" in err  # four recorded, one undone; the line after quit is never read
    missing = [(p["game"], p["table"]) for p in cli("check", "E", "--json").json()["problems"]]
    assert missing == [(2, 2)]  # everything typed and kept is saved; the rest is still open
    actions = [e["action"] for e in cli("log", "E", "--json").json()["log"]]
    assert actions[-5:] == ["result", "result", "undo", "result", "result"]


def test_late_entry_after_the_whole_schedule_was_paired(cli, unchanged):
    make_event(cli, "A B C D", games=3)
    cli("round", "E", "--all")
    cli("result", "E", "A", 121, "D", 100, "--game", 1)
    with unchanged():
        cli.fails("enter", "E", "Late", "--new", match="--unschedule-from N")
        cli.fails("round", "E", "--unschedule-from", 1, match="game 1 already has results")
        cli.fails("round", "E", "--unschedule-from", 7, match="game 7 of E is not scheduled")
    assert "removed the pairings of games 2-3" in cli("round", "E", "--unschedule-from", 2).stdout
    assert "late entry: from game 2" in cli("enter", "E", "Late", "--new").stdout
    games = cli("round", "E", "--all", "--json").json()["games"]
    assert [g["game"] for g in games] == [2, 3]
    seated = [p for g in games for t in g["tables"] for p in t["players"]] + [g["bye"] for g in games]
    assert seated.count("Late") == 2


def test_database_url_problems_are_one_line(tmp_path):
    from crib_tourney.cli.app import app
    from tests.conftest import Cli

    runner = Cli(tmp_path / "unused.db").runner
    for url, message in [("mysql://someone@nowhere/db", "driver for this URL is not installed"),
                         ("notadialect://x", "database error: Can't load plugin"),
                         (str(tmp_path), "cannot open the database file")]:
        result = runner.invoke(app, ["--db", url, "player", "add", "X"])
        assert result.exit_code == 1 and message in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_quick_results_takes_forfeits_corrections_and_undoes_only_its_own_lines(cli):
    from crib_tourney.cli.app import app

    cli("new-event", "Q", "--games", "1")
    cli("enter", "Q", "Ann", "Bob", "Cat", "Dan", "--new")
    tables = cli("round", "Q", "--json").json()["tables"]
    (a, b), (c, d) = tables[0]["players"], tables[1]["players"]
    typed = f"1 121 97\n1 100 121\n1 100 121 replace\n2 forfeit {c}\n2 forfeit {a}\nundo\nquit\n"
    run = cli.runner.invoke(app, ["--db", str(cli.db), "quick-results", "Q"], input=typed)
    assert run.exit_code == 0 and f"{a} is not at table 2 of game 1" in run.stderr
    # a table typed twice: the advice is the line's own word, not result's option
    assert "already has a result; end the line with replace to correct it" in run.stderr and "--replace" not in run.stderr
    log = cli("log", "Q", "--json").json()["log"]
    assert [e["action"] for e in log] == ["new-event", "enter", "round", "result", "replace", "forfeit", "undo"]
    assert {r["player"]: r["spread"] for r in cli("standings", "Q", "--json").json()["rows"]}[b] == 21  # the correction stood
    cli("result", "Q", c, "121", d, "90")  # another terminal enters table 2
    run = cli.runner.invoke(app, ["--db", str(cli.db), "quick-results", "Q"], input="undo\n")
    assert "nothing typed in this session to undo" in run.stderr
    assert len(cli("log", "Q", "--json").json()["log"]) == 8
    run = cli.runner.invoke(app, ["--db", str(cli.db), "quick-results", "Q"], input=f"1 forfeit {a}\n1 forfeit {a} replace\nquit\n")
    assert "end the line with replace" in run.stderr and "unknown player" not in run.stderr, run.stderr  # a forfeit line too
    assert [e["action"] for e in cli("log", "Q", "--json").json()["log"]][-1] == "forfeit"


def test_check_shows_both_cards_in_the_table_sheets_order(cli):
    cli("new-event", "C", "--games", "1")
    cli("enter", "C", "Ann", "Dan", "--new")
    a, b = cli("round", "C", "--json").json()["tables"][0]["players"]
    cli("result", "C", b, "121", a, "97", "--card", b)
    cli("result", "C", a, "93", b, "121", "--card", a)
    (problem,) = cli("check", "C", "--json").json()["problems"]
    assert problem["detail"] == f"{a}'s card 93-121, {b}'s card 97-121 ({a} first)"


def test_player_games_says_forfeit_in_words(cli):
    """A forfeit's card holds 0-0; the table says who forfeited instead."""
    cli("new-event", "F", "--games", "1")
    cli("enter", "F", "Ann", "Bob", "--new")
    cli("round", "F")
    cli("result", "F", "--forfeit", "Bob")
    assert "│ won by forfeit │" in cli("player", "games", "F", "Ann").stdout
    assert "│ forfeited │" in cli("player", "games", "F", "Bob").stdout


def test_quick_results_says_replaced_for_a_replace_line(cli):
    cli("new-event", "R", "--games", "1")
    cli("enter", "R", "Ann", "Bob", "--new")
    cli("round", "R")
    from crib_tourney.cli.app import app

    run = cli.runner.invoke(app, ["--db", str(cli.db), "quick-results", "R"], input="1 121 100\n1 121 90 replace\nquit\n")
    said = [line for line in run.stdout.splitlines() if line]
    assert said[0].startswith("recorded game 1 table 1:") and said[1].startswith("replaced game 1 table 1:"), run.stdout
    assert "> " not in run.stderr  # no prompt when the lines come from a pipe, not a person at a terminal


def test_quick_results_prompts_a_person_at_a_terminal(cli):
    """On a terminal each line is asked for with "> " (stdin a pseudo-terminal)."""
    import os
    import pty

    cli("new-event", "R", "--games", "1")
    cli("enter", "R", "Ann", "Bob", "--new")
    cli("round", "R")
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "crib_tourney", "--db", str(cli.db), "quick-results", "R"],
                               stdin=child, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(child)
    os.write(main, b"1 121 100\nquit\n")
    out, err = process.communicate(timeout=60)
    os.close(main)
    assert err.decode().count("> ") >= 2 and "recorded game 1 table 1" in out.decode()


def test_log_fits_the_terminal_and_json_keeps_everything(cli):
    cli("new-event", "L", "--games", "1")
    names = [f"Player Number {n:02d}" for n in range(36)]
    cli("enter", "L", *names, "--new")
    shown = cli("log", "L").stdout  # the test runner's terminal is 200 columns wide
    assert max(len(line) for line in shown.splitlines()) <= 200
    assert "entered 36: Player Number 00 ... Player Number 35" in shown
    whole = cli("log", "L", "--json").json()["log"][-1]["summary"]
    assert whole.count("entered ") == 36


def test_a_correction_by_table_after_the_cut_takes_recut(cli):
    """A correction by table after the cut takes --recut, as the same correction by name does."""
    cli("new-event", "E", "--games", "1", "--qualify-ratio", "0.5")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "--new")
    cli("round", "E")  # Ann-Fay, Bob-Eve, Cat-Dan
    for table, loser in ((1, 100), (2, 90), (3, 80)):
        cli("result", "E", "--game", 1, "--table", table, 121, loser)
    cli("cut", "E")
    assert "recut the bracket" in cli("result", "E", "--game", 1, "--table", 1, 30, 121, "--replace", "--recut").stdout
