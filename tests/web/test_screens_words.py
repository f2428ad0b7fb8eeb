"""Issue 33's screens through Starlette's test client: a finished three-sided
event names its winner and placings (no bracket link), placings mid-playoffs
list only decided places, the player page names the event, the place and the
champion and reads a bye as "bye", namesakes are named as on paper, "updated"
is per event (with the date when not today), and the league page shows the
night in play and the club records."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from starlette.testclient import TestClient

from tests.conftest import Cli


def _client(cli: Cli) -> TestClient:
    from crib_tourney.web.server import create_app

    return TestClient(create_app(str(cli.db)))


def _main(page: str) -> str:
    return page.split('<main id="main">', 1)[1].split("</main>", 1)[0]


def _nav(page: str) -> list[str]:
    return re.findall(r'<a href="[^"]*"[^>]*>([^<]+)</a>', page.split('<nav aria-label="Pages">', 1)[1].split("</nav>", 1)[0])


@pytest.fixture
def threes(tmp_path):
    cli = Cli(tmp_path / "threes.db")
    cli("new-event", "Threes", "--variant", "three-player", "--games", "2", "--date", "2026-11-07", "--location", "Oak Hall")
    cli("enter", "Threes", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kay", "Fay Wong", "--new")
    for _ in range(2):
        for n, t in enumerate(cli("round", "Threes", "--json").json()["tables"]):
            p = t["players"]
            cli("result", "Threes", p[0], "121", p[1], str(90 + n), p[2], str(70 + 5 * n))
    return cli


def test_a_finished_three_sided_event_names_its_winner_and_placings_everywhere(threes):
    placings = threes("placings", "Threes", "--json").json()
    assert placings["complete"] and placings["champion"] == "Ann Lee"
    client = _client(threes)
    for path in ("/events/1/", "/events/1/standings", "/events/1/tables", "/events/1/placings", "/events/1/players/1"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert _nav(page.text) == ["Overview", "Standings", "Tables", "Placings", "All events"], path  # no bracket: no cut
        assert "Ann Lee" in page.text
    overview = _main(client.get("/events/1/").text)
    assert '<div class="big" id="progress">finished</div>' in overview and "Champion: <b>Ann Lee</b>" in overview
    assert "Results missing" not in overview and "game points by place: 2 for 1st, 1 for 2nd, 0 for 3rd" in overview
    table = re.findall(r"<tr><td>([^<]+)</td><td>([^<]+)</td>", _main(client.get("/events/1/placings").text))
    assert table == [(r["place"], r["player"]) for r in placings["rows"]]  # the standings' order is the placing
    tables = _main(client.get("/events/1/tables").text)
    assert "<h2>Finished</h2>" in tables and "Champion: <b>Ann Lee</b>" in tables and "By table" not in tables
    assert re.search(r'data-player="Ann Lee"[^>]*class="st-champion".*?<td class="where">champion</td>', tables)
    assert client.get("/").text.count("finished") == 1
    assert "events/1/bracket" not in client.get("/events/1/").text


def test_placings_mid_playoffs_list_only_decided_places(tmp_path):
    cli = Cli(tmp_path / "cup.db")
    cli("new-event", "Cup", "--games", "1", "--best-of", "1")
    cli("enter", "Cup", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "--new")
    for t in cli("round", "Cup", "--json").json()["tables"]:
        cli("result", "Cup", t["players"][0], "121", t["players"][1], "100")
    cli("cut", "Cup", "--qualifiers", "4")
    page = _main(_client(cli).get("/events/1/placings").text)
    assert cli("placings", "Cup", "--json").json()["rows"] == []
    assert '<table id="placings">' not in page and "No place is decided yet" in page


def test_the_player_page_names_the_event_place_champion_and_reads_a_bye(tmp_path):
    cli = Cli(tmp_path / "cup.db")
    cli("new-event", "Big Cup", "--games", "1", "--best-of", "1", "--date", "2026-10-17", "--location", "Elm Hall")
    names = ["Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kay", "Fay Wong"]
    cli("enter", "Big Cup", *names, "--new")
    for n, t in enumerate(cli("round", "Big Cup", "--json").json()["tables"]):
        cli("result", "Big Cup", t["players"][0], "121", t["players"][1], str(90 + n))
    cli("cut", "Big Cup", "--qualifiers", "3")  # seed 1 has a bye in round 1
    client = _client(cli)
    bracket = cli("bracket", "Big Cup", "--json").json()
    top = next(m for m in bracket["rounds"][0]["matches"] if any(m["bye"]))["players"][0]
    link = re.search(rf'<a href="(/events/1/players/\d+)">{top}</a>', client.get("/events/1/standings").text).group(1)  # type: ignore[union-attr]
    page = _main(client.get(link).text)
    assert '<p class="meta" id="held">Big Cup · 2026-10-17 · Elm Hall</p>' in page
    playoff = re.search(r'<table id="playoff-games">.*?</table>', page, re.S).group(0)  # type: ignore[union-attr]
    assert '<tr class="bye">' in playoff and "<td>bye</td>" in playoff
    assert "to be decided · 0" not in playoff and "0–0 W" not in playoff
    while matches := [m for r in cli("bracket", "Big Cup", "--json").json()["rounds"] for m in r["matches"]
                      if all(m["players"]) and not m["winner"]]:
        for m in matches:
            cli("result", "Big Cup", m["players"][0], "121", m["players"][1], "90")
    placings = cli("placings", "Big Cup", "--json").json()
    assert placings["champion"] == top  # the first side wins every match: seed 1
    assert '<p class="champion" id="place"><b>Champion</b> of Big Cup</p>' in _main(client.get(link).text)
    second = next(r["player"] for r in placings["rows"] if r["place"] == "2nd")
    other = re.search(rf'<a href="(/events/1/players/\d+)">{second}</a>', client.get("/events/1/standings").text).group(1)  # type: ignore[union-attr]
    assert f'<p class="champion" id="place">Place <b>2nd</b> · champion: {top}</p>' in _main(client.get(other).text)


def test_namesakes_are_named_by_acc_number_else_club_on_screens_as_on_paper(tmp_path):
    cli = Cli(tmp_path / "twins.db")
    cli("player", "add", "Janet Novak", "--acc-number", "90391")
    cli("player", "add", "Janet Novak", "--club", "Riverside Club", "--duplicate")
    cli("new-event", "Open", "--games", "1")
    cli("enter", "Open", "#1", "#2", "Bob Ray", "Cat Moss", "--new")
    cli("round", "Open")
    client = _client(cli)
    for path, twin in (("/events/1/standings", 1), ("/events/1/tables", 1), ("/events/1/players/1", 1), ("/events/1/players/2", 2)):
        page = client.get(path).text
        assert ("Janet Novak (ACC 90391)" if twin == 1 else "Janet Novak (Riverside Club)") in page, path
        assert "Janet Novak #" not in page and "janet novak #" not in page, path
    assert "Janet Novak (Riverside Club)" in client.get("/events/1/tables").text
    assert client.get("/events/1/players/1").text.count("<h1>Janet Novak (ACC 90391)</h1>") == 1
    # the JSON twins stay the CLI's, whose '#id' a command takes back
    assert client.get("/events/1/standings.json").text == cli("standings", "Open", "--json").stdout
    # paper names them the same way (services/printing.paper_names: the one function)
    from crib_tourney.services.database import read_only
    from crib_tourney.services.printing import document_data

    with read_only(str(cli.db)) as db:
        data = document_data(db, "tables", 1)
    assert "Janet Novak (ACC 90391)" in str(data) and "Janet Novak (Riverside Club)" in str(data)


def test_updated_is_per_event_with_the_date_when_not_today(tmp_path):
    from crib_tourney.web.site import updated_text

    cli = Cli(tmp_path / "two.db")
    cli("new-event", "Old", "--games", "1")
    cli("new-event", "New", "--games", "1")
    import sqlite3

    with sqlite3.connect(cli.db) as con:  # event 1's changes happened three days ago
        con.execute("UPDATE audit SET at = '2026-01-02 10:20:30.000000' WHERE event_id = 1")
    client = _client(cli)

    def stamp(path: str) -> str:
        return re.search(r'<time id="updated">([^<]+)</time>', client.get(path).text).group(1)  # type: ignore[union-attr]

    old = updated_text(datetime(2026, 1, 2, 10, 20, 30))
    assert stamp("/events/1/") == stamp("/events/1/standings") == old and re.fullmatch(r"2026-01-02 \d\d:20", old)
    new = stamp("/events/2/")
    assert re.fullmatch(r"\d\d:\d\d:\d\d", new)  # today: the time alone
    assert client.get("/events/2/?fragment=1").headers["x-updated"] == new
    assert client.get("/events/1/?fragment=1").headers["x-updated"] == old
    assert updated_text(datetime.utcnow() - timedelta(days=2))[:2] == "20"  # another day: with its date


def test_the_league_page_shows_the_night_in_play_and_the_club_records(tmp_path):
    from tests.cli.test_leagues import season

    cli = Cli(tmp_path / "league.db")
    season(cli, tmp_path, nights=2, threshold=5)
    records = cli("league", "records", "Elm", "--json").json()
    client = _client(cli)
    index = _main(client.get("/").text)
    assert index.count("finished") == 2 and "game " not in index  # played-out nights leave the in-play group
    assert 'id="in-play"' not in client.get("/leagues/1/").text
    event = cli("league", "night", "Elm", "--date", "2026-12-01", "--json").json()["event"]
    cli("round", event)
    page = _main(client.get("/leagues/1/").text)
    assert re.search(r'<p class="big" id="in-play">Night 3 in play: <a href="/events/3/">Elm night 3 \(2026-12-01\)</a>', page)
    assert "<h2>Club records</h2>" in page and "<h3>Perfect nights</h3>" in page and "<h3>Skunk pot: $" in page
    assert records["perfect_nights"] and all(f"<td>{p['player']}</td><td>{p['night']}</td>" in page for p in records["perfect_nights"])


def test_the_index_groups_its_events_under_headings(tmp_path):
    """Review item 15: the index lists events in play, not started and finished
    under a heading each, not in one unlabelled list."""
    cli = Cli(tmp_path / "index.db")
    cli("new-event", "Done", "--variant", "three-player", "--games", "1")  # placed by its standings: finished at its last game
    cli("enter", "Done", "Ann Lee", "Bob Ray", "Cat Moss", "--new")
    cli("round", "Done")
    cli("result", "Done", "Ann Lee", "121", "Bob Ray", "95", "Cat Moss", "80")
    for name in ("Later", "Now"):
        cli("new-event", name, "--games", "1")
        cli("enter", name, "Ann Lee", "Bob Ray")
    cli("round", "Now")
    index = _main(_client(cli).get("/").text)
    found = re.findall(r'<h2 id="events-\d">([^<]+)</h2>\s*<div class="cards events"[^>]*>\s*<div class="card"><a href="[^"]+">([^<]+)</a>', index)
    assert found == [("In play", "Now"), ("Not started", "Later"), ("Finished", "Done")]
    assert "<h2>Events</h2>" not in index
