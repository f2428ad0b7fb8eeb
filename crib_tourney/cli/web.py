"""serve (the live view) and publish (the static site)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from crib_tourney.cli import state
from crib_tourney.cli.common import db, number
from crib_tourney.cli.output import note
from crib_tourney.errors import CribError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this computer only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", parser=number("port"), metavar="N", help="Port to listen on.")] = 8000,
) -> None:
    """Serve a read-only live view of the database: standings, tables with a
    find-your-table box, brackets, players' games and league seasons, following
    new results without a reload (?screen=1 for a projector).

    Example: crib-tourney serve --port 8000
    """
    if not 1 <= port <= 65535:
        raise CribError(f"port must be 1 to 65535, not {port}")
    from crib_tourney.services.events import event_summaries

    with db(write=False) as conn:  # the schema is checked (and upgraded) once; every request then reads only
        event_summaries(conn)
    import uvicorn

    from crib_tourney.web.server import create_app

    if host not in LOOPBACK:
        note(f"listening on {host}: anyone on that network can read these pages (they are read-only)")
    note(f"serving {state.DB_LOCATION} at http://{'[' + host + ']' if ':' in host else host}:{port}/ (Ctrl-C stops)")
    try:
        uvicorn.run(create_app(state.DB_LOCATION), host=host, port=port, log_level="warning")
    except OSError as exc:
        raise CribError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def publish(
    refs: Annotated[Optional[List[str]], typer.Argument(help="Events or leagues to publish (by id or name).", show_default=False)] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Folder to write the site into.")] = Path("site"),
    everything: Annotated[bool, typer.Option("--all", help="Every event and league.")] = False,
) -> None:
    """Write the live pages as a static, self-contained site (relative links,
    inline styles, index.html first) to upload anywhere; re-running it rewrites
    only the pages that changed.

    Example: crib-tourney publish "Spring Open" --output site/
    """
    from crib_tourney.web.publish import publish as write_site

    if not refs and not everything:
        raise typer.BadParameter("name an event or league, or give --all", param_hint="EVENT|LEAGUE")
    try:
        if output.exists() and not output.is_dir():
            raise CribError(f"cannot write the site into {output}: it is not a folder")
    except OSError as exc:  # a name too long for the file system
        raise CribError(f"cannot write the site into {output}: {exc.strerror or exc}") from None
    with db(write=False) as conn:
        written, unchanged = write_site(conn, refs or [], everything, output)
    note(f"wrote {written} file(s) to {output}" + (f", {unchanged} unchanged" if unchanged else "") + f"; open {output / 'index.html'}")


def register(app: typer.Typer) -> None:
    app.command()(serve)
    app.command()(publish)
