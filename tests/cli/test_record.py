"""The official record (issue 32) through the real commands: ACC Master Rating
Points in placings, report and player history; the report for the association;
the graduated side pool."""

from __future__ import annotations

import csv
import io

from crib_tourney.web.server import create_app
from crib_tourney.web.writing import Scoring
from tests.cli.test_money import play_bracket
from tests.web.test_phone import DIRECTOR, signed_in


def acc_main(cli, tmp_path, name="Main", players=16, games=12, qualifiers=8, *settings):
    """An ACC Main of ``players`` (every one with an ACC number but the last),
    ``games`` qualifying games in which the lower-numbered player always wins by
    21 to 25 (no skunks), cut to ``qualifiers`` and played out."""
    date = next((settings[k + 1] for k, s in enumerate(settings) if s == "--date"), None)
    cli("new-event", name, "--games", str(games), "--acc-event", "main", *([] if date else ["--date", "2026-09-12"]), *settings)
    roster = {p["name"] for p in cli("player", "list", "--json").json()["players"]}
    for i in range(players):
        if f"P{i:02d}" not in roster:
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
    from tests.web.test_event_day import _client

    client = _client(cli)
    page = client.get("/events/1/players/2").text  # P01, the second entry
    assert "<b>125</b> MRPs" in page
    shown = client.get("/events/1/placings").text
    assert '<th class="num" scope="col">MRPs</th>' in shown and '<td class="num">125</td>' in shown


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


def test_the_acc_report_is_checked_and_written_as_text_json_csv_and_pdf(cli, tmp_path):
    import doctest

    import crib_tourney.tourney.noshows as noshows
    import crib_tourney.tourney.official as official

    assert doctest.testmod(official).failed == 0 and doctest.testmod(noshows).failed == 0
    rows = acc_main(cli, tmp_path, "Main", 16, 12, 8, "--entry-fee", "10", "--payouts", "60,40",
                    "--high-nonqualifier-prize", "5", "--location", "Elks Hall")
    ninth = rows[8]["player"]
    cli("pool", "add", "Main", "Q", "--fee", "5", "--kind", "q", "--payout", "equal")
    cli("pool", "join", "Main", "Q", "P01", "P06", "P12")
    data = cli("report", "Main", "--acc", "--json").json()
    assert (data["tournament"], data["event"], data["date"], data["kind"], data["participants"], data["qualifiers"],
            data["currency"], data["location"]) == ("Main", "Main", "2026-09-12", "Main", 16, 8, "$", "Elks Hall")
    first = data["qualifier_rows"][0]
    assert (first["rank"], first["name"], first["acc_number"], first["game_points"], first["games_won"], first["mrps"]) == (
        1, "P01", "A01", 24, 12, 125)
    assert first["net_spread"] == first["plus"] - first["minus"] and first["q_pool"] == "7.50"  # 15.00 shared by P01 and P06
    assert [r["rank"] for r in data["qualifier_rows"]] == list(range(1, 9))
    assert data["placements"][0] == {"place": "1st", "name": "P01", "prize": "96.00"}  # 16 x 10.00, 60 %
    assert data["high_nonqualifier"] == {"name": ninth, "rank": 9, "prize": "5.00"}
    table = list(csv.DictReader(io.StringIO(cli("report", "Main", "--acc", "--csv").stdout)))
    assert table[0]["name"] == "P01" and table[0]["mrps"] == "125" and table[0]["playoff_place"] == "1st"
    assert table[-1]["playoff_place"] == "high non-qualifier" and table[-1]["name"] == ninth and len(table) == 9
    text = cli("report", "Main", "--acc").stdout
    assert "Main; 2026-09-12; Elks Hall; 16 participants, 8 qualifiers; currency $" in text and "$96.00" in text
    out = tmp_path / "acc.pdf"
    cli("report", "Main", "--acc", "-o", out)
    from tests.render.test_print import pdf_text

    shown = pdf_text(out)
    assert "ACC RESULTS REPORT" in shown.upper() and "P01" in shown and f"High non-qualifier: {ninth}" in shown


def test_the_acc_report_is_refused_while_the_event_is_unfinished(cli, unchanged, tmp_path):
    cli("new-event", "E", "--games", "1", "--acc-event", "main")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "--new")
    cli("round", "E")
    with unchanged():
        cli.fails("report", "E", "--acc", match="E is not finished, so its report cannot be written: no cut yet")
    for k, table in enumerate(cli("round", "E", "--show", "1", "--json").json()["tables"]):
        a, b = sorted(table["players"])
        cli("result", "E", a, "121", b, str(100 - k))
    cli("cut", "E", "--qualifiers", "2")
    with unchanged():
        cli.fails("report", "E", "--acc", "-o", tmp_path / "r.pdf", match="playoff matches not decided: W1.1")
    assert not (tmp_path / "r.pdf").exists()
    cli("event", "set", "E", "acc_event=none")
    with unchanged():
        cli.fails("report", "E", "--acc", match="E is not an ACC event")


def test_the_graduated_side_pool_pays_the_acc_portals_table(cli, unchanged):
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", *[f"P{i:02d}" for i in range(25)], "--new")
    for pool, players, ratio in (("Twenty", 20, 6), ("All", 25, 4), ("Ten", 10, 2)):
        cli("pool", "add", "E", pool, "--fee", "10", "--payout", f"graduated:{ratio}")
        cli("pool", "join", "E", pool, *[f"P{i:02d}" for i in range(players)])
    report = cli("pool", "report", "E", "--json").json()
    tables = {p["name"]: [t["amount"] for t in p["table"]] for p in report["pools"]}
    assert tables == {"Twenty": ["80.00", "60.00", "40.00", "20.00"],
                      "All": ["60.00", "55.00", "45.00", "35.00", "25.00", "20.00", "10.00"],
                      "Ten": ["30.00", "25.00", "20.00", "15.00", "10.00"]}
    assert {p["name"]: p["left_over"] for p in report["pools"]} == {"Twenty": "0.00", "All": "0.00", "Ten": "0.00"}
    assert all(p["payouts"] == [] and not p["decided"] for p in report["pools"])  # paid by place once the event is over
    text = cli("pool", "report", "E").stdout
    assert "Twenty: graduated:6 pays by place" in text and "Twenty: rounding to $5.00 leaves $0.00" in text
    with unchanged():
        cli.fails("pool", "add", "E", "Zero", "--fee", "10", "--payout", "graduated:0", match="a whole number from 1 to")
        cli.fails("pool", "add", "E", "Q", "--fee", "10", "--kind", "q", "--payout", "graduated:4", match="it is a side pool")


def test_a_graduated_pool_pays_by_finish_and_shows_what_rounding_leaves(cli):
    from tests.cli.test_pools import _finished

    everyone = [r["player"] for r in _finished(cli)]
    cli("pool", "add", "E", "Grad", "--fee", "10", "--payout", "graduated:4")  # 12 in: 3 winners, 60/40/20
    cli("pool", "join", "E", "Grad", *everyone)
    cli("pool", "add", "E", "Odd", "--fee", "7", "--payout", "graduated:3")  # 7 in: 3 winners of 49.00
    cli("pool", "join", "E", "Odd", *everyone[:7])
    pools = {p["name"]: p for p in cli("pool", "report", "E", "--json").json()["pools"]}
    placings = cli("placings", "E", "--json").json()["rows"]
    champion, runner_up = placings[0]["player"], placings[1]["player"]
    third = [r["player"] for r in placings if r["place"] == "3rd-4th"]
    paid = {p["player"]: p["amount"] for p in pools["Grad"]["payouts"]}
    assert paid == {champion: "60.00", runner_up: "40.00", **{p: "10.00" for p in third}}  # 3rd-4th share 20.00 + 0
    # 7 x 7.00 = 49.00 over 3 winners: base 8.1666 > 7.00: 24.50 -> 25.00, 16.33 -> 15.00, 8.17 -> 10.00 = 50.00
    assert [t["amount"] for t in pools["Odd"]["table"]] == ["25.00", "15.00", "10.00"] and pools["Odd"]["left_over"] == "-1.00"


def _play_games(cli, name, games):
    for game in range(1, games + 1):
        cli("round", name, *(["--ignore-check-in"] if game == 1 else []))
        for k, table in enumerate(cli("round", name, "--show", str(game), "--json").json()["tables"]):
            a, b = sorted(table["players"])
            cli("result", name, a, "121", b, str(100 - k), "--game", str(game))


def test_no_shows_are_out_of_the_money_and_the_ranking(cli, unchanged, tmp_path):
    cli("new-event", "E", "--games", "2", "--entry-fee", "10", "--payouts", "60,40")
    cli("event", "set", "E", "sanctioning_fee=1")
    cli("enter", "E", *[f"P{i:02d}" for i in range(10)], "--new")
    with unchanged():
        cli.fails("withdraw", "E", "P08", "Nobody", match="nobody")
        cli.fails("withdraw", "E", "P08", "P08", match="P08 is named twice")
    said = cli("withdraw", "E", "P08", "P09").stdout
    assert "P08 withdrew" in said and "P09 withdrew" in said
    assert cli("log", "E", "--json").json()["log"][-1]["action"] == "withdraw"
    cli("undo", "E")  # one change: both come back
    assert cli("standings", "E", "--json").json()["did_not_play"] == []
    cli("withdraw", "E", "P08", "P09")
    _play_games(cli, "E", 2)
    standings = cli("standings", "E", "--json").json()
    assert len(standings["rows"]) == 8 and standings["did_not_play"] == ["P08", "P09"]
    assert all(r["rank"] <= 8 for r in standings["rows"])  # no one ranked below the no-shows: 9th and 10th are gone
    assert "did not play (not ranked): P08, P09" in cli("standings", "E").stdout
    assert "2 qualifiers" in cli("cut", "E").stdout  # a quarter of the 8 who played, not of the 10 entered
    play_bracket(cli, "E")
    placings = cli("placings", "E", "--json").json()
    assert placings["prize_fund"] == "80.00" and placings["did_not_play"] == ["P08", "P09"]  # 8 who played x 10.00
    assert [r["prize"] for r in placings["rows"][:2]] == ["48.00", "32.00"] and placings["overpaid"] is None
    report = cli("report", "E", "--json").json()
    assert len(report["rows"]) == 8 and report["did_not_play"] == ["P08", "P09"]
    assert (report["ledger"]["entrants"], report["ledger"]["sanctioning"], report["ledger"]["unpaid"]) == (8, "8.00", "0.00")
    assert "did not play (not ranked): P08, P09" in cli("report", "E").stdout
    history = cli("player", "history", "P08", "--json").json()
    assert history["events"][0]["place"] == "did not play"
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "E", "-o", out)
    from tests.render.test_print import pdf_text

    cli("print", "standings", "E", "-o", tmp_path / "standings.pdf")
    assert "Did not play (not ranked): P08, P09." in pdf_text(tmp_path / "standings.pdf").replace("\n", " ")

    cards = pdf_text(out)
    assert "P07" in cards and "P08" not in cards and "P09" not in cards


def test_a_no_show_at_check_in_and_the_fund_from_what_was_paid(cli):
    cli("new-event", "C", "--games", "1", "--entry-fee", "10", "--payouts", "100")
    cli("event", "set", "C", "check_in=on")
    cli("enter", "C", "Ann", "Bob", "Cat", "Dan", "Eve", "--new")
    cli("checkin", "C", "Ann", "Bob", "Cat", "--paid")
    cli("checkin", "C", "Dan", "--amount", "5")
    _play_games(cli, "C", 1)  # Eve never came: game 1 paired without her
    assert cli("standings", "C", "--json").json()["did_not_play"] == ["Eve"]
    cli("cut", "C", "--qualifiers", "2")
    assert cli("placings", "C", "--json").json()["prize_fund"] == "40.00"  # the 4 who played
    cli("event", "set", "C", "fund_from=paid")
    assert cli("placings", "C", "--json").json()["prize_fund"] == "35.00"  # 3 x 10.00 + 5.00 paid
    ledger = cli("report", "C", "--json").json()["ledger"]
    assert (ledger["entrants"], ledger["entry_fees"], ledger["unpaid"]) == (4, "35.00", "5.00")


def test_payouts_beyond_what_was_collected_are_said_in_one_line(cli, tmp_path):
    cli("new-event", "E", "--games", "1", "--entry-fee", "10", "--payouts", "60,40", "--prize-fund", "300")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "Eve", "--new")
    _play_games(cli, "E", 1)
    cli("cut", "E", "--qualifiers", "2")
    play_bracket(cli, "E")
    line = "the payouts (300.00) exceed what was collected (50.00)"
    assert cli("placings", "E", "--json").json()["overpaid"] == line
    assert f"warning: {line}" in cli("placings", "E").stdout
    assert cli("report", "E", "--json").json()["overpaid"] == line and f"warning: {line}" in cli("report", "E").stdout
    out = tmp_path / "cash.pdf"
    cli("print", "cash", "E", "-o", out)
    from tests.render.test_print import pdf_text

    # paper writes money as the glossary does (issue 33): the currency sign, the minus sign
    paper = pdf_text(out).replace("\n", " ")
    assert "Warning: the payouts ($300.00) exceed what was collected ($50.00)" in paper
    assert "−$250.00" in paper and "-250.00" not in paper
    # the director's warning: at the desk, never on the public placings page (issue 33)
    app = create_app(str(cli.db), Scoring(DIRECTOR))
    assert "Warning" not in signed_in(app).client.get("/events/1/placings").text
    assert "exceed" not in signed_in(app).client.get("/events/1/placings.json").text
    desk = signed_in(app).get("/desk/events/1/").text
    assert "<b>Warning: the payouts ($300.00) exceed what was collected ($50.00)</b>" in desk


def test_a_sponsored_fund_without_an_entry_fee_is_no_overpay_and_the_public_page_never_warns(cli, tmp_path):
    cli("new-event", "E", "--games", "1", "--payouts", "60,40", "--prize-fund", "900")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "Eve", "--new")
    _play_games(cli, "E", 1)
    cli("cut", "E", "--qualifiers", "2")
    play_bracket(cli, "E")
    assert cli("placings", "E", "--json").json()["overpaid"] is None  # the director brings the fund he set
    assert cli("report", "E", "--json").json()["overpaid"] is None and "warning" not in cli("report", "E").stdout
    cli("event", "set", "E", "high_nonqualifier_prize=50", "high_nonqualifier_from_fund=off")
    line = "the payouts (950.00) exceed what was collected (0.00) and the prize fund set (900.00)"
    assert cli("placings", "E", "--json").json()["overpaid"] == line


def test_the_consolation_takes_who_plays(cli, unchanged):
    cli("new-event", "M", "--games", "1")
    cli("enter", "M", *[f"P{i}" for i in range(8)], "--new")
    cli("withdraw", "M", "P7")  # a no-show: never in the consolation
    _play_games(cli, "M", 1)
    cli("cut", "M", "--qualifiers", "2")
    qualifiers = {r["player"] for r in cli("standings", "M", "--json").json()["rows"][:2]}
    others = sorted({f"P{i}" for i in range(7)} - qualifiers)
    with unchanged():
        cli.fails("consolation", "M", "--only", sorted(qualifiers)[0], others[0], match="cannot play the consolation")
        cli.fails("consolation", "M", "--only", "P7", others[0], match="cannot play the consolation")
        cli.fails("consolation", "M", "--only", "--except", others[0], match="choose one of --only and --except", code=2)
        cli.fails("consolation", "M", others[0], match="go with --only or --except", code=2)
    assert "with 3 players" in cli("consolation", "M", "--only", *others[:3]).stdout
    cli("undo", "M")
    assert "with 4 players" in cli("consolation", "M", "--except", others[0]).stdout
    cli("undo", "M")
    assert "with 5 players" in cli("consolation", "M").stdout  # the 7 who played less the 2 qualifiers


def test_the_cash_sheet_takes_what_a_payee_owes_and_money_is_echoed_as_typed(cli, tmp_path):
    cli("new-event", "L", "--games", "1", "--entry-fee", "30", "--payouts", "60,40", "--final-best-of", "1")
    said = cli("event", "set", "L", "high_nonqualifier_prize=10", "sanctioning_fee=1.5").stdout
    assert "high_nonqualifier_prize=10.00, sanctioning_fee=1.50" in said and "1000" not in said
    assert cli("log", "L", "--json").json()["log"][-1]["summary"] == "set high_nonqualifier_prize=10.00, sanctioning_fee=1.50"
    cli("enter", "L", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("checkin", "L", "Ann", "Cat", "Dan", "--paid")
    cli("checkin", "L", "Bob")  # in, but never paid his 30.00
    cli("round", "L")
    for a, b in (("Bob", "Cat"), ("Ann", "Dan")):
        cli("result", "L", a, "121", b, "100")
    cli("cut", "L", "--qualifiers", "2")
    cli("result", "L", "Bob", "121", "Ann", "90")
    cli("event", "set", "L", "currency=€")
    out = tmp_path / "cash.pdf"
    cli("print", "cash", "L", "-o", out)
    from tests.render.test_print import pdf_text

    text = pdf_text(out)
    assert "OWES NET TO HAND OVER SIGNED FOR" in text
    # Bob wins 60 % of 120.00 = 72.00 and owes 30.00: 42.00 to hand over; Ann 48.00, owing nothing
    assert "Bob €72.00 €0.00 €72.00 €30.00 €42.00" in text and "Ann €48.00 €0.00 €48.00 €48.00" in text
    assert "€72.00" in cli("placings", "L").stdout
    report = cli("report", "L", "--json").json()
    assert report["currency"] == "€" and "€72.00" in cli("report", "L").stdout


def test_season_rankings_add_the_seasons_mrps_to_the_lifetime_brought_in(cli, tmp_path, unchanged):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,acc_number,mrps\nP01,A01,1800\nP02,A02,3950\n")
    assert "imported 2 players" in cli("player", "import", roster).stdout
    acc_main(cli, tmp_path, "Old", 16, 12, 8, "--date", "2026-05-01")  # the season before
    acc_main(cli, tmp_path, "Fall", 16, 12, 8, "--date", "2026-09-12")
    acc_main(cli, tmp_path, "Winter", 16, 12, 8, "--date", "2027-01-10")
    cli("new-event", "Club", "--games", "1", "--date", "2026-10-01")  # not an ACC event: not counted
    earned = {name: {r["name"]: r["mrps"] or 0 for r in cli("report", name, "--json").json()["rows"]}
              for name in ("Old", "Fall", "Winter")}
    data = cli("player", "rankings", "--season", "2026-27", "--json").json()
    assert (data["season"], data["from"], data["to"], data["events"]) == ("2026-27", "2026-08-01", "2027-07-31", ["Fall", "Winter"])
    rows = {r["name"]: r for r in data["rows"]}
    p01 = rows["P01"]
    season = earned["Fall"]["P01"] + earned["Winter"]["P01"]
    assert (p01["season_mrps"], p01["events"]) == (season, 2) and season == 250  # champion twice: 55 + 70 each
    assert p01["lifetime_mrps"] == 1800 + earned["Old"]["P01"] + season == 2175
    assert p01["titles_crossed"] == ["Master"] and p01["title"] == "Master"  # 1925 before the season, 2175 after
    p02 = rows["P02"]
    assert p02["lifetime_mrps"] == 3950 + earned["Old"]["P02"] + p02["season_mrps"]
    assert p02["titles_crossed"] == (["Grand Master"] if 3950 + earned["Old"]["P02"] < 4000 else [])
    assert data["rows"][0]["name"] == "P01" and data["rows"][0]["rank"] == 1
    assert "P15" not in rows  # no ACC number: no MRPs
    table = list(csv.DictReader(io.StringIO(cli("player", "rankings", "--season", "2026-27", "--csv").stdout)))
    assert table[0]["name"] == "P01" and table[0]["season_mrps"] == "250" and table[0]["titles_crossed"] == "Master"
    assert "Season 2026-27" in cli("player", "rankings", "--season", "2026-27").stdout
    before = cli("player", "rankings", "--season", "2025-26", "--json").json()
    assert before["events"] == ["Old"] and {r["name"]: r["season_mrps"] for r in before["rows"]}["P01"] == earned["Old"]["P01"]
    out = tmp_path / "rankings.pdf"
    cli("print", "rankings", "2026-27", "-o", out)
    from tests.render.test_print import pdf_text

    text = pdf_text(out)
    assert "Season 2026-27" in text and "P01 A01 250 2 2175 Master Master" in text
    from tests.web.test_event_day import _client

    client = _client(cli)
    page = client.get("/").text
    assert "Season 2026-27: MRP rankings" in page and "<td>P01</td><td>250</td><td>2175</td>" in page
    assert client.get("/index.json").json()["rankings"]["rows"][0]["name"] == "P01"
    bad = tmp_path / "bad.csv"
    bad.write_text("name,acc_number,mrps\nZed,Z1,lots\n")
    with unchanged():
        cli.fails("player", "import", bad, match="mrps must be a whole number of MRPs")
        cli.fails("player", "rankings", "--season", "2026-28", match="a season is written like 2026-27")
        cli.fails("print", "rankings", "26-27", match="a season is written like 2026-27")


def test_the_acc_desk_roster_and_schedule_files(cli, tmp_path, unchanged):
    import doctest

    import crib_tourney.tourney.deskfiles as deskfiles
    import crib_tourney.tourney.seasons as seasons

    assert doctest.testmod(deskfiles).failed == 0 and doctest.testmod(seasons).failed == 0
    desk = tmp_path / "desk.csv"
    desk.write_text("First Name,Last Name,Email,ACC #,Scorecard Type\n"
                    "Ann,Lee,ann@example.org,K101,Paper\nBob,van Ray,,K102,Paper\nCat,Moss,,K103,Digital\nDan,Ode,,K104,Paper\n")
    assert "imported 4 players" in cli("player", "import", desk).stdout
    shown = {p["name"]: p for p in cli("player", "list", "--json").json()["players"]}
    assert shown["Bob van Ray"]["acc_number"] == "K102" and shown["Ann Lee"]["email"] == "ann@example.org"
    exported = cli("player", "export", "--format", "acc-desk").stdout
    assert exported.splitlines()[0] == "First Name,Last Name,Email,ACC #,Scorecard Type"
    assert "Ann,Lee,ann@example.org,K101,Paper" in exported and "Bob van,Ray,,K102,Paper" in exported
    again = tmp_path / "again.csv"
    again.write_text(exported)
    assert "4 already on the roster" in cli("player", "import", again).stdout  # read back: the same players
    cli("new-event", "E", "--games", "2")
    cli("player", "add", "Eve")
    cli("enter", "E", "Ann Lee", "Bob van Ray", "Cat Moss", "Dan Ode", "Eve")
    cli("round", "E")
    with unchanged():
        cli.fails("round", "E", "--show", "1", "--csv", "--format", "acc-desk", match="without one: Eve")
    cli("player", "edit", "Eve", "--acc-number", "K105")
    game = cli("round", "E", "--show", "1", "--json").json()
    schedule = list(csv.reader(io.StringIO(cli("round", "E", "--show", "1", "--csv", "--format", "acc-desk").stdout)))
    assert schedule[0] == ["Game", "Player A ID", "Player B ID", "Player A Table/Seat", "Player B Table/Seat"]
    acc = {"Ann Lee": "K101", "Bob van Ray": "K102", "Cat Moss": "K103", "Dan Ode": "K104", "Eve": "K105"}
    expected = [["1", acc[t["players"][0]], acc[t["players"][1]], f"{t['table']}/1", f"{t['table']}/2"] for t in game["tables"]]
    assert schedule[1:] == expected + [["1", acc[game["bye"]], "", "bye", ""]]
    with unchanged():
        cli.fails("round", "E", "--show", "1", "--csv", match="round EVENT --show N --csv --format acc-desk", code=2)
        cli.fails("round", "E", "--show", "9", "--csv", "--format", "acc-desk", match="no game 9")
        cli.fails("player", "export", "--format", "desk", match="--format is crib-tourney or acc-desk")
