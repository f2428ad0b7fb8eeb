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
         "tables.json", "bracket.json", "bracket.pdf", "1", "2", "3", "4", "0", "-1", "01", "1.0", "99999999999999999999", "9" * 5000,
         "١", "１", "¹", "..", ".", "", "%2e%2e", "%2F", "%00", "%0a", "%ff", "%", "%zz", "static", "templates", "web",
         "base.html", ".json", "index.html", "~", ";", "?"]
hostile = hostile_text.map(lambda text: text[:500])  # a URL past 64 KiB is refused by the client before it is sent
segment = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), hostile.map(lambda text: quote(text, safe="", errors="surrogateescape")))
path = st.lists(segment, max_size=5).map(lambda parts: "/" + "/".join(parts))
# the site's own grammar (events/ID/PAGE, events/ID/players/ID, leagues/ID/) with any id, page and ending
number = st.one_of(st.sampled_from(["1", "2", "3", "4", "0", "01", "99999999999999999999", "9" * 5000, "١", "１", "¹", "-1", "1e3"]),
                   st.integers(min_value=-(2**70), max_value=2**70).map(str), segment)
page = st.one_of(st.sampled_from(["", "index", "standings", "tables", "bracket"]), segment)
ending = st.sampled_from(["", "", ".json", "/", ".json/", ".html", "%0a", ".JSON", ".pdf", ".PDF"])
grammar = st.one_of(
    st.tuples(number, page, ending).map(lambda t: f"/events/{t[0]}/{t[1]}{t[2]}"),
    st.tuples(number, number, ending).map(lambda t: f"/events/{t[0]}/players/{t[1]}{t[2]}"),
    st.tuples(number, page, ending).map(lambda t: f"/leagues/{t[0]}/{t[1]}{t[2]}"),
)
site_path = st.sampled_from(["/", "/events/1/", "/events/1/standings", "/events/2/bracket.json", "/events/2/bracket.pdf",
                             "/events/1/players/1",
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
    with TestClient(create_app(str(db))) as client:  # one event loop for all the requests (else one each: 40% of a request)
        yield db, client


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
        assert kind.startswith(("text/html", "application/json", "application/pdf")), f"{shown}: {kind}"
        if kind.startswith("application/json"):
            json.loads(answer.text)
    if method not in ("GET", "HEAD"):  # refused (404 where no route matches: a path holding a line break)
        assert answer.status_code in (404, 405), f"{shown} answered {answer.status_code}"
    wal = f"{db}-wal"  # a read-only reader of a WAL database leaves an empty one
    assert db.read_bytes() == before and (not os.path.exists(wal) or os.path.getsize(wal) == 0), f"{shown} changed the database"


def test_any_request_is_answered_without_a_server_error(served):
    run = seed(SEED)(run_request) if SEED else run_request
    run(served)


# --- the phone's and the desk's routes (serve --scoring) -------------------------------------
# Drawn from the app's own route table: each route's path parameters filled by name (a
# new route is fuzzed without touching this file), any of its methods and some it has
# not, with bodies (JSON reports, forms, bytes, oversized), headers (Origin, CSRF token,
# Content-Type, X-Forwarded-For) and cookies (CSRF, a live, forged or ended desk session)
# drawn too; a batch of such requests is sent at once from threads.

PASSWORD = "correct horse battery"
token_like = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", min_size=27, max_size=27)


def _route_params(name: str, live: dict[str, str]) -> st.SearchStrategy[str]:
    if name == "token":
        mine = st.sampled_from(sorted(v for k, v in live.items() if k != "revoked"))
        return st.one_of(mine, mine, mine, token_like, segment, st.just(live["revoked"]))
    if name == "event":
        return number
    if name == "action":
        return st.one_of(st.sampled_from(["settle", "enter", "undo", "checkin", "login", ""]), segment)
    return segment


report = st.fixed_dictionaries({}, optional={
    "game": st.one_of(st.integers(-3, 5), st.sampled_from([2**70, "1", None, 1.5, True, [1]]), hostile),
    "winner": st.one_of(st.sampled_from(["me", "opponent", "", None, 1]), hostile),
    "loser_score": st.one_of(st.integers(-200, 200), st.sampled_from([10**400, "99", None, float("nan")]), hostile),
    "winner_score": st.integers(-10, 200),
    "key": st.one_of(st.sampled_from(["k1", "k2", ""]), hostile, st.just("k" * 5000)),
})
form = st.dictionaries(st.sampled_from(["csrf", "password", "game", "table", "score1", "score2", "entry", "present"]) | hostile,
                       st.one_of(st.sampled_from(["1", "2", "121", "90", PASSWORD, "0"]), hostile), max_size=6)
body = st.one_of(
    st.tuples(st.just("json"), report),
    st.tuples(st.just("form"), form),
    st.tuples(st.just("raw"), st.one_of(st.binary(max_size=64), st.sampled_from([b"[" * 5000, b"{" * 100_000, b"x" * 5000,
                                                                              b'{"game": 1e999}', b"\xff\xfe"]))),
    st.tuples(st.just("none"), st.none()),
)
hostile_headers = st.fixed_dictionaries({}, optional={
    "Origin": st.sampled_from(["http://testserver", "http://evil.example", "null", "", "http://testserver:80"]),
    "Referer": st.sampled_from(["http://testserver/desk/", "http://evil.example/"]),
    "Sec-Fetch-Site": st.sampled_from(["same-origin", "cross-site"]),
    "X-CSRF-Token": st.sampled_from(["CSRF", "wrong", ""]),
    "Content-Type": st.sampled_from(["application/json", "application/x-www-form-urlencoded", "text/plain", "application/JSON; x",
                                     ""]),
    "X-Forwarded-For": st.sampled_from(["10.0.0.1", "", "::1, 10.0.0.2", "x" * 300]),
})
# half the time as a page of this site sends them (so requests get past CSRF into the services), half anything
proper = st.fixed_dictionaries({"Origin": st.just("http://testserver"), "X-CSRF-Token": st.just("CSRF"),
                                "Content-Type": st.sampled_from(["application/json", "application/x-www-form-urlencoded"])})
headers = st.one_of(proper, st.tuples(proper, hostile_headers).map(lambda t: {**t[0], **t[1]}), hostile_headers)
cookie_kind = st.sampled_from(["session", "session", "csrf", "none", "forged", "ended", "huge"])


@pytest.fixture(scope="module")
def scoring_served(tmp_path_factory):
    from crib_tourney.web.writing import Scoring
    from crib_tourney.web.security import DirectorPassword
    from crib_tourney.web.server import create_app
    from tests.web.phones import make_links, revoke

    db = tmp_path_factory.mktemp("scoring-fuzz") / "scoring.db"
    seed_database(db)
    live = make_links(str(db), 1)
    gone = make_links(str(db), 2)  # the cut event's links, one revoked
    live["revoked"] = gone["Ann"]
    revoke(str(db), gone["Ann"])
    # the limits are measured elsewhere (tests/web/test_limits.py): here they would answer 429 to most draws
    director = DirectorPassword(PASSWORD)
    app = create_app(str(db), Scoring(director, per_minute=10**9))
    with TestClient(app, base_url="http://testserver", follow_redirects=False) as client:  # one event loop for every request
        yield _signed_in(db, app, client, live, director)


def _signed_in(db, app, client: TestClient, live: dict[str, str], director):  # type: ignore[no-untyped-def]
    page = client.get("/desk/")
    csrf = page.cookies.get("crib_csrf") or client.cookies.get("crib_csrf")
    signed = client.post("/desk/login", data={"csrf": csrf, "password": PASSWORD}, headers={"Origin": "http://testserver"})
    assert signed.status_code == 303
    session = signed.cookies.get("crib_desk")
    ended = client.post("/desk/login", data={"csrf": csrf, "password": PASSWORD}, headers={"Origin": "http://testserver"})
    old = ended.cookies.get("crib_desk")
    client.cookies.set("crib_desk", old)
    assert client.post("/desk/logout", data={"csrf": csrf}, headers={"Origin": "http://testserver"}).status_code == 303
    routes = [r for r in app.routes if getattr(r, "path", "") != "/{path:path}"]
    return db, client, routes, live, {"csrf": csrf, "session": session, "ended": old}, director


def _scoring_request(routes: list, live: dict[str, str]) -> st.SearchStrategy[tuple]:
    import re as regex

    def filled(route) -> st.SearchStrategy[str]:  # type: ignore[no-untyped-def]
        names = regex.findall(r"{(\w+)[^}]*}", route.path)
        return st.tuples(*(_route_params(n, live) for n in names)).map(
            lambda values: regex.sub(r"{(\w+)[^}]*}", lambda m, it=iter(values): quote(next(it), safe="", errors="surrogateescape")
                                     or "x", route.path))

    route = st.sampled_from(routes)
    return route.flatmap(lambda r: st.tuples(
        filled(r), st.one_of(st.sampled_from(sorted(r.methods)), st.sampled_from(["GET", "POST", "PUT", "DELETE"])),
        body, headers, cookie_kind))


def _sent(client: TestClient, cookies: dict[str, str], request: tuple):  # type: ignore[no-untyped-def]
    path, method, (kind, content), sent_headers, cookie = request
    sent_headers = {k: (cookies["csrf"] if v == "CSRF" else v) for k, v in sent_headers.items()}
    jar = {"none": {}, "csrf": {"crib_csrf": cookies["csrf"]},
           "session": {"crib_csrf": cookies["csrf"], "crib_desk": cookies["session"]},
           "forged": {"crib_csrf": cookies["csrf"], "crib_desk": cookies["session"][:-4] + "0000"},
           "ended": {"crib_csrf": cookies["csrf"], "crib_desk": cookies["ended"]},
           "huge": {"crib_csrf": "c" * 3000, "crib_desk": "d" * 3000}}[cookie]
    if jar:
        sent_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
    if kind == "json":
        data = json.dumps(content, allow_nan=True).encode()
    elif kind == "form":
        data = urlencode({"csrf": cookies["csrf"], **content}, errors="surrogateescape").encode()
    else:
        data = content
    return client.request(method, "http://testserver" + path, content=data, headers=sent_headers)


def _data_rows(db) -> dict:  # type: ignore[no-untyped-def]
    """Every table but the desk's sessions (a sign-in is no change of the data)."""
    snapshot = Cli(db).snapshot()
    snapshot.pop("desk_session", None)
    return snapshot


@settings(max_examples=max(EXAMPLES // 8, 1), derandomize=SEED == 0, database=None, deadline=None, print_blob=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def run_scoring_batch(scoring_served, data) -> None:  # type: ignore[no-untyped-def]
    from concurrent.futures import ThreadPoolExecutor

    db, client, routes, live, cookies, director = scoring_served
    batch = data.draw(st.lists(_scoring_request(routes, live), min_size=1, max_size=6))
    cookies = {**cookies, "session": director.session(str(db))}  # a drawn logout may have ended the last one
    before = _data_rows(db)
    client.cookies.clear()  # as a new client: only the cookies the batch sends, and those its answers set
    with ThreadPoolExecutor(max_workers=len(batch)) as pool:
        answers = list(pool.map(lambda r: _sent(client, cookies, r), batch))
    wrote = False
    for request, answer in zip(batch, answers):
        shown = f"{request[1]} {request[0][:200]!r} ({request[2][0]}, cookie {request[4]})"
        assert answer.status_code in (200, 303, 400, 403, 404, 405, 409, 413, 415, 429), \
            f"{shown} answered {answer.status_code}: {answer.text[:300]}"
        assert "Traceback" not in answer.text, f"{shown} showed a traceback"
        if answer.status_code == 429:
            assert "/desk/login" in request[0]  # only sign-ins at once past the cap: the tries are unlimited here
        wrote |= request[1] == "POST" and answer.status_code in (200, 303, 409, 400)  # a desk action may redirect after it
    if not wrote:
        assert _data_rows(db) == before, f"{[(r[1], r[0][:80]) for r in batch]} changed the data"


def test_any_phone_or_desk_request_is_answered_without_a_server_error(scoring_served):
    run = seed(SEED)(run_scoring_batch) if SEED else run_scoring_batch
    run(scoring_served)
