"""print KIND EVENT: standings, bracket, scorecards, tables, slips, rulings, season, cash, checkin."""

import re
from pathlib import Path
from typing import Annotated, Optional

import typer

from crib_tourney.cli.common import db, number, refuse_the_database
from crib_tourney.cli.output import note
from crib_tourney.errors import CribError

# the keys of services/printing.DOCUMENTS, spelled here so --help need not import the services (a test checks)
KINDS = ("standings", "bracket", "scorecards", "tables", "slips", "rulings", "season", "cash", "checkin", "rankings")


def print_(
    kind: Annotated[str, typer.Argument(help=f"What to print: {', '.join(KINDS)}.")],
    event: Annotated[str, typer.Argument(help="The event (for season, the league; for rankings, the season: 2026-27).")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="PDF file to write (default: EVENT-KIND.pdf here).")] = None,
    paper: Annotated[str, typer.Option("--paper", help="letter or a4.")] = "letter",
    landscape: Annotated[bool, typer.Option("--landscape", help="Landscape pages (the bracket always is).")] = False,
    game: Annotated[Optional[int], typer.Option("--game", parser=number("game"), metavar="N", help="tables: this game (0 = every game; default the latest).")] = None,
) -> None:
    """Print a document to PDF.

    rankings prints a season's MRP rankings (print rankings 2026-27).
    scorecards carry each entrant's personal link as a QR code once issued
    (crib-tourney event links); checkin is the door sheet.
    Example: crib-tourney print standings "Spring Open" -o standings.pdf
    """
    if kind not in KINDS:
        raise CribError(f"unknown kind '{kind}' (choose from {', '.join(KINDS)})")
    if paper.lower() not in ("letter", "a4"):
        raise CribError(f"paper must be letter or a4, not '{paper}'")
    if output is not None and str(output) == "-":  # other commands' stdout; a PDF is not for a terminal
        raise CribError("a PDF is written to a file, not to stdout ('-'): give -o a name ending .pdf")
    target = output or Path(f"{_slug(event)}-{kind}.pdf")
    refuse_the_database(target)
    chunks = _chunks(kind, event, paper.lower(), landscape, game)
    from crib_tourney.render.pdf import write_pdf

    pages = write_pdf(chunks, target)
    note(f"wrote {target} ({pages} page{'s' if pages != 1 else ''})")


def _chunks(kind: str, ref: str, paper: str, landscape: bool, game: int | None) -> list[str]:
    from crib_tourney.inputs.names import event_id, league_id
    from crib_tourney.render import documents
    from crib_tourney.services.printing import DOCUMENTS, document_data

    if DOCUMENTS[kind].of_season:  # rankings: a season, not an event
        from crib_tourney.tourney.seasons import check_season

        season = check_season(ref)
        with db(write=False) as conn:
            data = DOCUMENTS[kind].load(conn, season)
        return getattr(documents, DOCUMENTS[kind].renderer)(data, paper, landscape)
    with db(write=False) as conn:
        of = league_id(conn, ref) if DOCUMENTS[kind].of_league else event_id(conn, ref)
        data = document_data(conn, kind, of, game, _link_key() if DOCUMENTS[kind].takes_key else None)
    if DOCUMENTS[kind].takes_key and data["links"] < data["links_issued"]:  # issued, but the key is not here
        note("the personal links are not printed: their key cannot be read (the .key file beside the database,"
             " or $CRIB_TOURNEY_KEY_FILE)")
    return getattr(documents, DOCUMENTS[kind].renderer)(data, paper, landscape)


def _link_key() -> bytes | None:
    """The database's link key, if links were ever issued (printing never makes one)."""
    from crib_tourney import tokens
    from crib_tourney.cli import state

    try:
        return tokens.load_key(state.DB_LOCATION, create=False)
    except CribError:
        return None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "event"


def register(app: typer.Typer) -> None:
    app.command("print")(print_)
