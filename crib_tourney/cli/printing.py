"""print KIND EVENT: standings, bracket, scorecards, tables, slips, rulings, season, cash, checkin; print ratings [CLUB]; print rankings SEASON."""

import re
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, Callable, Optional

import typer

from crib_tourney.cli.common import db, number, refuse_the_database
from crib_tourney.cli.output import note
from crib_tourney.errors import CribError
from crib_tourney.render.pdf import write_pdf
from crib_tourney.inputs.names import event_id, league_id
from crib_tourney.render import documents
from crib_tourney.services.printing import DOCUMENTS, document_data, on_paper
from crib_tourney.tokens import WrongKey
from crib_tourney.tourney.seasons import check_season
from crib_tourney import tokens
from crib_tourney.cli import state
from crib_tourney.cli.links import wrong_key

# the keys of services/printing.DOCUMENTS, spelled here so --help need not import the services (a test checks)
KINDS = ("standings", "bracket", "scorecards", "tables", "slips", "rulings", "season", "cash", "checkin", "ratings", "rankings")
OF_EVERY_PLAYER = ("ratings",)  # their argument is a club, and may be left out


def print_(
    kind: Annotated[str, typer.Argument(help=f"What to print: {', '.join(KINDS)}.")],
    event: Annotated[Optional[str], typer.Argument(help="The event (for season, the league; for ratings, a club or nothing; for rankings, the season: 2026-27).", show_default=False)] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="PDF file to write (default: EVENT-KIND.pdf here).")] = None,
    paper: Annotated[str, typer.Option("--paper", help="letter or a4.")] = "letter",
    landscape: Annotated[bool, typer.Option("--landscape", help="Landscape pages (the bracket always is).")] = False,
    game: Annotated[Optional[int], typer.Option("--game", parser=number("game"), metavar="N", help="tables: this game (0 = every game; default the latest).")] = None,
) -> None:
    """Print a document to PDF.

    rankings prints a season's MRP rankings (print rankings 2026-27).
    scorecards carry each entrant's personal link as a QR code once issued
    (crib-tourney event links); checkin is the door sheet; ratings is the rating
    list of every player, or of a club.
    Example: crib-tourney print standings "Spring Open" -o standings.pdf
    """
    if kind not in KINDS:
        raise CribError(f"unknown kind '{kind}' (choose from {', '.join(KINDS)})")
    if event is None and kind not in OF_EVERY_PLAYER:
        raise typer.BadParameter(f"print {kind} needs the event" + (" (the league)" if kind == "season" else ""), param_hint="EVENT")
    if paper.lower() not in ("letter", "a4"):
        raise CribError(f"paper must be letter or a4, not '{paper}'")
    if output is not None and str(output) == "-":  # other commands' stdout; a PDF is not for a terminal
        raise CribError("a PDF is written to a file, not to stdout ('-'): give -o a name ending .pdf")
    target = output or Path(f"{_slug(event)}-{kind}.pdf" if event is not None else f"{kind}.pdf")
    refuse_the_database(target)
    chunks = _chunks(kind, event, paper.lower(), landscape, game)

    pages = write_pdf(chunks, target)
    note(f"wrote {target} ({pages} page{'s' if pages != 1 else ''})")


def _chunks(kind: str, ref: str | None, paper: str, landscape: bool, game: int | None) -> list[str]:
    if DOCUMENTS[kind].of_season:  # rankings: a season, not an event
        assert ref is not None  # print needs its argument for every kind but ratings
        season = check_season(ref)
        with db(write=False) as conn:
            data = DOCUMENTS[kind].load(conn, season)
        return _drawn(documents, DOCUMENTS[kind].renderer, data, paper, landscape)
    with db(write=False) as conn:
        if DOCUMENTS[kind].of_roster:
            data = on_paper(conn, DOCUMENTS[kind].load(conn, ref))
            return _drawn(documents, DOCUMENTS[kind].renderer, data, paper, landscape)
        assert ref is not None
        of = league_id(conn, ref) if DOCUMENTS[kind].of_league else event_id(conn, ref)
        try:
            data = document_data(conn, kind, of, game, _link_key() if DOCUMENTS[kind].takes_key else None)
        except WrongKey as exc:  # links that would open nothing are never printed
            raise CribError(wrong_key(exc.event)) from None
    if DOCUMENTS[kind].takes_key and data["links"] < data["links_issued"]:  # issued, but the key is not here
        note("the personal links are not printed: their key cannot be read (the .key file beside the database,"
             " or $CRIB_TOURNEY_KEY_FILE)")
    return _drawn(documents, DOCUMENTS[kind].renderer, data, paper, landscape)


def _drawn(documents: ModuleType, renderer: str, data: dict[str, Any], paper: str, landscape: bool) -> list[str]:
    """The HTML chunks of render/documents.py's function ``renderer``."""
    draw: Callable[[dict[str, Any], str, bool], list[str]] = getattr(documents, renderer)
    return draw(data, paper, landscape)


def _link_key() -> bytes | None:
    """The database's link key, if links were ever issued (printing never makes one)."""
    try:
        return tokens.load_key(state.DB_LOCATION, create=False)
    except CribError:
        return None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "event"
