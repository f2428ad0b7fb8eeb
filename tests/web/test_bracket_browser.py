"""Issue 33's bracket page in a real browser (headless Chromium against `crib-tourney
serve`): a bracket of 16 fits one 1920x1080 screen (plain and on the projector)
with its round headings in one row and each match level with the two it follows;
a phone reads it round by round at 12 px or more without scrolling sideways, and
is offered the chart as printed as the PDF; byes show as byes; axe-core finds no
violation at the room's three sizes. Each picture is kept in the test's folder to
look at (pytest --basetemp)."""

from __future__ import annotations

import time

import pytest

from tests.conftest import Cli
from tests.web.browser import axe_script, axe_violations, find_chromium, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]

FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne"]
LAST = ["Kowalski", "Lindqvist", "Novak", "Johansson", "Lachance"]
NAMES = [f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]}{'' if i < 10 else ' Jr'}" for i in range(19)]
NAMES.append("Maximilian Alexander Fitzgerald-Worthington")


def _play_round(cli: Cli, event: str) -> None:
    for n, table in enumerate(cli("round", event, "--json").json()["tables"]):
        cli("result", event, table["players"][0], "121", table["players"][1], str(80 + 3 * n))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Event 1 "Big Cup": 20 played one game, cut to a bracket of 16, every first-round
    match played (games lines on every card), one of them to three games; event 2 "Bye
    Cup": 12 of them cut to a bracket of 16, the top four seeds with byes."""
    cli = Cli(tmp_path_factory.mktemp("bracket") / "bracket.db")
    cli("new-event", "Big Cup", "--date", "2026-10-17", "--games", "1", "--best-of", "3")
    cli("enter", "Big Cup", *NAMES, "--new")
    _play_round(cli, "Big Cup")
    cli("cut", "Big Cup", "--qualifiers", "16")
    for n, m in enumerate(cli("bracket", "Big Cup", "--json").json()["rounds"][0]["matches"]):
        a, b = m["players"]
        cli("result", "Big Cup", a, "121", b, "99")
        if n == 0:
            cli("result", "Big Cup", b, "121", a, "118")
        cli("result", "Big Cup", a, "121", b, "104")
    cli("new-event", "Bye Cup", "--date", "2026-10-24", "--games", "1", "--best-of", "3")
    cli("enter", "Bye Cup", *NAMES[:12])
    _play_round(cli, "Bye Cup")
    cli("cut", "Bye Cup", "--qualifiers", "12")
    with served_with_browser(cli.db) as (base, browser):
        yield cli, base, browser


GEOMETRY = """(function () {
  var d = document.documentElement, rounds = document.querySelectorAll('#rounds .round');
  var heads = Array.prototype.map.call(document.querySelectorAll('#rounds h2'), function (h) { return Math.round(h.getBoundingClientRect().top); });
  function centres(r) { return Array.prototype.map.call(rounds[r].querySelectorAll('.slot'), function (s) {
    var b = s.getBoundingClientRect(); return (b.top + b.bottom) / 2; }); }
  var off = 0;  // how far a match sits from the middle of the two it follows, at worst (px)
  for (var r = 1; r < rounds.length; r++) {
    var before = centres(r - 1), now = centres(r);
    if (before.length === 2 * now.length) now.forEach(function (c, i) { off = Math.max(off, Math.abs(c - (before[2 * i] + before[2 * i + 1]) / 2)); });
  }
  return {height: d.scrollHeight, viewport: window.innerHeight, width: d.scrollWidth, client: d.clientWidth, heads: heads, off: off,
          size: parseFloat(getComputedStyle(document.getElementById('rounds')).fontSize)};
})()"""

SMALLEST = """(function () {
  var small = [];
  document.querySelectorAll('#main *').forEach(function (e) {
    var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
    if (own && e.getClientRects().length && parseFloat(getComputedStyle(e).fontSize) < 12) small.push(e.textContent.trim() + ' ' + getComputedStyle(e).fontSize);
  });
  return small;
})()"""


@pytest.mark.parametrize("query", ["", "?screen=1"], ids=["screen", "projector"])
def test_a_bracket_of_16_fits_one_1920x1080_screen(served, query, tmp_path):
    _, base, browser = served
    page = browser.context(1920, 1080)
    try:
        page.open(base + "/events/1/bracket" + query)
        page.wait_for("document.fonts.status === 'loaded'")
        time.sleep(0.3)
        page.screenshot(tmp_path / "bracket-1920.png")
        got = page.js(GEOMETRY)
        assert got["height"] <= got["viewport"] and got["width"] <= got["client"], got  # no scrolling either way
        assert len(got["heads"]) == 5 and len(set(got["heads"])) == 1, got["heads"]  # four rounds and the champion: one row
        assert got["off"] <= 2, got  # each match level with the middle of the two it follows
        assert got["size"] >= 14, got  # and read at a distance: no smaller than the page's own text
        assert page.js("document.querySelectorAll('#rounds .match:not(.champ)').length") == 15  # 8 + 4 + 2 + 1
        assert page.js(SMALLEST) == []
    finally:
        page.close()


def test_a_phone_reads_the_bracket_round_by_round(served, tmp_path):
    cli, base, browser = served
    page = browser.context(390, 844)
    try:
        page.open(base + "/events/1/bracket")
        page.wait_for("document.fonts.status === 'loaded'")
        page.screenshot(tmp_path / "bracket-390.png")
        assert page.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth") is True
        assert page.js(SMALLEST) == []  # every piece of text at 12 px or more
        # the rounds one under another, each under its heading, the matches at the column's width
        tops = page.js("Array.prototype.map.call(document.querySelectorAll('#rounds .round'), function (r) {"
                       " var b = r.getBoundingClientRect(); return [b.top, b.bottom, b.width]; })")
        assert all(tops[i][1] <= tops[i + 1][0] + 0.5 for i in range(len(tops) - 1)) and all(t[2] >= 300 for t in tops)
        names = [r["name"] for r in cli("bracket", "Big Cup", "--json").json()["rounds"]]
        assert page.js("Array.prototype.map.call(document.querySelectorAll('.round-jump a'), function (a) { return a.textContent; })") == names
        # no drawing of the printed chart at 3-6 px: it is offered as the PDF
        assert page.js("document.querySelectorAll('.chart').length") == 0
        href = page.js("Array.prototype.filter.call(document.querySelectorAll('#main a'), function (a) {"
                       " return a.textContent.indexOf('as printed (PDF)') >= 0; })[0].getAttribute('href')")
        assert href == "/events/1/bracket.pdf"
        kind = page.js(f"fetch({href!r}).then(function (r) {{ return [r.status, r.headers.get('content-type')]; }})")
        assert kind == [200, "application/pdf"]
    finally:
        page.close()


def test_byes_show_as_byes(served, tmp_path):
    cli, base, browser = served
    first = cli("bracket", "Bye Cup", "--json").json()["rounds"][0]["matches"]
    byes = {m["key"]: next(p for p in m["players"] if p) for m in first if any(m["bye"])}
    assert len(byes) == 4
    for width, height in ((1920, 1080), (390, 844)):
        page = browser.context(width, height)
        try:
            page.open(base + "/events/2/bracket")
            page.screenshot(tmp_path / f"byes-{width}.png")
            shown = page.js("Array.prototype.map.call(document.querySelectorAll('#rounds .match.bye'), function (m) {"
                            " return [m.getAttribute('data-key'), m.querySelector('.who').textContent, m.querySelector('.bye-word').textContent,"
                            " m.textContent.indexOf('table') >= 0, m.querySelectorAll('.wins, .games, .match-head').length]; })")
            assert shown == [[key, player, "bye", False, 0] for key, player in byes.items()]
            assert "to be decided · 0" not in page.js("document.getElementById('rounds').textContent")
            got = page.js(GEOMETRY)
            assert got["width"] <= got["client"]
            if width == 1920:
                assert got["height"] <= got["viewport"] and got["off"] <= 2, got
        finally:
            page.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 900), (1920, 1080)], ids=["phone", "desktop", "screen"])
def test_axe_finds_no_violation_on_the_bracket_pages(served, size):
    _, base, browser = served
    page = browser.context(*size)
    try:
        script = axe_script()
        found = {}
        for path in ("/events/1/bracket", "/events/2/bracket", "/events/1/bracket?screen=1", "/events/1/"):
            page.open(base + path)
            violations = axe_violations(page, script)
            if violations:
                found[path] = violations
        assert found == {}
    finally:
        page.close()
