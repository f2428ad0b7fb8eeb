"""Issue 20, event day round two, through Starlette's test client: the playoffs
and the finish on screen, find-your-table rows, the standings' cut line, the
index and overview, live update's ETag and stamp, gzip, and publish's paths."""

from __future__ import annotations

import gzip
import json
import re

import pytest
from starlette.testclient import TestClient

from tests.conftest import Cli

NAMES = ["Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Éva Kovács", "Fay Wong", "Gus Hill", "Hal Ito"]


def _play_round(cli: Cli, event: str = "Open") -> None:
    for table in cli("round", event, "--json").json()["tables"]:
        cli("result", event, table["players"][0], "121", table["players"][1], "100")


@pytest.fixture
def cli(tmp_path):
    cli = Cli(tmp_path / "day.db")
    cli("new-event", "Open", "--games", "1", "--best-of", "1", "--final-best-of", "1", "--entry-fee", "20", "--payouts", "60,40")
    cli("enter", "Open", *NAMES, "--new")
    return cli


def _main(page: str) -> str:
    """A page's content (not its styles and script)."""
    return page.split('<main id="main">', 1)[1].split("</main>", 1)[0]


def _client(cli: Cli) -> TestClient:
    from crib_tourney.web.server import create_app

    return TestClient(create_app(str(cli.db)))


def _current_matches(cli: Cli) -> list[dict]:
    rounds = cli("bracket", "Open", "--json").json()["rounds"]
    return [m for r in rounds for m in r["matches"] if all(m["players"]) and not m["winner"]]


def test_tables_after_the_cut_show_the_playoff_matches_and_the_overview_the_bracket(cli):
    _play_round(cli)
    cli("cut", "Open", "--qualifiers", "4")
    client = _client(cli)
    matches = _current_matches(cli)
    assert len(matches) == 2
    tables = _main(client.get("/events/1/tables").text)
    assert "sits out" not in tables and "bye:" not in tables
    # every qualifier's match or state in find-your-table (issue 33), the others not qualified
    states = dict(re.findall(r'<tr data-name="[^"]*" data-player="([^"]+)"[^>]*class="st-([a-z-]+)"', tables))
    assert sorted(p for p, st in states.items() if st == "playing") == sorted(p for m in matches for p in m["players"])
    assert sorted(states.values()).count("not-qualified") == 4
    for m in matches:
        row = re.search(rf'<tr data-key="{m["key"]}">(.*?)</tr>', tables, re.S).group(1)  # type: ignore[union-attr]
        assert f'<td class="num table-no">{m["table"]}</td>' in row
        assert all(p in row for p in m["players"]) and "0–0" in row
    assert client.get("/events/1/tables.json").json()["matches"][0]["key"] == matches[0]["key"]
    overview = client.get("/events/1/").text
    assert 'class="bk-pair ' in overview and 'class="bk-t"' in overview  # the bracket's drawing (its lines are borders: no SVG)
    assert all(f'data-key="{m["key"]}"' in overview for m in matches) and "playoffs" in overview
    # a game of a match moves the series score on the tables page
    first = matches[0]
    cli("result", "Open", first["players"][0], "121", first["players"][1], "90")
    after = client.get("/events/1/tables").text
    assert f'data-key="{first["key"]}"' not in after  # decided (best of 1): no longer playing


def test_a_finished_event_shows_its_champion_placings_and_prizes(cli):
    _play_round(cli)
    cli("cut", "Open", "--qualifiers", "4")
    client = _client(cli)
    assert client.get("/events/1/placings.json").text == cli("placings", "Open", "--json").stdout  # while playing too
    while matches := _current_matches(cli):
        for m in matches:
            cli("result", "Open", m["players"][0], "121", m["players"][1], "90")
    placings = cli("placings", "Open", "--json").json()
    assert placings["complete"] and placings["champion"]
    assert client.get("/events/1/placings.json").text == cli("placings", "Open", "--json").stdout
    overview = client.get("/events/1/").text
    assert f"Champion: <b>{placings['champion']}</b>" in overview and "finished" in overview
    prizes = [r["prize"] for r in placings["rows"][:2]]
    assert all(prizes) and all(f'<td class="num">${p}</td>' in overview for p in prizes)  # 60/40 of the fund
    page = client.get("/events/1/placings").text
    assert "1st" in page and "2nd" in page and f'<td class="num">${prizes[0]}</td>' in page
    assert 'aria-current="page">Placings' in page
    assert 'href="/events/1/placings"' in client.get("/events/1/standings").text  # in the navigation


def test_no_placings_before_the_cut(cli):
    assert _client(cli).get("/events/1/placings").status_code == 404


def test_find_your_table_rows_carry_seat_opponent_and_a_folded_name(cli):
    cli("round", "Open")
    page = _client(cli).get("/events/1/tables").text
    table = next(t for t in cli("round", "Open", "--show", "1", "--json").json()["tables"] if "Éva Kovács" in t["players"])
    seat = table["players"].index("Éva Kovács") + 1
    other = table["players"][2 - seat]
    row = re.search(r'<tr data-name="eva kovacs"[^>]*>(.*?)</tr>', page, re.S).group(1)  # type: ignore[union-attr]
    assert re.findall(r"<td[^>]*>(.*?)</td>", row)[:4] == ["Éva Kovács", str(table["table"]), str(seat), f"v {other}"]
    assert 'data-me="Éva Kovács"' in row
    assert '<label class="find-label" for="find">' in page


def test_the_cut_line_is_labelled_and_waits_for_a_result(cli):
    client = _client(cli)
    cli("round", "Open")
    before = _main(client.get("/events/1/standings").text)
    assert "qualify" not in before and "cut-line" not in before and "q-mark" not in before
    cli("result", "Open", "Ann Lee", "121", cli("round", "Open", "--show", "1", "--json").json()["tables"][0]["players"][1], "100")
    after = _main(client.get("/events/1/standings").text)
    assert '<tr class="cut-line"><td colspan="8">top 2 qualify</td></tr>' in after  # 8 x 0.25
    assert 'id="legend"' in after and after.count('<span class="q-mark" title="in a qualifying place">Q</span>') == 2


def test_index_puts_leagues_on_top_then_events_in_play_newest_first(tmp_path):
    cli = Cli(tmp_path / "index.db")
    cli("new-event", "Old Cup", "--games", "1", "--date", "2026-01-10")
    cli("new-event", "Spring Open", "--games", "2", "--date", "2026-03-01")
    cli("new-event", "Summer Open", "--games", "2", "--date", "2026-06-01")
    cli("new-event", "Fall Open", "--games", "2")
    cli("enter", "Spring Open", "Ann Lee", "Bob Ray", "--new")
    cli("round", "Spring Open")
    cli("league", "new", "Tuesday")
    page = _client(cli).get("/").text
    order = re.findall(r'<a href="/(?:events|leagues)/\d+/">([^<]+)</a>', page)
    assert order == ["Tuesday", "Spring Open", "Summer Open", "Old Cup", "Fall Open"]
    assert "game 0 of" not in page and "game 1 of 2" in page and "not started" in page
    assert '<div class="meta"> ·' not in page and "· ·" not in page


def test_overview_lists_the_tables_still_missing(cli):
    cli("round", "Open")
    tables = cli("round", "Open", "--show", "1", "--json").json()["tables"]
    cli("result", "Open", tables[0]["players"][0], "121", tables[0]["players"][1], "100")
    overview = _client(cli).get("/events/1/").text
    listed = re.findall(r"<li>Game 1, table (\d+): ", overview)
    assert listed == [str(t["table"]) for t in tables[1:]]


def test_the_page_carries_its_contents_etag_and_the_servers_time(cli):
    cli("round", "Open")
    client = _client(cli)
    page = client.get("/events/1/standings")
    seed = re.search(r'data-etag="([^"]*)"', page.text).group(1).replace("&#34;", '"')  # type: ignore[union-attr]
    fragment = client.get("/events/1/standings?fragment=1")
    assert seed == fragment.headers["etag"] and seed.startswith('W/"')
    assert client.get("/events/1/standings?fragment=1", headers={"If-None-Match": seed}).status_code == 304  # the first poll
    stamp = re.search(r'<time id="updated">([^<]+)</time>', page.text).group(1)  # type: ignore[union-attr]
    assert re.fullmatch(r"\d\d:\d\d:\d\d", stamp) and fragment.headers["x-updated"] == stamp
    assert '<a href="/events/1/standings" aria-current="page">Standings</a>' in page.text


def test_pages_are_gzipped_when_the_client_takes_it(cli):
    cli("round", "Open")
    client = _client(cli)
    plain = client.get("/events/1/standings.json", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    raw = client.get("/events/1/standings.json", headers={"Accept-Encoding": "gzip, br"}, extensions={})
    assert raw.headers["content-encoding"] == "gzip" and raw.headers["vary"] == "Accept-Encoding"
    assert raw.text == plain.text  # the client unzipped it
    assert int(raw.headers["content-length"]) < len(plain.content) / 2
    assert gzip.decompress(gzip.compress(plain.content)) == plain.content
    for etag in (raw.headers["etag"], plain.headers["etag"]):
        assert client.get("/events/1/standings.json", headers={"If-None-Match": etag, "Accept-Encoding": "gzip"}).status_code == 304
    assert client.get("/events/1/standings.json", headers={"Accept-Encoding": "gzip;q=0"}).headers.get("content-encoding") is None


def test_publish_links_only_what_it_wrote_at_the_paths_the_qr_codes_print(cli, tmp_path):
    from crib_tourney.render.qr import page_address

    cli("new-event", "Other", "--games", "1")
    cli("league", "new", "Tuesday")
    cli("round", "Open")
    site = tmp_path / "site"
    cli("publish", "Open", "-o", site)
    index = (site / "index.html").read_text()
    assert re.findall(r'<a href="([^"]+)">', index) == ["events/1/index.html"]
    assert [e["name"] for e in json.loads((site / "index.json").read_text())["events"]] == ["Open"]
    assert not (site / "events/2").exists() and not (site / "leagues").exists()
    public = "https://club.example.org/events/1/"
    for page in ("tables", "standings"):
        path = page_address(public, page).removeprefix("https://club.example.org/")
        assert (site / path / "index.html").is_file()  # …/events/1/tables/ resolves on any static host
    tables = (site / "events/1/tables/index.html").read_text()
    assert 'data-find="index.html"' in tables and (site / "events/1/tables.json").is_file()  # "this is me" reads the tables page
    for html in site.rglob("*.html"):  # every relative link lands on a file that was written
        for link in re.findall(r'(?:href|data-find)="([^"#]+)"', html.read_text()):
            assert (html.parent / link).resolve().is_file(), (html, link)


def test_player_page_has_a_summary_a_result_column_and_the_playoff_games(cli):
    _play_round(cli)
    cli("cut", "Open", "--qualifiers", "4")
    first = _current_matches(cli)[0]
    winner, loser = first["players"]
    cli("result", "Open", winner, "121", loser, "97")
    client = _client(cli)
    row = next(r for r in cli("standings", "Open", "--json").json()["rows"] if r["player"] == winner)
    standings = client.get("/events/1/standings").text
    link = re.search(rf'<a href="(/events/1/players/\d+)">{winner}</a>', standings).group(1)  # type: ignore[union-attr]
    page = _main(client.get(link).text)
    seed = first["seeds"][0]
    assert (f'Rank <b>{row["rank"]}{"=" if row["tied"] else ""}</b> of 8 · <b>{row["game_points"]}</b>'
            f' GP · {row["wins"]}–{row["losses"]} · '
            f'spread +{row["spread"]} · seed {seed}') in page
    cells = re.findall(r"<td[^>]*>(.*?)</td>", re.search(r'<table id="games">.*?</table>', page, re.S).group(0))  # type: ignore[union-attr]
    assert cells[3:5] == ["W", "121–100"]  # the W/L column; the score cell does not wrap (td.score)
    playoff = re.search(r'<table id="playoff-games">.*?</table>', page, re.S).group(0)  # type: ignore[union-attr]
    assert f"({first['key']}, table {first['table']})" in playoff and loser in playoff and "1–0 W" in playoff and "121–97" in playoff


def test_league_page_links_nights_and_players_and_shows_the_grid(tmp_path):
    from tests.cli.test_leagues import season

    cli = Cli(tmp_path / "league.db")
    season(cli, tmp_path, nights=3, threshold=5, guest_limit=1)
    data = cli("league", "standings", "Elm", "--json").json()
    client = _client(cli)
    page = _main(client.get("/leagues/1/").text)
    nights = re.findall(r'<a href="/events/(\d+)/">(\d+) \(', page)
    assert [n for _, n in nights] == ["1", "2", "3"]
    assert all(client.get(f"/events/{e}/").status_code == 200 for e, _ in nights)
    grid = re.search(r'<table id="grid">.*?</table>', page, re.S).group(0)  # type: ignore[union-attr]
    top = data["rows"][0]
    cells = re.findall(r"<tr><td>" + re.escape(top["player"]) + r"</td>(.*?)</tr>", grid)[0]
    values = re.findall(r'<td class="num">(?:<a href="(/events/\d+/players/\d+)">)?([^<]*)', cells)
    assert [v for _, v in values[:3]] == [str(top["per_night"].get(str(n), "–")) for n in (1, 2, 3)]
    for link, _ in values[:3]:
        if link:
            assert client.get(link).status_code == 200 and top["player"] in client.get(link).text
    assert re.search(r'<td><a href="/events/\d+/players/\d+">' + re.escape(top["player"]) + "</a>", page)  # the player links
    if data["guests"]:
        assert '<h2>Guests past the guest limit</h2>' in page and data["guests"][0]["player"] in page


def test_public_pages_allow_only_their_own_script(cli):
    import base64
    import hashlib

    cli("round", "Open")
    client = _client(cli)
    for path in ("/", "/events/1/", "/events/1/standings", "/events/1/tables", "/events/1/players/1"):
        page = client.get(path)
        script = re.search(r"<script>(.*?)</script>", page.text, re.S).group(1)  # type: ignore[union-attr]
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        policy = page.headers["content-security-policy"]
        assert f"script-src 'sha256-{digest}';" in policy and "default-src 'none'" in policy, path
        assert "unsafe-eval" not in policy and "script-src 'unsafe-inline'" not in policy
    assert "content-security-policy" not in client.get("/events/1/standings.json").headers
