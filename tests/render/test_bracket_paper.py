"""Issue 33's bracket on paper, read back from the PDF with the place and size of
each piece of text: names on the chart at 9 pt or more (a long name wraps onto a
second line, never shrinks), and byes printed as byes (the player and the word
bye on one line, no key or table, no slip, no 0-0, no game lines)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.render.test_print import pdf_text

LONG = "Maximilian Alexander Fitzgerald-Worthington"
NAMES = ["Dale Bergstrom", "Judy McAllister", "Bev Hendricks", "Glen Sweeney", "Sandra Moreau", "Margaret Kowalski-Lindqvist",
         "Lorraine Trudeau", "Vernon Whitfield", LONG, "Anna Lee", "Bob Ray", "Cat Moss"]


def pieces(path: Path) -> list[tuple[float, float, float, str]]:
    """(size in points, x, y, text) of every piece of text of the first page, one line each."""
    found: list[tuple[float, float, float, str]] = []

    def visit(text, cm, tm, font, size):  # type: ignore[no-untyped-def]
        scale = abs(tm[3] * cm[3]) or 1
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        for line in text.split("\n"):
            if line.strip():
                found.append((round(size * scale, 2), round(x, 1), round(y, 1), line.strip()))

    PdfReader(path).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.fixture
def twelve(cli):
    """Twelve played one game and all qualify: a bracket of 16, the top four seeds with byes."""
    cli("new-event", "Fall Classic", "--games", "1", "--best-of", "3", "--date", "2026-10-17")
    cli("enter", "Fall Classic", *NAMES, "--new")
    for n, table in enumerate(cli("round", "Fall Classic", "--json").json()["tables"]):
        cli("result", "Fall Classic", table["players"][0], "121", table["players"][1], str(80 + 3 * n))
    cli("cut", "Fall Classic", "--qualifiers", "12")
    return cli


def test_names_on_the_chart_are_9_pt_or_more_and_a_long_one_wraps(twelve, tmp_path):
    out = tmp_path / "bracket.pdf"
    twelve("print", "bracket", "Fall Classic", "-o", out)
    found = pieces(out)
    words = {w for name in NAMES for w in name.split()}
    drawn = [(size, text) for size, _, _, text in found if set(text.split()) & words]
    assert drawn and min(size for size, _ in drawn) >= 9.0, sorted(drawn)[:5]
    # the long name on two lines, one under the other, from the same left edge; nothing of it smaller
    first = next(p for p in found if p[3].endswith("Maximilian Alexander"))
    second = next(p for p in found if p[3] == "Fitzgerald-Worthington")
    assert first[0] == second[0] >= 9.0 and 9.0 <= first[2] - second[2] <= 1.8 * first[0]
    seed_x = next(p for p in found if p[2] == first[2] and p[3] == "9")[1]
    assert second[1] == seed_x  # the second line starts where the label does
    # every name is on the chart, whole, on its line(s)
    text = " ".join(p[3] for p in found)
    assert all(name in text for name in NAMES if name != LONG)


def test_byes_print_as_byes_on_the_chart_and_get_no_slip(twelve, tmp_path):
    rounds = twelve("bracket", "Fall Classic", "--json").json()["rounds"]
    byes = [m for m in rounds[0]["matches"] if any(m["bye"])]
    played = [m for m in rounds[0]["matches"] if not any(m["bye"])]
    assert len(byes) == 4 and len(played) == 4
    out = tmp_path / "bracket.pdf"
    twelve("print", "bracket", "Fall Classic", "-o", out)
    found = pieces(out)
    for m in byes:
        player = next(p for p in m["players"] if p)
        line = next(p for p in found if p[3] == player)
        # "bye" on the player's line (the same baseline, in the same column: placed after the name by spaces)
        assert any(p[3] == "bye" and abs(p[2] - line[2]) < 0.5 and abs(p[1] - line[1]) < 1 for p in found), player
        assert not any(p[3].startswith(m["key"]) for p in found)  # no key, no table: no match there
    keys = [p[3] for p in found if re.fullmatch(r"W1\.\d · t\d", p[3])]  # a match's key where its lines leave room
    assert set(keys) <= {f"{m['key']} · t{m['table']}" for m in played} and len(keys) >= 3, keys
    assert not any(p[3] in ("0", "0–0", "0-0") for p in found)  # nothing played: no games won drawn
    slips = tmp_path / "slips.pdf"
    twelve("print", "slips", "Fall Classic", "-o", slips)
    text = pdf_text(slips)
    assert text.count("Signatures") == 4 and "to be decided" not in text
    assert not any(next(p for p in m["players"] if p) in text for m in byes)
    for m in byes:  # the match slip of a bye: the player has a bye, no match, no game lines
        seed, player = next((s, p) for s, p in zip(m["seeds"], m["players"]) if p)
        assert twelve("match", "Fall Classic", m["key"]).stdout == (
            f"Fall Classic, round 1 ({m['key']}): ({seed}) {player} has a bye, no match to play\n")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_chart_is_drawn_with_lines(twelve, tmp_path):
    """The chart as an image: its lines (borders, no SVG) are drawn, dark on white, across the page."""
    from PIL import Image

    out = tmp_path / "bracket.pdf"
    twelve("print", "bracket", "Fall Classic", "-o", out)
    subprocess.run(["pdftoppm", "-r", "50", "-gray", "-png", str(out), str(tmp_path / "page")], check=True)
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    width, height = image.size
    dark_columns = {x for x in range(width) for y in range(height // 4, height * 3 // 4, 2) if image.getpixel((x, y)) < 100}
    # the rounds' connectors stand at four places across the page (round 1 to the final), the champion's line after
    runs = sorted(dark_columns)
    assert runs and runs[-1] - runs[0] > width * 0.6


def test_round_ones_real_matches_sit_at_tables_1_to_4(twelve, tmp_path):
    """Review item 1: byes take no table, so the four matches of round 1 are at
    tables 1-4 (not 2, 4, 6 and 8) in `bracket --json`, on the chart and on the slips."""
    first = twelve("bracket", "Fall Classic", "--json").json()["rounds"][0]["matches"]
    assert [m["table"] for m in first if any(m["bye"])] == [None] * 4
    played = [m for m in first if not any(m["bye"])]
    assert [m["table"] for m in played] == [1, 2, 3, 4]
    out = tmp_path / "bracket.pdf"
    twelve("print", "bracket", "Fall Classic", "-o", out)
    keys = {p[3] for p in pieces(out) if re.fullmatch(r"W1\.\d · t\d", p[3])}
    assert keys <= {f"{m['key']} · t{n}" for n, m in enumerate(played, 1)} and len(keys) >= 3, keys
    slips = tmp_path / "slips.pdf"
    twelve("print", "slips", "Fall Classic", "-o", slips)
    assert re.findall(r"TABLE\s+(\d+)", pdf_text(slips).upper()) == ["1", "2", "3", "4"]
