"""Issue 20 in a real browser (headless Chromium against `crib-tourney serve`):
axe-core on every page, live update that keeps the reader's place, the filter
that ignores accents, "this is me", and the projector's layout."""

from __future__ import annotations

import time

import pytest

from tests.conftest import Cli
from tests.web.browser import axe_script, axe_violations, find_chromium, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]

NAMES = ["Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Éva Kovács", "Fay Wong", "Gus Hill", "Hal Ito"]



def _play_round(cli: Cli, event: str) -> None:
    for table in cli("round", event, "--json").json()["tables"]:
        cli("result", event, table["players"][0], "121", table["players"][1], "100")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Event 1 "Open" at game 1 of 2 (results in); event 2 "Cup" past its cut; a league."""
    tmp = tmp_path_factory.mktemp("day")
    cli = Cli(tmp / "day.db")
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *NAMES, "--new")
    cli("round", "Open")
    cli("new-event", "Cup", "--games", "1", "--best-of", "1", "--final-best-of", "1", "--entry-fee", "10", "--payouts", "70,30")
    cli("enter", "Cup", *NAMES)
    _play_round(cli, "Cup")
    cli("cut", "Cup", "--qualifiers", "4")
    cli("league", "new", "Tuesday")
    with served_with_browser(cli.db) as (base, browser):
        yield cli, base, browser


PAGES = ["/", "/events/1/", "/events/1/standings", "/events/1/tables", "/events/1/bracket", "/events/1/players/1",
         "/events/2/", "/events/2/standings", "/events/2/tables", "/events/2/bracket", "/events/2/placings", "/leagues/1/"]


@pytest.mark.parametrize("size", [(1366, 900, ""), (390, 844, ""), (1920, 1080, "?screen=1")], ids=["desktop", "phone", "projector"])
def test_axe_finds_no_violation_on_any_page(served, size):
    _, base, browser = served
    width, height, query = size
    page = browser.context(width, height)
    try:
        script = axe_script()
        found = {}
        for path in PAGES:
            page.open(base + path + query)
            violations = axe_violations(page, script)
            if violations:
                found[path] = violations
        assert found == {}
    finally:
        page.close()


def _visible_rows(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.js("Array.prototype.map.call(document.querySelectorAll('[data-name]:not([hidden])'),"
                   " function (r) { return r.getAttribute('data-player'); })")


def test_the_filter_ignores_accents_and_case(served):
    _, base, browser = served
    page = browser.context()
    try:
        page.open(base + "/events/1/tables")
        assert len(_visible_rows(page)) == 8
        page.type("#find", "EVA")
        page.wait_for("document.querySelectorAll('[data-name]:not([hidden])').length === 1")
        assert _visible_rows(page) == ["Éva Kovács"]
        page.js("document.getElementById('find').value = ''")
        page.type("#find", "kovacs")
        page.wait_for("document.querySelectorAll('[data-name]:not([hidden])').length === 1")
        assert _visible_rows(page) == ["Éva Kovács"]
    finally:
        page.close()


CARD = ("(function () { var me = document.getElementById('me'); function t(s) { var n = me.querySelector(s);"
        " return n ? n.textContent : null; } return [t('.me-table b'), t('.me-name'), t('.me-words'), t('.me-rank')]; })()")


def test_this_is_me_pins_my_table_opponent_rank_and_gp_on_every_page(served):
    """A card (issue 33): the table number large, then the name, where to go, rank and GP."""
    cli, base, browser = served
    table = next(t for t in cli("round", "Open", "--show", "1", "--json").json()["tables"] if "Éva Kovács" in t["players"])
    opponent = next(p for p in table["players"] if p != "Éva Kovács")
    page = browser.context()
    try:
        page.open(base + "/events/1/tables")
        assert page.js("document.getElementById('me').hidden") is True
        page.js("document.querySelector('[data-me=\"Éva Kovács\"]').scrollIntoView({block: 'center'})")
        page.click('[data-me="Éva Kovács"]')
        page.wait_for("!document.getElementById('me').hidden && document.getElementById('me').textContent.indexOf('rank') >= 0")
        row = next(r for r in cli("standings", "Open", "--json").json()["rows"] if r["player"] == "Éva Kovács")
        expected = [str(table["table"]), "Éva Kovács", f"v {opponent}", f"rank {row['rank']}{'=' if row['tied'] else ''} · {row['game_points']} GP"]
        assert page.js(CARD) == expected
        big = page.js("[parseFloat(getComputedStyle(document.querySelector('#me .me-table b')).fontSize),"
                      " parseFloat(getComputedStyle(document.body).fontSize)]")
        assert big[0] >= 2.5 * big[1]  # the table number is what a player sees first
        for path in ("/events/1/standings", "/events/1/", "/events/1/players/1"):  # remembered on this phone
            page.open(base + path)
            page.wait_for("!document.getElementById('me').hidden")
            assert page.js(CARD) == expected
        page.click("#not-me")
        page.wait_for("document.getElementById('me').hidden")
        page.open(base + "/events/1/standings")
        time.sleep(0.5)
        assert page.js("document.getElementById('me').hidden") is True
    finally:
        page.close()


def test_projector_layout(served):
    _, base, browser = served
    page = browser.context(1920, 1080)
    try:
        page.open(base + "/events/1/tables?screen=1")
        size = page.js("[parseFloat(getComputedStyle(document.querySelector('table.find td.table-no')).fontSize),"
                       " parseFloat(getComputedStyle(document.querySelector('table.find td')).fontSize),"
                       " parseFloat(getComputedStyle(document.documentElement).fontSize)]")
        assert size[0] >= size[1] and size[2] >= 24  # table numbers at least as large as names; rem-sized
        # three columns of rows (a grid the projector's pages fill: tests/web/test_projector_browser.py)
        widths = page.js("[document.querySelector('table.find tbody').getBoundingClientRect().width,"
                         " document.querySelector('table.find tbody tr').getBoundingClientRect().width]")
        assert 0.28 * widths[0] <= widths[1] <= 0.34 * widths[0], widths  # each row a third of the list, gaps between
        assert page.js("getComputedStyle(document.querySelector('th')).position") == "sticky"
        assert page.js("document.documentElement.getAttribute('data-motion')") == "full"
        page.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
        page.open(base + "/events/1/standings?screen=1")
        assert page.js("document.documentElement.getAttribute('data-motion')") == "reduced"
    finally:
        page.close()


CONTRAST = """(function (a, b) {
  function lum(c) { var v = c.match(/[0-9.]+/g).slice(0, 3).map(function (x) { x = x / 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
  var l1 = lum(a), l2 = lum(b); return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
})(%s, %s)"""


def test_navigation_focus_and_the_search_box_border(served):
    _, base, browser = served
    page = browser.context(1366, 900)
    try:
        page.open(base + "/events/1/tables")
        assert page.js("document.querySelector('nav a[aria-current=page]').textContent") == "Tables"
        assert page.js("document.querySelectorAll('nav a[aria-current]').length") == 1
        border = CONTRAST % ("getComputedStyle(document.getElementById('find')).borderTopColor",
                             "getComputedStyle(document.body).backgroundColor")
        assert page.js(border) >= 3
        page.call("Input.dispatchKeyEvent", type="keyDown", key="Tab", code="Tab", windowsVirtualKeyCode=9)
        page.call("Input.dispatchKeyEvent", type="keyUp", key="Tab", code="Tab", windowsVirtualKeyCode=9)
        assert page.js("document.activeElement.tagName") == "A"
        outline = page.js("[getComputedStyle(document.activeElement).outlineStyle, getComputedStyle(document.activeElement).outlineWidth]")
        assert outline[0] != "none" and float(outline[1].rstrip("px")) >= 2
    finally:
        page.close()


def test_bracket_names_link_to_player_pages_and_show_scores(served):
    cli, base, browser = served
    page = browser.context()
    try:
        page.open(base + "/events/2/bracket")
        links = page.js("Array.prototype.map.call(document.querySelectorAll('#rounds a'), function (a) { return [a.textContent, a.getAttribute('href')]; })")
        entries = {r["player"] for r in cli("standings", "Cup", "--json").json()["rows"][:4]}
        assert {name for name, _ in links} == entries and all(href.startswith("/events/2/players/") for _, href in links)
        first = page.js("document.querySelector('#rounds a').getAttribute('href')")
        page.open(base + first)
        assert page.js("document.querySelector('h1').textContent") in entries
        # the rounds fit a phone's width: the page itself never scrolls sideways
        assert page.js("document.documentElement.scrollWidth <= window.innerWidth") is True
    finally:
        page.close()


def test_live_update_keeps_focus_caret_scroll_and_the_servers_time(served):
    cli, base, browser = served
    page = browser.context(390, 260)
    try:
        page.open(base + "/events/1/tables")
        page.js("window.statuses = []; var f = window.fetch; window.fetch = function () {"
                " return f.apply(this, arguments).then(function (r) { window.statuses.push(r.status); return r; }); }")
        stamp = page.js("document.getElementById('updated').textContent")
        page.wait_for("window.statuses.length >= 1", seconds=12)
        assert page.js("window.statuses[0]") == 304  # the page's own ETag seeded the first poll
        assert page.js("document.getElementById('updated').textContent") == stamp
        page.type("#find", "ka")
        page.js("document.getElementById('find').setSelectionRange(1, 1); window.scrollTo(0, 120)")
        assert page.js("window.scrollY") == 120
        shown = _visible_rows(page)
        _play_round(cli, "Open")  # game 1's results, then game 2 paired: the content changes
        page.wait_for("document.querySelector('#main h2').textContent.indexOf('Game 2') === 0", seconds=20)
        assert page.js("document.activeElement.id") == "find"
        assert page.js("[document.activeElement.value, document.activeElement.selectionStart]") == ["ka", 1]
        assert page.js("window.scrollY") == 120
        assert sorted(_visible_rows(page)) == sorted(shown)  # the filter still applies to the new rows
        after = page.js("document.getElementById('updated').textContent")
        assert after != stamp and len(after) == 8 and after[2] == after[5] == ":"  # the server's HH:MM:SS, not the browser's
    finally:
        page.close()
