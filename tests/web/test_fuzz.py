"""Generative hostile requests to the live view: hypothesis draws paths (the
site's own words and ids mixed with dot segments, escapes, huge and non-ASCII
digits and hostile text) and query strings, with any method and a stale or
current ETag, against a small prepared database. Every answer is 200, 304, 404
or 405 (never a 5xx, never a traceback), a 200 is HTML or JSON that parses, and
the database is byte for byte as it was. Budget: a quarter of
CRIB_TOURNEY_FUZZ_EXAMPLES (tests/cli/test_fuzz.py), with a fixed seed."""

from __future__ import annotations

import json
import os
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.cli.test_fuzz import EXAMPLES, SEED
from tests.cli.test_fuzz import hostile as hostile_text
from tests.cli.test_hostile_input import seed_database
from tests.conftest import Cli

pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")

WORDS = ["events", "leagues", "players", "index", "standings", "tables", "bracket", "index.json", "standings.json",
         "tables.json", "bracket.json", "1", "2", "3", "4", "0", "-1", "01", "1.0", "99999999999999999999", "9" * 5000,
         "١", "１", "¹", "..", ".", "", "%2e%2e", "%2F", "%00", "%0a", "%ff", "%", "%zz", "static", "templates", "web",
         "base.html", ".json", "index.html", "~", ";", "?"]
hostile = hostile_text.map(lambda text: text[:500])  # a URL past 64 KiB is refused by the client before it is sent
segment = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), hostile.map(lambda text: quote(text, safe="", errors="surrogateescape")))
path = st.lists(segment, max_size=5).map(lambda parts: "/" + "/".join(parts))
# the site's own grammar (events/ID/PAGE, events/ID/players/ID, leagues/ID/) with any id, page and ending
number = st.one_of(st.sampled_from(["1", "2", "3", "4", "0", "01", "99999999999999999999", "9" * 5000, "١", "１", "¹", "-1", "1e3"]),
                   st.integers(min_value=-(2**70), max_value=2**70).map(str), segment)
page = st.one_of(st.sampled_from(["", "index", "standings", "tables", "bracket"]), segment)
ending = st.sampled_from(["", "", ".json", "/", ".json/", ".html", "%0a", ".JSON"])
grammar = st.one_of(
    st.tuples(number, page, ending).map(lambda t: f"/events/{t[0]}/{t[1]}{t[2]}"),
    st.tuples(number, number, ending).map(lambda t: f"/events/{t[0]}/players/{t[1]}{t[2]}"),
    st.tuples(number, page, ending).map(lambda t: f"/leagues/{t[0]}/{t[1]}{t[2]}"),
)
site_path = st.sampled_from(["/", "/events/1/", "/events/1/standings", "/events/2/bracket.json", "/events/1/players/1",
                             "/leagues/1/", "/events/1/tables.json", "/index.json"])
query = st.one_of(
    st.just(""),
    st.lists(st.tuples(st.sampled_from(["fragment", "screen", "q", "page"]) | hostile, st.sampled_from(["1", "0", ""]) | hostile),
             max_size=3).map(lambda pairs: urlencode(pairs, errors="surrogateescape")),
    st.sampled_from(["fragment=1", "fragment=1&fragment=0", "screen=1&fragment=1", "%zz", "&&==", "fragment", "=1"]),
)
method = st.sampled_from(["GET"] * 6 + ["HEAD", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from crib_tourney.web.server import create_app

    db = tmp_path_factory.mktemp("web-fuzz") / "web.db"
    seed_database(db)
    Cli(db)("league", "night", "Club", "--date", "2026-09-01")
    return db, TestClient(create_app(str(db)))


@settings(max_examples=max(EXAMPLES // 4, 1), derandomize=SEED == 0, database=None, deadline=None, print_blob=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(url_path=st.one_of(path, grammar, grammar, site_path), query=query, method=method, etag=st.sampled_from([None, "stale", "current"]))
def run_request(served, url_path: str, query: str, method: str, etag: str | None) -> None:
    db, client = served
    before = db.read_bytes()
    page = "http://testserver" + url_path  # absolute: a path may start with '//'
    url = page + ("?" + query if query else "")
    headers = {}
    if etag == "stale":
        headers["If-None-Match"] = '"0123456789abcdef0123"'
    elif etag == "current":
        headers["If-None-Match"] = client.get(page).headers.get("etag", "")
    answer = client.request(method, url, headers=headers)
    shown = f"{method} {url!r}"
    assert answer.status_code in (200, 304, 404, 405), f"{shown} answered {answer.status_code}: {answer.text[:500]}"
    assert "Traceback" not in answer.text, f"{shown} showed a traceback"
    if answer.status_code == 200 and method == "GET":
        kind = answer.headers["content-type"]
        assert kind.startswith(("text/html", "application/json")), f"{shown}: {kind}"
        if kind.startswith("application/json"):
            json.loads(answer.text)
    if method not in ("GET", "HEAD"):  # refused (404 where no route matches: a path holding a line break)
        assert answer.status_code in (404, 405), f"{shown} answered {answer.status_code}"
    wal = f"{db}-wal"  # a read-only reader of a WAL database leaves an empty one
    assert db.read_bytes() == before and (not os.path.exists(wal) or os.path.getsize(wal) == 0), f"{shown} changed the database"


def test_any_request_is_answered_without_a_server_error(served):
    run = seed(SEED)(run_request) if SEED else run_request
    run(served)
