"""Three sides at a table through the real CLI: a three-handed event of twelve and
six-player partners (three teams of two), from entry to winner; results by sides,
by table, forfeits, imports, cards and their reconciliation, undo."""

from __future__ import annotations

import itertools

PLAYERS = [f"Player {c}" for c in "ABCDEFGHIJKL"]


def _met(games: list[dict]) -> dict[frozenset, int]:
    met: dict[frozenset, int] = {}
    for game in games:
        for table in game["tables"]:
            for pair in itertools.combinations(table["players"], 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    return met


def _expected(games: list[dict], scores: tuple[int, int, int]) -> dict[str, tuple[int, int, int]]:
    """(game points, wins, spread) per player when every table ends ``scores`` in seat
    order, worked out here by the README's rules (2,1,0 by place; +1 to the winner
    per loser skunked; spread: each loser's margin, plus to the winner)."""
    won = {name: [0, 0, 0] for name in PLAYERS}
    for game in games:
        for table in game["tables"]:
            margins = [121 - s for s in scores[1:]]
            first, second, third = table["players"]
            won[first][0] += 2 + sum(m >= 31 for m in margins)
            won[first][1] += 1
            won[first][2] += sum(margins)
            won[second][0] += 1
            won[second][2] -= margins[0]
            won[third][2] -= margins[1]
    return {k: tuple(v) for k, v in won.items()}


def test_a_twelve_player_three_handed_event_runs_to_a_winner(cli, tmp_path):
    assert "created event #1 Threes" in cli("new-event", "Threes", "--variant", "three-player", "--games", "4").stdout
    cli("enter", "Threes", *PLAYERS, "--new")
    games = []
    for number in range(1, 5):
        game = cli("round", "Threes", "--json").json()
        assert game["game"] == number and game["bye"] is None and game["byes"] == []
        assert len(game["tables"]) == 4 and all(len(t["players"]) == 3 for t in game["tables"])
        assert sorted(p for t in game["tables"] for p in t["players"]) == PLAYERS
        games.append(game)
        for table in game["tables"]:
            a, b, c = table["players"]
            # the sides in any order: the third side's name first
            line = cli("result", "Threes", c, "85", a, "121", b, "100").stdout
            assert line == f"recorded game {number} table {table['table']}: {a} 121 - {b} 100 - {c} 85\n"
    assert max(_met(games[:3]).values()) == 1  # three games without any two players meeting again
    expected = _expected(games, (121, 100, 85))
    rows = cli("standings", "Threes", "--json").json()["rows"]
    assert {r["player"]: (r["game_points"], r["wins"], r["spread"]) for r in rows} == expected
    assert sum(r["spread"] for r in rows) == 0 and sum(r["game_points"] for r in rows) == 4 * 4 * (3 + 1)
    # the head-to-head shape, and the places a three-sided event adds
    assert set(rows[0]) == {"rank", "player", "game_points", "wins", "losses", "spread", "plus", "minus", "skunks",
                            "skunks_taken", "double_skunks", "double_skunks_taken", "games", "pending", "disputed", "tied", "withdrawn", "note",
                            "seconds", "thirds"}
    assert all(r["wins"] + r["seconds"] + r["thirds"] == r["games"] == 4 for r in rows)
    assert sum(r["seconds"] for r in rows) == sum(r["thirds"] for r in rows) == 4 * 4
    header = next(line for line in cli("standings", "Threes").stdout.splitlines() if "rank" in line)
    assert [w for w in header.replace("┃", " ").split()] == ["rank", "player", "GP", "W", "L", "2nd", "3rd", "spread", "plus",
                                                             "minus", "skunks", "skunked"]
    cli.fails("cut", "Threes", match="seats three at a table: it has no bracket")
    placings = cli("placings", "Threes", "--json").json()
    assert placings["complete"] is True and placings["champion"] == rows[0]["player"] == placings["rows"][0]["player"]
    assert not rows[0]["tied"]
    games_of = cli("player", "games", "Threes", rows[0]["player"], "--json").json()["games"]
    assert [(g["game_points"], g["place"]) for g in games_of] == [
        (3, 1) if t["players"][0] == rows[0]["player"] else (1, 2) if t["players"][1] == rows[0]["player"] else (0, 3)
        for g in games for t in g["tables"] if rows[0]["player"] in t["players"]]
    assert "121-100-85" in cli("player", "games", "Threes", games[0]["tables"][0]["players"][0]).stdout
    report = cli("report", "Threes", "--json").json()
    assert report["rows"][0]["name"] == rows[0]["player"]
    for kind in ("standings", "tables", "scorecards"):
        cli("print", kind, "Threes", "-o", tmp_path / f"{kind}.pdf")


def test_six_player_partners_as_three_teams_of_two_runs_to_a_winner(cli):
    cli("new-event", "P6", "--variant", "partners", "--sides", "3", "--games", "3")
    shown = cli("event", "show", "P6", "--json").json()
    assert (shown["settings"]["sides"], shown["settings"]["team_size"], shown["settings"]["place_points"]) == (3, 2, "2,1,0")
    teams = [("Ann", "Al"), ("Bea", "Bo"), ("Cy", "Cal"), ("Di", "Dan")]
    for a, b in teams:
        cli("enter", "P6", "--team", a, b, "--new")
    for number in range(1, 4):
        game = cli("round", "P6", "--json").json()
        assert len(game["tables"]) == 1 and len(game["byes"]) == 1 and game["bye"] == game["byes"][0]
        table = game["tables"][0]
        assert [len(m) for m in table["members"]] == [2, 2, 2]
        first, second, third = table["members"]
        # a team is named by any of its players; scores by table, in the sheet's order
        if number == 1:
            cli("result", "P6", first[1], "121", second[0], "90", third[1], "60")
        else:
            cli("result", "P6", "--game", str(number), "--table", "1", "121", "90", "60")
    shown_games = [cli("round", "P6", "--show", str(n), "--json").json() for n in (1, 2, 3)]
    assert len({g["bye"] for g in shown_games}) == 3  # nobody sits out twice while another has not sat out
    rows = cli("standings", "P6", "--json").json()["rows"]
    # each game: the winner takes 2, +1 for 90 (skunked: 31 behind), +1 for 60 (double skunk, worth 3 like a skunk) = 4;
    # the runner-up 1, the third 0; a bye 2 points and no spread
    expected: dict[str, list[int]] = {r["player"]: [0, 0] for r in rows}
    for g in shown_games:
        first, second, third = g["tables"][0]["players"]
        for side, points, spread in ((first, 4, 92), (second, 1, -31), (third, 0, -61), (g["bye"], 2, 0)):
            expected[side][0] += points
            expected[side][1] += spread
    assert {r["player"]: [r["game_points"], r["spread"]] for r in rows} == expected
    assert all(len(r["members"]) == 2 and r["team"] == r["player"] for r in rows)
    assert sum(r["spread"] for r in rows) == 0
    placings = cli("placings", "P6", "--json").json()
    assert placings["champion"] == rows[0]["player"] and len(placings["rows"][0]["members"]) == 2


def _three(cli):
    cli("new-event", "T", "--variant", "three-player", "--games", "2")
    cli("enter", "T", "Ann", "Bob", "Cat", "Dan", "Eve", "--new")
    return cli("round", "T", "--json").json()


def test_byes_forfeits_cards_and_undo_at_a_table_of_three(cli):
    game = _three(cli)
    assert game["tables"][0]["players"] == ["Ann", "Bob", "Cat"] and game["byes"] == ["Dan", "Eve"]
    assert cli("round", "T", "--show", "1").stdout.count("bye: Dan, Eve") == 1  # the glossary's word (issue 33)
    assert cli("result", "T", "--forfeit", "Bob").stdout == "recorded game 1 table 1: Bob forfeits to Ann and Cat\n"
    rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
    assert [(rows[p]["game_points"], rows[p]["spread"]) for p in ("Ann", "Bob", "Cat", "Dan", "Eve")] == [
        (2, 10), (0, -20), (2, 10), (2, 0), (2, 0)]
    assert cli("undo", "T").stdout.startswith("undid forfeit")
    # two cards that disagree, the third missing
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Ann")
    cli("result", "T", "Ann", "121", "Bob", "80", "Cat", "100", "--card", "Cat")
    problems = cli("check", "T", "--json").json()["problems"]
    assert problems == [{"game": 1, "table": 1, "players": ["Ann", "Bob", "Cat"], "problem": "disagree",
                         "detail": "no card from Bob; Ann's card 121-100-80, Cat's card 121-80-100 (Ann, Bob, Cat)"}]
    resolved = cli("check", "T", "--resolve", "--json").json()
    # ACC 12.2 judges the apparent qualifiers from each side's own cards: Ann's (121 and a skunk) puts her
    # in the top two, so she takes the version worse for her (the two are worth the same to her: the lower
    # scores in seat order, Cat's); Cat keeps her own card; Bob, without one, takes the version worse for
    # him (Cat's: Bob third). Before the last qualifying game the settlement is provisional.
    assert resolved["resolved"] == ["game 1 table 1 resolved provisionally: Ann 121-80-100 (apparent qualifier); Bob 121-80-100;"
                                    " Cat 121-80-100 (scores in seat order: Ann, Bob, Cat)"]
    assert resolved["problems"] == []
    rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
    assert [(rows[p]["game_points"], rows[p]["spread"]) for p in ("Ann", "Bob", "Cat")] == [(3, 62), (0, -41), (1, -21)]
    cli("undo", "T")
    cli("result", "T", "Ann", "110", "Bob", "121", "Cat", "80", "--card", "Bob", "--replace")
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Cat", "--replace")
    assert cli("check", "T", "--resolve", "1", "1", "--use-card", "Cat").stdout.startswith(
        "game 1 table 1 resolved: Ann 121-100-80; Bob 121-100-80; Cat 121-100-80 (scores in seat order: Ann, Bob, Cat)")


def test_two_agreeing_cards_wait_for_the_third_and_two_disagreeing_are_a_dispute(cli):
    _three(cli)
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Ann")
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Bob")
    assert [p["problem"] for p in cli("check", "T", "--json").json()["problems"]] == ["missing cards"]
    cli("result", "T", "Ann", "121", "Bob", "80", "Cat", "100", "--card", "Bob", "--replace")
    assert [p["problem"] for p in cli("check", "T", "--json").json()["problems"]] == ["disagree"]
    cli.fails("check", "T", "--resolve", "1", "9", "--use-card", "Ann", match="game 1 of T has no table 9")
    cli.fails("check", "T", "--resolve", "2", "1", "--use-card", "Ann", match="game 2 of T has no table 1")


def test_both_cards_claiming_the_win_are_each_charged_a_loss(cli):
    _three(cli)
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Ann")
    cli("result", "T", "Ann", "100", "Bob", "121", "Cat", "80", "--card", "Bob")
    cli("result", "T", "Ann", "121", "Bob", "100", "Cat", "80", "--card", "Cat")
    resolved = cli("check", "T", "--resolve", "--json").json()["resolved"]
    # ACC 12.2(e): each card claiming its own side's win is charged a loss by its own claimed margin:
    # Ann's 121-100-80 becomes Ann 100, Bob 121; Bob's 100-121-80 becomes Ann 121, Bob 100; Cat's card claims
    # no win of her own and, as an apparent qualifier, she takes the version worse for her (all put her third)
    assert resolved == ["game 1 table 1 resolved provisionally: Ann 100-121-80 (apparent qualifier); Bob 121-100-80 (apparent qualifier);"
                        " Cat 121-100-80 (scores in seat order: Ann, Bob, Cat)"]


def test_results_import_and_quick_results_take_three_scores(cli, tmp_path):
    game = _three(cli)
    a, b, c = game["tables"][0]["players"]
    csv = tmp_path / "r.csv"
    csv.write_text(f"game,player1,score1,player2,score2,player3,score3\n1,{b},121,{a},95,{c},95\n")
    assert cli("result", "import", "T", csv).stdout == "imported 1 results into T\n"
    rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
    assert [rows[p]["game_points"] for p in (a, b, c)] == [1, 2, 1]  # tied losers share 2nd
    cli("undo", "T")
    run = cli.runner.invoke(cli_app(), ["--db", str(cli.db), "quick-results", "T"], input="1 121 95\n1 121 95 80\nquit\n")
    assert "give 3 scores, not 2" in run.stderr
    assert "recorded game 1 table 1: Ann 121 - Bob 95 - Cat 80" in run.stdout
    assert "entering game 1 (TABLE SCORE SCORE SCORE [replace];" in run.stderr  # it asked for two scores


def cli_app():
    from crib_tourney.cli.app import app

    return app


def test_two_sided_forms_are_refused_at_a_table_of_three(cli, unchanged):
    _three(cli)
    with unchanged():
        cli.fails("result", "T", "Ann", "121", "Bob", "100", match="give three sides and their scores")
        cli.fails("result", "T", "Ann", "121", "Bob", "100", "Eve", "90", match="not seated together")
        cli.fails("result", "T", "Ann", "121", "Bob", "100", "Ann", "90", match="named twice")
        cli.fails("result", "T", "Ann", "121", "Bob", "121", "Cat", "90", match="two winners")
        cli.fails("result", "T", "Ann", "120", "Bob", "100", "Cat", "90", match="no winner")
        cli.fails("result", "T", "--game", "1", "--table", "1", "121", "100", match="give 3 scores, not 2")
        cli.fails("result", "T", "--table", "1", "121", "100", "90", match="--table needs --game")
        cli.fails("result", "T", "--game", "1", "--table", "2", "121", "100", "90", match="game 1 has no table 2")
        cli.fails("new-event", "X", "--variant", "partners", "--sides", "3", "--team-size", "3",
                  match="three sides of partners are three teams of two")
        cli.fails("new-event", "X", "--variant", "three-player", "--sides", "2", match="sides must be 3")
        cli.fails("new-event", "X", "--sides", "3", match="standard is played by two")
        cli.fails("new-event", "X", "--variant", "three-player", "--place-points", "1,2,0", match="cannot rise")


def test_placings_before_the_last_game_say_the_event_is_not_finished(cli):
    """A table of three has no playoffs: placings said '(the playoffs are not finished)'."""
    _three(cli)
    out = cli("placings", "T").stdout
    assert "(the event is not finished: these places can still change)" in out and "playoffs" not in out


def test_a_withdrawal_before_any_game_is_played_says_so(cli):
    _three(cli)
    assert cli("withdraw", "T", "Eve").stdout.startswith("Eve withdrew before game 1")  # was "after game 0"


def test_two_teams_named_by_their_players_never_read_as_three_opponents(cli):
    """A team's default name joins its players with '&'; the opponents at a table
    of three were joined the same way: 'B1 & B2 & Cees'."""
    cli("new-event", "S", "--variant", "partners", "--sides", "3", "--games", "1")
    cli("enter", "S", "--team", "A1", "A2", "--team-name", "Aces", "--new")
    cli("enter", "S", "--team", "B1", "B2", "--new")
    cli("enter", "S", "--team", "C1", "C2", "--team-name", "Cees", "--new")
    cli("round", "S")
    games = {n: cli("player", "games", "S", n, "--json").json()["games"][0]["opponent"] for n in ("Aces", "Cees", "B1")}
    assert games == {"Aces": "B1 & B2, Cees", "Cees": "Aces, B1 & B2", "B1": "Aces & Cees"}


def test_event_set_variant_brings_what_follows_it_as_new_event_does(cli):
    """event set stored only the typed settings (and sides): partners with three
    sides kept teams of one (new-event refuses that), four-player singles, and a
    five-card event a double skunk line (61) a game to 61 can reach."""
    def shown(name):
        return cli("event", "show", name, "--json").json()["settings"]
    for name, changes, made in [("Y3", ["variant=partners", "sides=3"], ["--variant", "partners", "--sides", "3"]),
                                ("Y4", ["variant=four-player"], ["--variant", "four-player"]),
                                ("Y5", ["variant=five-card"], ["--variant", "five-card"])]:
        cli("new-event", name)
        cli("event", "set", name, *changes)
        cli("new-event", name + " new", *made)
        assert {k: v for k, v in shown(name).items() if k != "name"} == {
            k: v for k, v in shown(name + " new").items() if k != "name"}, name
    assert (shown("Y3")["team_size"], shown("Y4")["team_size"], shown("Y5")["double_skunk_margin"]) == (2, 2, 62)


def test_the_standings_sheet_states_the_place_points(cli, tmp_path):
    from tests.render.test_print import pdf_text

    _three(cli)
    cli("event", "set", "T", "place_points=3,1,0")
    out = tmp_path / "s.pdf"
    cli("print", "standings", "T", "-o", out)
    text = " ".join(pdf_text(out).split())
    assert "places 3/1/0 · a win +1 for each loser skunked (by 31+), +1 double (by 61+)" in text
    assert "win 2 · skunk 3" not in text
