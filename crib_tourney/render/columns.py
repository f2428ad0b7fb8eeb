"""Columns of text without table cells: a line of a printed list is ONE run of
text whose columns are placed by spaces of known widths.

WeasyPrint spends about 2 ms of CPU on every box it lays out and draws (a table
cell, a span, a div); a page of 60 standings rows as a table of 600 cells cost
0.9 s. Pango draws a line of plain text for about 1 ms whatever it holds. So a
row here is one line: its texts are measured with the bundled font's advances
(render/fit.py, kerning and ligatures off in the CSS so the sums are exact) and
each is pushed to its column by plain, thin and hair spaces (0.29, 0.18 and
0.09 em in DejaVu Sans Condensed): right-aligned numbers land within a tenth
of a millimetre of their edge. Stripes, the cut line and the like are one
background picture per page (an SVG, like the scorecard's grid).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Sequence
from urllib.parse import quote

from crib_tourney.render.fit import width

SPACES = (" ", "\u2009", "\u200a")  # space, thin, hair space: widest first (Pango shapes plain spaces fastest)


@dataclass(frozen=True)
class Column:
    edge: float  # mm from the line's start: the left edge (align "left") or the right edge ("right")
    align: str = "right"


def spaces(gap_mm: float, size: float, face: str = "condensed", bold: bool = False) -> str:
    """Spaces as close to ``gap_mm`` as the hair space allows (never wider)."""
    out = []
    left = gap_mm
    for space in SPACES:
        step = width(space, size, face, bold)
        count = int((left + 1e-6) // step)
        out.append(space * max(0, count))
        left -= max(0, count) * step
    return "".join(out)


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


def left_cells(cells: Sequence[tuple[str, float, float | None]], size: float, face: str = "condensed",
               bold: bool = False) -> str:
    """One line of HTML (escaped here): each text starts at its left edge (mm);
    a text given its own size (it would not fit at the line's) is the only
    element on the line, a span."""
    out = []
    at = 0.0
    for text, edge, own in cells:
        gap = edge - at
        pad = spaces(max(0.0, gap), size, face, bold) if at or gap > 0 else ""
        if gap < 0 and at:
            pad = " "
        shown = escape(text) if own is None else f'<span style="font-size:{own:.1f}pt">{escape(text)}</span>'
        out.append(pad + shown)
        at += width(pad, size, face, bold) + width(text, own or size, face, bold)
    return "".join(out)
