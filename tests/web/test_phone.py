"""Scoring from the phone and the director's desk (serve --scoring), through
Starlette's test client on a real database: a report is a card, two agreeing
cards stand, a disagreement waits for the desk; idempotency, the links that open
nothing, CSRF, rate limits, and what the desk does."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from crib_tourney.web.writing import Scoring, error_page
from crib_tourney.web.security import DirectorPassword
from crib_tourney.web.server import create_app
from tests.conftest import Cli
from tests.web.phones import make_links, revoke

BASE = "http://testserver"
PASSWORD = "correct horse battery"
DIRECTOR = DirectorPassword(PASSWORD)  # one scrypt for the whole module


@pytest.fixture
def event(tmp_path):
    cli = Cli(tmp_path / "phones.db")
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kowalski", "--new")
    cli("round", "Open")  # game 1: Bob v Eve at table 1, Cat v Dan at table 2, Ann has the bye
    cli.links = make_links(str(cli.db), 1)
    return cli


class Phone:
    """One entrant's phone: its link, its cookie jar, the page's CSRF token."""

    def __init__(self, app, token: str):  # type: ignore[no-untyped-def]
        self.client = TestClient(app, base_url=BASE)
        self.token = token
        page = self.client.get(f"/p/{token}")
        assert page.status_code == 200, page.text
        self.page = page
        self.csrf = re.search(r'data-csrf="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]

    def state(self) -> dict:
        return self.client.get(f"/p/{self.token}/state.json").json()

    def post(self, body, headers: dict | None = None, **kwargs):  # type: ignore[no-untyped-def]
        sent = {"Origin": BASE, "X-CSRF-Token": self.csrf, **(headers or {})}
        if isinstance(body, (bytes, str)):
            return self.client.post(f"/p/{self.token}/result", content=body,
                                    headers={"Content-Type": "application/json", **sent}, **kwargs)
        return self.client.post(f"/p/{self.token}/result", json=body, headers=sent, **kwargs)

    def report(self, game: int, winner: str, loser_score: int, key: str):  # type: ignore[no-untyped-def]
        return self.post({"game": game, "winner": winner, "loser_score": loser_score, "key": key})


@pytest.fixture
def app(event):
    return create_app(str(event.db), Scoring(DIRECTOR))


@pytest.fixture
def phones(app, event):
    return {name: Phone(app, token) for name, token in event.links.items()}


def _log(cli: Cli) -> list[dict]:
    return cli("log", "Open", "--json").json()["log"]


def _audit_sources(cli: Cli) -> list[tuple[str, str | None]]:
    import sqlite3

    con = sqlite3.connect(cli.db)
    try:
        return con.execute("SELECT source, actor FROM audit ORDER BY id").fetchall()
    finally:
        con.close()


def test_the_phone_page_and_its_state(phones):
    ann = phones["Bob Ray"]
    assert "Bob Ray" in ann.page.text and "Eve Kowalski" in ann.page.text
    assert ann.state() == {
        "entry": 2, "name": "Bob Ray", "event": "Open", "game": 1, "table": 1, "opponent": "Eve Kowalski", "target": 121,
        "backward": False, "withdrawn": False, "checked_in": False, "check_in_open": False,
        "entries": [{"game": 1, "table": 1, "opponent": "Eve Kowalski", "state": "open", "mine": None, "theirs": None, "won": None,
                     "points": None, "spread": None}],
        "match": None, "place": None, "prize": None, "currency": "$", "consolation": None}
    eve = phones["Ann Lee"].state()
    assert (eve["game"], eve["table"], eve["opponent"]) == (1, None, None)
    assert eve["entries"][0]["state"] == "bye" and eve["entries"][0]["points"] == 2


def test_two_agreeing_cards_stand_and_the_log_names_both_phones(phones, event):
    ann, dan = phones["Bob Ray"], phones["Eve Kowalski"]
    first = ann.report(1, "me", 99, "ann-1")
    assert first.status_code == 200
    assert first.json() == {"state": "pending", "game": 1, "table": 1, "mine": [121, 99], "theirs": None}
    assert dan.state()["entries"][0] | {} == {"game": 1, "table": 1, "opponent": "Bob Ray", "state": "pending", "mine": None,
                                              "theirs": [99, 121], "won": None, "points": None, "spread": None}
    assert [p["problem"] for p in event("check", "Open", "--json").json()["problems"]][:1] == ["one card"]
    second = dan.report(1, "opponent", 99, "dan-1")
    assert second.json() == {"state": "agreed", "game": 1, "table": 1, "mine": [99, 121], "theirs": [99, 121]}
    assert ann.state()["entries"][0]["state"] == "agreed" and ann.state()["entries"][0]["points"] == 2
    standings = {r["player"]: r for r in event("standings", "Open", "--json").json()["rows"]}
    assert (standings["Bob Ray"]["wins"], standings["Bob Ray"]["spread"], standings["Eve Kowalski"]["spread"]) == (1, 22, -22)
    assert all(p["players"] != ["Bob Ray", "Eve Kowalski"] for p in event("check", "Open", "--json").json()["problems"])
    assert _audit_sources(event)[-2:] == [("web", "Bob Ray"), ("web", "Eve Kowalski")]
    assert [e["action"] for e in _log(event)][-2:] == ["card", "card"]


def test_the_same_key_twice_records_once(phones, event):
    ann = phones["Bob Ray"]
    first = ann.report(1, "me", 99, "same-key").json()
    before = event.snapshot()
    again = ann.report(1, "me", 99, "same-key")
    assert again.status_code == 200 and again.json() == first | {"repeated": True}
    assert event.snapshot() == before
    # a resend carries its first content's answer, whatever else it says: the key is the request
    assert ann.report(1, "opponent", 50, "same-key").json() == first | {"repeated": True}
    assert event.snapshot() == before


def test_a_player_changes_his_card_until_the_opponent_agrees(phones, event):
    ann, dan = phones["Bob Ray"], phones["Eve Kowalski"]
    ann.report(1, "me", 99, "a1")
    assert ann.report(1, "me", 95, "a2").json()["mine"] == [121, 95]
    assert dan.report(1, "opponent", 95, "d1").json()["state"] == "agreed"
    before = event.snapshot()
    refused = ann.report(1, "me", 90, "a3")
    assert refused.status_code == 409
    assert refused.json() == {"error": "game 1 is agreed by both of you: only the director can change it now"}
    assert dan.report(1, "me", 90, "d2").status_code == 409
    assert event.snapshot() == before


def test_a_disagreement_is_disputed_listed_by_check_and_settled_by_rule_12_2(app, phones, event):
    bob, cat = phones["Cat Moss"], phones["Dan Oak"]
    bob.report(1, "me", 90, "b1")
    answer = cat.report(1, "me", 100, "c1").json()
    assert answer == {"state": "disputed", "game": 1, "table": 2, "mine": [121, 100], "theirs": [90, 121]}
    problems = event("check", "Open", "--json").json()["problems"]
    assert [p["problem"] for p in problems if p["players"] == ["Cat Moss", "Dan Oak"]] == ["disagree"]
    # disputed: each may still change his own card (here Bob sees he was wrong)
    assert bob.report(1, "opponent", 100, "b2").json()["state"] == "agreed"


def test_settling_a_dispute_at_the_desk_is_check_resolve_for_that_game(app, phones, event, tmp_path):
    bob, cat = phones["Cat Moss"], phones["Dan Oak"]
    bob.report(1, "me", 90, "b1")
    cat.report(1, "me", 100, "c1")
    desk = signed_in(app)
    page = desk.get("/desk/events/1/")
    assert "disputed" in page.text and "Cat Moss v Dan Oak" in page.text
    settled = desk.form("/desk/events/1/settle", game="1", table="2")
    assert settled.status_code == 303
    # the same game settled by the CLI on a copy: the same outcome rows
    assert bob.state()["entries"][0]["state"] == "final" and cat.state()["entries"][0]["state"] == "final"
    assert _audit_sources(event)[-1] == ("web", "director")
    assert _log(event)[-1]["action"] == "resolve"
    copy = Cli(tmp_path / "copy.db")
    copy("new-event", "Open", "--games", "2")
    copy("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kowalski", "--new")
    copy("round", "Open")
    copy("result", "Open", "Cat Moss", "121", "Dan Oak", "90", "--card", "Cat Moss")
    copy("result", "Open", "Dan Oak", "121", "Cat Moss", "100", "--card", "Dan Oak")
    copy("check", "Open", "--resolve")
    assert copy("player", "games", "Open", "Cat Moss", "--json").json()["games"] == \
        event("player", "games", "Open", "Cat Moss", "--json").json()["games"]
    assert desk.form("/desk/events/1/settle", game="1", table="2").status_code == 409  # nothing left to settle


def test_a_player_enters_only_his_own_paired_games(phones, event):
    before = event.snapshot()
    ann, eve = phones["Bob Ray"], phones["Ann Lee"]
    not_paired = ann.report(2, "me", 99, "a2")
    assert not_paired.status_code == 409 and not_paired.json()["error"] == "you have no table in game 2 (not paired yet?)"
    bye = eve.report(1, "me", 99, "e1")
    assert bye.status_code == 409 and "bye" in bye.json()["error"]
    assert event.snapshot() == before
    # a third player's link names his own table only: Bob's report of game 1 is Bob's card, not Ann's
    assert phones["Cat Moss"].report(1, "me", 99, "b1").json()["table"] == 2
    assert phones["Bob Ray"].state()["entries"][0]["state"] == "open"


def test_links_that_open_nothing_are_all_the_same_404(app, event):
    revoke(str(event.db), event.links["Dan Oak"])
    client = TestClient(app, base_url=BASE)
    before = event.snapshot()
    unknown = "A" * 27
    bodies = set()
    for token in (unknown, event.links["Dan Oak"], "short", "x" * 5000, "%2e%2e", event.links["Bob Ray"][:-1] + "!"):
        for path in (f"/p/{token}", f"/p/{token}/state.json"):
            answer = client.get(path)
            assert answer.status_code == 404, path
            bodies.add(answer.text)
        posted = client.post(f"/p/{token}/result", json={"game": 1, "winner": "me", "loser_score": 1, "key": "k"},
                             headers={"Origin": BASE})
        assert posted.status_code == 404
        bodies.add(posted.text)
    assert bodies == {error_page(404)}  # one body, the styled error page (issue 33): nothing tells the links apart
    assert event.snapshot() == before


def test_without_scoring_nothing_opens_and_post_stays_405(event):
    client = TestClient(create_app(str(event.db)), base_url=BASE)
    token = event.links["Bob Ray"]
    assert client.get(f"/p/{token}").status_code == 404
    assert client.post(f"/p/{token}/result", json={}).status_code == 405
    assert client.get("/desk/").status_code == 404


def test_a_forged_or_tokenless_post_is_refused(phones, event):
    ann = phones["Bob Ray"]
    body = {"game": 1, "winner": "me", "loser_score": 99, "key": "k"}
    before = event.snapshot()
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": ""}, {"X-CSRF-Token": ""},
                    {"Origin": "null", "Sec-Fetch-Site": "cross-site"}, {"Origin": "null", "Sec-Fetch-Site": "same-site"},
                    {"X-CSRF-Token": "forged-token-forged-token"}, {"Origin": BASE + ".evil.example"}):
        refused = ann.post(body, headers)
        assert refused.status_code == 403, headers
        assert refused.json()["error"].startswith("refused:")
    stranger = TestClient(ann.client.app, base_url=BASE)  # no cookie: a page of another site cannot read ours
    assert stranger.post(f"/p/{ann.token}/result", json=body, headers={"Origin": BASE, "X-CSRF-Token": ann.csrf}).status_code == 403
    no_origin = ann.client.post(f"/p/{ann.token}/result", json=body, headers={"X-CSRF-Token": ann.csrf})
    assert no_origin.status_code == 403
    form = ann.post("game=1", {"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415
    assert event.snapshot() == before
    # a browser that sends Origin "null" (a form under Referrer-Policy no-referrer) says where from in Sec-Fetch-Site
    assert ann.post(body | {"key": "k0"}, {"Origin": "null", "Sec-Fetch-Site": "same-origin"}).status_code == 200
    # a Referer of this site stands in for a missing Origin
    assert ann.client.post(f"/p/{ann.token}/result", json=body,
                           headers={"X-CSRF-Token": ann.csrf, "Referer": f"{BASE}/p/{ann.token}"}).status_code == 200


BAD = [
    ({"game": 1, "winner": "me", "loser_score": 121, "key": "k"}, 400, "two winners: only one player can reach 121"),
    ({"game": 1, "winner": "me", "loser_score": 122, "key": "k"}, 400, "a score of 122 is above the game target of 121"),
    ({"game": 1, "winner": "me", "loser_score": -1, "key": "k"}, 400, "loser_score must be a whole number of points"),
    ({"game": 1, "winner": "me", "loser_score": "99", "key": "k"}, 400, "loser_score must be a whole number of points"),
    ({"game": 1, "winner": "me", "loser_score": 99.5, "key": "k"}, 400, "loser_score must be a whole number of points"),
    ({"game": 1, "winner": "me", "loser_score": True, "key": "k"}, 400, "loser_score must be a whole number of points"),
    (b'{"game": 1, "winner": "me", "key": "k", "loser_score": ' + b"9" * 4000 + b"}", 400, "loser_score must be a whole"),
    ({"game": 0, "winner": "me", "loser_score": 99, "key": "k"}, 400, "game must be a game number"),
    ({"game": "1", "winner": "me", "loser_score": 99, "key": "k"}, 400, "game must be a game number"),
    ({"game": 1, "winner": "Ann", "loser_score": 99, "key": "k"}, 400, 'winner must be "me" or "opponent"'),
    ({"game": 1, "winner": "me", "loser_score": 99}, 400, "key must be 1 to 100 printable ASCII characters"),
    ({"game": 1, "winner": "me", "loser_score": 99, "key": ""}, 400, "key must be 1 to 100"),
    ({"game": 1, "winner": "me", "loser_score": 99, "key": "k" * 101}, 400, "key must be 1 to 100"),
    ({"game": 1, "winner": "me", "loser_score": 99, "key": "ké"}, 400, "key must be 1 to 100"),
    ({"game": 1, "winner": "me", "loser_score": 99, "key": "k", "table": 2}, 400, "unknown field 'table'"),
    ({"game": 1, "winner": "me", "winner_score": 99, "key": "k"}, 400, "unknown field 'winner_score'"),
    ([1, "me", 99], 400, "send a JSON object"),
    ("not json", 400, "the report is not JSON"),
    ("[" * 100_000, 413, "the report is too long"),
    ("\udcff", 400, "the report is not JSON"),
]


@pytest.mark.parametrize("body,status,message", BAD, ids=range(len(BAD)))
def test_bad_reports_get_a_4xx_with_a_plain_message_and_change_nothing(phones, event, body, status, message):
    ann = phones["Bob Ray"]
    before = event.snapshot()
    sent = ann.post(b"\xff\xfe{" if body == "\udcff" else body.encode() if isinstance(body, str) else body)
    assert sent.status_code == status, sent.text
    assert message in sent.json()["error"]
    assert event.snapshot() == before


def test_a_backward_event_takes_the_winners_score(tmp_path):
    cli = Cli(tmp_path / "back.db")
    cli("new-event", "Back", "--games", "1", "--variant", "backward")
    cli("enter", "Back", "Bob Ray", "Cat Moss", "--new")
    cli("round", "Back")
    links = make_links(str(cli.db), 1)
    app = create_app(str(cli.db), Scoring())
    ann = Phone(app, links["Bob Ray"])
    assert ann.state()["backward"] is True and "Winner&#39;s score" in ann.page.text
    assert ann.report(1, "me", 99, "k").status_code == 400
    target = ann.post({"game": 1, "winner": "me", "winner_score": 121, "key": "t"})  # the loser's score sent by mistake
    assert target.status_code == 400 and "send the winner's score, under 121" in target.json()["error"]
    answer = ann.post({"game": 1, "winner": "me", "winner_score": 99, "key": "k"}).json()
    assert answer["mine"] == [99, 121]


def test_too_many_tries_get_a_429(app, event, phones):
    client = TestClient(app, base_url=BASE)
    for i in range(20):
        assert client.get(f"/p/{'B' * 26}{i % 10}").status_code == 404
    limited = client.get(f"/p/{'C' * 27}")
    assert limited.status_code == 429 and limited.headers["retry-after"] == "60"
    assert client.get(f"/p/{event.links['Bob Ray']}").status_code == 429  # the address is out of tries, whatever it asks
    ann = phones["Bob Ray"]  # the test client's every phone has one address: let the other phones' bucket be
    ann_app_fresh = create_app(str(event.db), Scoring())
    fresh = Phone(ann_app_fresh, ann.token)
    codes = [fresh.report(1, "me", 99, f"key-{i}").status_code for i in range(21)]
    assert codes[:20] == [200] * 20 and codes[20] == 429


def test_cookies_and_headers(phones):
    ann = phones["Bob Ray"]
    cookie = ann.page.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict") and "Path=/" in cookie
    csp = ann.page.headers["content-security-policy"]
    nonce = re.search(r"'nonce-([^']+)'", csp).group(1)  # type: ignore[union-attr]
    assert f'<script nonce="{nonce}">' in ann.page.text and "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert ann.page.headers["referrer-policy"] == "same-origin" and ann.page.headers["cache-control"] == "no-store"
    again = ann.client.get(f"/p/{ann.token}")
    assert re.search(r"'nonce-([^']+)'", again.headers["content-security-policy"]).group(1) != nonce  # type: ignore[union-attr]


def test_the_phone_shows_no_more_of_others_than_the_public_pages(event, phones):
    event("player", "edit", "Eve Kowalski", "--email", "dan@example.org", "--acc-number", "123456")
    page = phones["Bob Ray"].client.get(f"/p/{event.links['Bob Ray']}").text
    state = json.dumps(phones["Bob Ray"].state())
    for secret in ("dan@example.org", "123456", event.links["Eve Kowalski"], "Cat Moss", "Dan Oak"):
        assert secret not in page and secret not in state


# --- the desk -------------------------------------------------------------------------

class Desk:
    def __init__(self, app):  # type: ignore[no-untyped-def]
        self.client = TestClient(app, base_url=BASE, follow_redirects=False)
        self.csrf = ""
        self.get("/desk/")

    def get(self, path: str):  # type: ignore[no-untyped-def]
        page = self.client.get(path)
        found = re.search(r'name="csrf" value="([^"]+)"', page.text)
        if found:
            self.csrf = found.group(1)
        return page

    def form(self, path: str, origin: str = BASE, **fields: str):  # type: ignore[no-untyped-def]
        return self.client.post(path, data={"csrf": self.csrf, **fields}, headers={"Origin": origin})


def _newest(desk: Desk) -> str:
    """The change the desk's page shows as the newest (its undo button names it)."""
    return re.search(r'name="change" value="(\d+)"', desk.get("/desk/events/1/").text).group(1)  # type: ignore[union-attr]


def signed_in(app) -> Desk:  # type: ignore[no-untyped-def]
    desk = Desk(app)
    answer = desk.form("/desk/login", password=PASSWORD)
    assert answer.status_code == 303, answer.text
    cookie = answer.headers["set-cookie"]
    assert "crib_desk=" in cookie and "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    return desk


def test_the_desk_needs_the_password(app, event):
    desk = Desk(app)
    before = event.snapshot()
    assert "Director's password" in desk.get("/desk/").text
    assert desk.get("/desk/events/1/").status_code == 303
    wrong = desk.form("/desk/login", password="guess")
    assert wrong.status_code == 403 and "wrong password" in wrong.text
    assert desk.form("/desk/events/1/undo").status_code == 403
    assert desk.form("/desk/login", origin="http://evil.example", password=PASSWORD).status_code == 403
    assert event.snapshot() == before
    assert TestClient(create_app(str(event.db), Scoring()), base_url=BASE).get("/desk/").status_code == 404


def test_the_desk_lists_settles_enters_undoes_and_checks_in(app, phones, event):
    phones["Bob Ray"].report(1, "me", 99, "a1")
    desk = signed_in(app)
    assert "Open" in desk.get("/desk/").text
    page = desk.get("/desk/events/1/").text
    assert "pending" in page and "only Bob Ray&#39;s card: 121-99" in page
    assert desk.form("/desk/events/1/settle", game="1", table="1").status_code == 303  # a lone card is copied
    assert phones["Eve Kowalski"].state()["entries"][0]["state"] == "final"
    assert desk.form("/desk/events/1/enter", game="1", table="2", score1="121", score2="77").status_code == 303
    bob = {g["game"]: g for g in event("player", "games", "Open", "Cat Moss", "--json").json()["games"]}
    assert (bob[1]["score"], bob[1]["opponent_score"]) == (121, 77)
    assert _log(event)[-1]["action"] == "result" and _audit_sources(event)[-1] == ("web", "director")
    assert desk.form("/desk/events/1/undo", change=_newest(desk)).status_code == 303
    assert event("player", "games", "Open", "Cat Moss", "--json").json()["games"][0]["score"] is None
    assert "undid #" in desk.get("/desk/events/1/").text
    assert desk.form("/desk/events/1/checkin", entry="2", present="1").status_code == 303
    assert "Undo check-in" in desk.get("/desk/events/1/").text
    door = event("checkin", "Open", "--list", "--json").json()
    assert [r["name"] for r in door["rows"] if r["checked_in"]] == ["Bob Ray"]  # the desk's check-in is the CLI's
    assert _log(event)[-1]["action"] == "checkin" and _audit_sources(event)[-1] == ("web", "director")
    assert desk.form("/desk/events/1/checkin", entry="2", present="0").status_code == 303
    assert not any(r["checked_in"] for r in event("checkin", "Open", "--list", "--json").json()["rows"])
    assert _log(event)[-1]["summary"] == "Bob Ray not checked in"
    before = event.snapshot()
    for fields, status, said in ((dict(game="1", table="9", score1="121", score2="7"), 400, "game 1 has no table 9"),
                                 (dict(game="x", table="2", score1="121", score2="7"), 400, "game &#39;x&#39; is not a whole number"),
                                 (dict(game="1", table="2", score1="121", score2="121"), 400, "two winners"),
                                 (dict(game="9" * 5000, table="2", score1="1", score2="1"), 413, "too long")):
        refused = desk.form("/desk/events/1/enter", **fields)
        assert refused.status_code == status and said in refused.text, refused.text
    assert desk.form("/desk/events/9/undo").status_code == 404
    assert desk.form(f"/desk/events/{'9' * 5000}/undo").status_code == 404
    assert desk.form("/desk/events/1/nothing").status_code == 404
    assert desk.form("/desk/events/1/checkin", entry="99", present="1").status_code == 400
    assert desk.form("/desk/events/1/enter", origin="http://evil.example", game="1", table="2", score1="121",
                     score2="7").status_code == 403
    assert event.snapshot() == before


def test_a_phone_post_moves_the_data_version_so_live_pages_follow(app, phones):
    screen = TestClient(app, base_url=BASE)
    first = screen.get("/events/1/standings.json")
    phones["Bob Ray"].report(1, "me", 99, "a1")
    phones["Eve Kowalski"].report(1, "opponent", 99, "d1")
    changed = screen.get("/events/1/standings.json", headers={"If-None-Match": first.headers["etag"]})
    assert changed.status_code == 200
    assert {r["player"]: r["wins"] for r in changed.json()["rows"]}["Bob Ray"] == 1


@pytest.mark.parametrize("args,message", [
    (["--director-password-file", "pw.txt"], "--director-password-file needs --scoring"),
    (["--trust-proxy"], "--trust-proxy needs --scoring"),
    (["--scoring", "--director-password-file", "missing.txt"], "missing.txt: No such file or directory"),
    (["--scoring", "--director-password-file", "short.txt"], "needs 8 characters or more"),
    (["--scoring", "--director-password-file", "empty.txt"], "needs 8 characters or more"),
    (["--scoring", "--director-password-file", "latin1.txt"], "not UTF-8 text"),
    (["--scoring", "--director-password-file", "."], "Is a directory"),
])
def test_serve_refuses_bad_scoring_options_in_one_line(cli, unchanged, tmp_path, monkeypatch, args, message):
    cli("new-event", "E")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pw.txt").write_text("long enough password\n")
    (tmp_path / "short.txt").write_text("short\n")
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9 caf\xe9 caf\xe9\n")
    with unchanged():
        cli.fails("serve", *args, match=message)


def test_the_servers_snapshot_of_every_phone_is_each_phones_own_state(phones, event):
    from crib_tourney.services.phone import event_states, holder, phone_state
    from crib_tourney.store.db import read_only

    phones["Bob Ray"].report(1, "me", 99, "a1")
    phones["Cat Moss"].report(1, "me", 90, "b1")
    phones["Dan Oak"].report(1, "me", 100, "c1")
    with read_only(str(event.db)) as db:
        whole = event_states(db, holder(db, event.links["Bob Ray"]).event)  # type: ignore[union-attr]
        for name, token in event.links.items():
            who = holder(db, token)
            assert who is not None and whole[who.entry.id] == phone_state(db, who), name


def test_the_desk_shows_what_it_changes_and_answers_with_a_receipt(app, phones, event):
    desk = signed_in(app)
    phones["Bob Ray"].report(1, "me", 100, "b1")
    phones["Eve Kowalski"].report(1, "me", 111, "e1")  # both claim the win: disputed
    page = desk.get("/desk/events/1/").text
    assert re.search(r"Table 1</td><td>Bob Ray v Eve Kowalski</td><td class=\"disputed\"", page)
    assert "0 pending</span> · <span class=\"disputed\">1 disputed" in page
    before = event.snapshot()
    preview = desk.get("/desk/events/1/settle?game=1&table=1")
    assert preview.status_code == 200 and event.snapshot() == before  # showing writes nothing
    assert "12.2(e): both cards claim the win" in preview.text and "Confirm: settle" in preview.text
    assert re.search(r"<td>Bob Ray</td><td data-label=\"scores\">100–121</td>", preview.text)
    seen = _newest(desk)
    phones["Dan Oak"].report(1, "me", 90, "d1")  # a player's card lands after the page was loaded
    refused = desk.form("/desk/events/1/undo", change=seen)
    assert refused.status_code == 409 and "a newer change arrived: #" in refused.text and "Dan Oak" in refused.text
    settled = desk.form("/desk/events/1/settle", game="1", table="1")
    assert settled.status_code == 303 and "?done=" in settled.headers["location"]
    receipt = desk.get(settled.headers["location"]).text
    number = settled.headers["location"].rsplit("=", 1)[1]
    assert f"Done: #{number} resolve: game 1 resolved provisionally" in receipt
    rows = {r["player"]: r for r in event("standings", "Open", "--json").json()["rows"]}
    assert (rows["Bob Ray"]["spread"], rows["Eve Kowalski"]["spread"]) == (-21, -10)
    names = desk.get("/desk/events/1/enter?game=1&table=2").text
    assert '<label for="score1">Cat Moss</label>' in names and '<label for="score2">Dan Oak</label>' in names
    assert desk.get("/desk/events/1/enter?game=1&table=9").status_code == 400
    assert desk.get("/desk/events/1/settle?game=1&table=2").status_code == 200  # Dan's lone card: 12.2(c)
    assert desk.get("/desk/events/1/settle?game=1&table=1").status_code == 409  # settled already


def test_the_desk_lists_events_and_checks_in_with_an_amount(app, event):
    event("event", "set", "Open", "entry_fee=20")
    desk = signed_in(app)
    listed = desk.get("/desk/").text
    assert "game 1 of 2" in listed and "nothing" in listed
    assert desk.form("/desk/events/1/checkin", entry="2", present="1", amount="5").status_code == 303
    page = desk.get("/desk/events/1/?q=bob").text
    assert re.search(r"<td>Bob Ray</td><td data-label=\"here\">yes</td>\s*<td data-label=\"paid\">5.00</td>"
                     r"<td data-label=\"owed\" class=\"pending\">15.00</td>", page)
    assert "Cat Moss" not in page.split('id="check-in"')[1]  # the name filter
    before = event.snapshot()
    assert desk.form("/desk/events/1/checkin", entry="3", present="1", amount="five").status_code == 400
    assert desk.form("/desk/events/1/undo", change="0").status_code == 409
    assert desk.form("/desk/events/1/undo").status_code == 400  # undo names the change it undoes
    assert event.snapshot() == before


def test_logout_ends_the_session_in_every_server_of_the_database(app, event):
    """The cookie replayed after logout opens nothing, in this process or another
    (a second app on the same database: the session is kept in the database)."""
    desk = signed_in(app)
    cookie = desk.client.cookies.get("crib_desk")
    other = Desk(create_app(str(event.db), Scoring(DirectorPassword(PASSWORD))))  # a second `serve` of the database
    other.client.cookies.set("crib_desk", cookie)
    assert "Open" in other.get("/desk/").text and other.get("/desk/events/1/").status_code == 200  # both take it
    assert desk.form("/desk/logout").status_code == 303
    before = event.snapshot()
    for client in (Desk(app), other):  # the old cookie, replayed: signed out everywhere, and its actions refused
        client.client.cookies.set("crib_desk", cookie)
        assert client.get("/desk/events/1/").status_code == 303
        assert "Director's password" in client.get("/desk/").text
        assert client.form("/desk/events/1/checkin", entry="2", present="1").status_code == 403
    assert event.snapshot() == before


def test_a_desk_session_ends_when_idle_and_after_an_event_day(app, event, monkeypatch):
    import time as clock

    from crib_tourney.web import security

    desk = signed_in(app)
    started = clock.time()
    later = {"now": started}
    monkeypatch.setattr(security.time, "time", lambda: later["now"])
    later["now"] = started + security.IDLE_SECONDS - 60  # away from the desk for a while: still signed in
    assert desk.get("/desk/events/1/").status_code == 200
    for hour in range(1, 12):  # busy all day: signed in
        later["now"] = started + hour * 3600
        assert desk.get("/desk/events/1/").status_code == 200, hour
    later["now"] = started + security.SESSION_SECONDS + 1  # past the day: signed out, however busy
    assert desk.get("/desk/events/1/").status_code == 303
    fresh = signed_in(app)
    later["now"] += security.IDLE_SECONDS + 1  # left alone too long
    assert fresh.get("/desk/events/1/").status_code == 303


def test_a_new_password_ends_every_desk_session(app, event):
    desk = signed_in(app)
    cookie = desk.client.cookies.get("crib_desk")
    changed = Desk(create_app(str(event.db), Scoring(DirectorPassword("another password entirely"))))
    changed.client.cookies.set("crib_desk", cookie)
    assert changed.get("/desk/events/1/").status_code == 303  # signed with the old password's key: refused unread
    assert desk.get("/desk/events/1/").status_code == 200  # the server with the old password still takes it



def test_the_door_sheets_page_says_how_to_check_in_and_the_tables_page_marks_what_waits(app, phones, event):
    client = TestClient(app, base_url=BASE)
    how = client.get("/events/1/checkin")
    assert how.status_code == 200 and "m here</b>" in how.text and "See the desk" in how.text
    assert client.get("/events/1/checkin.json").json() == {"event": "Open", "check_in": False}
    phones["Bob Ray"].report(1, "me", 99, "b1")
    tables = client.get("/events/1/tables").text
    assert "1 pending, 0 disputed" in tables and '<span class="wait">pending</span>' in tables


def test_the_desk_settles_only_the_cards_its_preview_showed(app, phones, event):
    desk = signed_in(app)
    phones["Bob Ray"].report(1, "me", 99, "b1")
    phones["Eve Kowalski"].report(1, "opponent", 98, "e1")  # the same winner, another score: disputed
    preview = desk.get("/desk/events/1/settle?game=1&table=1").text
    seen = re.search(r'name="seen" value="([^"]+)"', preview).group(1)  # type: ignore[union-attr]
    phones["Bob Ray"].post({"game": 1, "winner": "opponent", "loser_score": 50, "key": "b2"})  # Bob changes his card
    before = event.snapshot()
    refused = desk.form("/desk/events/1/settle", game="1", table="1", seen=seen)
    assert refused.status_code == 409 and "changed since you looked" in refused.text
    assert event.snapshot() == before
    again = re.search(r'name="seen" value="([^"]+)"', desk.get("/desk/events/1/settle?game=1&table=1").text).group(1)  # type: ignore[union-attr]
    assert desk.form("/desk/events/1/settle", game="1", table="1", seen=again).status_code == 303
