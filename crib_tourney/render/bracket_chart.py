"""The bracket as a chart: each player on a line, pairs joined on the right, the
winner's line running on into the next round. Pure layout, no I/O.

Drawn with boxes, not coordinates: a round is a column of equal match boxes
(flex), a match is the box between its two players' lines, at a quarter and three
quarters of its height, drawn as its top, bottom and right borders; the next
round's lines then sit exactly at the centres of this round's boxes, so every
connector meets without a computed position. Names are text above their line,
wrapped (never shrunk) at 9 pt or more; the section size (slots a page) is the
largest at which every first-round name has the lines it needs. Every element
is styled by class (the sheet's CSS, and the web's for the overview page): a
page of 32 slots is about 200 elements, where one absolutely placed and inline
styled element a label and an SVG path a line cost the bracket sheet 2-4x any
other sheet a page (issue 31).

A bye is no match: the player's line runs straight through the first round into
the second, marked "bye", with no table, no key and no games won.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from crib_tourney.render.fit import PT, fit
from crib_tourney.render.terms import BYE

WIDTH, HEIGHT = 255.0, 160.0  # millimetres of a landscape letter/A4 page body (below the round headings)
SECTION = 32  # the most slots a page; bigger brackets split into sections plus a finals page
ROWS = 2 * SECTION  # rows of the placing grid: a quarter of a first-round match's box
LINE = 1.15  # a name's line height, a multiple of its size
KEY_MM = 1.9 * 1.25  # the key mark's line (W1.3 · t3)
WINS_MM = 5.0  # room kept at a line's right end for the games won


def name_size(pitch_mm: float, labels: Sequence[str] = (), room_mm: float = 0.0) -> float:
    """The names' size (points) for lines ``pitch_mm`` apart: 9 pt in a crowded
    chart, up to 11 pt where there is room, and no larger than lets every label
    stay on one line (a name wraps only where 9 pt does not fit it)."""
    size = 9.0 if pitch_mm < 8 else 10.0 if pitch_mm < 15 else 11.0
    while size > 9.0 and any(lines_needed(text, room_mm, size) > 1 for text in labels):
        size -= 1.0
    return size


def _label_text(match: Mapping[str, Any], i: int) -> str:
    seed = match["seeds"][i]
    gone = bool((match.get("withdrawn") or [False, False])[i])
    return ((f"{seed} " if seed else "") + (match["players"][i] or "") + (" (withdrawn)" if gone else "")
            + (f" {BYE}" if any(match["bye"]) else ""))


def lines_needed(text: str, room_mm: float, size: float) -> int:
    """Lines ``text`` takes wrapped in ``room_mm`` at ``size`` points (bold condensed, the widest a name is drawn)."""
    return len(fit(text, room_mm, size, size, bold=True, max_lines=99).lines) if text else 1


def section_slots(first_round: Sequence[Mapping[str, Any]], rounds: int, show_champion: bool) -> int:
    """Slots a page: the largest power of two up to SECTION (and the bracket)
    at which every first-round name fits, wrapped, between its line and the one above."""
    slots = len(first_round) * 2
    size = min(slots, SECTION)
    while size > 2:
        depth = size.bit_length() - 1 if size < slots else rounds
        cols = depth + (1 if show_champion and size >= slots else 0)
        pitch = HEIGHT / size
        font = 9.0  # the size a name that must wrap is drawn at
        room = WIDTH / cols - 1.5 - WINS_MM
        most = max(1, int((pitch - 0.6) / (font * LINE * PT)))
        if all(lines_needed(_label_text(m, i), room, font) <= most for m in first_round for i in (0, 1)):
            return size
        size //= 2
    return 2


def chart(columns: Sequence[Sequence[Mapping[str, Any]]], champion: str | None, show_champion: bool, names: list[str] | None = None) -> str:
    """Columns of matches (first round first); each match has seeds, players,
    wins, winner and bye flags as bracket_json gives them. ``names`` head the
    columns (Quarterfinal, ...); each match is marked with the key the CLI uses
    and its table (W1.3 · t3) where there is room between its two lines.

    Every line is placed by class (bracket_grid.css): ``w5`` a chart of five
    columns, ``x2`` the third column, ``y4 h8`` from 4/64 of the height, 8/64
    high. A match's box (its round's share of the height) is not drawn: its pair
    of lines takes the middle half of it."""
    n = len(columns[0])
    assert n <= ROWS // 4 and ROWS % n == 0, "a chart holds 1, 2, 4, 8 or 16 first-round matches"
    count = len(columns) + (1 if show_champion else 0)
    pitch = HEIGHT / (n * 2)
    room = WIDTH / count - 1.5 - WINS_MM
    size = name_size(pitch, [_label_text(m, i) for col in columns for m in col for i in (0, 1) if m["players"][i]], room)
    heads = "".join(f'<div class="bk-round x{r}">{escape(names[r]) if names and r < len(names) else ""}</div>'
                    for r in range(count))
    body = []
    for r, matches in enumerate(columns):
        box = ROWS // n * 2 ** r  # a match's share of the height, in rows
        body += [_match(m, r == 0, r, k * box, box, pitch * 2 ** r, size, room) for k, m in enumerate(matches)]
    if show_champion:
        label = escape(champion or "")
        body.append(f'<div class="bk-champ-line x{len(columns)} y0 h{ROWS // 2}">'
                    f'<div class="bk-t bk-won">{label}</div><div class="bk-champ">CHAMPION</div></div>')
    return (f'<div class="bk w{count} bk-s{int(size)}"><div class="bk-heads">{heads}</div>'
            f'<div class="bk-body">{"".join(body)}</div></div>')


def _match(match: Mapping[str, Any], first: bool, column: int, top: int, box: int, pitch: float, size: float, room: float) -> str:
    """One match: its pair of lines and the connector (a box's top, bottom and right
    borders over the middle half of the match's share, rows ``top`` to ``top + box``),
    or a bye's one line (the bottom border of the upper half)."""
    bye = match["bye"]
    if all(bye):
        return ""
    if any(bye) and first:  # a bye is no match: the player's line runs on into the next round
        i = 0 if bye[1] else 1
        return f'<div class="bk-through x{column} y{top} h{box // 2}">{_name(match, i, "")}</div>'
    labels = _name(match, 0, " bk-a") + _name(match, 1, "")  # the lower label sits at the foot of the pair (.bk-t)
    if not any(bye) and match["games"]:
        for i, where in ((0, " bk-a"), (1, "")):
            won = " bk-won" if match["winner"] and match["winner"] == match["players"][i] else ""
            labels += f'<div class="bk-w{where}{won}">{match["wins"][i]}</div>'
    lower = lines_needed(_label_text(match, 1), room, size) if match["players"][1] else 1
    if not any(bye) and pitch - lower * size * LINE * PT - 0.6 >= KEY_MM:  # room for the key between the two lines
        mark = f"{match['key']} · t{match['table']}" if match.get("table") else match["key"]
        labels += f'<div class="bk-key">{escape(mark)}</div>'
    return f'<div class="bk-pair x{column} y{top + box // 4} h{box // 2}">{labels}</div>'


def _name(match: Mapping[str, Any], i: int, where: str) -> str:
    """A player's label above his line: seed, name, a withdrawal; "bye" beside the
    player who has one; nothing for a slot not decided yet."""
    player = match["players"][i]
    if player is None:
        return ""
    seed = match["seeds"][i]
    gone = bool((match.get("withdrawn") or [False, False])[i])
    won = " bk-won" if match["winner"] == player else ""
    seed_html = f'<span class="bk-seed">{seed}</span> ' if seed else ""
    gone_html = ' <span class="bk-gone">(withdrawn)</span>' if gone else ""
    bye_html = f' <span class="bk-bye">{BYE}</span>' if any(match["bye"]) else ""
    return f'<div class="bk-t{where}{won}">{seed_html}{escape(player)}{gone_html}{bye_html}</div>'


def pages(rounds: Sequence[Mapping[str, Any]], champion: str | None, champion_column: bool = True) -> list[tuple[str, str]]:
    """(title, chart) per page: the whole bracket when every name fits a page of
    it (up to 32 slots), else one page per section and a last page for the rounds
    between the section winners. ``champion_column`` is off when the winners'
    bracket feeds a grand final."""
    winners = [r["matches"] for r in rounds if r.get("bracket", "W") == "W"]
    names = [r.get("name", "") for r in rounds if r.get("bracket", "W") == "W"]
    slots = len(winners[0]) * 2
    section = section_slots(winners[0], len(winners), champion_column)
    if slots <= section:
        return [("", chart(winners, champion, champion_column, names))]
    per_section = section // 2
    sections = len(winners[0]) // per_section
    depth = section.bit_length() - 1  # rounds inside a section
    out = []
    for s in range(sections):
        columns = [col[s * len(col) // sections:(s + 1) * len(col) // sections] for col in winners[:depth]]
        out.append((f"section {s + 1} of {sections}", chart(columns, None, False, names[:depth])))
    out.append(("final rounds", chart(winners[depth:], champion, champion_column, names[depth:])))
    return out
