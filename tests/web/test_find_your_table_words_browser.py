"""Issue 33 review items 7 and 8 in a real browser: find-your-table's words for a
playoff state ("out in round 1", "waiting for the quarterfinal", one case for
every round), and the projector's list of 45 at 1920x1080: a namesake opponent or
a playoff match shown whole (on a line of its own under the name when it does not
fit beside it), the three columns all used, and in the playoffs no one who
withdrew in the qualifying."""

from __future__ import annotations

import time

import pytest

from tests.conftest import Cli
from tests.web.browser import find_chromium, projector_pages, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]

FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne", "Łukasz",
         "Zoë", "Éva", "Ann", "Bob"]
LAST = ["Kowalski", "Lindqvist", "Novak", "Johansson", "Lachance", "Oak", "Moss"]
NAMES = [n for n in (f"{FIRST[i % 15]} {LAST[(i * 3) % 7]}" for i in range(45)) if n != "Janet Novak"]  # 44, and two Janet Novaks


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Event 1 "Big Open": the 46 played two games (Bob Kowalski withdrew after the
    first), cut to 12 (four byes), one round-1 match decided; event 2 "Autumn Open":
    the same 46, game 1 drawn, the two Janet Novaks (ACC 90391, Riverside Club) at
    tables with opponents of their own."""
    cli = Cli(tmp_path_factory.mktemp("words") / "words.db")
    cli("player", "add", "Janet Novak", "--acc-number", "90391")
    cli("player", "add", "Janet Novak", "--club", "Riverside Club", "--duplicate")
    for event in ("Big Open", "Autumn Open"):
        cli("new-event", event, "--games", "2", "--best-of", "1")
        cli("enter", event, *NAMES, "#1", "#2", "--new")
    for game in range(2):
        for n, t in enumerate(cli("round", "Big Open", "--json").json()["tables"]):
            cli("result", "Big Open", t["players"][0], "121", t["players"][1], str(70 + n))
        if game == 0:
            cli("withdraw", "Big Open", "Bob Kowalski")
    cli("cut", "Big Open", "--qualifiers", "12")
    first = next(m for m in cli("bracket", "Big Open", "--json").json()["rounds"][0]["matches"] if all(m["players"]))
    cli("result", "Big Open", first["players"][0], "121", first["players"][1], "99")
    cli("round", "Autumn Open")
    with served_with_browser(cli.db) as (base, browser):
        yield cli, base, browser, first


ROWS = """(function () {
  var out = [];
  document.querySelectorAll('table.find tbody tr').forEach(function (r) {
    if (getComputedStyle(r).display === 'none') return;
    var b = r.getBoundingClientRect(), where = r.querySelector('td.where');
    out.push({name: r.getAttribute('data-player'), where: where.textContent.trim(), left: Math.round(b.left),
              whole: where.scrollWidth <= where.clientWidth + 1 && getComputedStyle(where).display !== 'none',
              inside: b.top >= 0 && b.bottom <= window.innerHeight + 0.5 && b.left >= 0 && b.right <= window.innerWidth + 0.5});
  });
  return out; })()"""


def test_find_your_table_words_for_the_playoffs(served):
    cli, base, browser, first = served
    page = browser.context(1366, 900)
    try:
        page.open(base + "/events/1/tables")
        where = {r["name"]: r["where"] for r in page.js(ROWS)}
        loser = first["players"][1]
        assert where[loser] == "out in round 1"  # not "out in the round 1 (round 1)"
        assert where[first["players"][0]].startswith("quarterfinal (W2.")  # the winner meets a seed who had a bye
        assert "waiting for the quarterfinal" in where.values()  # the other seeds with byes
        playing = [w for w in where.values() if "(W1." in w]
        assert playing and all(w.startswith("round 1 (W1.") for w in playing), playing  # lower case, as "waiting for the ..."
        assert not any("(round" in w or "the round" in w for w in where.values())
    finally:
        page.close()


@pytest.mark.parametrize("event", [1, 2], ids=["playoffs", "namesakes"])
def test_the_projector_shows_every_where_whole_in_three_columns(served, event):
    _, base, browser, _ = served
    page = browser.context(1920, 1080)
    try:
        page.open(base + f"/events/{event}/tables?screen=1")
        page.wait_for("document.fonts.status === 'loaded'")
        time.sleep(0.5)
        rows = page.js(ROWS)
        assert rows and all(r["whole"] and r["inside"] for r in rows), [r for r in rows if not (r["whole"] and r["inside"])]
        assert len({r["left"] for r in rows}) == 3  # the three columns used, not two and an empty one
        assert page.js("document.documentElement.scrollHeight <= window.innerHeight") is True
        if event == 1:
            assert "Bob Kowalski" not in [r["name"] for r in rows]  # withdrew in the qualifying: not qualified
        else:
            assert {r["where"] for r in rows if r["name"].startswith("Janet Novak")} and any(
                "Janet Novak (" in r["where"] for r in rows)  # a namesake opponent, named whole
    finally:
        page.close()


def test_the_projectors_standings_fit_the_screen_with_the_cut_line_under_its_row(served):
    """Review item 13: 46 in the standings of an event cut to 12: each page whole on
    the 1920x1080 screen (no scrollbar), three pages rather than four or five, and
    the dashed cut line on the page of the 12th, right under it."""
    _, base, browser, _ = served
    page = browser.context(1920, 1080)
    try:
        page.open(base + "/events/1/standings?screen=1")
        page.wait_for("document.fonts.status === 'loaded'")
        time.sleep(0.5)
        pager = page.js("(document.getElementById('pager') || {}).textContent || ''")
        count = int(pager.rsplit(" ", 1)[1])
        assert count <= 3, pager
        shown = projector_pages(page, "Array.prototype.filter.call(document.querySelectorAll('#standings tbody tr'), function (r) {"
                                " var b = r.getBoundingClientRect(); return getComputedStyle(r).display !== 'none'"
                                " && b.top >= 0 && b.bottom <= window.innerHeight; }).map(function (r) {"
                                " return r.classList.contains('cut-line') ? 'cut' : r.querySelector('td.rank').textContent.trim(); })")
        assert len(shown) == count
        for k, (fits, _) in enumerate(shown):
            assert fits is True, k
        seen = [rows for _, rows in shown]
        cut = next(rows for rows in seen if "cut" in rows)
        assert cut[cut.index("cut") - 1].startswith("12")  # the line right under the 12th, on the same page
        assert sum(len(rows) for rows in seen) == 46 + 1  # every row once, and the line
    finally:
        page.close()
