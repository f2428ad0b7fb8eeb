"""services/printing.py: the data of every printed document, and namesakes told
apart on paper."""

from __future__ import annotations

from datetime import date

import pytest

from crib_tourney.errors import CribError
from crib_tourney.inputs.cards import disputed
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import leagues, links, players, playoffs, printing, rulings
from crib_tourney.tourney.checkin import Payment
from crib_tourney.tourney.glicko2 import update
from crib_tourney.tourney.ratings import START
from crib_tourney.tourney.settings import LeagueSettings
from tests.services.builders import acc_consolation, ids, new_event, paired, play, played_event, player_ids

KEY = bytes(range(32))
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_standings_data_draws_the_cut_line(db):
    event = played_event(db, players=EIGHT, games=3, public_url="https://crib.example.org/open")
    data = printing.standings_data(db, event.id)
    assert (data["event"]["name"], data["event"]["games"], data["cut"]) == ("Open", 3, 2)
    assert [r["player"] for r in data["rows"]][:2] == ["Ann", "Bob"]
    assert data["qr"]["address"] == "https://crib.example.org/open/standings"
    playoffs.cut(db, event.id, 4)
    assert printing.standings_data(db, event.id)["cut"] == 4


def test_scorecards_data_a_card_per_entrant(db):
    event = new_event(db, games=2)
    paired(db, event)
    play(db, event, 1, (121, 100))
    data = printing.scorecards_data(db, event.id)
    ann = data["cards"][0]
    assert (ann["player"], ann["start"], ann["totals"], ann["qr"]) == ("Ann", "table 1, seat 1", {"gp": 2, "plus": 21, "minus": 0}, None)
    assert ann["games"][0] == {"game": 1, "table": 1, "opponent": "Dan", "opponents": ["Dan"], "result": "W", "gp": 2, "plus": 21, "minus": 0,
                               "total_gp": 2, "total_spread": "+21"}
    assert data["cards"][1]["games"][0]["result"] == ""  # Bob's game has no result yet
    assert (data["links"], data["links_issued"]) == (0, 0)
    links.issue(db, event.id, KEY)
    with_links = printing.scorecards_data(db, event.id, KEY)
    assert with_links["cards"][0]["qr"]["address"] == links.live_links(db, event.id, KEY)[0].url


def test_checkin_data(db):
    from crib_tourney.services import checkin

    event = new_event(db, entry_fee=2500)
    checkin.check_in(db, event.id, [ids(db, event)["Bob"]], Payment(fee=True))
    data = printing.checkin_data(db, event.id)
    checkin.check_in(db, event.id, [ids(db, event)["Cat"]], Payment(cents=1000))  # a part of the fee: what is owed
    data = printing.checkin_data(db, event.id)
    assert data["rows"][:3] == [{"name": "Ann", "members": [], "checked_in": False, "withdrawn": False, "paid": None, "owes": None},
                                {"name": "Bob", "members": [], "checked_in": True, "withdrawn": False, "paid": "25.00", "owes": None},
                                {"name": "Cat", "members": [], "checked_in": True, "withdrawn": False, "paid": "10.00", "owes": "15.00"}]
    assert (data["entry_fee"], data["present"], data["collected"], data["short"]) == ("25.00", 2, "35.00", 1)
    assert data["qr"] is None  # no public address: no QR code (issue 33: not the director's 127.0.0.1)


def test_tables_data(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"), games=2)
    with pytest.raises(CribError, match="Open has no games scheduled yet"):
        printing.tables_data(db, event.id)
    paired(db, event, 2)
    [game] = printing.tables_data(db, event.id)["games"]
    assert game["game"] == 2
    [first] = printing.tables_data(db, event.id, 1)["games"]
    assert first["find"] == [{"player": "Ann", "table": "bye"}, {"player": "Bob", "table": 1}, {"player": "Cat", "table": 1}]
    assert [g["game"] for g in printing.tables_data(db, event.id, 0)["games"]] == [1, 2]


def test_slips_bracket_and_cash_data(db):
    event = played_event(db, players=EIGHT, games=3, entry_fee=1000, payouts="100")
    entry = ids(db, event)
    with pytest.raises(CribError, match="Open has no bracket yet"):
        printing.slips_data(db, event.id)
    playoffs.cut(db, event.id, 2)
    slips = printing.slips_data(db, event.id)["slips"]
    assert [(s["match"], s["players"], s["dealer_rule"]) for s in slips] == [("W1.1", ["Ann", "Bob"], "cut for deal before each game")]
    bracket = printing.bracket_data(db, event.id)
    assert (bracket["event_header"]["name"], bracket["qualifiers"], bracket["champion"]) == ("Open", 2, None)
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Ann"], entry["Bob"], (121, 100), None, False, False)
    with pytest.raises(CribError, match="no playoff match of Open is waiting to be played"):
        printing.slips_data(db, event.id)
    cash = printing.cash_data(db, event.id)
    assert (cash["rows"], cash["total"], cash["complete"]) == (
        [{"player": "Ann", "prize": "80.00", "pools": "0.00", "total": "80.00", "cents": 8000,
          "owes": "0.00", "net": "80.00", "net_cents": 8000}], "80.00", True)


def test_rulings_data(db):
    event = new_event(db, games=2)
    paired(db, event)
    rulings.make_ruling(db, event.id, 1, player_ids(db, event)["Ann"], disputed("count", ["5H", "5D", "5S", "JC"], "5C"), 29)
    data = printing.rulings_data(db, event.id)
    assert data["event"]["name"] == "Open"
    assert [(r["player"], r["claim"], r["total"], r["verdict"]) for r in data["rulings"]] == [("Ann", 29, 29, "claim of 29 is correct")]


def test_season_data(db):
    from crib_tourney.store.events import load_event

    league = leagues.create_league(db, "Tuesdays", LeagueSettings(games_per_night=1, drop_worst=1, formula="game-points"))
    leagues.join(db, league.id, [NewPlayer("Ann"), NewPlayer("Bob")])
    for day, scores in ((3, (121, 100)), (10, (100, 121))):  # Ann wins night 1, Bob night 2
        event = load_event(db, leagues.new_night(db, league.id, date(2026, 3, day)).event_id)
        paired(db, event)
        play(db, event, 1, scores)
    data = printing.season_data(db, league.id)
    assert (data["dropping"], data["qr"], data["league"]["name"]) == (True, None, "Tuesdays")
    # each counts his best night of two: the sheet shows 1/2 and marks the night dropped
    assert [(r["player"], r["season_points"], r["nights_shown"], r["dropped"]) for r in data["season"]["rows"]] == [
        ("Ann", 2, "1/2", ["2"]), ("Bob", 2, "1/2", ["1"])]


def test_paper_names_and_on_paper(db):
    event = new_event(db, players=("Ann", "Bob"))
    assert printing.paper_names(db) == {}
    players.add(db, "Ann", "A9", None, None, duplicate=True)
    names = printing.paper_names(db)
    assert names == {"Ann #1": "Ann (1)", "Ann #3": "Ann (ACC A9)"}
    assert printing.on_paper(db, {"Ann #1": ["Ann #1 v Ann #3", ("Bob", 3)]}) == {"Ann (1)": ["Ann (1) v Ann (ACC A9)", ("Bob", 3)]}
    assert printing.on_paper(db, "Ann #1", {}) == "Ann #1"  # no namesakes: as it was
    data = printing.document_data(db, "standings", event.id)
    assert [r["player"] for r in data["rows"]] == ["Ann (1)", "Bob"]
    paired(db, event)
    assert printing.document_data(db, "tables", event.id, game=1)["games"][0]["tables"] == [{"table": 1, "players": ["Ann (1)", "Bob"]}]


def test_on_paper_does_not_match_the_start_of_a_longer_id(db):
    assert printing.on_paper(db, "Ann #10 v Ann #3", {"Ann #1": "Ann (1)", "Ann #3": "Ann (2)"}) == "Ann #10 v Ann (2)"


def test_ratings_data_is_the_rating_list_in_whole_numbers_with_its_range(db):
    assert printing.ratings_data(db, None) == {"club": None, "rows": []}
    event = new_event(db, players=("Ann", "Bob"), games=1, date="2026-03-01")
    [view] = paired(db, event)
    [(_, first, _)] = view.tables
    play(db, event, 1, (121, 90) if first == "Ann" else (90, 121))
    players.edit(db, player_ids(db, event)["Bob"], None, None, "Elks", None)
    won, lost = update(START, [(START, 1.0)]), update(START, [(START, 0.0)])

    def row(rank, name, club, r):
        return {"rank": rank, "player": name, "club": club, "rating": f"{r.rating:.0f}",
                "range": f"{r.rating - 2 * r.rd:.0f}-{r.rating + 2 * r.rd:.0f}", "games": 1,
                "last_played": "2026-03-01", "provisional": True}

    assert printing.ratings_data(db, None) == {"club": None, "rows": [row(1, "Ann", None, won), row(2, "Bob", "Elks", lost)]}
    assert printing.ratings_data(db, None)["rows"][0]["rating"] == "1507"
    assert printing.ratings_data(db, "ELKS") == {"club": "ELKS", "rows": [row(1, "Bob", "Elks", lost)]}
    with pytest.raises(CribError, match="^unknown club 'Moose'"):
        printing.ratings_data(db, "Moose")


def test_rankings_data_is_the_seasons_rankings_as_printed(db):
    acc_consolation(db, "Fall", "2026-09-12", numbered=("Ann", "Eve"))
    data = printing.rankings_data(db, "2026-27")
    assert (data["season"], data["from"], data["to"], data["events"]) == ("2026-27", "2026-08-01", "2027-07-31", ["Fall"])
    assert [(r["rank"], r["name"], r["acc_number"], r["season_mrps"], r["lifetime_mrps"]) for r in data["rows"]] == [
        (1, "Ann", "A1", 33, 33), (2, "Eve", "A2", 7, 7)]
    with pytest.raises(CribError, match="^a season is written like 2026-27"):
        printing.rankings_data(db, "2026")


def test_tables_data_during_the_playoffs_seats_the_matches(db):
    event = played_event(db, players=EIGHT, games=3)
    entry = ids(db, event)
    playoffs.cut(db, event.id, 2)
    [final] = printing.tables_data(db, event.id)["games"]
    assert (final["title"], final["matches"], final["tables"]) == ("playoffs, final", ["W1.1"],
                                                                    [{"table": 1, "players": ["Ann", "Bob"], "match": "W1.1"}])
    assert final["find"] == [{"player": "Ann", "table": 1}, {"player": "Bob", "table": 1}]
    assert printing.tables_data(db, event.id, 3)["games"][0]["game"] == 3  # a qualifying game, asked for
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Ann"], entry["Bob"], (121, 100), None, False, False)
    with pytest.raises(CribError, match=r"Open has no tables to print: Ann is the champion \(print a qualifying game's tables"
                                        r" with --game 1 to 3\)"):
        printing.tables_data(db, event.id)


def test_playoff_table_sheets_name_the_byes(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"), format="single-elim")
    playoffs.cut(db, event.id, None)  # a bracket of four: the top seed has a bye through the first round
    [first] = printing.tables_data(db, event.id)["games"]
    [bye] = [m["players"] for m in printing.bracket_data(db, event.id)["rounds"][0]["matches"]
             if any(m["bye"])]
    byes = [p for p in bye if p]
    assert first["byes"] == byes and len(byes) == 1 and all(byes[0] not in t["players"] for t in first["tables"])
    assert {"player": byes[0], "table": "bye"} in first["find"]
