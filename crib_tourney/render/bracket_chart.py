"""The bracket as a chart: each player on a line, pairs joined on the right, the
winner's line running on into the next round. Lines are SVG; names are absolutely
placed HTML text (WeasyPrint lays SVG text out letter by letter, which reads back
badly from the PDF). Pure geometry, no I/O."""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from crib_tourney.render.fit import PT
from crib_tourney.render.fit import width as measure

WIDTH, HEIGHT = 255.0, 160.0  # millimetres of a landscape letter/A4 page body
SECTION = 32  # slots per page; bigger brackets split into sections plus a finals page


def _fit(text: str, width: float, size: float) -> float:
    """A font size (mm) at which ``text`` fits ``width`` mm: measured in the
    condensed bold face (the widest a name is drawn in)."""
    needed = measure(text, 1, bold=True) / PT * size
    return size if needed <= width else max(1.6, size * width / needed)


def chart(columns: list[list[dict[str, Any]]], champion: str | None, show_champion: bool, names: list[str] | None = None) -> str:
    """Columns of matches (first round first); each match has seeds, players,
    wins, winner and bye flags as bracket_json gives them. ``names`` head the
    columns (Quarterfinal, ...); each match is marked with the key the CLI uses
    and its table (W1.3 · t3) where there is room between its two lines."""
    n = len(columns[0])
    col_w = WIDTH / (len(columns) + (1 if show_champion else 0))
    base = min(3.4, HEIGHT / (n * 2) * 0.62)
    lines, texts = [], []
    for r, matches in enumerate(columns):
        count = len(matches)
        x0, x1 = r * col_w, (r + 1) * col_w
        if names and r < len(names):
            texts.append(f'<div class="bk-t bk-round" style="left:{x0 + 1:.2f}mm; top:-5mm">{escape(names[r])}</div>')
        for m, match in enumerate(matches):
            centre = (m + 0.5) * HEIGHT / count
            d = HEIGHT / (count * 4)
            for i, y in enumerate((centre - d, centre + d)):
                lines.append(f'<path d="M{x0:.2f} {y:.2f} H{x1:.2f}"/>')
                texts.append(_slot_text(match, i, x0, x1, y, base))
            lines.append(f'<path d="M{x1:.2f} {centre - d:.2f} V{centre + d:.2f}"/>')
            if 2 * d - base * 1.3 > 2.4 and not all(match["bye"]):  # room for the key between the two lines
                mark = f"{match['key']} · t{match['table']}" if match.get("table") else match["key"]
                texts.append(f'<div class="bk-t bk-key" style="left:{x0 + 1:.2f}mm; top:{centre - d + 0.4:.2f}mm">'
                             f'{escape(mark)}</div>')
    if show_champion:
        x0 = len(columns) * col_w
        y = HEIGHT / 2
        lines.append(f'<path d="M{x0:.2f} {y:.2f} H{WIDTH:.2f}" stroke-width="0.6"/>')
        label = champion or ""
        size = _fit(label, col_w - 2, base * 1.3)
        texts.append(_label(x0 + 1, y, size, escape(label), "bold"))
        texts.append(f'<div class="bk-t bk-champ" style="left:{x0 + 1:.2f}mm; top:{y + 0.8:.2f}mm">CHAMPION</div>')
    svg = (f'<svg class="bk-lines" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="{WIDTH}mm" height="{HEIGHT}mm"><g stroke="#1b1f24" stroke-width="0.3" fill="none">'
           + "".join(lines) + "</g></svg>")
    return f'<div class="bk" style="width:{WIDTH}mm; height:{HEIGHT}mm">{svg}{"".join(texts)}</div>'


def _label(x: float, baseline: float, size: float, html: str, weight: str = "normal") -> str:
    """Text sitting on a line: the box's bottom edge is just above the line."""
    top = baseline - size * 1.25 - 0.3
    return (f'<div class="bk-t" style="left:{x:.2f}mm; top:{top:.2f}mm; font-size:{size:.2f}mm; '
            f'font-weight:{weight}">{html}</div>')


def _slot_text(match: dict[str, Any], i: int, x0: float, x1: float, y: float, base: float) -> str:
    player = match["players"][i]
    if player is None:
        if match["bye"][i]:
            return _label(x0 + 1, y, base * 0.85, '<span class="bk-bye">bye</span>')
        return ""
    seed = match["seeds"][i]
    wins = "" if any(match["bye"]) or not match["games"] else str(match["wins"][i])
    gone = bool((match.get("withdrawn") or [False, False])[i])  # marked as `bracket` and its JSON mark him
    label = (f"{seed} " if seed else "") + player + (" (withdrawn)" if gone else "")
    room = x1 - x0 - 2 - (4 if wins else 0)
    size = _fit(label, room, base)
    weight = "bold" if match["winner"] == player else "normal"
    seed_html = f'<span class="bk-seed">{seed}</span> ' if seed else ""
    gone_html = ' <span class="bk-gone">(withdrawn)</span>' if gone else ""
    out = _label(x0 + 1, y, size, seed_html + escape(player) + gone_html, weight)
    if wins:
        out += (f'<div class="bk-t bk-wins" style="left:{x1 - 5:.2f}mm; top:{y - base * 1.25 - 0.3:.2f}mm; '
                f'font-size:{base:.2f}mm; font-weight:{weight}">{wins}</div>')
    return out


def pages(rounds: Sequence[Mapping[str, Any]], champion: str | None, champion_column: bool = True) -> list[tuple[str, str]]:
    """(title, chart) per page: the whole bracket up to 32 slots, else one page per
    32-slot section and a last page for the rounds between the section winners.
    ``champion_column`` is off when the winners' bracket feeds a grand final."""
    winners = [r["matches"] for r in rounds if r.get("bracket", "W") == "W"]
    names = [r.get("name", "") for r in rounds if r.get("bracket", "W") == "W"]
    slots = len(winners[0]) * 2
    if slots <= SECTION:
        return [("", chart(winners, champion, champion_column, names))]
    per_section = SECTION // 2
    sections = len(winners[0]) // per_section
    depth = SECTION.bit_length() - 1  # rounds inside a section
    out = []
    for s in range(sections):
        columns = [col[s * len(col) // sections:(s + 1) * len(col) // sections] for col in winners[:depth]]
        out.append((f"section {s + 1} of {sections}", chart(columns, None, False, names[:depth])))
    out.append(("final rounds", chart(winners[depth:], champion, champion_column, names[depth:])))
    return out
