"""Phones at the table in a real browser: headless Chromium, each phone a browser
context of its own (its own cookies and storage), against a running
`crib-tourney serve --scoring`. Skipped, saying so, only where no Chromium can be had."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.conftest import Cli
from tests.web.browser import Session, find_chromium, served_with_browser
from tests.web.phones import make_links

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]
PASSWORD = "the director's own"


@pytest.fixture
def served(tmp_path):
    cli = Cli(tmp_path / "phones.db")
    cli("new-event", "Open", "--games", "3")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kowalski", "Fay Wong", "--new")
    cli("round", "Open")
    cli.links = make_links(str(cli.db), 1)
    cli.tables = [t["players"] for t in cli("round", "Open", "--show", "1", "--json").json()["tables"]]
    (tmp_path / "desk.txt").write_text(PASSWORD + "\n")
    with served_with_browser(cli.db, "--scoring", "--director-password-file", str(tmp_path / "desk.txt")) as (base, browser):
        yield cli, base, browser


def _phone(browser: Session, base: str, cli: Cli, name: str):  # type: ignore[no-untyped-def]
    phone = browser.context()
    phone.open(f"{base}/p/{cli.links[name]}")
    phone.wait_for("document.querySelector('#card tr')")  # the state has loaded
    return phone


def _enter(phone, won: bool, score: int) -> None:  # type: ignore[no-untyped-def]
    phone.click(f"[data-winner='{'me' if won else 'opponent'}']")
    for digit in str(score):
        phone.click(f"[data-key='{digit}']")
    phone.click("#send")


def _status(phone) -> str:  # type: ignore[no-untyped-def]
    return phone.js("document.getElementById('status').textContent")


def _rows(cli: Cli, sql: str) -> list:
    con = sqlite3.connect(cli.db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_two_phones_agree_and_a_third_screen_follows_without_reload(served, tmp_path):
    cli, base, browser = served
    first, second = cli.tables[0]
    browser.open(base + "/events/1/standings")
    browser.js("window.notReloaded = true")
    one = _phone(browser, base, cli, first)
    assert one.js("innerWidth") == 390 and one.js("getComputedStyle(document.querySelector('.keys button')).height") == "64px"
    one.wait_for("!document.getElementById('entry').hidden")
    _enter(one, True, 98)
    one.wait_for(f"document.getElementById('status').textContent.indexOf('Waiting for {second}') >= 0")
    assert "you won 121–98" in _status(one)
    one.screenshot(tmp_path / "phone-sent.png")
    two = _phone(browser, base, cli, second)
    two.wait_for("!document.getElementById('confirm').hidden")
    assert _status(two) == f"{first} entered: you lost 98–121. Is that right?"
    two.click("#agree")
    two.wait_for("document.getElementById('status').textContent.indexOf('Agreed') === 0")
    one.wait_for("document.getElementById('status').textContent.indexOf('Agreed: you won 121–98') === 0", seconds=15)
    assert one.js("document.getElementById('gp').textContent") == "2"
    browser.wait_for(f"document.querySelector('tbody tr').textContent.indexOf({json.dumps(first)}) >= 0"
                     " && document.querySelector('tbody tr td b').textContent === '2'", seconds=20)  # the page, followed
    assert browser.js("document.querySelector('tbody tr td b').textContent") == "2"
    assert browser.js("window.notReloaded") is True
    assert _rows(cli, "SELECT entry_id, own_score, opp_score, source FROM outcome ORDER BY entry_id") == sorted(
        [(_entry(cli, first), 121, 98, "card"), (_entry(cli, second), 98, 121, "card")])
    one.close()
    two.close()


def _entry(cli: Cli, name: str) -> int:
    return _rows(cli, f"SELECT e.id FROM entry e JOIN player p ON p.id = e.player_id WHERE p.name = '{name}'")[0][0]


def test_a_disagreement_shows_at_the_desk_and_is_settled_there(served):
    cli, base, browser = served
    first, second = cli.tables[1]
    one, two = _phone(browser, base, cli, first), _phone(browser, base, cli, second)
    one.wait_for("!document.getElementById('entry').hidden")
    _enter(one, True, 90)
    two.wait_for("!document.getElementById('confirm').hidden", seconds=15)
    two.click("#differ")
    two.wait_for("!document.getElementById('entry').hidden")
    _enter(two, True, 100)
    two.wait_for("document.getElementById('status').textContent.indexOf('Your cards disagree') === 0")
    assert [p["problem"] for p in cli("check", "Open", "--json").json()["problems"] if p["players"] == [first, second]] == ["disagree"]
    desk = browser.context(1280, 900)
    desk.open(base + "/desk/")
    desk.type("input[name=password]", PASSWORD)
    desk.click("button[type=submit]")
    desk.wait_for("document.querySelector('a[href=\"/desk/events/1/\"]')")
    desk.click("a[href='/desk/events/1/']")
    desk.wait_for("document.querySelector('#waiting td.disputed')")
    assert f"{first} v {second}" in desk.js("document.getElementById('waiting').textContent")
    desk.click("#waiting a.button")  # settle first shows what it will do
    desk.wait_for("document.getElementById('confirm-settle')")
    assert "12.2" in desk.js("document.getElementById('rule').textContent")
    desk.click("#confirm-settle button")
    desk.wait_for("document.querySelector('p#waiting')")  # nothing pending or disputed any more
    assert "resolved" in desk.js("document.getElementById('receipt').textContent")
    assert "resolved" in desk.js("document.getElementById('log').textContent")
    one.wait_for("document.getElementById('status').textContent.indexOf('Entered by the director: you ') === 0", seconds=15)
    assert _rows(cli, "SELECT source, actor FROM audit ORDER BY id DESC LIMIT 1") == [("web", "director")]
    for page in (one, two, desk):
        page.close()


def test_an_offline_phone_keeps_its_entry_and_it_lands_once_when_back(served):
    cli, base, browser = served
    first, second = cli.tables[2]
    phone = _phone(browser, base, cli, first)
    phone.wait_for("!document.getElementById('entry').hidden")
    phone.offline(True)
    _enter(phone, False, 110)
    phone.wait_for("!document.getElementById('outbox').hidden")
    assert phone.js("document.getElementById('outbox').textContent") == (  # what is kept, in words
        "game 1: you lost 110–121, not sent yet (saved on this phone; sent when you are back online)")
    saved = json.loads(phone.js(f"localStorage.getItem('crib-report-{cli.links[first]}')"))
    assert {k: saved[k] for k in ("game", "winner", "loser_score")} == {"game": 1, "winner": "opponent", "loser_score": 110}
    phone.js("(function () { var e = new Event('online'); window.dispatchEvent(e); })()")  # a retry while still offline fails too
    phone.wait_for("true")
    assert _rows(cli, "SELECT COUNT(*) FROM outcome") == [(0,)]
    phone.offline(False)
    phone.wait_for("document.getElementById('outbox').hidden", seconds=20)
    phone.wait_for(f"document.getElementById('status').textContent.indexOf('Waiting for {second}') >= 0")
    assert phone.js(f"localStorage.getItem('crib-report-{cli.links[first]}')") is None
    assert _rows(cli, "SELECT own_score, opp_score, source FROM outcome") == [(110, 121, "card")]
    assert _rows(cli, "SELECT COUNT(*) FROM audit WHERE action = 'card'") == [(1,)]
    # the same entry sent again (its key kept): answered as before, nothing written twice
    again = phone.js(f"""fetch('/p/{cli.links[first]}/result', {{method: 'POST', headers: {{'Content-Type': 'application/json',
        'X-CSRF-Token': document.body.dataset.csrf}}, body: JSON.stringify({json.dumps(saved)})}}).then(r => r.json())""")
    assert again["repeated"] is True and again["state"] == "pending"
    assert _rows(cli, "SELECT COUNT(*) FROM audit WHERE action = 'card'") == [(1,)]
    phone.close()


def test_a_third_players_link_cannot_enter_that_game(served):
    cli, base, browser = served
    (first, _), (third, _) = cli.tables[0], cli.tables[1]
    phone = _phone(browser, base, cli, third)
    sent = phone.js(f"""fetch('/p/{cli.links[third]}/result', {{method: 'POST', headers: {{'Content-Type': 'application/json',
        'X-CSRF-Token': document.body.dataset.csrf}}, body: JSON.stringify({{game: 1, winner: 'me', loser_score: 3, key: 'k1',
        table: 1}})}}).then(r => r.status)""")
    assert sent == 400  # there is no way to name another table
    stolen = phone.js(f"""fetch('/p/{'A' * 27}/result', {{method: 'POST', headers: {{'Content-Type': 'application/json',
        'X-CSRF-Token': document.body.dataset.csrf}}, body: JSON.stringify({{game: 1, winner: 'me', loser_score: 3,
        key: 'k2'}})}}).then(r => r.status)""")
    assert stolen == 404
    assert _rows(cli, "SELECT COUNT(*) FROM outcome") == [(0,)]
    own = phone.js(f"""fetch('/p/{cli.links[third]}/result', {{method: 'POST', headers: {{'Content-Type': 'application/json',
        'X-CSRF-Token': document.body.dataset.csrf}}, body: JSON.stringify({{game: 1, winner: 'me', loser_score: 3,
        key: 'k3'}})}}).then(r => r.json())""")
    assert own["table"] == 2  # his own table, never the first player's
    assert first not in json.dumps(own)
    phone.close()


def test_a_forged_cross_site_post_is_refused(served):
    cli, base, browser = served
    first = cli.tables[0][0]
    phone = _phone(browser, base, cli, first)  # the victim's phone holds the site's cookie ...
    # ... and then opens a page of another origin: an attacker's page, which (unlike this site's
    # own pages) carries no Content-Security-Policy that would stop its forms and fetches first
    evil = base.replace("127.0.0.1", "localhost")
    phone.open(evil + "/attacker")
    phone.js(f"""(function () {{
        var f = document.createElement('form'); f.method = 'POST'; f.enctype = 'text/plain';
        f.action = '{base}/p/{cli.links[first]}/result';
        var i = document.createElement('input'); i.name = '{{"game": 1, "winner": "me", "loser_score": 5, "key": "x", "pad": "';
        i.value = '"}}'; f.appendChild(i); document.body.appendChild(f); f.submit(); }})()""")
    phone.wait_for("location.pathname.indexOf('/result') > 0 && document.readyState === 'complete'")
    assert "refused: this request did not come from a page of this site" in phone.js("document.body.textContent")
    phone.open(evil + "/attacker")
    status = phone.js(f"""fetch('{base}/p/{cli.links[first]}/result', {{method: 'POST', mode: 'no-cors', credentials: 'include',
        headers: {{'Content-Type': 'text/plain'}}, body: '{{"game": 1, "winner": "me", "loser_score": 5, "key": "y"}}'}})
        .then(r => r.type)""")
    assert status == "opaque"
    assert _rows(cli, "SELECT COUNT(*) FROM outcome") == [(0,)]
    assert _rows(cli, "SELECT COUNT(*) FROM web_request") == [(0,)]
    phone.close()
