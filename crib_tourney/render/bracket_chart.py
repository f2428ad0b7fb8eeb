"""The bracket as a chart: each player on a line, pairs joined on the right, the
winner's line running on into the next round. Pure layout, no I/O.

The geometry: a round's matches share the chart's height equally; a match's two
lines sit at a quarter and three quarters of its share, joined on the right, so
the next round's lines fall exactly on the middles of this round's matches and
every connector meets. Names are text above their line, wrapped (never shrunk)
at 9 pt or more; the section size (slots a page) is the largest at which every
first-round name has the lines it needs. A bye is no match: the player's line
runs straight through the first round into the second, marked "bye", with no
table, no key and no games won.

Two drawings of it. The sheet (``sheet``) draws as the standings sheet draws its
rows: each column a few runs of text placed by measured spaces, every line one
path of one background picture, about 25 boxes a page; a box a label and an SVG
path a line (3,500 inline-styled elements, 1,534 paths) made the bracket sheet
2-4x any other sheet a page (issue 31). The web's overview (``chart``, screen=True)
draws boxes placed by class (bracket_grid.css) and scales them to its width.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence
from urllib.parse import quote

from crib_tourney.render.columns import Column, line
from crib_tourney.render.fit import PT, _wrap, fit
from crib_tourney.render.fit import width as measure
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


# --- the sheet: each column a few runs of text and one background --------------------------------------

ASCENT, DESCENT = 0.928, 0.236  # DejaVu's, in ems: where a line box puts its baseline
INK = "#1b1f24"
RULE = 0.3  # mm: a line's weight
KEY_MM_SIZE = 1.9
BYE_SCALE = 0.85  # the word bye beside a name, to its size
HEAD_MM = 2.6  # the rounds' names over the columns


def _block(kind: str, left: float, top: float, wide: float, line_mm: float, size_mm: float, lines: list[str]) -> str:
    """Lines of text in one run (white-space: pre), ``line_mm`` apart."""
    if not any(line.strip() for line in lines):
        return ""
    skipped = next(k for k, line in enumerate(lines) if line.strip())  # blank lines cost a line's layout: start lower instead
    top += skipped * line_mm
    text = "\n".join(lines[skipped:]).rstrip("\n")
    return (f'<div class="bk-run {kind}" style="left:{left:.2f}mm; top:{top:.2f}mm; width:{wide:.2f}mm; '
            f'line-height:{line_mm:.3f}mm; font-size:{size_mm:.3f}mm">{escape(text)}</div>')


def _top(pitch: float, per_slot: int, name_mm: float, text_mm: float) -> float:
    """Where a column's run of text starts (mm from the chart's top) so that the
    last line of each slot sits on its rule, as a label box would: the rules at
    pitch/2 + j*pitch, each slot ``per_slot`` lines of pitch/per_slot."""
    line = pitch / per_slot
    return pitch / 2 - 0.3 - (1.15 - 1) / 2 * name_mm - DESCENT * name_mm - (per_slot - 1) * line - line / 2 \
        - (ASCENT - DESCENT) / 2 * text_mm


def _lines_picture(paths: Sequence[str]) -> str:
    """The chart's lines as one background picture: an SVG of one path (a pair's
    rule, connector and rule as one run each), as a data: URL. Strokes, so that a
    viewer draws them a pixel wide at any zoom; one path, as WeasyPrint parses a
    path slowly and draws an SVG node by node."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}mm" height="{HEIGHT}mm" viewBox="0 0 {WIDTH} {HEIGHT}">'
           f'<path d="{"".join(paths)}" fill="none" stroke="{INK}" stroke-width="{RULE}"/></svg>')
    return "data:image/svg+xml," + quote(svg)


def _pairs_path(matches: Sequence[Mapping[str, Any]], left: float, wide: float, first: bool) -> str:
    """A column's lines: a match's pair with its connector, one run of the path; a
    first-round bye one line through the middle of its box."""
    box = HEIGHT / len(matches)
    right = left + wide
    return "".join(f"M{left:.2f} {(k + 0.5) * box:.2f}H{right:.2f}" if first and any(m["bye"]) else
                   f"M{left:.2f} {(k + 0.25) * box:.2f}H{right:.2f}V{(k + 0.75) * box:.2f}H{left:.2f}"
                   for k, m in enumerate(matches) if not all(m["bye"]))


def sheet(columns: Sequence[Sequence[Mapping[str, Any]]], champion: str | None, show_champion: bool,
          names: list[str] | None = None) -> str:
    """The chart as the sheet prints it, drawn as the standings sheet draws its rows
    (render/columns.py): a box costs WeasyPrint about 2 ms, a line of text about 1,
    so each column is a few runs of text placed by measured spaces (the seeds in
    blue, the names with their games won, the winners' in bold, the keys; a first
    round's byes in runs of their own, half a pitch lower) and every line of the
    chart is one path of one background picture. About 25 boxes a page, where a box
    a label and a path a line made the sheet 2-4x any other a page (issue 31)."""
    n = len(columns[0])
    assert n <= ROWS // 4 and ROWS % n == 0, "a chart holds 1, 2, 4, 8 or 16 first-round matches"
    count = len(columns) + (1 if show_champion else 0)
    col_w = WIDTH / count
    room = col_w - 1.5 - WINS_MM
    size = name_size(HEIGHT / (n * 2), [_label_text(m, i) for col in columns for m in col for i in (0, 1) if m["players"][i]], room)
    heads = line([(name.upper(), Column(r * col_w + 1, "left")) for r, name in enumerate((names or [])[:count])],
                 HEAD_MM / PT, "sans", bold=True)
    body, paths = [], []
    for r, matches in enumerate(columns):
        paths.append(_pairs_path(matches, r * col_w, col_w, first=r == 0))
        body += _column(matches, r * col_w, col_w, room, size, first=r == 0)
    if show_champion:
        label = escape(champion or "")
        body.append(f'<div class="bk-champ-line x{len(columns)} y0 h{ROWS // 2}">'
                    f'<div class="bk-t bk-won">{label}</div><div class="bk-champ">CHAMPION</div></div>')
    lines = f"background: url('{_lines_picture(paths)}') 0 0 / 100% 100% no-repeat"  # every line: no box of its own
    return (f'<div class="bk w{count} bk-s{int(size)}"><div class="bk-heads bk-run-heads">{escape(heads)}</div>'
            f'<div class="bk-body" style="{lines}">{"".join(body)}</div></div>')


Slot = tuple[str, float, list[str], bool, str]  # seed, the room it takes, the label's lines, a winner, games won


def _slot(m: Mapping[str, Any], i: int, room: float, size: float) -> Slot | None:
    """A player's label as the sheet lays it: wrapped (never shrunk), the first
    line beside the seed, the rest from the label's edge; None: nobody yet."""
    player = m["players"][i]
    if player is None:
        return None
    won = bool(m["winner"] and m["winner"] == player)
    seed = str(m["seeds"][i]) if m["seeds"][i] else ""
    label = player + (" (withdrawn)" if (m.get("withdrawn") or [False, False])[i] else "")
    indent = measure(seed + " ", size, bold=True) if seed else 0.0
    lines = [label]
    if measure(label, size, bold=won) > room - indent:
        first = _wrap(label, room - indent, size, "condensed", won)[0]
        rest = label[len(first):].strip()
        lines = [first] + (_wrap(rest, room, size, "condensed", won) if rest else [])
    return seed, indent, lines, won, str(m["wins"][i]) if m["games"] and not any(m["bye"]) else ""


def _column(matches: Sequence[Mapping[str, Any]], left: float, col_w: float, room: float, size: float,
            first: bool) -> list[str]:
    """One round's column on the sheet: its labels and keys as runs of text, a slot
    (a rule) every pitch; a first round's byes in runs of their own, half a pitch
    lower: a bye's player sits on the rule through the middle of his match's box."""
    box = HEIGHT / len(matches)
    pitch = box / 2
    slots: list[Slot | None] = []
    through: list[Slot | None] = []  # the byes' players, on the upper slot of their match, shifted half a pitch
    for m in matches:
        bye = first and any(m["bye"])
        players = [_slot(m, i, room, size) for i in (0, 1)]
        slots += [None, None] if bye else players
        through += [players[0] or players[1], None] if bye else [None, None]
    per_slot = max([len(slot[2]) for slot in slots + through if slot] + [1])
    runs: dict[str, list[str]] = {kind: [] for kind in ("seeds", "plain", "bold", "seeds-bye", "bold-bye", "word-bye")}
    for slot, moved in zip(slots, through):
        for kinds, one in ((("seeds", "plain", "bold"), slot), (("seeds-bye", "", "bold-bye"), moved)):
            blank = [""] * per_slot
            if one is None:
                for kind in kinds:
                    if kind:
                        runs[kind] += blank
                if kinds[0] == "seeds-bye":
                    runs["word-bye"] += blank
                continue
            seed, indent, lines, won, wins = one
            start = per_slot - len(lines)
            texts = []
            for j, text in enumerate([""] * start + lines):
                cells = [(text, Column(indent if j == start else 0.0, "left"))] if text else []
                if wins and j == per_slot - 1:
                    cells.append((wins, Column(col_w - 1.8, "right")))
                texts.append(line(cells, size, bold=won) if cells else "")
            runs[kinds[0]] += [""] * start + [seed] + [""] * (len(lines) - 1)
            if kinds[1]:
                runs[kinds[1] if not won else kinds[2]] += texts
                runs[kinds[2] if not won else kinds[1]] += blank
            else:
                runs[kinds[2]] += texts
                after = (indent if len(lines) == 1 else 0.0) + measure(lines[-1], size, bold=won) + measure(" ", size, bold=won)
                runs["word-bye"] += blank[1:] + [line([(BYE, Column(after, "left"))], size * BYE_SCALE, "sans")]
    name_mm, word_mm = size * PT, size * BYE_SCALE * PT
    top, line_mm = _top(pitch, per_slot, name_mm, name_mm), pitch / per_slot
    keys = []
    for k, m in enumerate(matches):
        lower = slots[2 * k + 1]
        fits = not (first and any(m["bye"])) and pitch - (len(lower[2]) if lower else 1) * size * LINE * PT - 0.6 >= KEY_MM
        keys.append((f"{m['key']} · t{m['table']}" if m.get("table") else m["key"]) if fits else "")
    key_top = box / 4 + 0.4 + 1.164 * KEY_MM_SIZE / 2 - box / 2  # a key's line as a label box sets it, under the pair's top rule
    out = [_block("bk-seeds", left + 1, top, col_w - 1, line_mm, name_mm, runs["seeds"]),
           _block("bk-plain", left + 1, top, col_w - 1, line_mm, name_mm, runs["plain"]),
           _block("bk-bold", left + 1, top, col_w - 1, line_mm, name_mm, runs["bold"]),
           _block("bk-seeds", left + 1, top + pitch / 2, col_w - 1, line_mm, name_mm, runs["seeds-bye"]),
           _block("bk-bold", left + 1, top + pitch / 2, col_w - 1, line_mm, name_mm, runs["bold-bye"]),
           _block("bk-byes", left + 1, _top(pitch, per_slot, name_mm, word_mm) + pitch / 2, col_w - 1, line_mm, word_mm,
                  runs["word-bye"]),
           _block("bk-keys", left + 1, key_top, col_w - 1, box, KEY_MM_SIZE, keys)]
    return [run for run in out if run]


def pages(rounds: Sequence[Mapping[str, Any]], champion: str | None, champion_column: bool = True,
          screen: bool = False) -> list[tuple[str, str]]:
    """(title, chart) per page: the whole bracket when every name fits a page of
    it (up to 32 slots), else one page per section and a last page for the rounds
    between the section winners. ``champion_column`` is off when the winners'
    bracket feeds a grand final. On paper (the sheet) each column is a few runs of
    text and one background (``sheet``); ``screen``: the same drawing of boxes,
    which the web scales to its width (``chart``)."""
    draw = chart if screen else sheet
    winners = [r["matches"] for r in rounds if r.get("bracket", "W") == "W"]
    names = [r.get("name", "") for r in rounds if r.get("bracket", "W") == "W"]
    slots = len(winners[0]) * 2
    section = section_slots(winners[0], len(winners), champion_column)
    if slots <= section:
        return [("", draw(winners, champion, champion_column, names))]
    per_section = section // 2
    sections = len(winners[0]) // per_section
    depth = section.bit_length() - 1  # rounds inside a section
    out = []
    for s in range(sections):
        columns = [col[s * len(col) // sections:(s + 1) * len(col) // sections] for col in winners[:depth]]
        out.append((f"section {s + 1} of {sections}", draw(columns, None, False, names[:depth])))
    out.append(("final rounds", draw(winners[depth:], champion, champion_column, names[depth:])))
    return out
