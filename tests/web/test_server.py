"""The live view, through Starlette's test client on a real database: every page,
JSON twins identical to the CLI's, conditional requests, and what it refuses."""

from __future__ import annotations

import json
import sqlite3

import pytest
from starlette.testclient import TestClient

from tests.conftest import Cli

EVIL = '<script>alert("x")</script>'


@pytest.fixture
def event(tmp_path):
    cli = Cli(tmp_path / "web.db")
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "--new")
    cli("player", "edit", "Dan Oak", "--name", "Dan " + EVIL)
    cli("round", "Open")
    cli("result", "Open", "Ann Lee", "121", "Dan", "99")
    cli("league", "new", "Tuesday")
    return cli


@pytest.fixture
def client(event):
    from crib_tourney.web.server import create_app

    return TestClient(create_app(str(event.db)))


def test_every_page_answers(client):
    for path in ("/", "/events/1/", "/events/1/standings", "/events/1/tables", "/events/1/bracket", "/events/1/players/1",
                 "/leagues/1/"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html"), path
        assert '<main id="main">' in page.text, path
    overview = client.get("/events/1/").text
    assert "game 1 of 2" in overview
    assert client.get("/events/1/index.json").json()["results_missing"] == 1  # Bob v Cat


def test_json_twins_are_exactly_what_the_cli_prints(client, event):
    assert client.get("/events/1/standings.json").text == event("standings", "Open", "--json").stdout
    assert client.get("/events/1/tables.json").text == event("round", "Open", "--show", "1", "--json").stdout
    assert client.get("/events/1/bracket.json").status_code == 404  # no bracket before the cut
    assert client.get("/events/1/bracket.pdf").status_code == 404 and client.get("/events/x/bracket.pdf").status_code == 404
    assert client.get("/events/1/players/1.json").json()["games"] == event("player", "games", "Open", "Ann Lee", "--json").json()["games"]
    event("result", "Open", "Bob Ray", "121", "Cat Moss", "80")
    for table in event("round", "Open", "--json").json()["tables"]:
        event("result", "Open", table["players"][0], "121", table["players"][1], "100")
    event("cut", "Open", "--qualifiers", "2")
    assert client.get("/events/1/bracket.json").text == event("bracket", "Open", "--json").stdout
    # the bracket page: the rounds, and the chart as printed as its PDF; the chart's drawing (boxes, no SVG) on the overview
    rounds = client.get("/events/1/bracket").text
    assert 'id="rounds"' in rounds and "Ann Lee" in rounds and 'href="/events/1/bracket.pdf"' in rounds
    chart = client.get("/events/1/").text
    assert 'class="bk-t"' in chart and "Ann Lee" in chart
    pdf = client.get("/events/1/bracket.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_an_unchanged_page_costs_a_304_and_a_new_result_changes_it(client, event):
    first = client.get("/events/1/standings.json")
    etag = first.headers["etag"]
    assert first.headers["last-modified"]
    assert client.get("/events/1/standings.json", headers={"If-None-Match": etag}).status_code == 304
    event("result", "Open", "Bob Ray", "121", "Cat Moss", "80")
    changed = client.get("/events/1/standings.json", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert {r["player"]: r["wins"] for r in changed.json()["rows"]}["Bob Ray"] == 1


def test_the_live_fragment_is_the_page_content(client):
    fragment = client.get("/events/1/standings?fragment=1").text
    assert "<table" in fragment and "<html" not in fragment


def test_nothing_can_be_written_and_unknown_ids_are_404(client, event):
    before = event.snapshot()
    for method in ("post", "put", "delete", "patch"):
        assert getattr(client, method)("/events/1/standings").status_code == 405
    for path in ("/events/9/", "/events/1/players/99", "/leagues/7/", "/events/x/", "/../../etc/passwd", "/templates/base.html",
                 "/events/1/nothing", "/static/../../pyproject.toml",
                 # found by the generative suite (tests/web/test_fuzz.py): ids of 5,000 digits were a server error,
                 # and Arabic-Indic or full-width digits a second address of a page
                 "/events/" + "9" * 5000 + "/", "/leagues/" + "9" * 5000 + "/", "/events/1/players/" + "9" * 5000,
                 "/events/" + "9" * 5000 + "/standings.json", "/events/\u0661/", "/events/\uff11/standings"):
        assert client.get(path).status_code == 404, path
    assert event.snapshot() == before


def test_names_are_escaped(client):
    for path in ("/events/1/standings", "/events/1/tables"):
        text = client.get(path).text
        assert EVIL not in text and "Dan &lt;script&gt;" in text, path


def test_the_database_is_opened_read_only(event, monkeypatch):
    from crib_tourney.store.db import read_only

    with read_only(str(event.db)) as db:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db.execute("DELETE FROM player")


def test_serve_refuses_mistakes(cli, unchanged):
    cli("new-event", "E")
    with unchanged():
        cli.fails("serve", "--port", "70000", match="port must be 1 to 65535")
        cli.fails("serve", "--port", "x", match="not a whole number")
        cli.fails("publish", match="name an event or league, or give --all", code=2)
        cli.fails("publish", "Nope", match="unknown league")
        cli.fails("serve", "--refresh", "0", match="--refresh must be 0.1 to 3600 seconds, not 0")
        cli.fails("serve", "--refresh", "3601", match="--refresh must be 0.1 to 3600 seconds, not 3601")
        cli.fails("serve", "--page-seconds", "0.05", match="--page-seconds must be 0.1 to 3600 seconds, not 0.05")
        for typo in ("nan", "inf", "1e3", "-5", "\u0665", ".", "5s", ""):
            cli.fails("serve", "--refresh", typo, match="is not a number of seconds")
        cli.fails("serve", "--page-seconds", "9" * 5000, match="must be 0.1 to 3600 seconds, not 9999")
        cli.fails("serve", "--head-timeout", "0", match="--head-timeout must be 0.1 to 3600 seconds, not 0")


def test_the_intervals_reach_the_pages_and_the_phone(event):
    """serve --refresh and --page-seconds: the live pages' polls and the projector's
    page turns (data-refresh-ms, data-page-ms), the phone's polls; by default 5 s and 8 s,
    as the published site has them."""
    import re

    from crib_tourney.web.server import create_app
    from crib_tourney.web.site import Intervals
    from crib_tourney.web.writing import Scoring
    from tests.web.phones import make_links

    def attributes(html: str) -> dict[str, str]:
        body = re.search(r"<body[^>]*>", html).group(0)  # type: ignore[union-attr]
        return dict(re.findall(r'data-(refresh-ms|page-ms)="([^"]*)"', body))

    assert attributes(TestClient(create_app(str(event.db))).get("/events/1/standings").text) == {
        "refresh-ms": "5000", "page-ms": "8000"}
    quick = TestClient(create_app(str(event.db), Scoring(None), Intervals(0.5, 1.25)))
    assert attributes(quick.get("/events/1/standings").text) == {"refresh-ms": "500", "page-ms": "1250"}
    token = make_links(str(event.db), 1)["Ann Lee"]
    assert attributes(quick.get(f"/p/{token}").text) == {"refresh-ms": "500"}
    assert attributes(TestClient(create_app(str(event.db), Scoring(None))).get(f"/p/{token}").text) == {"refresh-ms": "5000"}
    page = quick.get("/events/1/standings?screen=1").text
    assert 'getAttribute("data-page-ms")' in page and 'getAttribute("data-refresh-ms")' in page  # what the script reads


def test_publish_writes_a_self_contained_site_and_rewrites_only_changes(event, tmp_path):
    site = tmp_path / "site"
    event("publish", "Open", "Tuesday", "-o", site)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert files[0] == "events/1/bracket/index.html" and "index.html" in files and "leagues/1/index.html" in files
    assert json.loads((site / "events/1/standings.json").read_text())["event"] == "Open"
    for page in site.rglob("*.html"):
        text = page.read_text()
        assert "http://" not in text and "https://" not in text and "<link" not in text and 'src="' not in text
    standings = (site / "events/1/standings/index.html").read_text()
    assert 'href="../../../index.html"' in standings and 'href="../tables/index.html"' in standings
    assert 'href="../players/1/index.html"' in standings
    assert (site / "events/1/players/1/index.html").exists()
    again = event("publish", "Open", "Tuesday", "-o", site).stderr
    assert "wrote 0 file(s)" in again
    event("result", "Open", "Bob Ray", "121", "Cat Moss", "80")
    after = event("publish", "Open", "-o", site).stderr
    assert "wrote 0 file(s)" not in after and "unchanged" in after


HUGE = "9" * 5000  # past the 4,300 digits Python's int() takes


@pytest.mark.parametrize("path", ["/events/%D9%A1/", "/events/%EF%BC%91/", "/events/\u0661/standings", "/events/1/players/%EF%BC%91",
                                  f"/events/{HUGE}/standings", f"/events/{HUGE}/", f"/leagues/{HUGE}/", f"/events/1/players/{HUGE}"])
def test_ids_in_paths_are_ascii_digits_and_a_huge_one_is_a_404(client, path):
    page = client.get(path)
    assert page.status_code == 404, (path, page.status_code)
    assert "Not found" in page.text


def test_serve_answers_on_the_socket_it_bound_and_ctrl_c_ends_it_cleanly(event):
    import os
    import signal
    import socket
    import subprocess
    import sys
    import urllib.request

    from tests.web.browser import wait_until_serving

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, CRIB_TOURNEY_DB=str(event.db))
    server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/events/1/standings.json", timeout=5) as page:
            assert json.loads(page.read())["event"] == "Open"
        busy = event.fails("serve", "--port", str(port), match=f"cannot listen on 127.0.0.1:{port}: Address already in use")
        assert "Traceback" not in busy.stderr
    finally:
        server.send_signal(signal.SIGINT)
        _, errors = server.communicate(timeout=20)
    assert server.returncode == 0, errors
    assert errors.splitlines() == [f"serving {event.db} at http://127.0.0.1:{port}/ (Ctrl-C stops)"]


def test_the_pages_of_the_events_in_play_are_built_before_anyone_asks(event):
    import time

    from crib_tourney.web.server import create_app

    event("new-event", "Next Week", "--games", "2")  # not started: its pages wait to be asked for
    app = create_app(str(event.db))
    built = app.state.pages.cache
    assert built == {}
    with TestClient(app) as client:  # the server starting (its lifespan) before it answers
        for path in ("index", "events/1/index", "events/1/standings", "events/1/tables", "events/1/bracket"):
            assert (path, "html", False) in built and (path, "html", True) in built, path
        assert not any(key[0].startswith("events/2/") for key in built)
        players = [f"events/1/players/{entry}" for entry in range(1, 5)]
        deadline = time.monotonic() + 10
        while not all((p, "html", False) in built for p in players) and time.monotonic() < deadline:
            time.sleep(0.05)  # the players' pages are built on a thread of their own
        assert all((p, "html", False) in built for p in players)
        page = client.get("/events/1/standings")
        assert page.headers["etag"] == built[("events/1/standings", "html", False)].etag


def test_a_server_whose_warm_up_fails_starts_all_the_same(event, monkeypatch):
    from crib_tourney.web import site
    from crib_tourney.web.server import create_app

    def broken(db):
        raise RuntimeError("an event that cannot be read")

    monkeypatch.setattr(site, "pages_in_play", broken)
    app = create_app(str(event.db))
    with TestClient(app) as client:
        assert app.state.pages.cache == {}
        assert client.get("/events/1/standings").status_code == 200
