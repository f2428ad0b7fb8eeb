"""Issue 33's screens in a real browser (headless Chromium against `crib-tourney
serve --scoring`) at the room's three sizes: find-your-table says when nothing
matches and lists who has not checked in; the projector pages its lists to fit
1920x1080 and turns the pages, never cutting a row (a picture of its first page
against a committed reference); axe-core finds nothing on these pages, the
styled 404 and 429 included."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.web.browser import axe_script, axe_violations, find_chromium, projector_pages, record_pager, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]

FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne", "Łukasz",
         "Zoë", "Éva", "Ann", "Bob"]
LAST = ["Kowalski", "Lindqvist", "Novak", "Johansson", "Lachance", "Oak", "Moss"]
FORTY_FIVE = [f"{FIRST[i % 15]} {LAST[(i * 3) % 7]}" for i in range(45)]
SIZES = {"phone": (390, 844, ""), "desktop": (1366, 900, ""), "projector": (1920, 1080, "?screen=1")}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Event 1 "Autumn Open": 45 entrants, all but Bob Moss checked in, game 1 drawn
    without him; event 2 "Big Cup": 11 players cut to 6 (two byes), one
    quarterfinal played; event 3 "Threes": a three-sided event played out; event 4
    night 1 of the league "Elm", its game 1 drawn."""
    tmp = tmp_path_factory.mktemp("find")
    cli = Cli(tmp / "find.db")
    assert len(set(FORTY_FIVE)) == 45
    cli("new-event", "Autumn Open", "--date", "2026-10-17", "--location", "Elm Hall", "--games", "3", "--check-in")
    cli("enter", "Autumn Open", *FORTY_FIVE, "--new")
    cli("checkin", "Autumn Open", *[n for n in FORTY_FIVE if n != "Bob Moss"])
    cli("round", "Autumn Open", "--ignore-check-in")
    cli("new-event", "Big Cup", "--games", "1", "--best-of", "1")
    cli("enter", "Big Cup", *FORTY_FIVE[:11])
    for n, t in enumerate(cli("round", "Big Cup", "--json").json()["tables"]):
        cli("result", "Big Cup", t["players"][0], "121", t["players"][1], str(80 + n))
    cli("cut", "Big Cup", "--qualifiers", "6")
    playing = next(m for r in cli("bracket", "Big Cup", "--json").json()["rounds"] for m in r["matches"]
                   if all(m["players"]) and not m["winner"])
    cli("result", "Big Cup", playing["players"][0], "121", playing["players"][1], "99")
    cli("new-event", "Threes", "--variant", "three-player", "--games", "2")
    cli("enter", "Threes", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", "Eve Kay", "Fay Wong", "--new")
    for _ in range(2):
        for n, t in enumerate(cli("round", "Threes", "--json").json()["tables"]):
            p = t["players"]
            cli("result", "Threes", p[0], "121", p[1], str(90 + n), p[2], str(70 + n))
    cli("league", "new", "Elm", "--games-per-night", "2")  # a league whose night 1 is in play
    cli("league", "join", "Elm", "Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak")
    cli("round", cli("league", "night", "Elm", "--date", "2026-12-01", "--json").json()["event"])
    (tmp / "desk.txt").write_text("correct horse battery staple\n")
    with served_with_browser(cli.db, "--scoring", "--director-password-file", str(tmp / "desk.txt")) as (base, browser):
        yield cli, base, browser


VISIBLE = """(function () {
  var out = [];
  document.querySelectorAll('%s').forEach(function (r) {
    if (getComputedStyle(r).display === 'none') return;
    var b = r.getBoundingClientRect();
    out.push([r.getAttribute('data-player') || r.textContent.trim().slice(0, 40), b.top >= 0 && b.bottom <= window.innerHeight + 0.5,
              b.left >= 0 && b.right <= window.innerWidth + 0.5]);
  });
  return out; })()"""


def _pages(page, rows: str) -> list[list[list]]:  # type: ignore[no-untyped-def]
    """Each page of a paged list as the projector shows it, turned by the page itself
    (which began at page 1: record_pager before it was opened)."""
    seen = projector_pages(page, VISIBLE % rows)
    first = page.js("window.cribPagers[0] || ''")
    assert (first == "") if len(seen) == 1 else first.startswith("page 1 of "), first  # the list starts at its page 1
    assert all(fits is True for fits, _ in seen)  # nothing below the screen
    return [shown for _, shown in seen]


def test_the_projector_pages_a_45_player_list_without_cutting_a_row(served):
    _, base, browser = served
    page = browser.context(1920, 1080)
    try:
        record_pager(page)
        page.open(base + "/events/1/tables?screen=1")
        page.wait_for("document.fonts.status === 'loaded'")
        time.sleep(0.3)
        pages = _pages(page, "table.find tbody tr")
        assert len(pages) >= 2  # 45 names and their tables: more than one screen
        shown = [name for rows in pages for name, _, _ in rows]
        assert sorted(shown) == sorted(FORTY_FIVE)  # every row once, none twice
        assert all(inside and across for rows in pages for _, inside, across in rows)  # no row cut, at the bottom or the side
        assert all(len(rows) == len(pages[0]) for rows in pages[:-1])  # full pages but the last
        # the standings, rows of any height: paged too, each page whole
        page.open(base + "/events/1/standings?screen=1")
        time.sleep(0.3)
        pages = _pages(page, "#standings tbody tr")
        assert len(pages) >= 2 and sum(len(rows) for rows in pages) == 44  # Bob Moss has not played: not ranked
        assert all(inside and across for rows in pages for _, inside, across in rows)
    finally:
        page.close()


def test_find_your_table_says_when_nothing_matches_and_who_is_not_checked_in(served):
    _, base, browser = served
    for name in ("phone", "desktop"):
        width, height, _ = SIZES[name]
        page = browser.context(width, height)
        try:
            page.open(base + "/events/1/tables")
            row = page.js("document.querySelector('tr[data-player=\"Bob Moss\"] .where').textContent")
            assert row == "not checked in: see the desk"
            assert page.js("document.getElementById('no-match').hidden") is True
            page.type("#find", "xyz")
            page.wait_for("!document.getElementById('no-match').hidden")
            assert page.js("document.getElementById('no-match').textContent") == "No entrant matches \u2018xyz\u2019"
            assert page.js("document.querySelector('table.find').hidden") is True
            page.js("document.getElementById('find').value = ''")
            page.type("#find", "lukasz")  # accents folded as the CLI folds them
            page.wait_for("document.getElementById('no-match').hidden")
            assert page.js("document.querySelectorAll('table.find tr[data-name]:not([hidden])').length") == 3
            assert page.js("document.documentElement.scrollWidth <= window.innerWidth") is True
        finally:
            page.close()


@pytest.mark.parametrize("who", ["seed 1", "seed 2", "last"])
def test_this_is_me_in_the_playoffs_says_where_i_stand(served, who):
    """Seed 1 had a bye and his semifinal's other side is known: he plays it, at
    table 1; seed 2 had a bye and waits for the semifinal; the last of the
    standings did not qualify. The card says so, the table large, with rank and GP."""
    from tests.web.test_event_day_browser import CARD

    cli, base, browser = served
    rows = cli("standings", "Big Cup", "--json").json()["rows"]
    semifinal = cli("bracket", "Big Cup", "--json").json()["rounds"][1]["matches"][0]
    row = {"seed 1": rows[0], "seed 2": rows[1], "last": rows[-1]}[who]
    table, words = {"seed 1": ("1", f"semifinal (W2.1) v {semifinal['players'][1]} · games 0–0"),
                    "seed 2": (None, "waiting for the semifinal"), "last": (None, f"not qualified (rank {row['rank']})")}[who]
    page = browser.context(390, 844)
    try:
        page.open(base + "/events/2/tables")
        page.click(f'[data-me="{row["player"]}"]')
        page.wait_for("!document.getElementById('me').hidden")
        assert page.js(CARD) == [table, row["player"], words,
                                 f"rank {row['rank']}{'=' if row['tied'] else ''} · {row['game_points']} GP"]
    finally:
        page.close()


REFERENCE = Path(__file__).parent / "reference" / "projector"
FREEZE = ("var s = document.createElement('style'); s.textContent = '.stamp { visibility: hidden !important; }"
          " *, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }';"
          " document.head.appendChild(s); if (document.activeElement) document.activeElement.blur(); true")


# In one script, so no page turns between the look and the stop: at page 1, every timer
# of the page cleared (its page turns and its polls), and true; else false.
STOP_ON_PAGE_1 = ("(function () { var p = document.getElementById('pager'); if (!p || p.textContent.indexOf('page 1 of ') !== 0)"
                  " return false; for (var id = setTimeout(function () {}, 0); id > 0; id--) { clearTimeout(id); }"
                  " return true; })()")


def test_the_projectors_first_page_looks_as_its_reference(served, tmp_path):
    """The projector's find-your-table, page 1 of 2 (halved, greyscale), against its
    committed reference with the other pictures' tolerance; CRIB_UPDATE_REFERENCES=1 redraws it."""
    from PIL import Image, ImageChops

    from tests.render.test_looks import CHANGED_LIMIT, MEAN_LIMIT
    from tests.web.test_screens_browser import _renderer

    _, base, browser = served
    page = browser.context(1920, 1080)
    try:
        page.open(base + "/events/1/tables?screen=1")
        page.wait_for("document.fonts.status === 'loaded'")
        page.js(FREEZE)
        time.sleep(0.3)
        page.wait_for(STOP_ON_PAGE_1, seconds=30)  # the pages turn (serve --page-seconds): held still at page 1
        assert page.js("document.getElementById('pager').textContent").startswith("page 1 of ")
        page.screenshot(tmp_path / "shot.png")
    finally:
        page.close()
    got = Image.open(tmp_path / "shot.png").convert("L").reduce(2)
    reference, drawn_by = REFERENCE / "tables-projector.png", REFERENCE / "RENDERER"
    if os.environ.get("CRIB_UPDATE_REFERENCES"):
        REFERENCE.mkdir(parents=True, exist_ok=True)
        got.save(reference, optimize=True)
        drawn_by.write_text(_renderer() + "\n")
    if drawn_by.read_text().strip() != _renderer():
        pytest.skip(f"the reference was drawn by {drawn_by.read_text().strip()}, this is {_renderer()}:"
                    " CRIB_UPDATE_REFERENCES=1 redraws it")
    want = Image.open(reference).convert("L")
    assert got.size == want.size
    histogram = ImageChops.difference(got, want).histogram()
    pixels = got.size[0] * got.size[1]
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    changed = sum(histogram[64:]) / pixels
    if mean > MEAN_LIMIT or changed > CHANGED_LIMIT:
        got.save(tmp_path / "tables-projector.png")
    assert mean <= MEAN_LIMIT and changed <= CHANGED_LIMIT, (
        f"mean {mean:.2f} (limit {MEAN_LIMIT}), {changed:.2%} of pixels changed (limit {CHANGED_LIMIT:.1%});"
        f" the picture: {tmp_path / 'tables-projector.png'}")


PAGES = ["/events/1/tables", "/events/1/standings", "/events/1/players/1", "/events/2/tables", "/events/2/placings",
         "/events/2/players/1", "/events/3/", "/events/3/tables", "/events/3/placings", "/events/3/players/1",
         "/", "/leagues/1/", "/no/such/page", "/p/" + "A" * 27]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_axe_finds_nothing_on_these_pages_nor_on_the_error_pages(served, size):
    """axe-core at each size, and no page wider than the screen."""
    _, base, browser = served
    width, height, query = SIZES[size]
    page = browser.context(width, height)
    try:
        script = axe_script()
        found = {}
        for path in PAGES + ["429"]:
            if path == "429":  # a link guessed too often: this address is out of tries
                for _ in range(5):  # the tries come back steadily (one each 3 s): one back by the time C is asked is spent again
                    page.open(base + "/")
                    page.js("Promise.all(Array.from({length: 25}, function (_, i) { return fetch('/p/' + 'B'.repeat(26) + (i % 10)); }))"
                            ".then(function () { return true; })")
                    page.open(base + "/p/" + "C" * 27)
                    if page.js("document.querySelector('h1').textContent") == "Too many tries":
                        break
                assert page.js("document.querySelector('h1').textContent") == "Too many tries"
            else:
                page.open(base + path + ("" if path.startswith(("/p/", "/no/")) else query))
            assert page.js("document.documentElement.lang") == "en"
            if page.js("document.documentElement.scrollWidth > window.innerWidth"):  # the page never scrolls sideways
                found.setdefault(path, []).append("wider than the screen")
            violations = axe_violations(page, script)
            if violations:
                found[path] = violations
        assert found == {}
    finally:
        page.close()
