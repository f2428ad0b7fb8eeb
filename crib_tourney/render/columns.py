"""Columns of text without table cells: a line of a printed list is ONE run of
text whose columns are placed by spaces of known widths.

WeasyPrint spends about 2 ms of CPU on every box it lays out and draws (a table
cell, a span, a div); a page of 60 standings rows as a table of 600 cells cost
0.9 s. Pango draws a line of plain text for about 1 ms whatever it holds. So a
row here is one line: its texts are measured with the bundled font's advances
(render/fit.py, kerning and ligatures off in the CSS so the sums are exact) and
each is pushed to its column by em spaces and a few narrower ones (en, plain,
four-per-em, thin, six-per-em and hair spaces: the sums of up to five of them
step by about a hundredth of an em): right-aligned numbers land within a few
hundredths of a millimetre of their edge (0.06 mm in 99 gaps of 100, never past it). Stripes, the cut line and the like are one
background picture per page (an SVG, like the scorecard's grid).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Sequence
from urllib.parse import quote

from crib_tourney.render.fit import PT as PT_MM, width

# Every space a face has, widest first: the em and en spaces carry a gap's bulk
# (a line is drawn glyph by glyph, about 5 us each, and spaces were three in four
# of a standings line's glyphs), the narrower ones its last fraction of a millimetre.
SPACES = ("\u2003", "\u2002", " ", "\u2005", "\u2009", "\u2006", "\u200a")  # em, en, space, 1/4, thin, 1/6, hair
FILLERS = 5  # the most narrow spaces after the em spaces


@dataclass(frozen=True)
class Column:
    edge: float  # mm from the line's start: the left edge (align "left") or the right edge ("right")
    align: str = "right"


def spaces(gap_mm: float, size: float, face: str = "condensed", bold: bool = False) -> str:
    """Spaces as close to ``gap_mm`` as they can come without being wider: em
    spaces, then the best of a few narrower ones (within about a hundredth of an
    em), found in a table of their sums."""
    em = width(SPACES[0], 1.0, face, bold) / PT_MM
    sums, texts = _fillers(face, bold)
    gap = (gap_mm + 1e-6) / size / PT_MM  # in ems of this face's em-space ruler
    best = ""
    left_best = gap + 1
    whole = int(gap // em)
    for ems in range(whole, max(-1, whole - 2), -1):
        rest = gap - ems * em
        k = bisect_right(sums, rest) - 1
        if rest - sums[k] < left_best - 1e-9:
            left_best, best = rest - sums[k], SPACES[0] * ems + texts[k]
    return best


@lru_cache(maxsize=None)
def _fillers(face: str, bold: bool) -> tuple[list[float], list[str]]:
    """Every sum of up to FILLERS spaces narrower than the em space, in ems of a
    1 pt size (fewest glyphs for each sum), sorted."""
    narrow = SPACES[1:]
    found: dict[float, str] = {}
    for count in range(FILLERS + 1):
        for combination in combinations_with_replacement(narrow, count):
            text = "".join(combination)
            found.setdefault(round(width(text, 1.0, face, bold) / PT_MM, 9), text)
    ordered = sorted(found.items())
    return [s for s, _ in ordered], [t for _, t in ordered]


def line(cells: list[tuple[str, Column]], size: float, face: str = "condensed", bold: bool = False) -> str:
    """The cells as one line of text, each at its column (in order, left to right).
    A cell that would overlap the one before it is separated by one space."""
    out: list[str] = []
    at = 0.0
    for text, column in cells:
        wide = width(text, size, face, bold)
        start = column.edge - wide if column.align == "right" else column.edge
        gap = start - at
        if gap < 0 and out:
            gap = width(" ", size, face, bold)
        pad = spaces(max(0.0, gap), size, face, bold)
        out.append(pad + text)
        at += width(pad, size, face, bold) + wide
    return "".join(out)


def stripes_svg(width_mm: float, bands: Sequence[tuple[float, float, str]],
                rules: Sequence[tuple[float, str, float, bool]] = ()) -> str:
    """A background picture: filled bands (top, height, colour) and horizontal
    rules (y, colour, width in pt, dashed), as a data: URL; one path per colour
    (WeasyPrint draws an SVG node by node)."""
    height = max([t + h for t, h, _ in bands] + [y for y, *_ in rules] + [1.0])
    paths: dict[str, list[str]] = {}
    for t, h, colour in bands:
        paths.setdefault(colour, []).append(f"M0 {t:.2f}h{width_mm:.2f}v{h:.2f}h-{width_mm:.2f}z")
    shapes = "".join(f'<path fill="{colour}" d="{"".join(d)}"/>' for colour, d in paths.items())
    shapes += "".join(f'<path d="M0 {y:.2f}H{width_mm:.2f}" stroke="{c}" stroke-width="{pt * 25.4 / 72:.2f}"'
                      + (' stroke-dasharray="1.6 0.9"' if dashed else "") + "/>" for y, c, pt, dashed in rules)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_mm:.2f}mm" height="{height:.2f}mm" '
           f'viewBox="0 0 {width_mm:.2f} {height:.2f}">{shapes}</svg>')
    return "data:image/svg+xml," + quote(svg)
