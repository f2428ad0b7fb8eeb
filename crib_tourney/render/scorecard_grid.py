"""The ruled grid of a scorecard, drawn once as an SVG and laid under every card.

A scorecard's game lines used to be table rows of six cells; WeasyPrint lays out
and draws every cell and border, which made a 128-page run of cards cost 0.3 s
of CPU a page. Here a game is two lines of text (game, table and opponent at the
left; the three numbers at the right, right-aligned by figure spaces, which
DejaVu Sans draws as wide as a digit) over this one picture of all the rules and
boxes, which WeasyPrint reads once per document.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

PT = 25.4 / 72  # millimetres in a point
FONT_PT = 8.5  # the game lines' size
DIGIT_EM = 1303 / 2048  # DejaVu Sans: every digit and the figure space U+2007 are this wide
BOX_DIGITS = 6  # a box holds five digits and one digit of space at its right
FIGURE = "\u2007"
INK, RULE = "#1b1f24", "#c9d0d8"


@dataclass(frozen=True)
class Grid:
    width: float  # mm, the card's text width
    games: int
    row: float  # mm, one game line
    head: float = 5.0  # mm, the column headings

    @property
    def box(self) -> float:
        return BOX_DIGITS * DIGIT_EM * FONT_PT * PT

    @property
    def boxes_left(self) -> float:
        return self.width - 3 * self.box

    @property
    def height(self) -> float:
        return self.head + (self.games + 1) * self.row

    def svg_url(self) -> str:
        w, x0, box = self.width, self.boxes_left, self.box
        bottom = self.height
        lines = [(0, self.head, w, self.head, INK, 1.0)]
        for k in range(1, self.games + 1):
            y = self.head + k * self.row
            lines += [(0, y, x0, y, RULE, 0.4), (x0, y, w, y, INK, 0.6)]
        totals = self.head + self.games * self.row
        lines += [(x0, totals, w, totals, INK, 1.2), (x0, bottom, w, bottom, INK, 0.6)]
        lines += [(x, self.head, x, bottom, INK, 0.6) for x in (x0, x0 + box, x0 + 2 * box, w - 0.1)]
        paths = "".join(f'<path d="M{a:.2f} {b:.2f}L{c:.2f} {d:.2f}" stroke="{colour}" stroke-width="{pt * PT:.3f}"/>'
                        for a, b, c, d, colour, pt in lines)
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2f}mm" height="{bottom:.2f}mm" '
               f'viewBox="0 0 {w:.2f} {bottom:.2f}">{paths}</svg>')
        return "data:image/svg+xml," + quote(svg)

    def numbers(self, *values: object) -> str:
        """The three numbers of a line, each right-aligned in its box."""
        return "".join(("" if v is None else str(v)).rjust(BOX_DIGITS - 1).replace(" ", FIGURE) + FIGURE for v in values)
