"""Plain data in, HTML chunks out: one function per printed document. Each chunk
is a whole HTML document; big documents are cut into several so both cores can
render them."""

from __future__ import annotations

from crib_tourney.render.bracket_chart import pages as bracket_pages
from html import escape
from typing import Any

from markupsafe import Markup

from crib_tourney.render import terms
from crib_tourney.render.columns import Column, line, stripes_svg
from crib_tourney.render.fit import PT, Fitted, _wrap, fit, width
from crib_tourney.render.scorecard_grid import Grid
from crib_tourney.render.templates import fill, spelled_by

CARDS_PER_SHEET = 4  # 2 x 2 on a portrait page


def _page(paper: str, landscape: bool) -> dict[str, Any]:
    return {"paper": paper, "landscape": landscape}


def standings(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    """Sixty rows to a portrait page, the column headings on every page. Each row
    is one line of text (render/columns.py); the pages are cut here, a row never
    split and no last page of a row or two (standings_pages), so the stripes can
    be drawn under each page. The cut line has a strip of its own between the
    last qualifier and the next row: it never runs through a row's text. Before
    any game counts the data's cut is 0: nobody is shaded as a qualifier."""
    title = f"{data['event']['name']}: standings"
    cut, rows = data["cut"], data["rows"]
    wide, high = PAPER_MM[paper][::-1] if landscape else PAPER_MM[paper]
    body_w, body_h = wide - 24, high - 23  # inside the standings' page margins
    digit = width("0", ST_PT)
    edges: list[float] = []
    x = body_w - 1.2
    columns = ST_NUMBERS if not rows or "seconds" not in rows[0] else ST_NUMBERS[:3] + ST_THREE_SIDED + ST_NUMBERS[3:]
    for label, _, digits in reversed(columns):
        edges.insert(0, x)
        x -= max((digits - 1) * digit, width(label.upper(), ST_HEAD_PT, bold=True)) + 2 * digit
    name_room = x - ST_NAME_X
    team_event = data["event"]["team_size"] > 1
    laid = []
    for r in rows:
        label = r["player"] + (" (withdrawn)" if r.get("withdrawn") else "")
        names = _wrap(label, name_room, ST_PT, "condensed", False) if width(label, ST_PT) > name_room else [label]
        members = r.get("members") or []
        if team_event and members and not spelled_by(r["player"], members):
            names += _wrap(", ".join(members), name_room - 3, ST_PT, "condensed", False)
        rank = f"{r['rank']}{'=' if r['tied'] else ''}"
        numbers = [(_signed(r[key]) if key == "spread" else str(r[key]), Column(edge)) for (_, key, _), edge in zip(columns, edges)]
        first = line([(rank, Column(ST_RANK_X)), (names[0], Column(ST_NAME_X, "left")), *numbers], ST_PT)
        laid.append([first] + [line([(more, Column(ST_NAME_X + 3, "left"))], ST_PT) for more in names[1:]])
    heading = line([("RANK", Column(ST_RANK_X)), ("TEAM" if team_event else "PLAYER", Column(ST_NAME_X, "left")),
                    *[(label.upper(), Column(edge)) for (label, _, _), edge in zip(columns, edges)]], ST_HEAD_PT, bold=True)
    top = ST_TOP_MM[bool(data["qr"])]
    drawn = 0 < cut < len(rows)  # a cut line only where some do not qualify
    heights = [len(row_lines) * ST_LINE_MM + (ST_CUT_GAP_MM if drawn and k == cut - 1 else 0.0) for k, row_lines in enumerate(laid)]
    pages = [_standings_page([(k, laid[k]) for k in page], cut, drawn, body_w)
             for page in standings_pages(heights, body_h - top - ST_COLUMNS_MM, body_h - ST_COLUMNS_MM)]
    return [fill("standings.html", title=title, **data, pages=pages, heading=heading, top=f"{top:.1f}mm",
                 cut_gap=f"{ST_CUT_GAP_MM:.1f}mm", **_page(paper, landscape))]


ST_PT, ST_HEAD_PT, ST_LINE_MM = 8.5, 6.5, 3.6
ST_TOP_MM = {False: 24.0, True: 27.0}  # the sheet's heading; beside a QR code
ST_COLUMNS_MM = 5.0  # the column headings
ST_LEGEND_MM = 10.0  # the legend under the last row
ST_CUT_GAP_MM = 2.0  # the cut line's own strip between the last qualifier and the next row
ST_LAST_PAGE_ROWS = 8  # a page of standings ends with at least this many rows (no orphans)
ST_RANK_X, ST_NAME_X = 8.0, 11.0
ST_NUMBERS = (("GP", "game_points", 3), ("W", "wins", 3), ("L", "losses", 3), ("Spread", "spread", 6), ("Plus", "plus", 5),
              ("Minus", "minus", 5), ("Skunks", "skunks", 3), ("Skunked", "skunks_taken", 3))  # heading, key, widest in characters
ST_THREE_SIDED = (("2nd", "seconds", 3), ("3rd", "thirds", 3))  # a table of three: second and third places
BAND, QUALIFIER_BAND, QUALIFIER_PLAIN, CUT = "#f1f4f7", "#dce9f4", "#eef4fa", "#b3261e"
QUALIFIER_TINT = "rgba(31, 95, 139, 0.09)"


def standings_pages(heights: list[float], first_room: float, room: float, legend: float = ST_LEGEND_MM,
                    least: int = ST_LAST_PAGE_ROWS) -> list[list[int]]:
    """Rows (by their heights in mm) cut into pages: as many as fit each page
    (the first has less room, under the sheet's heading), the legend under the
    last row, and never a last page of fewer than ``least`` rows when an earlier
    page can spare them (A4 landscape once left two rows alone on a page).

    >>> [len(p) for p in standings_pages([3.6] * 45, 158.0, 182.0)]
    [37, 8]
    >>> [len(p) for p in standings_pages([3.6] * 40, 158.0, 182.0)]
    [40]
    """
    pages: list[list[int]] = []
    page: list[int] = []
    used = 0.0
    for k, tall in enumerate(heights):
        if page and used + tall > (room if pages else first_room) + 0.01:
            pages.append(page)
            page, used = [], 0.0
        page.append(k)
        used += tall
    if len(page) > 1 and used + legend > (room if pages else first_room) + 0.01:  # the legend would stand alone on a page
        pages.append(page[:-1])
        page = page[-1:]
    pages.append(page)
    if len(pages) > 1:
        last, before = pages[-1], pages[-2]
        while len(last) < least and len(before) > least:
            last.insert(0, before.pop())
    return pages


def _signed(n: int) -> str:
    """+12, −12 (a minus as wide as the plus: the column stays aligned), 0."""
    return terms.signed(n)


def _standings_page(page: list[tuple[int, list[str]]], cut: int, drawn: bool, body_w: float) -> dict[str, Any]:
    """One page's lines in parts: the qualifiers (shaded), then, after the cut
    line's own strip, the rest: a line between two rows, never through one.
    Each part carries its stripes as CSS gradients when every row is one line
    (WeasyPrint paints them as one shading; it parses an SVG path slowly), else
    as one SVG picture."""
    parts = []
    for qualifying in (True, False):
        rows = [(k, lines) for k, lines in page if (k < cut) == qualifying]
        if rows:
            parts.append(_standings_part(rows, qualifying, body_w) | {"cut_after": drawn and qualifying and rows[-1][0] == cut - 1})
    return {"parts": parts}


def _standings_part(rows: list[tuple[int, list[str]]], qualifying: bool, body_w: float) -> dict[str, Any]:
    height = sum(len(lines) for _, lines in rows) * ST_LINE_MM
    first = rows[0][0]
    text = "\n".join(text for _, row_lines in rows for text in row_lines)
    if all(len(lines) == 1 for _, lines in rows):
        step, shade = ST_LINE_MM, ("transparent", BAND) if first % 2 == 0 else (BAND, "transparent")
        layers = [f"linear-gradient({QUALIFIER_TINT}, {QUALIFIER_TINT})"] if qualifying else []
        layers.append(f"repeating-linear-gradient({shade[0]} 0, {shade[0]} {step}mm, {shade[1]} {step}mm, {shade[1]} {2 * step}mm)")
        return {"text": text, "height": f"{height:.1f}mm", "background": ", ".join(layers)}
    bands, y = [], 0.0
    for k, row_lines in rows:
        tall = len(row_lines) * ST_LINE_MM
        colour = (QUALIFIER_BAND if k % 2 else QUALIFIER_PLAIN) if qualifying else (BAND if k % 2 else None)
        if colour:
            bands.append((y, tall, colour))
        y += tall
    return {"text": text, "height": f"{height:.1f}mm", "background": f"url('{stripes_svg(body_w, bands)}') no-repeat"}


PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
CARD_FOOT = 8.0  # mm: "checked by"
NAME_PT, NAME_MIN_PT = 14.0, 9.0
OPPONENT_PT, OPPONENT_MIN_PT = 8.0, 6.0
QR_MM = 19.0  # the personal link's QR code beside the name
TAB_MM = 7.0  # the game, table and W/L columns
ROW_MM = 10.0  # the tallest game line worth having; below MIN_ROW_MM a card takes more of the sheet
MIN_ROW_MM = {3: 7.0, 2: 4.9, 1: 0.0}  # by rows of cards on a sheet


def scorecards(data: dict[str, Any], paper: str, landscape: bool, chunks: int = 2) -> list[str]:
    """Cards two across, three, two or one down a portrait sheet (the most whose
    game lines stay roomy), dashed cut lines; the game lines share out the card's
    height under a heading as tall as the longest name needs. Names shrink to
    fit, then wrap, never clipped. A game line holds its opponent in one line,
    or two half-height lines: a table of three names each opponent on a line of
    its own. When an opponent would need more (three teams of two, long names),
    the cards go one across, the full width of the sheet, rather than let the
    lines slide off the grid. A few big chunks, because each chunk pays for its
    own fonts."""
    cards = data["cards"]
    games = len(cards[0]["games"]) if cards else 0
    sheet_mm = PAPER_MM[paper][1] - 16 - 1
    for across in (2, 1):
        width = (PAPER_MM[paper][0] - 16) / across - 8 - 0.5  # inside the card's padding and border
        grid = Grid(width=width, games=games, row=ROW_MM)
        laid = [_card(card | {"date": data["event"].get("date")}, width, grid.boxes_left - 3 * TAB_MM - 2) for card in cards]
        if all(len(o.lines) <= 2 for c in laid for o in c["opponents"]):
            break
    head = max((c["head_mm"] for c in laid), default=20.0)
    rows = next(k for k in (3, 2, 1) if _room(sheet_mm / k, head) / (games + 1) >= MIN_ROW_MM[k])
    card_mm = sheet_mm / rows
    grid = Grid(width=width, games=games, row=min(ROW_MM, _room(card_mm, head) / (games + 1)))
    per_sheet = across * rows
    for card in laid:  # the numbers at the right of each game line, and the totals: one block of lines
        totals = card["totals"]
        last = grid.numbers(totals["gp"], totals["plus"], totals["minus"], totals["gp"],
                            terms.signed(totals["plus"] - totals["minus"])) if totals else ""
        card["numbers"] = "\n".join([grid.numbers(g["gp"], g["plus"], g["minus"], g["total_gp"], g["total_spread"])
                                     for g in card["games"]] + [last])
        card["left"] = Markup("\n".join(f"{g['game']}\t{'' if g['table'] is None else g['table']}\t{g['result']}\t{_opponent(o, grid.row)}"
                                        for g, o in zip(card["games"], card["opponents"])))
    context = {
        "event": data["event"], "title": f"{data['event']['name']}: scorecards",
        "sheet_height": f"{sheet_mm:.1f}mm", "card_height": f"{card_mm:.1f}mm", "head_height": f"{head:.1f}mm",
        "card_top": [f"{card_mm * r:.1f}mm" for r in range(rows)], "across": across,
        "grid": grid, "column": f"{TAB_MM:.1f}mm", "grid_heading": grid.heading_line(TAB_MM, "PLACE" if data["event"].get("sides") == 3 else "W/L"),
        **_page(paper, False),
    }
    sheets = [laid[i:i + per_sheet] for i in range(0, len(laid), per_sheet)] or [[]]
    size = max(1, -(-len(sheets) // chunks))
    return [fill("scorecards.html", sheets=sheets[i:i + size], **context) for i in range(0, len(sheets), size)]


def _room(card_mm: float, head_mm: float) -> float:
    """The height a card leaves its game lines and totals: less padding, border,
    heading, column headings and the "checked by" line."""
    return card_mm - 8 - 0.5 - head_mm - 5.5 - CARD_FOOT - 1


def _card(card: dict[str, Any], width: float, opponent_room: float) -> dict[str, Any]:
    """A card with its name and opponents fitted, and the height its heading
    needs: a team named after its players prints them on two lines
    ("Lloyd Lachance &" / "Dale Bergstrom")."""
    room = width - (QR_MM if card.get("qr") else 0)
    members = card.get("members") or []
    if members and spelled_by(card["player"], members):
        lines = [f"{m} &" for m in members[:-1]] + [members[-1]]
        fits = [fit(line, room, NAME_PT, NAME_MIN_PT, bold=True, max_lines=1) for line in lines]
        name = Fitted(tuple(x for f in fits for x in f.lines), min(f.size for f in fits))
        shown_members = None
    else:
        name = fit(card["player"], room, NAME_PT, NAME_MIN_PT, bold=True)
        shown_members = fit(" & ".join(members), room, 8, 6, face="sans") if members else None
    sub_text = "ACC no. " + (card["acc_number"] or "________") + "".join(
        f" · {part}" for part in (card.get("date"), f"starts at {card['start']}" if card.get("start") else None) if part)
    sub = fit(sub_text, room, 8, 6, face="sans")
    head = 11 * 1.2 * PT + 0.5 + name.height(1.15) + 0.5 + sub.height(1.2) + 2.5
    if shown_members:
        head += shown_members.height(1.2) + 0.5
    return card | {"name": name, "shown_members": shown_members, "sub": sub,
                   "opponents": [_opponents(g, opponent_room) for g in card["games"]],
                   "head_mm": max(head, QR_MM + 1 if card.get("qr") else 0)}


def _opponents(game: dict[str, Any], room: float) -> Fitted:
    """A game line's opponent fitted to its room: one name on one line, or two
    half-height lines; at a table of three each opponent on a line of his own
    (two teams of two: "Ann Lee & Bob Ray" over "Cat Moss & Dan Oak"), else
    both as one text over two lines. More than two lines tell the caller the
    card is too narrow."""
    named = game.get("opponents") or []
    if len(named) < 2:
        return fit(game["opponent"] or "", room, OPPONENT_PT, OPPONENT_MIN_PT)
    each = [fit(name, room, OPPONENT_PT, OPPONENT_MIN_PT, max_lines=1) for name in named]
    if all(len(f.lines) == 1 for f in each):
        return Fitted(tuple(f.lines[0] for f in each), min(f.size for f in each))
    return fit(game["opponent"] or "", room, OPPONENT_PT, OPPONENT_MIN_PT)


def _opponent(fitted: Fitted, row: float) -> str:
    """An opponent's name on a game line (escaped here): plain text at the line's
    size; smaller, or on two half-height lines (no taller than half the line),
    in a span of its own."""
    if len(fitted.lines) > 1:
        size = min(fitted.size, round(row / 2 / 1.1 / PT, 1))
        return f'<span class="o2" style="font-size:{size:.1f}pt">{escape(chr(10).join(fitted.lines))}</span>'
    if fitted.size < OPPONENT_PT:
        return f'<span style="{fitted.style}">{escape(fitted.lines[0])}</span>'
    return escape(fitted.lines[0])


BODY_MM = 279.4 - 14 - 16  # letter's height inside print.css's page margins (A4: more; the same layout)
SHEET_HEAD_MM = {True: 36.0, False: 22.0}  # kind, title and facts; with the QR code beside them
NAME_LINE_MM = 14 * 1.2 * PT  # a name at 14 pt, the table sheet's least
MEMBERS_LINE_MM = 9 * 1.2 * PT  # a team's players under its name
ROW_PAD_MM = 2.4
TALLEST_ROW_MM = 16.0


def _paged(items: list[Any], room_mm: float, row_mm: float, columns: int = 1) -> tuple[list[list[list[Any]]], float]:
    """``items`` in pages of ``columns`` columns read downwards, as few pages as
    the least row height allows, rows shared out evenly; and the row height that
    fills the page (up to TALLEST_ROW_MM). Each page is a list of rows, each row
    a list of up to ``columns`` items."""
    fits = max(1, int(room_mm // row_mm))
    count = max(1, -(-len(items) // (fits * columns)))
    per_page = -(-len(items) // count) if items else 0
    down = max(1, -(-per_page // columns))
    pages = []
    for start in range(0, max(1, len(items)), per_page or 1):
        chunk = items[start:start + per_page]
        down_here = -(-len(chunk) // columns)
        pages.append([[chunk[c * down_here + r] for c in range(columns) if c * down_here + r < len(chunk)]
                      for r in range(down_here)])
    return pages, min(TALLEST_ROW_MM, room_mm / down)


def tables(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    """Each game on its own pages: by table (one line a table, names at 14 pt,
    table numbers at 18 pt, lines as tall as the page allows), then
    find-your-table in columns. A page is one block of plain lines per column
    (names, numbers, a team's players): WeasyPrint lays out a handful of boxes
    a page instead of a table cell per name. A table's sides are listed in
    order: a table of three is one more column."""
    wide, high = PAPER_MM[paper][::-1] if landscape else PAPER_MM[paper]
    body_w, body = wide - 24, high - 30
    teams = data["event"]["team_size"] > 1
    row = NAME_LINE_MM + ROW_PAD_MM + (MEMBERS_LINE_MM if teams else 0)
    room = body - SHEET_HEAD_MM[bool(data["qr"])] - 8  # less the column headings
    games = []
    for game in data["games"]:
        sides = max((len(t["players"]) for t in game["tables"]), default=2)
        side_w = (body_w - TABLE_NO_MM - 3) / sides
        lefts = [k * side_w for k in range(sides)]
        by_table, table_row = _paged(game["tables"], room, row)
        heads = ["Player"] + ["Opponent"] * (sides - 1)
        if teams:
            heads[0] = "Team"
        columns = 3 if landscape else 2
        col_w = (body_w - 6 * (columns - 1)) / columns
        find, find_row = _paged(game["find"], room, row, columns=columns)
        games.append(game | {
            "table_pages": [_seat_page(page, table_row, lefts, side_w, teams) for page in by_table],
            "table_heading": _heading([("TABLE", TABLE_NO_MM, "right")] + [(h.upper(), TABLE_NO_MM + 3 + x, "left") for h, x in zip(heads, lefts)]),
            "find_pages": [_find_page(page, find_row, col_w, teams) for page in find],
            "find_heading": _heading([cell for c in range(columns) for cell in (("PLAYER", c * (col_w + 6), "left"),
                                                                                ("TABLE", c * (col_w + 6) + col_w, "right"))]),
        })
    return [fill("tables.html", title=f"{data['event']['name']}: tables", **(data | {"games": games}),
                 **_page(paper, landscape))]


TABLE_NO_MM = 14.0  # the table numbers' right edge
NAME_PT, NUMBER_PT, MEMBERS_PT, HEADING_PT = 14.0, 18.0, 9.0, 7.0


def _heading(cells: list[tuple[str, float, str]]) -> str:
    return line([(text, Column(edge, align)) for text, edge, align in cells], HEADING_PT, bold=True)


def _name(text: str, room: float) -> str:
    """A name's line at 14 pt (escaped here), or smaller when it would not fit
    its column (never under 8 pt): the only span on a line."""
    natural = width(text, NAME_PT)
    if natural <= room:
        return escape(text)
    return f'<span style="font-size:{max(8.0, int(NAME_PT * room / natural * 10) / 10):.1f}pt">{escape(text)}</span>'


def _block(kind: str, left: float, wide: float, lines: list[str], align: str = "left") -> dict[str, Any]:
    return {"kind": kind, "left": f"{left:.1f}mm", "width": f"{wide:.1f}mm", "align": align, "text": Markup("\n".join(lines))}


def _seat_page(page: list[list[dict[str, Any]]], row: float, lefts: list[float], side_w: float, teams: bool) -> dict[str, Any]:
    """One block of lines a column: the table numbers, then each side's names
    (and a team's players under them)."""
    tables = [r[0] for r in page]
    blocks = [_block("numbers", 0, TABLE_NO_MM, [escape(str(t["table"])) for t in tables], "right")]
    for k, x in enumerate(lefts):
        left = TABLE_NO_MM + 3 + x
        blocks.append(_block("names", left, side_w - 2, [_name(t["players"][k] if k < len(t["players"]) else "", side_w - 3) for t in tables]))
        if teams:
            members = [(t.get("members") or [[]] * len(t["players"]))[k] if k < len(t["players"]) else [] for t in tables]
            shown = [", ".join(m) if m and not spelled_by(t["players"][k], m) else "" for t, m in zip(tables, members)]
            blocks.append(_block("members", left, side_w - 2, [escape(x) for x in shown]))
    return {"blocks": blocks, "row": f"{row:.2f}mm", "height": f"{row * len(page):.1f}mm", "teams": teams}


def _find_page(page: list[list[dict[str, Any]]], row: float, col_w: float, teams: bool) -> dict[str, Any]:
    """Per column: the names (a team under each member's name) and the tables."""
    columns = max((len(r) for r in page), default=0)
    blocks = []
    for c in range(columns):
        here = [r[c] if c < len(r) else None for r in page]
        left = c * (col_w + 6)
        blocks.append(_block("names", left, col_w - 14, [_name(w["player"], col_w - 15) if w else "" for w in here]))
        if teams:
            blocks.append(_block("members", left, col_w - 14, [escape(w.get("team") or "") if w else "" for w in here]))
        blocks.append(_block("numbers", left + col_w - 14, 14, [escape(str(w["table"])) if w else "" for w in here], "right"))
    return {"blocks": blocks, "row": f"{row:.2f}mm", "height": f"{row * len(page):.1f}mm", "teams": teams}


def slips(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("slips.html", title=f"{data['event']['name']}: match slips", **data, **_page(paper, landscape))]


def rulings(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("rulings.html", title=f"{data['event']['name']}: rulings", **data, **_page(paper, landscape))]


def bracket(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    rounds = data["rounds"]
    double = data["format"] == "double-elim"
    drawn = [{"title": title, "svg": svg} for title, svg in bracket_pages(rounds, data["champion"], champion_column=not double)]
    extra = [r for r in rounds if r.get("bracket") in ("L", "F")]
    return [fill("bracket.html", title=f"{data['event']}: bracket", event=data["event_header"], pages=drawn,
                 extra_rounds=extra, qualifiers=data["qualifiers"], size=data["size"], champion=data["champion"],
                 paper=paper, landscape=True)]


def season(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("season.html", title=f"{data['season']['league']}: season", **data, **_page(paper, landscape))]


def cash(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("cash.html", title=f"{data['event']['name']}: payouts", **data, **_page(paper, landscape))]


def checkin(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("checkin.html", title=f"{data['event']['name']}: check-in", **data, **_page(paper, landscape))]


def ratings(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    return [fill("ratings.html", title=f"Ratings: {data['club'] or 'every player'}", **data, **_page(paper, landscape))]


def acc_report(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    """The ACC results report (`report EVENT --acc -o F.pdf`)."""
    return [fill("acc_report.html", title=f"{data['event']}: ACC results report", **data, **_page(paper, landscape))]


def rankings(data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    """A season's MRP rankings (`print rankings 2026-27`)."""
    return [fill("rankings.html", title=f"Season {data['season']}: MRP rankings", **data, **_page(paper, landscape))]
