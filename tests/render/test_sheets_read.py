"""Issue 33's paper, read off the PDFs as a player reads them: words with their
boxes (pdftotext -bbox-layout) and, for what is drawn rather than written (the
cut line, the qualifiers' shading), the page as a picture (pdftoppm).

Partners scorecards of three teams keep their game lines inside the grid; the
standings' cut line runs between two rows, never through one, no page of
standings ends with a row or two alone, and nobody is shaded as a qualifier
before a game counts; the rulings sheet has a muggins column only with muggins
and lists the card disputes the director settled; the door sheet marks a part
payment; during the playoffs the table sheets seat the playoff matches; printed
lists sort by the folded name; the words and signs are render/terms.py's."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

from tests.render.test_print import pdf_text

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None,
                                reason="poppler-utils (pdftotext, pdftoppm) is not installed")

TEAMS = [("Margaret Kowalski", "Raymond Lindqvist"), ("Bartholomew Vandermeer-Ostrowski", "Wayne Okafor-Fitzgerald"),
         ("Ann Lee", "Bob Ray"), ("Cat Moss", "Dan Oak"), ("Eve Fox", "Fay Hill"), ("Łukasz Nowak", "Zoë Adams")]


@dataclass(frozen=True)
class Word:
    x0: float  # points from the page's left
    y0: float  # points from the page's top
    x1: float
    y1: float
    text: str

    @property
    def y(self) -> float:
        return (self.y0 + self.y1) / 2


def words(path: Path) -> list[list[Word]]:
    """Every page's words with their boxes, in points from the top left."""
    out = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], check=True, capture_output=True, text=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        pages.append([Word(float(a), float(b), float(c), float(d), unescape(t)) for a, b, c, d, t in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page)])
    return pages


def lines(page: list[Word]) -> list[list[Word]]:
    """A page's words grouped into lines (centres within 1.5 pt), top to bottom, left to right."""
    found: list[list[Word]] = []
    for w in sorted(page, key=lambda w: (w.y, w.x0)):
        if found and abs(found[-1][0].y - w.y) < 1.5:
            found[-1].append(w)
        else:
            found.append([w])
    return [sorted(line, key=lambda w: w.x0) for line in found]


def line_of(page: list[Word], text: str) -> list[Word]:
    """The one line of a page whose words spell ``text`` (spaces aside)."""
    hits = [line for line in lines(page) if text.replace(" ", "") in "".join(w.text for w in line)]
    assert len(hits) == 1, (text, len(hits))
    return hits[0]


def picture(path: Path, tmp_path: Path, page: int = 1, dpi: int = 144):  # type: ignore[no-untyped-def]
    """One page as an RGB image, and how many pixels a point is."""
    from PIL import Image

    stem = tmp_path / f"{path.stem}-p{page}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", "-png", str(path), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("RGB"), dpi / 72


def red_rows(image, scale: float) -> list[float]:  # type: ignore[no-untyped-def]
    """The y (points) of every pixel row that holds the cut line's red."""
    width, height = image.size
    pixels = image.load()
    return [y / scale for y in range(height)
            if sum(1 for x in range(0, width, 3) if (lambda p: p[0] > 140 and p[1] < 90 and p[2] < 90)(pixels[x, y])) > 20]


# --- partners scorecards: three teams of two ------------------------------------------

def test_partners_scorecards_of_three_teams_keep_every_line_inside_the_grid(cli, tmp_path):
    cli("new-event", "P6", "--variant", "partners", "--sides", "3", "--games", "3")
    for a, b in TEAMS:
        cli("enter", "P6", "--team", a, b, "--new")
    cli("round", "P6", "--all")
    tables = cli("round", "P6", "--show", "1", "--json").json()["tables"]
    cli("result", "P6", "--game", "1", "--table", "1", "121", "90", "60")
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "P6", "-o", out)
    cards = 0
    for page in words(out):
        for total in [w for w in page if w.text == "Totals"]:
            cards += 1
            heading = max((w for w in page if w.text == "GAME" and w.y1 < total.y0 and abs(w.x0 - total.x0) < 3), key=lambda w: w.y)
            foot = min((w for w in page if w.text == "Checked" and w.y0 > total.y1), key=lambda w: w.y)
            numbers = sorted((w for w in page if heading.y1 < w.y < total.y0 and abs(w.x0 - heading.x0) < 2), key=lambda w: w.y)
            assert [w.text for w in numbers] == ["1", "2", "3"]  # each game's label on its own line, none on the totals line
            rows = [numbers[1].y - numbers[0].y, numbers[2].y - numbers[1].y, total.y - numbers[2].y]
            assert max(rows) - min(rows) < 0.5, rows  # evenly spaced: the totals line is the grid's last row
            row = rows[0]
            opponents = [w for w in page if heading.y1 < w.y < foot.y0 and w.x0 > heading.x0 + 50 and w.x1 < total.x0 + 250
                         and not re.fullmatch(r"[\d+−\u2007]+", w.text) and w.x0 < heading.x0 + 480]
            for w in opponents:  # every opponent's word sits inside its game's row, none slides onto or past the totals
                assert any(abs(w.y - n.y) < row / 2 for n in numbers), (w, [n.y for n in numbers])
            in_rows = {k: {w.text for w in opponents if abs(w.y - n.y) < row / 2} for k, n in enumerate(numbers, 1)}
            assert all(len({x for x in texts if x == "&"}) == 1 for texts in in_rows.values())  # two teams a row
    assert cards == 6
    assert len({round(w.x0) for page in words(out) for w in page if w.text == "Totals"}) == 1  # names this long: one card across
    text = " ".join(pdf_text(out).split())
    first, second, third = tables[0]["players"]
    for a, b in (first, second), (first, third), (second, third):  # each opponent team whole, on a line of its own
        assert f"{b}" in text and f"{a}" in text
    assert "PLACE" in text and "W/L" not in text


def test_partners_scorecards_with_short_names_stay_two_across(cli, tmp_path):
    cli("new-event", "P6", "--variant", "partners", "--sides", "3", "--games", "3")
    for a, b in (("Ann", "Al"), ("Bea", "Bo"), ("Cy", "Cal"), ("Di", "Dan")):
        cli("enter", "P6", "--team", a, b, "--new")
    cli("round", "P6", "--all")
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "P6", "-o", out)
    [page] = words(out)
    lefts = sorted({round(w.x0) for w in page if w.text == "Totals"})
    assert len(lefts) == 2  # two cards across, as cards of two teams are
    assert sum(w.text == "Totals" for w in page) == 4


# --- standings --------------------------------------------------------------------

def test_the_cut_line_runs_between_two_rows(cli, tmp_path):
    players = [f"Player {c}" for c in "ABCDEFGHIJKLMNOP"]
    cli("new-event", "Cut", "--games", "1")
    cli("enter", "Cut", *players, "--new")
    cli("round", "Cut")
    for k, t in enumerate(cli("round", "Cut", "--show", "1", "--json").json()["tables"]):
        cli("result", "Cut", t["players"][0], 121, t["players"][1], 60 + 5 * k)
    out = tmp_path / "standings.pdf"
    cli("print", "standings", "Cut", "-o", out)
    rows = cli("standings", "Cut", "--json").json()["rows"]
    cut = int(re.search(r"the top (\d+) qualify", " ".join(pdf_text(out).split())).group(1))
    assert 0 < cut < len(rows)
    [page] = words(out)
    last, first_out = line_of(page, rows[cut - 1]["player"]), line_of(page, rows[cut]["player"])
    image, scale = picture(out, tmp_path)
    red = red_rows(image, scale)
    assert red, "no cut line drawn"
    above, below = max(w.y1 for w in last), min(w.y0 for w in first_out)
    assert above < min(red) and max(red) < below, (above, min(red), max(red), below)  # between the rows' text, touching neither
    assert max(red) - min(red) < 2  # one line


def test_a4_landscape_leaves_no_row_alone_and_nobody_qualifies_before_a_game_counts(cli, tmp_path):
    names = [f"Entrant {k:02d}" for k in range(43)] + ["Zoë Adams", "Łukasz Nowak"]
    cli("new-event", "Wide", "--games", "3")
    cli("enter", "Wide", *names, "--new")
    out = tmp_path / "wide.pdf"
    cli("print", "standings", "Wide", "-o", out, "--paper", "a4", "--landscape")
    pages = words(out)
    def ranked(page: list[Word]) -> list[list[Word]]:
        return [line for line in lines(page) if re.fullmatch(r"\d+=", line[0].text) and line[1].text in ("Entrant", "Zoë", "Łukasz")]

    counts = [len(ranked(page)) for page in pages]
    assert sum(counts) == 45 and len(counts) == 2
    assert min(counts) >= 8, counts  # once 43 + 2: the last page keeps at least eight rows
    text = " ".join(pdf_text(out).split())
    assert "will qualify (no game counts yet)" in text and "the top" not in text.split("will qualify")[1]
    assert "dashed line" not in text
    for page in (1, 2):  # no cut line, no qualifier's blue under the rows
        image, scale = picture(out, tmp_path, page)
        assert red_rows(image, scale) == []
        top = max(w.y1 for w in pages[page - 1] if w.text == "RANK") * scale + 2
        pixels = image.load()
        blue = sum(1 for y in range(int(top), image.size[1] - 60, 2) for x in range(40, image.size[0] - 40, 7)
                   if (lambda p: p[2] - p[0] > 8 and p[2] > 200)(pixels[x, y]))
        assert blue == 0, blue
    # the entry list's order is the folded name's: Łukasz before Zoë
    order = [line[1].text for page in pages for line in ranked(page)]
    assert order.index("Łukasz") < order.index("Zoë")


# --- rulings ----------------------------------------------------------------------

def test_rulings_sheet_muggins_only_with_muggins_and_settled_card_disputes(cli, tmp_path):
    for event, muggins in (("Plain", ()), ("Mugs", ("--muggins",))):
        cli("new-event", event, "--games", "1", *muggins)
        cli("enter", event, "Hal", "Flo", "Ann", "Bob", "--new")
        cli("round", event)
        cli("ruling", event, "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", "1", "--player", "Ann")
    tables = {tuple(t["players"]) for t in cli("round", "Plain", "--show", "1", "--json").json()["tables"]}
    (a, b), (c, d) = sorted(tables)
    cli("result", "Plain", a, 121, b, 100, "--card", a)  # both claim the win: a card dispute
    cli("result", "Plain", b, 121, a, 111, "--card", b)
    cli("result", "Plain", c, 121, d, 100)
    cli("check", "Plain", "--resolve")
    plain, mugs = tmp_path / "plain.pdf", tmp_path / "mugs.pdf"
    cli("print", "rulings", "Plain", "-o", plain)
    cli("print", "rulings", "Mugs", "-o", mugs)
    plain_text, mugs_text = " ".join(pdf_text(plain).split()), " ".join(pdf_text(mugs).split())
    assert "MUGGINS" not in plain_text and "no muggins" in plain_text
    assert "GAME PLAYER CARDS CLAIMED TRUE MUGGINS RULING" in mugs_text and "muggins played" in mugs_text
    assert "2 disputes · 1 ruled at the table · 1 card dispute settled" in plain_text
    assert "Card disputes settled" in plain_text and f"{a} v {b}" in plain_text
    assert f"{a}: 121–100" in plain_text and f"{b}: 111–121" in plain_text  # the cards handed in, in seat order
    assert "ACC 12.2" in plain_text
    assert "Card disputes settled" not in mugs_text and "1 dispute " in mugs_text + " "


# --- door sheet, table sheets, order and words ------------------------------------

def test_door_sheet_marks_a_part_payment_in_the_events_currency(cli, tmp_path):
    cli("new-event", "Door", "--games", "1", "--entry-fee", "20", "--currency", "€")
    cli("enter", "Door", "Zoë Adams", "Łukasz Nowak", "Ann Lee", "--new")
    cli("checkin", "Door", "Łukasz Nowak", "--amount", "10")
    cli("checkin", "Door", "Zoë Adams", "--paid")
    out = tmp_path / "door.pdf"
    cli("print", "checkin", "Door", "-o", out)
    [page] = words(out)
    name, paid, owes = line_of(page, "Łukasz Nowak"), line_of(page, "€10.00 of €20.00"), line_of(page, "owes €10.00")
    assert "".join(w.text for w in name) == "✓ŁukaszNowak"
    assert paid[0].y < name[0].y < owes[0].y  # the amount over the debt, beside the name in its row
    assert "".join(w.text for w in paid + owes) == "€10.00of€20.00owes€10.00"
    assert "".join(w.text for w in line_of(page, "Zoë Adams")) == "✓ZoëAdams€20.00"
    order = [line_of(page, n)[0].y for n in ("Ann Lee", "Łukasz Nowak", "Zoë Adams")]
    assert order == sorted(order)


def test_table_sheets_during_the_playoffs_seat_the_playoff_matches(cli, tmp_path):
    cli("new-event", "Cup", "--format", "single-elim")
    cli("enter", "Cup", "Zoë Adams", "Łukasz Nowak", "Ann Lee", "Bob Ray", "--new")
    cli("cut", "Cup")
    out = tmp_path / "tables.pdf"
    cli("print", "tables", "Cup", "-o", out)
    matches = [m for m in cli("bracket", "Cup", "--json").json()["rounds"][0]["matches"]]
    text = " ".join(pdf_text(out).split())
    assert "Cup: playoffs, semifinal" in text  # not the qualifying game before the cut
    assert "game None" not in text and "matches W1.1, W1.2" in text
    by_table, find = words(out)
    for m in matches:
        line = "".join(w.text for w in line_of(by_table, m["players"][0]))
        assert line == f"{m['table']}{m['players'][0]}{m['players'][1]}".replace(" ", "")
    middle = max(w.x1 for w in find) / 2  # find-your-table reads down the first column, then the second
    names = [w.text for w in sorted(find, key=lambda w: (w.x0 > middle, w.y)) if w.text in ("Ann", "Bob", "Łukasz", "Zoë")]
    assert names.index("Łukasz") < names.index("Zoë")
    for m in matches:
        for _ in range(2):
            cli("result", "Cup", m["players"][0], 121, m["players"][1], 99)
    final = cli("bracket", "Cup", "--json").json()["rounds"][1]["matches"][0]["players"]
    for _ in range(3):
        cli("result", "Cup", final[0], 121, final[1], 99)
    cli.fails("print", "tables", "Cup", "-o", tmp_path / "none.pdf", match=f"Cup has no tables to print: {final[0]} is the champion")


def test_words_and_signs_on_scorecards_and_table_sheets(cli, tmp_path):
    cli("new-event", "Signs", "--games", "2")
    cli("enter", "Signs", "Ann Lee", "Bob Ray", "Cat Moss", "--new")
    cli("round", "Signs", "--all")
    for g in (1, 2):
        for t in cli("round", "Signs", "--show", g, "--json").json()["tables"]:
            cli("result", "Signs", t["players"][0], 100, t["players"][1], 121, "--game", g)
    cards, tables = tmp_path / "cards.pdf", tmp_path / "tables.pdf"
    cli("print", "scorecards", "Signs", "-o", cards)
    cli("print", "tables", "Signs", "--game", "1", "-o", tables)
    card_text = pdf_text(cards)
    heading = next(line for line in card_text.splitlines() if "OPPONENT" in line)
    assert heading.split()[-6:] == ["GP", "PLUS", "MINUS", "GP", "SPREAD", "OPP."]
    # the game's GP and the running total GP told apart (issue 33): TOTALS over the running totals' boxes only
    page = words(cards)[0]
    for head in [w for w in page if w.text == "TOTALS"]:
        below = [w for w in page if 0 < w.y - head.y < 8 and w.text in ("GP", "PLUS", "MINUS", "SPREAD") and w.x0 < head.x1 + 40]
        row = sorted((w for w in below if abs(w.y - below[0].y) < 1), key=lambda w: w.x0)
        assert [w.text for w in row][-5:] == ["GP", "PLUS", "MINUS", "GP", "SPREAD"], row
        game_gp, total_gp, spread = row[-5], row[-2], row[-1]
        assert total_gp.x0 - 2 < (head.x0 + head.x1) / 2 < spread.x1 + 2 and head.x0 > row[-3].x1  # over GP and SPREAD
        assert head.y1 < total_gp.y0 and head.x0 > game_gp.x1
    assert len([w for w in page if w.text == "TOTALS"]) == len([w for w in page if w.text == "OPPONENT"]) > 0
    assert "TOT." not in card_text and "+/-" not in card_text
    assert "\u221221" in card_text and not re.search(r"(?<![\w])-21", card_text)  # a lost 100-121: the minus sign
    table_text = " ".join(pdf_text(tables).split())
    bye = cli("round", "Signs", "--show", "1", "--json").json()["bye"]
    assert f"bye: {bye}" in table_text and "sit out" not in table_text and "sits out" not in table_text


def test_a_score_on_the_rulings_sheet_never_breaks(cli, tmp_path):
    long = ["Al Bo Cy Di Ed Fu Gi Ho Iv Jo Ka Lu", "Ma Ne Ol Pi Qu Ra Si Tu Ul Va We Xi",
            "Yo Zu Ab Ba Ca Da Eb Fa Ga Ha Ib Ja", "Ke La Mo Na Ob Pa Ra Sa Ta Ub Va Wa"]  # many short words: every column squeezed
    cli("new-event", "Long", "--games", "2")  # settled before the last game: provisional, the longest "how"
    cli("enter", "Long", *long, "--new")
    cli("round", "Long")
    tables = [t["players"] for t in cli("round", "Long", "--show", "1", "--json").json()["tables"]]
    for a, b in tables:  # the loser's score differs on the two cards: card disputes, settled to one score
        cli("result", "Long", a, 121, b, 100, "--card", a)
        cli("result", "Long", a, 121, b, 105, "--card", b)
    cli("check", "Long", "--resolve")
    out = tmp_path / "rulings.pdf"
    cli("print", "rulings", "Long", "-o", out)
    texts = [w.text for page in words(out) for w in page]
    assert "Card disputes settled" in " ".join(texts)
    scores = [t for t in texts if "–" in t]
    assert scores and all(re.fullmatch(r"\d+–\d+", t) for t in scores), scores  # never "121–" over "100"
