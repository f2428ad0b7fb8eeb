"""count, peg and stats through the real CLI."""

import subprocess
import sys

import pytest


def test_count_29_spoken(cli):
    run = cli("count", "5H", "5D", "5S", "JC", "--starter", "5C")
    first = run.stdout.splitlines()[0]
    assert first.startswith("fifteen two, fifteen four, fifteen six")
    assert first.endswith("and one for his nobs is 29")
    assert "total 29" in run.stdout


def test_count_json_shape(cli):
    data = cli("count", "5H", "5D", "5S", "JC", "--starter", "5C", "--json").json()
    assert data["total"] == 29
    assert {"kind": "nobs", "cards": ["JC"], "points": 1} in data["items"]
    assert sum(i["points"] for i in data["items"]) == 29
    assert "claim" not in data


def test_count_claim_and_muggins(cli):
    data = cli("count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "24", "--muggins", "--json").json()
    assert (data["claim"], data["difference"], data["muggins"]) == (24, -5, 5)
    data = cli("count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "24", "--json").json()
    assert "muggins" not in data and data["difference"] == -5


def test_count_crib_flush(cli):
    assert cli("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--json").json()["total"] == 4
    assert cli("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json").json()["total"] == 0


def test_count_five_card_variant_takes_three_cards(cli):
    assert cli("count", "2H", "4H", "6H", "--starter", "KS", "--variant", "five-card", "--json").json()["total"] == 3


@pytest.mark.parametrize(
    "args, match, code",
    [
        (["5H", "5X", "5S", "JC", "--starter", "5C"], "'5X' is not a card", 1),
        (["5H", "5H", "5S", "JC", "--starter", "5C"], "5H", 1),
        (["5H", "5D", "5S", "JC", "--starter", "5H"], "5H", 1),
        (["5H", "5D", "5S", "--starter", "5C"], "holds 4 cards", 1),
        (["5H", "5D", "5S", "JC", "2C", "3C", "--starter", "5C"], "not 6", 1),
        (["5H", "5D", "5S", "JC", "--starter", "5C", "--variant", "bogus"], "unknown variant 'bogus'", 1),
        (["5H", "5D", "5S", "JC"], "starter", 2),
    ],
)
def test_count_bad_input(cli, args, match, code):
    cli.fails("count", *args, match=match, code=code)


def test_peg_scores_exactly(cli):
    # P1 5H, P2 10D (15: 2), P1 5C (20), P2 5S (25: pair 2)
    data = cli("peg", "5H", "10D", "5C", "5S", "--json").json()
    assert [(e["seat"], e["points"], e["reasons"]) for e in data["events"] if e["points"]] == [
        (1, 2, ["fifteen"]),
        (1, 2, ["pair"]),
    ]
    assert data["totals"] == [0, 4]
    assert data["complete"] is False


def test_peg_teams(cli):
    data = cli("peg", "--players", "4", "5H", "10D", "5C", "5S", "--json").json()
    assert data["teams"] == [[0, 2], [1, 3]]
    assert data["team_totals"] == [0, 4]


def test_peg_table_output(cli):
    run = cli("peg", "10H", "10D", "9S", "go", "go", "2C")
    assert "count restarts (player 2 leads)" in run.stdout
    assert "totals: player 1 1, player 2 2" in run.stdout  # P2 pairs the tens, P1 pegs the go


@pytest.mark.parametrize(
    "args, match",
    [
        (["10H", "10D", "9S", "5C"], "over 31"),
        (["5H", "go"], "cannot say go"),
        (["5H", "6D", "5H"], "already played"),
        (["5H", "QQ"], "token 2 'QQ'"),
        (["--players", "3", "--variant", "standard", "5H"], "not 3"),
    ],
)
def test_peg_bad_input(cli, args, match):
    cli.fails("peg", *args, match=match)


def test_stats_json_matches_published(cli):
    data = cli("stats", "--json").json()
    assert data["combinations"] == 12994800
    assert abs(data["mean"] - 4.769152) < 1e-6
    assert data["counts"][29] == 4 and data["counts"][28] == 76 and data["counts"][19] == 0


def test_console_script_and_module_entry_points():
    run = subprocess.run([sys.executable, "-m", "crib_tourney", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--json"],
                         capture_output=True, text=True, check=True)
    assert '"total": 29' in run.stdout
    bad = subprocess.run([sys.executable, "-m", "crib_tourney", "count", "5H", "5D", "5S", "1C", "--starter", "5C"],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == "error: '1C' is not a card: unknown rank '1' (use A 2-10 T J Q K)"


def test_every_command_has_help_with_an_example(cli):
    from crib_tourney.cli.app import app
    from typer.main import get_command

    root = get_command(app)

    def walk(group, path):
        for name, command in group.commands.items():
            if hasattr(command, "commands"):
                yield from walk(command, path + [name])
            else:
                yield path + [name], command

    for path, command in walk(root, []):
        assert command.help and "Example" in command.help, f"{' '.join(path)} has no example in its help"
        assert cli(*path, "--help").code == 0


def test_count_notes_his_heels_for_a_jack_starter(cli):
    data = cli("count", "2H", "3H", "4D", "9C", "--starter", "JS", "--json").json()
    # run 2-3-4 (3), fifteens 2+4+9 and 2+3+J (4); the heels are not part of the total
    assert data["heels"] == 2 and data["total"] == 7
    assert "his heels" in cli("count", "2H", "3H", "4D", "9C", "--starter", "JS").stdout
    assert "heels" not in cli("count", "2H", "3H", "4D", "9C", "--starter", "QS", "--json").json()


def test_partners_crib_of_five_or_six_cards(cli):
    flush = cli("count", "2H", "4H", "6H", "8H", "TH", "--starter", "KH", "--crib", "--variant", "partners", "--players", "5", "--json").json()
    assert flush["total"] == 6 and [i["kind"] for i in flush["items"]] == ["flush"]  # every crib card and the starter
    broken = cli("count", "2H", "4H", "6H", "8H", "TH", "--starter", "KS", "--crib", "--variant", "partners", "--players", "5", "--json").json()
    assert broken["total"] == 0  # five hearts without the starter are no crib flush
    six = cli("count", "5H", "5D", "5S", "JC", "TD", "QH", "--starter", "5C", "--crib", "--variant", "partners", "--players", "6", "--json").json()
    assert six["total"] == 29 + 16 + 3  # the 29, the ten and queen making fifteen with each five, and the run T-J-Q
    cli.fails("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--variant", "partners", "--players", "5", match="a crib holds 5 cards")
    cli.fails("count", "2H", "4H", "6H", "8H", "--starter", "KS", "--variant", "partners", "--players", "7", match="partners is played by 4 to 6 players, not 7")


def test_five_players_make_teams_of_two_and_three(cli):
    data = cli("peg", "5H", "6D", "7S", "8C", "2H", "--variant", "partners", "--players", "5", "--json").json()
    assert data["teams"] == [[0, 2, 4], [1, 3]]
    cli.fails("peg", "5H", "--variant", "partners", "--players", "5", "--team-count", "3", match="a team of one")


def test_noddy_and_five_card_play_messages(cli):
    from crib_tourney.engine.variants import VARIANTS

    cli.fails("peg", "10H", "10D", "AS", "10S", "2C", "--variant", "noddy", match="the play has already ended (it ends at 31)")
    assert "after a go the other player plays on" in VARIANTS["five-card"].description
    played_on = cli("peg", "10H", "10D", "9S", "go", "2C", "--variant", "five-card", "--json").json()
    assert played_on["events"][-1]["count"] == 31  # the other player played on after the go


def test_noddy_and_five_card_events_scale_the_skunk_lines(cli):
    cli("new-event", "N", "--variant", "noddy")
    cli("new-event", "F", "--variant", "five-card")
    noddy = cli("event", "show", "N", "--json").json()["settings"]
    five = cli("event", "show", "F", "--json").json()["settings"]
    assert (noddy["skunk_margin"], noddy["double_skunk_margin"]) == (8, 16)
    # issue 23, item 6: every sheet's skunk is a win by 31 or more; in a game to 61
    # that is the lurch (the loser short of 31), and no double skunk: its line is
    # put past the target (62), where no game reaches
    assert (five["skunk_margin"], five["double_skunk_margin"]) == (31, 62)
    cli("enter", "F", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("round", "F")
    games = cli("round", "F", "--show", "1", "--json").json()["tables"]
    (a, b), (c, d) = [t["players"] for t in games]
    cli("result", "F", a, "61", b, "40")  # won by 21: no skunk any more
    cli("result", "F", c, "61", d, "0")  # won by 61, a shut-out: a skunk, never a double
    rows = {r["player"]: r for r in cli("standings", "F", "--json").json()["rows"]}
    assert (rows[a]["skunks"], rows[a]["game_points"]) == (0, 2)
    assert (rows[c]["skunks"], rows[c]["double_skunks"], rows[c]["game_points"]) == (1, 0, 3)
    # the lines are settable, and lines typed out are kept as typed
    cli("new-event", "F2", "--variant", "five-card", "--skunk-margin", "16", "--double-skunk-margin", "31")
    assert [cli("event", "show", "F2", "--json").json()["settings"][k] for k in ("skunk_margin", "double_skunk_margin")] == [16, 31]
    cli("event", "set", "F", "double_skunk_margin=61")
    assert cli("event", "show", "F", "--json").json()["settings"]["double_skunk_margin"] == 61


@pytest.mark.parametrize("cards, players, total", [
    (["5H", "5D", "5S", "5C", "10H", "JH"], 6, 45),  # 16 fifteens 32, double pair royal 12, nobs 1
    (["5H", "5D", "5S", "5C", "10H"], 5, 36),  # 12 fifteens 24, double pair royal 12
])
def test_a_big_partners_crib_is_spoken_past_twenty(cli, cards, players, total):
    run = cli("count", "--variant", "partners", "--crib", "-n", str(players), *cards, "-s", "KH")
    assert run.stdout.splitlines()[0].endswith(f"is {total}")
    assert "fifteen twenty-four" in run.stdout and f"total {total}" in run.stdout


def test_backward_with_three_or_four_players_counts_a_crib_of_four(cli):
    # issue 23, item 3: 4H 5H 9H 2H with KC: fifteens 4+2+9 and 5+K, 4 points; run? 2-4-5
    # no (no 3); the four hearts are no crib flush without a heart starter. Total 4.
    for players in ("3", "4"):
        assert cli("count", "--variant", "backward", "--crib", "-n", players, "4H", "5H", "9H", "2H", "-s", "KC",
                   "--json").json()["total"] == 4
    cli.fails("count", "--variant", "backward", "--crib", "-n", "3", "4H", "5H", "9H", "2H", "6C", "7C", "-s", "KC",
              match="a crib holds 4 cards plus the starter, not 6")


def test_backward_with_four_players_pegs_as_partners(cli):
    data = cli("peg", "--variant", "backward", "--players", "4", "5H", "10D", "5C", "5S", "--json").json()
    assert data["teams"] == [[0, 2], [1, 3]] and data["team_totals"] == [0, 4]


@pytest.mark.parametrize("command", ["count", "peg", "stats"])
def test_variant_help_names_every_variant(cli, command):
    # issue 23, item 7: canadian-doubles was missing from --variant's help
    from crib_tourney.engine.variants import VARIANTS

    shown = "".join(cli(command, "--help").stdout.split())  # help wraps lines, even at a hyphen
    for name in VARIANTS:
        assert name in shown, name


def test_noddy_seats_more_than_eight(cli):
    # issue 23, item 7: Noddy is for 2 or more; one deck deals three cards to 17 and
    # leaves the starter. Nine players: P1 5H, P2 10D (15: fifteen 2), P3 AC (16),
    # P4 2C (18), P5 3D (21: A-2-3, Noddy's run of three 2), P6 KS (31: thirty-one 2);
    # Noddy's play ends at 31.
    data = cli("peg", "--variant", "noddy", "--players", "9", "5H", "10D", "AC", "2C", "3D", "KS", "--json").json()
    assert data["totals"] == [0, 2, 0, 0, 2, 2, 0, 0, 0] and data["complete"] is True
    assert cli("peg", "--variant", "noddy", "--players", "17", "5H", "--json").json()["totals"] == [0] * 17
    cli.fails("peg", "--variant", "noddy", "--players", "18", "5H", match="not in the range 1<=x<=17", code=2)
    cli.fails("count", "5H", "5D", "JC", "-s", "5C", "--variant", "noddy", "--players", "18",
              match="noddy is played by 2 to 17 players, not 18")
