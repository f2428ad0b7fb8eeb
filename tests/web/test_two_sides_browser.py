"""Two sides, one result, in a real browser (headless Chromium against a running
`serve --scoring`): a lone card is pending on the projector and counts for no one;
two phones that agree count; a dispute shows on both phones and the desk and
counts for neither until the desk settles it (preview, then receipt); a desk undo
with a phone card landing in between is refused, naming it; a table of three from
three phones; self check-in from the link; a playoff match game from two phones;
the desk at 390 px without sideways scroll."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import Cli
from tests.web.browser import Session, axe_script, axe_violations, find_chromium, served_with_browser
from tests.web.phones import make_links
from tests.web.test_phone_browser import _enter, _status

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]
PASSWORD = "the director's own"


def _serve(cli: Cli, tmp_path: Path) -> Iterator[tuple[str, Session]]:
    (tmp_path / "desk.txt").write_text(PASSWORD + "\n")
    return served_with_browser(cli.db, "--scoring", "--director-password-file", str(tmp_path / "desk.txt"))


def _phone(browser: Session, base: str, cli: Cli, name: str):  # type: ignore[no-untyped-def]
    phone = browser.context()
    phone.open(f"{base}/p/{cli.links[name]}")
    phone.wait_for("document.getElementById('status') && window.fetch && document.querySelector('#now')")
    phone.wait_for("document.getElementById('status').hidden === false || !document.getElementById('entry').hidden"
                   " || !document.getElementById('confirm').hidden || !document.getElementById('checkin').hidden"
                   " || !document.getElementById('entry3').hidden")
    return phone


def _desk(browser: Session, base: str, width: int = 1280, height: int = 900):  # type: ignore[no-untyped-def]
    desk = browser.context(width, height)
    desk.open(base + "/desk/")
    desk.type("input[name=password]", PASSWORD)
    desk.click("button[type=submit]")
    desk.wait_for("document.querySelector('a[href=\"/desk/events/1/\"]')")
    desk.click("a[href='/desk/events/1/']")
    desk.wait_for("document.getElementById('grid')")
    return desk


def _standings_row(projector, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(projector.js(f"Array.from(document.querySelectorAll('#standings tbody tr')).filter(function (r) {{"
                            f" return r.dataset.player === {json.dumps(name)}; }})[0].textContent"))


def test_only_final_games_count_on_every_screen_and_the_desk_sees_what_it_changes(tmp_path):
    cli = Cli(tmp_path / "room.db")
    cli("new-event", "Open", "--games", "3")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kowalski", "Fay Wong", "--new")
    cli("round", "Open")
    cli.links = make_links(str(cli.db), 1)
    tables = [t["players"] for t in cli("round", "Open", "--show", "1", "--json").json()["tables"]]
    with _serve(cli, tmp_path) as (base, browser):
        projector = browser.context(1920, 1080)
        projector.open(base + "/events/1/standings?screen=1")
        projector.wait_for("document.getElementById('standings')")
        (a, b), (c, d), (e, f) = tables
        one = _phone(browser, base, cli, a)
        one.wait_for("!document.getElementById('entry').hidden")
        _enter(one, True, 98)  # a lone card: pending, counted nowhere
        one.wait_for(f"document.getElementById('status').textContent.indexOf('Waiting for {b}') >= 0")
        projector.wait_for("document.getElementById('not-counted') && document.getElementById('not-counted')"
                           ".textContent.indexOf('1 pending, 0 disputed') >= 0", seconds=25)
        assert "1 pending" in _standings_row(projector, a) and "1 pending" in _standings_row(projector, b)
        assert all(r["games"] == 0 for r in cli("standings", "Open", "--json").json()["rows"])
        two = _phone(browser, base, cli, b)
        two.wait_for("!document.getElementById('confirm').hidden")
        assert two.js("document.getElementById('agree').textContent") == "Confirm"
        assert two.js("document.getElementById('differ').textContent") == "Enter mine"
        two.click("#agree")  # two phones agree: it counts
        one.wait_for("document.getElementById('status').textContent.indexOf('Agreed: you won 121–98') === 0", seconds=15)
        projector.wait_for("!document.getElementById('not-counted')", seconds=25)
        assert "pending" not in _standings_row(projector, a)
        rows = {r["player"]: r for r in cli("standings", "Open", "--json").json()["rows"]}
        assert (rows[a]["game_points"], rows[b]["game_points"]) == (2, 0)
        # a dispute: both claim the win; on both phones, the projector and the desk; counted for neither
        three, four = _phone(browser, base, cli, c), _phone(browser, base, cli, d)
        three.wait_for("!document.getElementById('entry').hidden")
        _enter(three, True, 100)
        four.wait_for("!document.getElementById('confirm').hidden", seconds=15)
        four.click("#differ")
        four.wait_for("!document.getElementById('entry').hidden")
        _enter(four, True, 110)
        for phone in (three, four):
            phone.wait_for("document.getElementById('status').textContent.indexOf('Your cards disagree') === 0", seconds=15)
        projector.wait_for("document.getElementById('not-counted') && document.getElementById('not-counted')"
                           ".textContent.indexOf('0 pending, 1 disputed') >= 0", seconds=25)
        rows = {r["player"]: r for r in cli("standings", "Open", "--json").json()["rows"]}
        assert (rows[c]["games"], rows[d]["games"], rows[c]["disputed"]) == (0, 0, 1)
        desk = _desk(browser, base)
        assert desk.js("document.querySelector('#grid tr[data-table=\"2\"] td.disputed') !== null")
        assert desk.js("document.querySelector('#grid tr[data-table=\"1\"] td.agreed') !== null")
        # undo with a card landing after the page was loaded: refused, naming it
        five = _phone(browser, base, cli, e)
        five.wait_for("!document.getElementById('entry').hidden")
        _enter(five, False, 77)
        five.wait_for(f"document.getElementById('status').textContent.indexOf('Waiting for {f}') >= 0")
        before = cli.snapshot()
        desk.click("#undo button")
        desk.wait_for("document.getElementById('message')")
        said = desk.js("document.getElementById('message').textContent")
        assert "a newer change arrived: #" in said and f"{e}'s phone" in said
        assert cli.snapshot() == before
        # settle: the preview first (both cards, the rule, the result), then a receipt
        desk.click("#grid tr[data-table='2'] a.button")
        desk.wait_for("document.getElementById('confirm-settle')")
        assert "12.2(e)" in desk.js("document.getElementById('rule').textContent")
        assert cli.snapshot() == before  # the preview changed nothing
        desk.click("#confirm-settle button")
        desk.wait_for("document.getElementById('receipt')")
        assert "resolved provisionally" in desk.js("document.getElementById('receipt').textContent")
        rows = {r["player"]: r for r in cli("standings", "Open", "--json").json()["rows"]}
        assert (rows[c]["spread"], rows[d]["spread"], rows[c]["wins"], rows[d]["wins"]) == (-21, -11, 0, 0)
        three.wait_for("document.getElementById('status').textContent.indexOf('Entered by the director: you lost') === 0",
                       seconds=15)
        for page in (one, two, three, four, five, desk, projector):
            page.close()


def test_check_in_and_a_table_of_three_from_three_phones(tmp_path):
    cli = Cli(tmp_path / "three.db")
    cli("new-event", "T", "--variant", "three-player", "--games", "2", "--check-in")
    cli("enter", "T", "Ann", "Bob", "Cat", "--new")
    cli.links = make_links(str(cli.db), 1)
    with _serve(cli, tmp_path) as (base, browser):
        ann = _phone(browser, base, cli, "Ann")
        ann.wait_for("!document.getElementById('checkin').hidden")
        ann.click("#here")
        ann.wait_for("document.getElementById('status').textContent.indexOf('You are checked in') === 0", seconds=15)
        assert [r["name"] for r in cli("checkin", "T", "--list", "--json").json()["rows"] if r["checked_in"]] == ["Ann"]
        cli("checkin", "T", "Bob", "Cat")
        seats = cli("round", "T", "--json").json()["tables"][0]["players"]
        scores = {"Ann": 121, "Bob": 100, "Cat": 80}
        phones = {name: _phone(browser, base, cli, name) for name in ("Ann", "Bob", "Cat")}
        for name, phone in phones.items():  # Ann types the three; Bob confirms hers; Cat enters his own
            phone.open(f"{base}/p/{cli.links[name]}")
            if name == "Bob":
                phone.wait_for("!document.getElementById('confirm').hidden", seconds=15)
                assert _status(phone) == "Entered at your table: Ann 121, Bob 100, Cat 80. Is that right?"
                phone.click("#agree")
            else:
                if name == "Cat":
                    phone.wait_for("!document.getElementById('confirm').hidden", seconds=15)
                    phone.click("#differ")
                phone.wait_for("!document.getElementById('entry3').hidden && document.getElementById('seat2')", seconds=15)
                for i, side in enumerate(seats):
                    phone.type(f"#seat{i}", str(scores[side]))
                phone.click("#send3")
            phone.wait_for("document.getElementById('outbox').hidden && document.getElementById('entry3').hidden", seconds=15)
            if name != "Cat":
                phone.wait_for("document.getElementById('status').textContent.indexOf('Sent:') === 0", seconds=15)
                assert cli("standings", "T", "--json").json()["pending"] == 1  # not final until all three agree
        phones["Ann"].wait_for("document.getElementById('status').textContent.indexOf('Agreed') === 0", seconds=15)
        rows = {r["player"]: r for r in cli("standings", "T", "--json").json()["rows"]}
        assert [(rows[p]["games"], rows[p]["game_points"]) for p in ("Ann", "Bob", "Cat")] == [(1, 3), (1, 1), (1, 0)]
        for phone in phones.values():
            phone.close()


def test_a_playoff_match_game_from_two_phones_and_the_desk_on_a_phone(tmp_path):
    cli = Cli(tmp_path / "cut.db")
    cli("new-event", "Open", "--games", "1", "--qualify-ratio", "0.5", "--final-best-of", "3")
    cli("enter", "Open", "Ann Lee", "Bob Ray", "Bartholomew Fitzgerald-Montgomery", "Dan Oak", "--new")
    for (x, y), loser in zip([t["players"] for t in cli("round", "Open", "--json").json()["tables"]], (90, 100)):
        cli("result", "Open", x, 121, y, loser)
    cli("cut", "Open")
    cli("consolation", "Open")
    cli.links = make_links(str(cli.db), 1)
    final = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]
    a, b = final["players"]
    out = cli("standings", "Open Consolation", "--json").json()["rows"][0]["player"]  # a non-qualifier, entered there
    with _serve(cli, tmp_path) as (base, browser):
        one, two = _phone(browser, base, cli, a), _phone(browser, base, cli, b)
        one.wait_for("!document.getElementById('entry').hidden")
        assert "Match " + final["key"] in one.js("document.getElementById('now').textContent")
        assert f"against {b}" in one.js("document.getElementById('now').textContent")
        _enter(one, True, 104)
        two.wait_for("!document.getElementById('confirm').hidden", seconds=15)
        assert _status(two) == f"{a} entered: you lost 104–121. Is that right?"
        two.click("#agree")
        one.wait_for("document.getElementById('now').textContent.indexOf('games 1–0') >= 0", seconds=15)
        games = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["games"]
        assert [(g["winner"], g["scores"]) for g in games] == [(a, [121, 104])]
        desk = _desk(browser, base, 390, 844)  # the desk on a phone: nothing wider than the screen
        assert desk.js("document.getElementById('matches') !== null")
        assert desk.js("document.documentElement.scrollWidth <= window.innerWidth"), desk.js("document.documentElement.scrollWidth")
        # a non-qualifier's phone points him to the consolation, and to his own page there
        three = _phone(browser, base, cli, out)
        three.wait_for("document.getElementById('consolation')")
        assert _status(three).startswith("You play in Open Consolation. "), _status(three)
        assert axe_violations(three, axe_script()) == []
        three.click("#consolation")
        three.wait_for("location.pathname.indexOf('/events/2/players/') === 0 && document.querySelector('main')")
        assert three.js("document.title").startswith(out + " · ")  # his own page there
        assert "Open Consolation" in three.js("document.querySelector('main').textContent")
        for page in (one, two, desk, three):
            page.close()
