"""The official record (issue 32) through the real commands: ACC Master Rating
Points in placings, report and player history; the report for the association;
the graduated side pool."""

from __future__ import annotations

import csv
import io

from tests.cli.test_money import play_bracket


def acc_main(cli, tmp_path, name="Main", players=16, games=12, qualifiers=8, *settings):
    """An ACC Main of ``players`` (every one with an ACC number but the last),
    ``games`` qualifying games in which the lower-numbered player always wins by
    21 to 25 (no skunks), cut to ``qualifiers`` and played out."""
    cli("new-event", name, "--games", str(games), "--acc-event", "main", "--date", "2026-09-12", *settings)
    for i in range(players):
        cli("player", "add", f"P{i:02d}", *(["--acc-number", f"A{i:02d}"] if i < players - 1 else []))
    cli("enter", name, *[f"P{i:02d}" for i in range(players)])
    for game in range(1, games + 1):
        cli("round", name)
        lines = ["game,player1,score1,player2,score2"]
        for k, table in enumerate(cli("round", name, "--show", str(game), "--json").json()["tables"]):
            a, b = sorted(table["players"])
            lines.append(f"{game},{a},121,{b},{100 - k % 5}")
        path = tmp_path / f"{name}-{game}.csv"
        path.write_text("\n".join(lines) + "\n")
        cli("result", "import", name, path)
    cli("cut", name, "--qualifiers", str(qualifiers))
    play_bracket(cli, name)
    return cli("standings", name, "--json").json()["rows"]


def test_mrps_in_placings_report_and_history(cli, tmp_path):
    rows = acc_main(cli, tmp_path)
    placings = cli("placings", "Main", "--json").json()
    assert placings["acc_event"] == "main" and placings["mrps_note"] is None
    gp = {r["player"]: r["game_points"] for r in rows}
    rank = {r["player"]: r["rank"] for r in rows}
    playoff = {"1st": 70, "2nd": 42, "3rd-4th": 21, "5th-8th": 7}
    for row in placings["rows"]:
        top = rank[row["player"]] <= 4
        qualifying = 5 * (gp[row["player"]] - 14 + 1) if top else 5
        assert row["mrps"] == qualifying + playoff[row["place"]], row
    champion = placings["rows"][0]
    assert champion["player"] == "P01" and gp["P01"] == 24 and champion["mrps"] == 55 + 70  # 5 x (24 - 13) + 7 x 10
    assert "MRPs" in cli("placings", "Main").stdout
    report = cli("report", "Main", "--json").json()
    by_name = {r["name"]: r for r in report["rows"]}
    assert by_name["P01"]["mrps"] == 125 and by_name["P05"]["mrps"] == 12  # seed 6: bottom half 5, first-round loss 7
    assert all(r["mrps"] is None for r in report["rows"] if not r["qualified"])
    table = list(csv.DictReader(io.StringIO(cli("report", "Main", "--csv").stdout)))
    assert {r["name"]: r["mrps"] for r in table}["P01"] == "125" and {r["name"]: r["mrps"] for r in table}["P15"] == ""
    text = cli("report", "Main").stdout
    assert "MRPs" in text and " 125 " in text
    history = cli("player", "history", "P01", "--json").json()
    assert history["events"][0]["mrps"] == 125 and history["totals"]["mrps"] == 125
    assert "125 MRPs" in cli("player", "history", "P01").stdout


def test_mrps_go_only_to_players_with_an_acc_number_and_a_table_it_lacks_is_reported_by_hand(cli, tmp_path):
    rows = acc_main(cli, tmp_path, "Short", 9, 3, 2)  # 3 games: not on the ACC's schedule
    assert rows[-1]["player"] == "P08"
    placings = cli("placings", "Short", "--json").json()
    assert placings["mrps_note"] == "MRPs: report by hand (the ACC schedule has no Main with 3 qualifying games)"
    out = cli("placings", "Short")
    assert out.code == 0 and "MRPs: report by hand" in out.stdout and "MRPs ┃" not in out.stdout
    report = cli("report", "Short", "--json").json()
    assert report["mrps_note"].startswith("MRPs: report by hand") and all(r["mrps"] is None for r in report["rows"])
    assert "MRPs: report by hand" in cli("report", "Short").stdout


def test_a_player_without_an_acc_number_earns_none(cli, tmp_path):
    cli("new-event", "Open", "--games", "12", "--acc-event", "main")
    cli("player", "add", "Ann", "--acc-number", "K1")
    cli("enter", "Open", "Ann", "Bob", "Cat", "Dan", "--new")
    for game in range(1, 13):
        cli("round", "Open")
        for table in cli("round", "Open", "--show", str(game), "--json").json()["tables"]:
            a, b = sorted(table["players"])
            cli("result", "Open", a, "121", b, "100", "--game", str(game))
    cli("cut", "Open", "--qualifiers", "2")
    play_bracket(cli, "Open")
    placings = cli("placings", "Open", "--json").json()
    mrps = {r["player"]: r["mrps"] for r in placings["rows"]}
    assert mrps == {"Ann": 5 * (24 - 14 + 1) + 21, "Bob": None}


def test_an_unknown_acc_event_is_refused_and_a_consolation_defaults_to_consolation(cli, unchanged, tmp_path):
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "Eve", "--new")
    with unchanged():
        cli.fails("event", "set", "E", "acc_event=regional", match="unknown acc event 'regional'")
    cli("event", "set", "E", "acc_event=main")
    assert cli("event", "show", "E", "--json").json()["settings"]["acc_event"] == "main"
    cli("round", "E")
    for table in cli("round", "E", "--show", "1", "--json").json()["tables"]:
        a, b = sorted(table["players"])
        cli("result", "E", a, "121", b, "100")
    cli("cut", "E", "--qualifiers", "2")
    cli("consolation", "E")
    assert cli("event", "show", "E Consolation", "--json").json()["settings"]["acc_event"] == "consolation"
