"""Plain data in, HTML chunks out: one function per printed document. Each chunk
is a whole HTML document; big documents are cut into several so both cores can
render them."""

from __future__ import annotations

from crib_tourney.render.bracket_chart import pages as bracket_pages
from crib_tourney.render.scorecard_grid import Grid
from crib_tourney.render.templates import fill

CARDS_PER_SHEET = 4  # 2 x 2 on a portrait page


def _page(paper: str, landscape: bool) -> dict:
    return {"paper": paper, "landscape": landscape}


def standings(data: dict, paper: str, landscape: bool) -> list[str]:
    title = f"{data['event']['name']}: standings"
    return [fill("standings.html", title=title, **data, **_page(paper, landscape))]


PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}


def scorecards(data: dict, paper: str, landscape: bool, chunks: int = 2) -> list[str]:
    """Cards two across and two down on a portrait sheet (two per sheet for long
    events), dashed cut lines. A few big chunks, because each chunk pays for its
    own fonts."""
    cards = data["cards"]
    games = len(cards[0]["games"]) if cards else 0
    per_sheet = CARDS_PER_SHEET if games <= 16 else 2
    sheet_mm = PAPER_MM[paper][1] - 16 - 1
    grid = Grid(width=(PAPER_MM[paper][0] - 16) / 2 - 8 - 0.5, games=games,  # inside the card's padding and border
                row=6.2 if games <= 12 else 5.0)
    rows = per_sheet // 2
    context = {
        "event": data["event"], "title": f"{data['event']['name']}: scorecards",
        "sheet_height": f"{sheet_mm:.1f}mm", "card_height": f"{sheet_mm / rows:.1f}mm",
        "card_top": [f"{sheet_mm / rows * r:.1f}mm" for r in range(rows)],
        "grid": grid, "column": f"{grid.width * 0.09:.1f}mm",  # tab stop of the game, table and W/L columns
        **_page(paper, False),
    }
    sheets = [cards[i:i + per_sheet] for i in range(0, len(cards), per_sheet)] or [[]]
    size = max(1, -(-len(sheets) // chunks))
    return [fill("scorecards.html", sheets=sheets[i:i + size], **context) for i in range(0, len(sheets), size)]


def tables(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("tables.html", title=f"{data['event']['name']}: tables", **data, **_page(paper, landscape))]


def slips(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("slips.html", title=f"{data['event']['name']}: match slips", **data, **_page(paper, landscape))]


def rulings(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("rulings.html", title=f"{data['event']['name']}: rulings", **data, **_page(paper, landscape))]


def bracket(data: dict, paper: str, landscape: bool) -> list[str]:
    rounds = data["rounds"]
    double = data["format"] == "double-elim"
    drawn = [{"title": title, "svg": svg} for title, svg in bracket_pages(rounds, data["champion"], champion_column=not double)]
    extra = [r for r in rounds if r.get("bracket") in ("L", "F")]
    return [fill("bracket.html", title=f"{data['event']}: bracket", event=data["event_header"], pages=drawn,
                 extra_rounds=extra, qualifiers=data["qualifiers"], size=data["size"], champion=data["champion"],
                 paper=paper, landscape=True)]


def season(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("season.html", title=f"{data['season']['league']}: season", **data, **_page(paper, landscape))]


def cash(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("cash.html", title=f"{data['event']['name']}: payouts", **data, **_page(paper, landscape))]


def checkin(data: dict, paper: str, landscape: bool) -> list[str]:
    return [fill("checkin.html", title=f"{data['event']['name']}: check-in", **data, **_page(paper, landscape))]
