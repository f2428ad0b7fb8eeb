"""Columns set by spaces (render/columns.py): the spaces come as close to each
gap as they can without passing it, in few glyphs, and on paper the numbers of a
column share their right edge."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.render.columns import SPACES, spaces
from crib_tourney.render.fit import PT, width

FACES = [("condensed", False), ("condensed", True), ("sans", False), ("sans", True)]


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 250), st.sampled_from([5.5, 6.5, 8, 8.5, 14]), st.sampled_from(FACES))
def test_spaces_fill_a_gap_closely_and_never_past_it(gap, size, face):
    text = spaces(gap, size, *face)
    assert set(text) <= set(SPACES)
    wide = width(text, size, *face)
    assert wide <= gap + 1e-6
    hair = width("\u200a", size, *face)
    # past the first em space the narrow ones step by about a hundredth of an em
    limit = 0.03 * size * PT if gap >= width("\u2003", size, *face) else hair
    assert gap - wide < limit


def test_a_wide_gap_takes_few_glyphs():
    """A line is drawn glyph by glyph: the gap between a name and the first
    number (100 mm) is about 37 em spaces and a few narrow ones, not 117 spaces."""
    text = spaces(100, 8.5)
    assert len(text) <= 100 / width("\u2003", 8.5) + 5


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs pdftotext (poppler-utils)")
def test_numbers_of_a_column_share_their_right_edge_on_paper(tmp_path):
    from crib_tourney.render import documents
    from crib_tourney.render.pdf import render_pages

    first = ["Al", "Margaret", "Bartholomew", "Li", "Zoë", "Wayne", "Ngozi", "Jean-Luc"]
    last = ["Novak", "Vandermeer-Ostrowski", "O", "Lachance", "Kowalski", "Fitzgerald-Smythe", "Xu"]
    rows = [{"rank": i + 1, "tied": False, "player": f"{first[i % 8]} {last[(i * 3) % 7]}", "withdrawn": False,
             "game_points": 40 - i // 3, "wins": 20 - i // 5, "losses": i // 5, "spread": 411 - 17 * i,
             "plus": 190 + 13 * i, "minus": 7 * i, "skunks": i % 11, "skunks_taken": i % 4} for i in range(110)]
    event = {"name": "Edges Open", "date": "2026-10-17", "location": "Elm Hall", "games": 22, "win_points": 2,
             "skunk_points": 3, "skunk_margin": 31, "double_skunk_points": 4, "muggins": False, "team_size": 1, "sides": 2}
    [html] = documents.standings({"event": event, "rows": rows, "cut": 16, "qr": None}, "letter", False)
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(render_pages(html)[0])
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    lines: defaultdict[tuple[int, float], list[tuple[float, float, str]]] = defaultdict(list)
    for page, text in enumerate(boxes.split("<page ")[1:]):
        for x_min, y, x_max, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', text):
            lines[page, float(y)].append((float(x_min), float(x_max), word))
    rows_seen = [sorted(words) for words in lines.values() if sorted(words)[0][2].isdigit() and len(words) >= 10]
    assert len(rows_seen) == len(rows)  # each row one line: its rank, its name, its eight numbers
    columns = zip(*[[x_max * 25.4 / 72 for _, x_max, _ in words[-8:]] for words in rows_seen])
    for edges in columns:  # GP, W, L, spread, plus, minus, skunks, skunked
        assert max(edges) - min(edges) < 0.1  # mm
