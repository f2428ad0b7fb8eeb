"""The ruled grid of a scorecard, drawn once as an SVG and laid under every card.

A scorecard's game lines used to be table rows of a dozen bordered cells;
WeasyPrint lays out and draws every cell and border, which made a 128-page run
of cards cost 0.3 s of CPU a page. Here a game is two lines of text (game, table,
W/L and opponent at the left; the numbers at the right, each right-aligned in its
box by figure spaces, which DejaVu Sans draws as wide as a digit) over this one
picture of all the rules and boxes, which WeasyPrint reads once per document.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from crib_tourney.render.columns import Column, line
from crib_tourney.render.fit import width

PT = 25.4 / 72  # millimetres in a point
FONT_PT = 8.0  # the game lines' size
HEAD_PT = 5.5  # the column headings'
DIGIT_EM = 1303 / 2048  # DejaVu Sans: every digit and the figure space U+2007 are this wide
FIGURE = "\u2007"
INK, RULE = "#1b1f24", "#c9d0d8"
# The boxes at the right of each game line: heading and width in digits (one of them
# space); the last, for the opponent's initials, is left blank for his hand.
# The running totals are headed in the words of the standings (render/terms.py): GP and spread,
# under one heading TOTALS over both boxes (a line above), so the game's GP and the total GP
# are told apart.
BOXES = (("GP", 3), ("PLUS", 4), ("MINUS", 4), ("GP", 4), ("SPREAD", 5), ("OPP.", 5))  # the 2nd GP and SPREAD: running totals
TOTALS = ("TOTALS", 3, 4)  # the heading over the running totals, and the first and last of its boxes


@dataclass(frozen=True)
class Grid:
    width: float  # mm, the card's text width
    games: int
    row: float  # mm, one game line
    head: float = 5.5  # mm, the column headings

    @property
    def digit(self) -> float:
        return DIGIT_EM * FONT_PT * PT

    @property
    def edges(self) -> list[float]:
        """x of every box's left edge, and of the last box's right edge."""
        x = self.width - sum(d for _, d in BOXES) * self.digit
        edges = [x]
        for _, digits in BOXES:
            x += digits * self.digit
            edges.append(x)
        return edges

    @property
    def boxes_left(self) -> float:
        return self.edges[0]

    @property
    def numbers_right(self) -> float:
        """Where the numbers end: the initials box is left blank."""
        return self.width - BOXES[-1][1] * self.digit

    @property
    def headings(self) -> list[tuple[str, float, float]]:
        """(heading, left, width) of each box."""
        edges = self.edges
        return [(label, edges[k], edges[k + 1] - edges[k]) for k, (label, _) in enumerate(BOXES)]

    @property
    def height(self) -> float:
        return self.head + (self.games + 1) * self.row

    def heading_line(self, tab: float, result: str = "W/L") -> str:
        """The column headings as two lines of text (render/columns.py) for
        lines that start 1 mm in: TOTALS centred over the running totals' boxes,
        then game, table, the result (W/L; a table of three's PLACE) and
        opponent ``tab`` mm apart, each box's heading centred over its box."""

        cells = [(label, Column(k * tab, "left")) for k, label in enumerate(("GAME", "TABLE", result, "OPPONENT"))]
        cells += [(label, Column(x + w / 2 + width(label, HEAD_PT, "sans") / 2 - 1)) for label, x, w in self.headings]
        label, first, last = TOTALS
        middle = (self.edges[first] + self.edges[last + 1]) / 2
        over = line([(label, Column(middle + width(label, HEAD_PT, "sans") / 2 - 1))], HEAD_PT, "sans")
        return over + "\n" + line(cells, HEAD_PT, "sans")

    def svg_url(self) -> str:
        w, x0 = self.width, self.boxes_left
        bottom = self.height
        lines: list[tuple[float, float, float, float, str, float]] = [(0, self.head, w, self.head, INK, 1.0)]
        for k in range(1, self.games + 1):
            y = self.head + k * self.row
            lines += [(0, y, x0, y, RULE, 0.4), (x0, y, w, y, INK, 0.6)]
        totals = self.head + self.games * self.row
        lines += [(x0, totals, w, totals, INK, 1.2), (x0, bottom, w, bottom, INK, 0.6)]
        lines += [(min(x, w - 0.1), self.head, min(x, w - 0.1), bottom, INK, 0.6) for x in self.edges]
        strokes: dict[tuple[str, float], list[str]] = {}  # one path per pen: WeasyPrint draws an SVG node by node
        for a, b, c, d, colour, pt in lines:
            strokes.setdefault((colour, pt), []).append(f"M{a:.2f} {b:.2f}L{c:.2f} {d:.2f}")
        paths = "".join(f'<path d="{"".join(d)}" stroke="{colour}" stroke-width="{pt * PT:.3f}"/>'
                        for (colour, pt), d in strokes.items())
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2f}mm" height="{bottom:.2f}mm" '
               f'viewBox="0 0 {w:.2f} {bottom:.2f}">{paths}</svg>')
        return "data:image/svg+xml," + quote(svg)

    def numbers(self, *values: object) -> str:
        """The numbers of a line, each right-aligned in its box (the initials box excluded)."""
        return "".join(("" if v is None else str(v)).rjust(digits - 1).replace(" ", FIGURE) + FIGURE
                       for v, (_, digits) in zip(values, BOXES[:-1]))
