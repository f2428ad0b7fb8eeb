"""Names that fit their box on paper: measured with the bundled font's own
advance widths (WeasyPrint has no shrink-to-fit), shrunk down to a floor, then
wrapped onto a second line, never clipped. Pure arithmetic over the font's
metrics; fontTools comes with WeasyPrint."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from fontTools.ttLib import TTFont

from crib_tourney.render.templates import templates_dir

PT = 25.4 / 72  # millimetres in a point
FACES = {("condensed", False): "DejaVuSansCondensed.ttf", ("condensed", True): "DejaVuSansCondensed-Bold.ttf",
         ("sans", False): "DejaVuSans.ttf", ("sans", True): "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=None)
def _advances(face: str, bold: bool) -> tuple[dict[int, float], float]:
    """Each character's advance in ems, and a wide fallback for characters the face lacks."""
    font = TTFont(str(templates_dir() / "fonts" / FACES[(face, bold)]), lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {code: metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()}
    return widths, max(widths[ord("M")], widths[ord("W")])


def width(text: str, size_pt: float, face: str = "condensed", bold: bool = False) -> float:
    """The width of ``text`` in millimetres at ``size_pt`` (no kerning: DejaVu's is small)."""
    return _ems(text, face, bold) * size_pt * PT


@lru_cache(maxsize=1 << 16)
def _ems(text: str, face: str, bold: bool) -> float:
    """The width of ``text`` in ems, remembered: a printed list measures the same
    names, numbers and runs of spaces over and over (a sheet of standings, 50,000 times)."""
    widths, wide = _advances(face, bold)
    return sum(widths.get(ord(c), wide) for c in text)


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]  # one, or two when even the smallest size is too wide
    size: float  # points

    @property
    def style(self) -> str:
        return f"font-size:{self.size:.1f}pt"

    def height(self, line_height: float) -> float:
        """Millimetres the lines take at ``line_height`` (a multiple of the size)."""
        return len(self.lines) * self.size * line_height * PT


def fit(text: str, room_mm: float, size: float, smallest: float, face: str = "condensed", bold: bool = False,
        max_lines: int = 2) -> Fitted:
    """``text`` at ``size`` points if it fits ``room_mm``; else the size that fits,
    down to ``smallest``; else broken onto lines (at spaces, after a team's '&',
    or anywhere in an unbroken word) at the largest size, down to ``smallest``,
    at which every line fits. Never cut short: the last resort is the smallest
    size over ``max_lines`` or more lines."""
    natural = width(text, 1, face, bold)
    if natural * size <= room_mm:
        return Fitted((text,), size)
    if natural * smallest <= room_mm:
        return Fitted((text,), max(smallest, int(room_mm / natural * 10) / 10))
    step = size
    while step >= smallest - 1e-9:
        lines = _wrap(text, room_mm, step, face, bold)
        if len(lines) <= max_lines:
            return Fitted(tuple(lines), step)
        step = round(step - 0.5, 1)
    anywhere = _fill(text, room_mm, smallest, face, bold)  # whole words took too many lines: fill each line to its end
    if len(anywhere) <= max_lines:
        return Fitted(tuple(anywhere), smallest)
    return Fitted(tuple(_wrap(text, room_mm, smallest, face, bold)), smallest)


def _fill(text: str, room_mm: float, size: float, face: str, bold: bool) -> list[str]:
    """Lines filled to the room, broken between any two characters (the last
    resort before a third line: '<img src="file:///etc' / '/passwd">').

    >>> _fill("abcdef", width("abc", 8) + 0.01, 8, "condensed", False)
    ['abc', 'def']
    """
    lines = [""]
    for c in text:
        if lines[-1] and width(lines[-1] + c, size, face, bold) > room_mm:
            lines.append("")
        lines[-1] += c
    return [line.strip() for line in lines]


def _words(text: str) -> list[str]:
    """Words to break between: a namesake's '(ACC 90391)' stays whole."""
    return re.findall(r"\([^()]*\)|[^ ]+", text)


def _wrap(text: str, room_mm: float, size: float, face: str, bold: bool) -> list[str]:
    """Greedy lines of whole words; a word wider than the room is cut where it must be."""
    lines: list[str] = []
    current = ""
    for word in _words(text):
        candidate = f"{current} {word}" if current else word
        if width(candidate, size, face, bold) <= room_mm:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = ""
        while width(word, size, face, bold) > room_mm and len(word) > 1:
            cut = max(1, max(k for k in range(1, len(word) + 1) if width(word[:k], size, face, bold) <= room_mm or k == 1))
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines
