"""The live view at the room's sizes in a real browser (headless Chromium against
`crib-tourney serve`): the bracket chart scales to the width, a player's scores
stay on one line on a phone, the player's summary says where he stands before
the cut, and pictures of pages compared with committed references."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.web.browser import find_chromium, served_with_browser

CHROMIUM = find_chromium()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")]

FIRST = ["Margaret", "Raymond", "Janet", "Russell", "Lloyd", "Bonnie", "Clifford", "Stanley", "Patricia", "Wayne"]
LAST = ["Kowalski", "Lindqvist", "Novak", "Johansson", "Lachance"]
NAMES = [f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]}{'' if i < 10 else ' Jr'}" for i in range(20)]



def _play_round(cli: Cli, event: str) -> None:
    for n, table in enumerate(cli("round", event, "--json").json()["tables"]):
        cli("result", event, table["players"][0], "121", table["players"][1], str(80 + 3 * n))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Event 1 "Big Cup": 20 players, one game, cut to a bracket of 16 with the first
    round's first match played; event 2 "Club Night": 8 players at game 1 of 3
    (results in, no cut yet). Fixed names and dates: the pictures depend on them."""
    tmp = tmp_path_factory.mktemp("screens")
    cli = Cli(tmp / "screens.db")
    cli("new-event", "Big Cup", "--date", "2026-10-17", "--location", "Elm Hall", "--games", "1", "--best-of", "3")
    cli("enter", "Big Cup", *NAMES, "--new")
    _play_round(cli, "Big Cup")
    cli("cut", "Big Cup", "--qualifiers", "16")
    first = cli("bracket", "Big Cup", "--json").json()["rounds"][0]["matches"][0]["players"]
    cli("result", "Big Cup", first[0], "121", first[1], "118")
    cli("result", "Big Cup", first[1], "121", first[0], "109")
    cli("new-event", "Club Night", "--date", "2026-10-24", "--location", "Elm Hall", "--games", "3")
    cli("enter", "Club Night", *NAMES[:8])
    _play_round(cli, "Club Night")
    with served_with_browser(cli.db) as (base, browser):
        yield cli, base, browser, first


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "desktop"])
def test_the_bracket_chart_scales_to_the_width(served, size):
    """The chart as printed is drawn on the overview (the bracket page shows the rounds, and the chart as its PDF)."""
    _, base, browser, _ = served
    page = browser.context(*size)
    try:
        page.open(base + "/events/1/bracket")
        rounds = page.js("Array.prototype.map.call(document.querySelectorAll('#rounds a'), function (a) { return [a.textContent, a.getAttribute('href')]; })")
        page.open(base + "/events/1/")
        assert page.js("document.querySelectorAll('.chart .bk').length") == 1  # 16 players: one drawing
        assert page.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth") is True
        # the drawing itself takes the width: nothing in it scrolls sideways or sticks out (its lines are borders: no SVG)
        fit = page.js("(function () { var c = document.querySelector('.chart'), b = c.querySelector('.bk').getBoundingClientRect(),"
                      " r = c.getBoundingClientRect(); return [c.scrollWidth <= c.clientWidth, b.width <= r.width + 0.5,"
                      " b.width >= r.width - 0.5, c.querySelector('.bk-body').getBoundingClientRect().width <= r.width + 0.5]; })()")
        assert fit == [True, True, True, True]
        # the names stay in their columns: each label inside the drawing
        outside = page.js("(function () { var b = document.querySelector('.chart .bk').getBoundingClientRect();"
                          " return Array.prototype.filter.call(document.querySelectorAll('.chart .bk-t'), function (t) {"
                          " var r = t.getBoundingClientRect(); return r.right > b.right + 1 || r.left < b.left - 1; }).length; })()")
        assert outside == 0
        # the chart's names link to their player pages, as the bracket page's rounds do
        chart = page.js("Array.prototype.map.call(document.querySelectorAll('.chart .bk-t a'), function (a) { return [a.textContent, a.getAttribute('href')]; })")
        assert len(chart) == 16 and sorted(map(tuple, chart)) == sorted(set(map(tuple, rounds)))
    finally:
        page.close()


def _player_href(page, name: str) -> str:  # type: ignore[no-untyped-def]
    return page.js("Array.prototype.filter.call(document.querySelectorAll('#rounds a'), function (a) {"
                   f" return a.textContent === {name!r}; }})[0].getAttribute('href')")


ONE_LINE = """Array.prototype.map.call(document.querySelectorAll('%s'), function (cell) {
  var range = document.createRange(); range.selectNodeContents(cell);
  var line = parseFloat(getComputedStyle(cell).lineHeight), height = range.getBoundingClientRect().height;
  return [cell.textContent.trim(), height <= line * 1.2]; })"""


def test_a_players_scores_stay_on_one_line_on_a_phone(served):
    _, base, browser, first = served
    page = browser.context(390, 844)
    try:
        page.open(base + "/events/1/bracket")
        page.open(base + _player_href(page, first[0]))
        assert page.js("document.querySelector('h1').textContent") == first[0]
        cells = page.js(ONE_LINE % "#games td.score, #playoff-games td.score, #playoff-games .game-score")
        texts = [text for text, _ in cells]
        assert "121–80" in texts and "121–118," in texts and "109–121" in texts  # three-digit scores, playoff games
        assert [text for text, one in cells if not one] == []
        # and on one line without the page scrolling sideways
        assert page.js("document.documentElement.scrollWidth <= document.documentElement.clientWidth") is True
    finally:
        page.close()


def test_the_player_summary_says_where_he_stands_before_the_cut_and_his_seed_after(served):
    cli, base, browser, first = served
    rows = cli("standings", "Club Night", "--json").json()["rows"]
    page = browser.context(390, 844)
    try:
        page.open(base + "/events/2/standings")
        assert page.js("document.getElementById('legend').textContent").endswith("top 2 qualify")
        summaries = {}
        for place in (1, 2, 3, 8):  # both sides of the standings' dashed line
            href = page.js(f"document.querySelectorAll('#main tbody tr:not(.cut-line)')[{place - 1}].querySelector('a').getAttribute('href')")
            page.open(base + href)
            summaries[place] = page.js("document.getElementById('summary').textContent")
            page.open(base + "/events/2/standings")
        for place, summary in summaries.items():
            row = rows[place - 1]
            rank = f"{row['rank']}{'=' if row['tied'] else ''}"
            where = "inside" if place <= 2 else "outside"
            assert summary.startswith(f"Rank {rank} of 8") and summary.endswith(f" · {where} the cut (top 2 qualify)"), summary
        # after the cut: the seed, or did not qualify
        page.open(base + "/events/1/bracket")
        page.open(base + _player_href(page, first[0]))
        assert page.js("document.getElementById('summary').textContent").endswith(" · seed 1")
    finally:
        page.close()


REFERENCE = Path(__file__).parent / "reference"
PICTURES = {"standings-phone": ("/events/2/standings", 390, 844), "standings-projector": ("/events/2/standings?screen=1", 1920, 1080),
            "tables-desktop": ("/events/2/tables", 1366, 900)}
FREEZE = ("var s = document.createElement('style'); s.textContent = '.stamp { visibility: hidden !important; }"
          " *, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }';"
          " document.head.appendChild(s); if (document.activeElement) document.activeElement.blur(); window.scrollTo(0, 0); true")


def _renderer() -> str:
    """What draws the pictures: Chromium's major version and the font system-ui falls
    to (a browser's text differs from one release or font to the next, a layout
    regression does not need either to show)."""
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout
    major = next((w.split(".")[0] for w in version.split() if w[:1].isdigit() and "." in w), "?")
    font = subprocess.run(["fc-match", "system-ui"], capture_output=True, text=True).stdout.strip() if shutil.which(
        "fc-match") else "?"
    return f"chromium {major}; system-ui: {font}"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_page_looks_as_its_reference(served, name, tmp_path):
    """A picture of the page (halved, greyscale) against the committed reference,
    with the PDF pictures' tolerance (tests/render/test_looks.py); the "updated"
    clock hidden, the rest fixed by the fixture. CRIB_UPDATE_REFERENCES=1 rewrites."""
    from PIL import Image, ImageChops

    from tests.render.test_looks import CHANGED_LIMIT, MEAN_LIMIT

    _, base, browser, _ = served
    path, width, height = PICTURES[name]
    page = browser.context(width, height)
    try:
        page.open(base + path)
        page.wait_for("document.fonts.status === 'loaded'")
        page.js(FREEZE)
        time.sleep(0.3)  # a frame or two for the style to apply
        page.screenshot(tmp_path / "shot.png")
    finally:
        page.close()
    shot = Image.open(tmp_path / "shot.png").convert("L")
    assert shot.size == (width, height)
    got = shot.reduce(2)
    reference = REFERENCE / f"{name}.png"
    drawn_by = REFERENCE / "RENDERER"
    if os.environ.get("CRIB_UPDATE_REFERENCES"):
        REFERENCE.mkdir(exist_ok=True)
        got.save(reference, optimize=True)
        drawn_by.write_text(_renderer() + "\n")
    if drawn_by.read_text().strip() != _renderer():
        pytest.skip(f"the references were drawn by {drawn_by.read_text().strip()}, this is {_renderer()}:"
                    " CRIB_UPDATE_REFERENCES=1 redraws them")
    want = Image.open(reference).convert("L")
    assert got.size == want.size, f"{name}: {got.size} against {want.size}"
    histogram = ImageChops.difference(got, want).histogram()
    pixels = got.size[0] * got.size[1]
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    changed = sum(histogram[64:]) / pixels
    if mean > MEAN_LIMIT or changed > CHANGED_LIMIT:
        got.save(tmp_path / f"{name}.png")  # to look at
    assert mean <= MEAN_LIMIT and changed <= CHANGED_LIMIT, (
        f"{name} differs from {reference.name}: mean {mean:.2f} (limit {MEAN_LIMIT}), "
        f"{changed:.2%} of pixels changed (limit {CHANGED_LIMIT:.1%}); the picture: {tmp_path / (name + '.png')}")
