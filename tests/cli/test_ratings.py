"""Ratings across events through the real CLI: player ratings, ratings rebuild, the
rating in player show / history, starting ratings from player import; checked
against Glicko-2 computed here game by game (tourney/glicko2.update)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_tourney.services import players as player_service
from crib_tourney.services import ratings as rating_service
from crib_tourney.services.ratings import PlayerRating
from crib_tourney.services.ratings_since import NOTHING, Since
from crib_tourney.store.db import transaction
from crib_tourney.tourney.glicko2 import Rating, update
from crib_tourney.tourney.ratings import START
from tests.conftest import Cli

SIX = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def ratings(cli: Cli, *args: str) -> dict[str, dict]:
    return {r["player"]: r for r in cli("player", "ratings", "--json", *args).json()["ratings"]}


def one_period(games: list[tuple[str, str, float]], start: dict[str, Rating] | None = None) -> dict[str, Rating]:
    """Glicko-2 of one period, each player against the others' ratings at its start
    (a newcomer's: 1500 / 50 / 0.01)."""
    start = start or {}
    faced: dict[str, list] = {}
    for a, b, s in games:
        faced.setdefault(a, []).append((start.get(b, START), s))
        faced.setdefault(b, []).append((start.get(a, START), 1 - s))
    return {p: update(start.get(p, START), f) for p, f in faced.items()}


def assert_rated(shown: dict[str, dict], expected: dict[str, Rating], games: dict[str, int]) -> None:
    assert set(shown) == set(expected)
    for p, r in expected.items():
        assert shown[p]["rating"] == round(r.rating, 2), p
        assert shown[p]["rd"] == round(r.rd, 2), p
        assert shown[p]["volatility"] == round(r.volatility, 6), p
        assert shown[p]["games"] == games[p], p


@pytest.fixture
def six(cli: Cli) -> Cli:
    cli("new-event", "Open", "--games", "3", "--date", "2026-03-01")
    cli("enter", "Open", *SIX, "--new")
    cli("round", "Open", "--all")  # A-F B-E C-D / A-E F-D B-C / A-D E-C F-B
    return cli


def test_every_final_game_is_rated_as_glicko2_computes_it(six):
    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    cli("result", "Open", "Bob", 90, "Eve", 121)
    cli("result", "Open", "Cat", 121, "Dan", 60)
    cli("result", "Open", "Ann", 121, "Eve", 119)
    expected = one_period([("Ann", "Fay", 1), ("Bob", "Eve", 0), ("Cat", "Dan", 1), ("Ann", "Eve", 1)])
    shown = ratings(cli)
    assert_rated(shown, expected, {"Ann": 2, "Eve": 2, "Bob": 1, "Cat": 1, "Dan": 1, "Fay": 1})
    assert [r["player"] for r in cli("player", "ratings", "--json").json()["ratings"]][0] == "Ann"
    assert all(r["provisional"] for r in shown.values())  # one or two games: every RD above 45
    assert shown["Ann"]["last_played"] == "2026-03-01"


def test_forfeits_byes_lone_and_disputed_cards_are_not_rated(cli):
    cli("new-event", "Open", "--games", "1")
    cli("enter", "Open", *SIX, "Gus", "--new")
    tables = cli("round", "Open", "--json").json()["tables"]
    played = [t["players"] for t in tables if len(t["players"]) == 2]
    assert len(played) == 3  # and a bye
    (a, b), (c, d), (e, f) = played
    cli("result", "Open", a, 121, b, 100)
    cli("result", "Open", "--forfeit", c)
    cli("result", "Open", e, 121, f, 100, "--card", e)  # one card only
    assert set(ratings(cli)) == {a, b}
    cli("result", "Open", e, 100, f, 121, "--card", f)  # the second card claims the win too
    assert set(ratings(cli)) == {a, b}
    cli("check", "Open", "--resolve")  # settled by the rule: both charged a loss (ACC 12.2(e)): no result to rate
    assert set(ratings(cli)) == {a, b}
    cli("result", "Open", e, 121, f, 90, "--replace")
    cli("result", "Open", e, 121, f, 95, "--card", f, "--replace")  # the cards differ by the loser's score only
    assert set(ratings(cli)) == {a, b}
    cli("check", "Open", "--resolve")  # settled: a win for e whichever version stands
    assert set(ratings(cli)) == {a, b, e, f} and ratings(cli)[e]["rating"] == ratings(cli)[a]["rating"]


def test_three_handed_tables_rate_the_pairwise_places(cli):
    cli("new-event", "T3", "--variant", "three-player", "--games", "1")
    cli("enter", "T3", "Ann", "Bob", "Cat", "--new")
    cli("round", "T3")
    cli("result", "T3", "Bob", 121, "Ann", 100, "Cat", 80)
    expected = one_period([("Bob", "Ann", 1), ("Bob", "Cat", 1), ("Ann", "Cat", 1)])
    assert_rated(ratings(cli), expected, {"Ann": 2, "Bob": 2, "Cat": 2})


def test_a_three_handed_table_is_rated_once_its_cards_are_final(cli):
    cli("new-event", "T3", "--variant", "three-player", "--games", "1")
    cli("enter", "T3", "Ann", "Bob", "Cat", "--new")
    cli("round", "T3")
    cli("result", "T3", "Ann", 121, "Bob", 100, "Cat", 80, "--card", "Ann")
    assert ratings(cli) == {}  # one card
    cli("result", "T3", "Bob", 95, "Ann", 121, "Cat", 80, "--card", "Bob")  # Bob's own score differs
    cli("result", "T3", "Cat", 80, "Ann", 121, "Bob", 100, "--card", "Cat")
    assert ratings(cli) == {}  # the cards disagree
    cli("check", "T3", "--resolve")  # each keeps his version: the places are the same in all three
    expected = one_period([("Ann", "Bob", 1), ("Ann", "Cat", 1), ("Bob", "Cat", 1)])
    assert_rated(ratings(cli), expected, {"Ann": 2, "Bob": 2, "Cat": 2})


def test_playoff_games_are_rated_in_their_events_period(cli):
    cli("new-event", "C", "--format", "single-elim")
    cli("enter", "C", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("cut", "C")
    match = cli("bracket", "C", "--json").json()["rounds"][0]["matches"][0]["players"]
    cli("result", "C", match[0], 121, match[1], 100)
    shown = ratings(cli)
    assert set(shown) == set(match) and shown[match[0]]["games"] == 1
    assert_rated(shown, one_period([(match[0], match[1], 1)]), {match[0]: 1, match[1]: 1})


def test_events_are_periods_in_date_order_and_idle_players_grow_less_certain(cli):
    cli("new-event", "Later", "--games", "1", "--date", "2026-05-01")
    cli("enter", "Later", "Ann", "Cat", "--new")
    cli("new-event", "Earlier", "--games", "1", "--date", "2026-04-01")
    cli("enter", "Earlier", "Ann", "Bob", "--new")
    cli("round", "Earlier"), cli("round", "Later")
    cli("result", "Earlier", "Ann", 121, "Bob", 100)
    cli("result", "Later", "Cat", 121, "Ann", 100)
    first = one_period([("Ann", "Bob", 1)])
    second = one_period([("Cat", "Ann", 1)], {"Ann": first["Ann"]})
    bob = first["Bob"]
    idle_bob = Rating(bob.rating, (bob.rd ** 2 + (bob.volatility * 173.7178) ** 2) ** 0.5, bob.volatility)  # one period idle
    assert bob.rd < idle_bob.rd < 50
    assert_rated(ratings(cli), {"Ann": second["Ann"], "Cat": second["Cat"], "Bob": idle_bob}, {"Ann": 2, "Bob": 1, "Cat": 1})
    history = cli("player", "history", "Ann", "--json").json()["rating"]["events"]
    assert [(e["event"], e["rating_before"], e["rating"]) for e in history] == [
        ("Earlier", 1500.0, round(first["Ann"].rating, 2)), ("Later", round(first["Ann"].rating, 2), round(second["Ann"].rating, 2))]


def test_team_entries_are_not_rated(cli):
    cli("new-event", "Dbl", "--variant", "four-player", "--games", "1")
    cli("enter", "Dbl", "--team", "Ann", "Bob", "--new")
    cli("enter", "Dbl", "--team", "Cat", "Dan", "--new")
    cli("round", "Dbl")
    cli("result", "Dbl", "Ann & Bob", 121, "Cat & Dan", 100)
    assert ratings(cli) == {}


def test_starting_ratings_come_in_with_player_import(cli, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club,rating,rd,volatility\nAnn,Elks,1700,80,0.05\nBob,Oaks,,,\nCat,Elks,1400,,\n")
    assert cli("player", "import", roster).stdout.strip() == "imported 3 players; starting ratings for 2"
    before = ratings(cli)
    assert before["Ann"]["rating"] == 1700 and before["Ann"]["rd"] == 80 and before["Ann"]["games"] == 0
    assert before["Cat"]["rd"] == 50 and before["Cat"]["volatility"] == 0.01 and "Bob" not in before
    cli("new-event", "Open", "--games", "1")
    cli("enter", "Open", "Ann", "Bob")
    cli("round", "Open")
    cli("result", "Open", "Bob", 121, "Ann", 100)
    start = {"Ann": Rating(1700, 80, 0.05)}
    expected = one_period([("Bob", "Ann", 1)], start)
    assert_rated(ratings(cli, "--min-games", "1"), expected, {"Ann": 1, "Bob": 1})
    again = tmp_path / "again.csv"  # a player on the roster: his starting rating is set, logged and undoable
    again.write_text("name,rating\nBob,1600\n")
    assert "starting ratings for 1" in cli("player", "import", again).stdout
    expected = one_period([("Bob", "Ann", 1)], {**start, "Bob": Rating(1600, START.rd, START.volatility)})
    assert ratings(cli)["Bob"]["rating"] == round(expected["Bob"].rating, 2)
    cli("undo", "--players")
    assert ratings(cli)["Bob"]["rating"] == round(one_period([("Bob", "Ann", 1)], start)["Bob"].rating, 2)


def test_the_list_by_club_and_games_as_table_json_and_csv(six, tmp_path):
    cli = six
    cli("player", "edit", "Ann", "--club", "Elks")
    cli("player", "edit", "Eve", "--club", "elks ")
    cli("result", "Open", "Ann", 121, "Fay", 100)
    cli("result", "Open", "Ann", 121, "Eve", 119)
    cli("result", "Open", "Bob", 121, "Eve", 100)
    assert list(ratings(cli, "--club", "ELKS")) == ["Ann", "Eve"]
    assert list(ratings(cli, "--min-games", "2")) == ["Ann", "Eve"]
    assert list(ratings(cli, "--min-games", "3")) == []
    rows = cli("player", "ratings", "--json").json()["ratings"]
    assert {"player", "rating", "rd", "volatility", "games"} <= set(rows[0])
    text = cli("player", "ratings").stdout
    ann = rows[0]
    low, high = round(ann["rating"] - 2 * ann["rd"]), round(ann["rating"] + 2 * ann["rd"])
    assert f"{ann['rating']:.0f}?" in text and f"{low}-{high}" in text
    csv = cli("player", "ratings", "--csv").stdout.splitlines()
    assert csv[0] == "rank,player,club,rating,rd,volatility,games,last_played,provisional"
    assert csv[1].startswith(f"1,Ann,Elks,{ann['rating']:.1f},{ann['rd']:.1f},") and csv[1].endswith(",2,2026-03-01,yes")


def test_bad_input_is_one_line_and_changes_nothing(six, unchanged):
    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    with unchanged():
        cli.fails("player", "ratings", "--club", "Nowhere", match="unknown club 'Nowhere'")
        cli.fails("player", "ratings", "--min-games", "-1", match="--min-games cannot be negative (-1)")
        cli.fails("ratings", "rebuild", "--tau", "5", match="tau must be between 0.2 and 2")
        cli.fails("player", "ratings", "--json", "--csv", match="choose one of", code=2)


def test_player_show_and_history_show_the_rating(six):
    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    expected = one_period([("Ann", "Fay", 1)])["Ann"]
    assert round(expected.rating) == 1507 and round(expected.rd) == 50  # one game tells little in cribbage
    shown = cli("player", "show", "Ann").stdout
    low, high = expected.rating - 2 * expected.rd, expected.rating + 2 * expected.rd
    assert f"rating: {expected.rating:.0f}? ({low:.0f}-{high:.0f}), 1 rated game, #1 (provisional)" in shown
    assert cli("player", "show", "Ann", "--json").json()["rating"]["rating"] == round(expected.rating, 2)
    assert "rating: none yet" in cli("player", "show", "Bob").stdout
    history = cli("player", "history", "Ann").stdout
    assert f"{expected.rating:.0f}" in history and f"+{expected.rating - 1500:.0f}" in history


def _kept(cli: Cli) -> tuple:
    con = sqlite3.connect(cli.db)
    try:
        return (con.execute("SELECT version FROM ratings_kept").fetchall(),
                con.execute("SELECT version FROM data_version WHERE scope = 'all'").fetchall())
    finally:
        con.close()


def test_rebuild_keeps_the_ratings_and_its_settings(six):
    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    shown = ratings(cli)
    assert cli("ratings", "rebuild").stdout.strip() == \
        "rated 2 players from 1 game in 1 event (tau 0.5, first deal +38, newcomers 50 / 0.01)"
    kept, version = _kept(cli)
    assert kept == version  # kept at the database's version: read as kept
    assert ratings(cli) == shown
    cli("ratings", "rebuild", "--tau", "1.2", "--start-rd", "80")
    cli("result", "Open", "Bob", 121, "Eve", 100)  # stale now: made again, with the kept tau
    expected = one_period([("Ann", "Fay", 1), ("Bob", "Eve", 1)])
    newcomer = Rating(1500, 80, 0.01)
    faced = {"Ann": [(newcomer, 1)], "Fay": [(newcomer, 0)], "Bob": [(newcomer, 1)], "Eve": [(newcomer, 0)]}
    expected = {p: update(newcomer, f, tau=1.2) for p, f in faced.items()}
    assert_rated(ratings(cli), expected, {p: 1 for p in faced})
    assert all(r["provisional"] for r in ratings(cli).values())  # RD about 79: above 90% of 80
    kept = cli("ratings", "rebuild", "--json").json()
    assert (kept["tau"], kept["start_rd"], kept["start_volatility"], kept["first_deal"]) == (1.2, 80, 0.01, 38)


# --- the stored ratings always equal a rebuild ---------------------------------------

TABLES = [("Ann", "Fay"), ("Bob", "Eve"), ("Cat", "Dan"), ("Ann", "Eve"), ("Fay", "Dan"), ("Bob", "Cat"),
          ("Ann", "Dan"), ("Eve", "Cat"), ("Fay", "Bob")]  # the three games `round --all` seats

STEP = st.one_of(
    st.tuples(st.just("result"), st.integers(0, 8), st.integers(0, 120), st.booleans()),
    st.tuples(st.just("forfeit"), st.integers(0, 8)),
    st.tuples(st.just("card"), st.integers(0, 8), st.integers(0, 120)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("rebuild")),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=8))
def test_the_ratings_shown_always_equal_a_rebuild_and_glicko2_of_the_final_games(tmp_path_factory, steps):
    """After every step (results, replaced results, forfeits, lone cards, undo, a rebuild
    at any point), the ratings shown equal (1) Glicko-2 of the final games the test
    itself entered and (2) those `ratings rebuild` keeps on a copy; whenever the
    kept ratings are at the database's version, they are what a rebuild makes (the
    list's read keeps what it made); and one player's read equals the list's."""
    folder = tmp_path_factory.mktemp("rebuild")
    cli = Cli(folder / "p.db")
    cli("new-event", "Open", "--games", "3")
    cli("enter", "Open", *SIX, "--new")
    cli("round", "Open", "--all")
    final: dict[int, tuple[str, str, float]] = {}
    history: list[dict[int, tuple[str, str, float]]] = []  # the model before each logged change
    for step in steps:
        kind = step[0]
        if kind == "result":
            _, t, loser, flip = step
            a, b = TABLES[t][::-1] if flip else TABLES[t]
            game = ["--game", str(t // 3 + 1)]
            run = cli("result", "Open", a, 121, b, loser, *game, ok=None)
            if run.code != 0:
                run = cli("result", "Open", a, 121, b, loser, *game, "--replace", ok=None)
            if run.code == 0:
                history.append(dict(final))
                final[t] = (a, b, 1.0)
        elif kind == "forfeit":
            a, b = TABLES[step[1]]
            if cli("result", "Open", "--forfeit", a, "--game", str(step[1] // 3 + 1), ok=None).code == 0:
                history.append(dict(final))
                final.pop(step[1], None)
        elif kind == "card":
            a, b = TABLES[step[1]]
            if cli("result", "Open", a, 121, b, step[2], "--card", a, "--game", str(step[1] // 3 + 1), ok=None).code == 0:
                history.append(dict(final))
                final.pop(step[1], None)  # a lone card is not final (or, with a card already in, replaces his)
                con = sqlite3.connect(cli.db)
                cards = con.execute("SELECT o.own_score, o.opp_score FROM outcome o JOIN pairing p ON p.id = o.pairing_id"
                                    " JOIN entry e ON e.id = p.entry1_id JOIN player pl ON pl.id = e.player_id"
                                    " WHERE p.game_no = ? AND p.table_no = ? ORDER BY o.entry_id",
                                    (step[1] // 3 + 1, step[1] % 3 + 1)).fetchall()
                con.close()
                if len(cards) == 2 and cards[0][0] == cards[1][1] and cards[0][1] == cards[1][0] and cards[0][0] != cards[0][1]:
                    final[step[1]] = (a, b, 1.0)  # his card agrees with the other's
        elif kind == "undo":
            if history:  # (never the round itself)
                cli("undo", "Open")
                final = history.pop()
        else:
            cli("ratings", "rebuild")
        agrees(cli)  # one player's read, brought up to date from the ratings the last read kept
        shown = ratings(cli)
        games: dict[str, int] = {}
        for a, b, _ in final.values():
            games[a], games[b] = games.get(a, 0) + 1, games.get(b, 0) + 1
        assert_rated(shown, one_period(list(final.values())), games)
        copy = Cli(folder / "copy.db")
        shutil.copy(cli.db, copy.db)
        copy("ratings", "rebuild")
        assert ratings(copy) == shown
        kept, version = _kept(cli)
        if kept == version:  # read as kept: the rows themselves equal the rebuild's
            assert _rows(cli) == _rows(copy)


def _rows(cli: Cli) -> tuple:
    con = sqlite3.connect(cli.db)
    try:
        return (con.execute("SELECT * FROM player_rating ORDER BY player_id").fetchall(),
                con.execute("SELECT player_id, event_id, rating, rd, volatility, games FROM rating_change ORDER BY id").fetchall())
    finally:
        con.close()


# --- during an event ----------------------------------------------------------------

def test_standings_show_the_rating_before_the_event_and_the_estimate_so_far(cli):
    cli("new-event", "First", "--games", "1", "--date", "2026-01-10")
    cli("enter", "First", "Ann", "Bob", "--new")
    cli("round", "First")
    cli("result", "First", "Ann", 121, "Bob", 90)
    cli("new-event", "Second", "--games", "3", "--date", "2026-02-10")
    cli("enter", "Second", *SIX, "--new")
    cli("round", "Second", "--all")  # A-F B-E C-D / ...
    cli("result", "Second", "Ann", 121, "Fay", 100)
    first = one_period([("Ann", "Bob", 1)])
    bob_before = first["Bob"]
    second = one_period([("Ann", "Fay", 1)], {"Ann": first["Ann"]})
    rows = {r["player"]: r for r in cli("standings", "Second", "--ratings", "--json").json()["rows"]}
    assert (rows["Ann"]["rating_before"], rows["Ann"]["rating_now"]) == (round(first["Ann"].rating, 2), round(second["Ann"].rating, 2))
    assert rows["Bob"]["rating_before"] == rows["Bob"]["rating_now"] == round(bob_before.rating, 2)  # no game yet here
    assert rows["Cat"]["rating_before"] == rows["Cat"]["rating_now"] == 1500
    text = cli("standings", "Second", "--ratings").stdout
    assert "rating before" in text and f"{second['Ann'].rating:.0f}" in text
    csv = cli("standings", "Second", "--ratings", "--csv").stdout.splitlines()
    assert csv[0].endswith(",tied,rating_before,rating_now")
    assert "rating_before" not in cli("standings", "Second", "--json").stdout  # only when asked


def test_round_odds_show_each_tables_chances_from_the_ratings_so_far(six):
    from crib_tourney.tourney.glicko2 import win_probability

    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    cli("result", "Open", "Bob", 121, "Eve", 100)
    cli("result", "Open", "Cat", 121, "Dan", 100)
    now = one_period([("Ann", "Fay", 1), ("Bob", "Eve", 1), ("Cat", "Dan", 1)])
    tables = cli("round", "Open", "--show", "2", "--odds", "--json").json()["tables"]
    chance = win_probability(now["Ann"], now["Eve"])
    assert tables[0]["players"] == ["Ann", "Eve"] and tables[0]["win_probability"] == [round(chance, 4), round(1 - chance, 4)]
    assert 0.5 < chance < 0.55  # two winners of one game apart: cribbage is mostly luck
    text = cli("round", "Open", "--show", "2", "--odds").stdout
    assert f"{100 * chance:.0f}% - {100 - round(100 * chance)}%" in text
    assert "win_probability" not in cli("round", "Open", "--show", "2", "--json").stdout


# --- on paper ------------------------------------------------------------------------

def test_print_ratings_is_the_rating_list_of_everyone_or_a_club(six, tmp_path, unchanged):
    from pypdf import PdfReader

    cli = six
    cli("player", "edit", "Ann", "--club", "Elks")
    cli("result", "Open", "Ann", 121, "Fay", 100)
    cli("result", "Open", "Bob", 121, "Eve", 100)
    rows = cli("player", "ratings", "--json").json()["ratings"]
    out = tmp_path / "ratings.pdf"
    assert "wrote" in cli("print", "ratings", "-o", out).stderr
    text = PdfReader(out).pages[0].extract_text()
    ann = rows[0]
    assert "Every player" in text and "4 rated" in text
    assert f"1 Ann Elks {ann['rating']:.0f}? {ann['rating'] - 2 * ann['rd']:.0f}-{ann['rating'] + 2 * ann['rd']:.0f} 1" in text
    club = tmp_path / "elks.pdf"
    cli("print", "ratings", "Elks", "-o", club)
    text = PdfReader(club).pages[0].extract_text()
    assert "1 rated" in text and "Bob" not in text
    with unchanged():
        cli.fails("print", "ratings", "Nowhere", "-o", tmp_path / "x.pdf", match="unknown club 'Nowhere'")
        cli.fails("print", "standings", match="print standings needs the event", code=2)
    assert not (tmp_path / "x.pdf").exists()


# --- on the web ----------------------------------------------------------------------

def test_the_ratings_page_and_the_rating_on_a_players_page(six, tmp_path):
    from starlette.testclient import TestClient

    from crib_tourney.web.server import create_app

    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    client = TestClient(create_app(str(cli.db)))
    assert client.get("/ratings.json").json() == {"ratings": cli("player", "ratings", "--json").json()["ratings"]}
    page = client.get("/ratings").text
    ann = ratings(cli)["Ann"]
    assert "<td>Ann</td>" in page and f"<b>{ann['rating']:.0f}</b>?" in page
    assert 'href="/ratings"' in client.get("/").text
    entry = cli("standings", "Open", "--json").json()["rows"]
    rating = client.get("/events/1/players/1.json").json()["rating"]
    assert rating == {"before": 1500, "now": ann["rating"], "rd": ann["rd"], "games": 1}
    assert f"Rating <b>{ann['rating']:.0f}</b>" in client.get("/events/1/players/1").text and entry
    cli("result", "Open", "Bob", 121, "Eve", 100)  # a new version: the page follows it
    assert client.get("/ratings.json").json()["ratings"][0]["games"] == 1 and len(client.get("/ratings.json").json()["ratings"]) == 4
    site = tmp_path / "site"
    cli("publish", "--all", "-o", site)
    assert (site / "ratings" / "index.html").is_file() and "Bob" in (site / "ratings.json").read_text()
    assert 'href="ratings/index.html"' in (site / "index.html").read_text()
    one = tmp_path / "one"
    cli("publish", "Open", "-o", one)
    assert not (one / "ratings.json").exists() and "ratings" not in (one / "index.html").read_text().lower()


def test_the_first_dealers_edge_counts_where_the_loser_deals_the_next_playoff_game(cli):
    cli("new-event", "P", "--format", "single-elim", "--best-of", "3", "--final-best-of", "3")
    cli("event", "set", "P", "first_dealer=loser")
    cli("enter", "P", "Ann", "Bob", "--new")
    cli("cut", "P")
    cli("result", "P", "Ann", 121, "Bob", 100)  # game 1: cut for deal, no edge
    cli("result", "P", "Bob", 121, "Ann", 100)  # game 2: Bob lost game 1, so Bob dealt first
    cli("result", "P", "Ann", 121, "Bob", 90)  # game 3: Ann dealt first
    games = [(START, 1.0, 0.0), (START, 0.0, -38.0), (START, 1.0, 38.0)]
    assert ratings(cli)["Ann"]["rating"] == round(update(START, games).rating, 2)
    cli("ratings", "rebuild", "--first-deal", "0")
    assert ratings(cli)["Ann"]["rating"] == round(update(START, [(START, 1.0), (START, 0.0), (START, 1.0)]).rating, 2)
    cli("ratings", "rebuild", "--first-deal", "38")
    cli("event", "set", "P", "first_dealer=cut")  # who dealt is not known: no edge
    assert ratings(cli)["Ann"]["rating"] == round(update(START, [(START, 1.0), (START, 0.0), (START, 1.0)]).rating, 2)


# --- one player's rating after writes since the ratings were kept ------------------------

def _rounded(shown: PlayerRating) -> tuple:
    """A player's rating as compared: the kept rows hold the display scale, so a rating
    brought up to date may differ from a rebuild's in the last bits."""
    def r(x: float | None) -> float | None:
        return None if x is None else round(x, 9)
    return (r(shown.rating), r(shown.rd), r(shown.volatility), shown.games, shown.provisional, shown.rank,
            tuple((e.event, e.date, r(e.before), r(e.after), r(e.rd), e.games, e.points) for e in shown.events))


def agrees(cli: Cli) -> Since | None:
    """Every player's rating and place as `player history` reads them equal those made
    from every game; returns what the writes since the kept ratings changed (None:
    they were made again from every game)."""
    with transaction(str(cli.db)) as db:
        since = rating_service.changed_since_kept(db)
        everyone = [p.id for p in player_service.search(db, None)]
        quick = [_rounded(rating_service.of_player(db, p)) for p in everyone]
        assert (db.memoized(("ratings",)) is None) == (since is not None)  # else every player's rating was read
        rating_service.current(db)
        assert quick == [_rounded(rating_service.of_player(db, p)) for p in everyone]
    return since


def test_a_players_rating_after_writes_since_the_ratings_were_kept_equals_one_from_every_game(six):
    """Results, replaced results, forfeits, lone cards and undo in the last event, and
    the first results of a new one, are rated again for their own players alone; a
    result in an earlier event has every game rated again. Either way what is shown
    equals a rebuild."""
    cli = six
    cli("new-event", "Early", "--games", "1", "--date", "2026-01-10")
    cli("enter", "Early", "Cat", "Gus", "--new")
    cli("round", "Early")
    cli("result", "Early", "Cat", 121, "Gus", 100)  # Cat then sits out Club: one idle period before Open
    cli("new-event", "Club", "--games", "1", "--date", "2026-02-01")
    cli("enter", "Club", "Ann", "Bob", "Gus", "Hal", "--new")
    cli("round", "Club")
    cli("result", "Club", "--game", 1, "--table", 1, 121, 100)
    cli("result", "Club", "--game", 1, "--table", 2, 121, 90)
    cli("result", "Open", "Ann", 121, "Fay", 100)
    cli("result", "Open", "Bob", 95, "Eve", 121)
    cli("ratings", "rebuild")
    assert agrees(cli) == NOTHING
    cli("result", "Open", "Cat", 121, "Dan", 110)  # Cat idle since Early, Dan new to the ratings
    touched = agrees(cli)
    assert touched is not None and {p for p in touched.players} == set(touched.steps) and len(touched.players) == 2
    cli("result", "Open", "Ann", 100, "Eve", 121, "--game", 2)
    cli("result", "Open", "Ann", 121, "Fay", 90, "--game", 1, "--replace")
    cli("result", "Open", "--forfeit", "Bob", "--game", 2)
    assert agrees(cli) is not None
    cli("result", "Open", "--forfeit", "Bob", "--game", 1, "--replace")  # Bob has no rated game in Open left
    assert agrees(cli) is not None
    cli("undo", "Open")
    cli("result", "Open", "Fay", 121, "Dan", 100, "--card", "Fay", "--game", 2)  # a lone card: not rated
    assert agrees(cli) is not None
    cli("undo", "Open")
    cli("undo", "Open")  # the forfeit
    cli("check", "Open")
    assert agrees(cli) is not None
    cli("result", "Club", "--game", 1, "--table", 2, 90, 121, "--replace")  # an earlier event: every later rating moves
    assert agrees(cli) is None
    cli("ratings", "rebuild")
    cli("new-event", "Night", "--games", "1", "--date", "2026-04-01")
    cli("enter", "Night", "Gus", "Hal")
    cli("round", "Night")
    assert agrees(cli) == NOTHING  # a round paired: no game yet
    cli("result", "Night", "Gus", 121, "Hal", 100)  # a new period: every idle deviation grows
    touched = agrees(cli)
    assert touched is not None and touched.idle_cap is not None and len(touched.steps) == 2
    cli("new-event", "Between", "--games", "1", "--date", "2026-03-15")
    cli("enter", "Between", "Ann", "Bob")
    cli("round", "Between")
    cli("result", "Between", "Ann", 121, "Bob", 100)  # two events, one before the last rated
    assert agrees(cli) is None


def test_three_handed_and_playoff_games_after_the_ratings_were_kept(cli):
    cli("new-event", "T3", "--variant", "three-player", "--games", "2")
    cli("enter", "T3", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "--new")
    cli("round", "T3", "--all")
    cli("result", "T3", "--game", 1, "--table", 1, 121, 100, 80)
    cli("ratings", "rebuild")
    cli("result", "T3", "--game", 1, "--table", 2, 121, 100, 80)
    cli("result", "T3", "--game", 2, "--table", 1, 90, 121, 100)
    assert agrees(cli) is not None
    cli("new-event", "C", "--format", "single-elim", "--date", "2027-01-01")
    cli("enter", "C", "Ann", "Bob", "Cat", "Dan")
    cli("cut", "C")
    first, second = (m["players"] for m in cli("bracket", "C", "--json").json()["rounds"][0]["matches"][:2])
    cli("result", "C", first[0], 121, first[1], 100)
    cli("ratings", "rebuild")
    cli("result", "C", second[1], 121, second[0], 111)
    touched = agrees(cli)
    assert touched is not None and set(touched.steps) == set(touched.players) and len(touched.players) == 2


def test_a_read_that_made_the_ratings_from_every_game_keeps_them_for_the_next(six):
    """None kept: `player history` makes them from every game, prints, then keeps them
    at the data version they were made at (which does not move: nothing shown changes);
    the next read brings them up to date. A write in between: nothing kept."""
    cli = six
    cli("result", "Open", "Ann", 121, "Fay", 100)
    assert _kept(cli)[0] == []
    version = _kept(cli)[1]
    shown = cli("player", "history", "Ann", "--json").json()["rating"]
    assert _kept(cli) == (version, version)  # kept, at the version it read
    copy = Cli(cli.db.parent / "copy.db")
    shutil.copy(cli.db, copy.db)
    copy("ratings", "rebuild")
    assert _rows(cli) == _rows(copy)  # what a rebuild keeps
    assert cli("player", "history", "Ann", "--json").json()["rating"] == shown
    cli("result", "Open", "Bob", 121, "Eve", 100)
    assert agrees(cli) is not None and cli("player", "show", "Bob", "--json").json()["rating"]["games"] == 1
    cli("result", "Open", "--game", 1, "--table", 1, 100, 121, "--replace")
    with transaction(str(cli.db)) as db:
        rating_service.current(db)  # made from every game (the kept ones are not the data's)
        made = rating_service.made_here(db)
    assert made is not None
    cli("result", "Open", "Cat", 121, "Dan", 100)  # written meanwhile
    with transaction(str(cli.db)) as db:
        assert not rating_service.keep_made(db, made)
    assert _kept(cli)[0] != _kept(cli)[1]
