"""serve (the live view) and publish (the static site)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, List, Optional
import sys
import ipaddress
import socket
import os

import typer
import uvicorn

from crib_tourney.cli import state
from crib_tourney.cli.common import db, number, seconds
from crib_tourney.cli.output import note
from crib_tourney.errors import CribError, NotFound
from crib_tourney.served import SERVE_PORT
from crib_tourney.web.security import DirectorPassword
from crib_tourney.services.events import event_summaries
from crib_tourney.web.server import create_app, HEAD_SECONDS, uvicorn_config
from crib_tourney.web.writing import Scoring
from crib_tourney.web.site import Intervals
from crib_tourney.web.publish import publish as write_site
from crib_tourney.inputs.names import event_id, league_id

if TYPE_CHECKING:
    import socket
    from crib_tourney.store.sql import Db

LOOPBACK = ("127.0.0.1", "localhost", "::1")
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this computer only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", parser=number("port"), metavar="N", help="Port to listen on.")] = SERVE_PORT,
    scoring: Annotated[bool, typer.Option("--scoring", help="Open the players' phones (/p/TOKEN) and, with a password, the desk (/desk/).")] = False,
    password_file: Annotated[Optional[Path], typer.Option("--director-password-file", metavar="FILE",
                                                          help="File whose first line is the director's password (the desk).")] = None,
    trust_proxy: Annotated[bool, typer.Option("--trust-proxy", help="Take the client's address from X-Forwarded-For (behind a reverse proxy).")] = False,
    refresh: Annotated[float, typer.Option("--refresh", parser=seconds("--refresh"), metavar="SECONDS",
                                           help="How often the live pages and the players' phones ask for news"
                                                " (slower on a crowded Wi-Fi).")] = Intervals.refresh,
    page_seconds: Annotated[float, typer.Option("--page-seconds", parser=seconds("--page-seconds"), metavar="SECONDS",
                                                help="How long the projector (?screen=1) shows each page of a long list.")]
    = Intervals.page,
    head_timeout: Annotated[float, typer.Option("--head-timeout", parser=seconds("--head-timeout"), metavar="SECONDS",
                                                help="How long a client may take to send a request's line and headers:"
                                                     " a slower or half-sent one is closed.")] = HEAD_SECONDS,
) -> None:
    """Serve a live view of the database: standings, tables with a
    find-your-table box, brackets, players' games and league seasons, following
    new results without a reload (?screen=1 for a projector). Read-only unless
    --scoring: then players enter results from their phones (their personal
    links) and the director works at /desk/.

    Example: crib-tourney serve --port 8000
    Example: crib-tourney serve --scoring --director-password-file desk.txt
    Example: crib-tourney serve --refresh 15 --page-seconds 12
    """
    if not 1 <= port <= 65535:
        raise CribError(f"port must be 1 to 65535, not {port}")
    if not scoring and (password_file is not None or trust_proxy):
        raise CribError(f"{'--director-password-file' if password_file is not None else '--trust-proxy'} needs --scoring"
                        " (without it serve is read-only)")
    director = None
    if password_file is not None:
        director = DirectorPassword.from_file(password_file)
    host = host.strip()
    if not host:  # '' listened on every address and printed http://:8000/
        raise CribError("--host needs an address: 127.0.0.1 (this computer only) or 0.0.0.0 (every address)")

    with db(write=False) as conn:  # the schema is checked (and upgraded) once; every request then reads only
        event_summaries(conn)
    listening = _listen(host, port)  # refused here in one line, not in uvicorn's log

    settings = None
    if scoring:
        settings = Scoring(director, trust_proxy)
    if host not in LOOPBACK:
        note(f"listening on {host}: anyone on that network can read these pages"
             + (" (put a TLS proxy in front: see examples/README.md, The room)" if scoring else " (they are read-only)"))
    note(f"serving {state.DB_LOCATION} at http://{'[' + host + ']' if ':' in host else host}:{port}/ (Ctrl-C stops)")
    if scoring:
        note("scoring is on: players' links open /p/TOKEN" + ("; the desk is /desk/" if director else " (no desk: no --director-password-file)"))

    # Pages are rebuilt on a background thread while the event loop answers: hand the
    # interpreter over every millisecond, not every five, so a request waits less.
    sys.setswitchinterval(0.001)

    app = create_app(state.DB_LOCATION, settings, Intervals(refresh, page_seconds))
    server = uvicorn.Server(uvicorn_config(app, host, port, head_timeout))
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # Ctrl-C: uvicorn has shut down, and raises it again for us
        pass
    finally:
        listening.close()


def _listen(host: str, port: int) -> "socket.socket":
    """A socket bound to ``host``:``port``, or one clear line saying why not
    (an address that is none, a name that does not resolve, a port in use)."""
    if host.replace(".", "").isdigit():  # dotted numbers are an IPv4 address or nothing: never a name to look up
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise CribError(f"cannot listen on {host}: it is not an IP address (like 127.0.0.1)") from None
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise CribError(f"cannot listen on {host}: {getattr(exc, 'strerror', None) or exc}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise CribError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def publish(
    refs: Annotated[Optional[List[str]], typer.Argument(help="Events or leagues to publish (by id or name).", show_default=False)] = None,
    output_name: Annotated[str, typer.Option("--output", "-o", help="Folder to write the site into.")] = "site",
    everything: Annotated[bool, typer.Option("--all", help="Every event and league.")] = False,
) -> None:
    """Write the live pages as a static, self-contained site (relative links,
    inline styles, index.html first) to upload anywhere; re-running it rewrites
    only the pages that changed.

    Example: crib-tourney publish "Spring Open" --output site/
    """
    if not refs and not everything:
        raise typer.BadParameter("name an event or league, or give --all", param_hint="EVENT|LEAGUE")
    output = _site_folder(output_name)
    with db(write=False) as conn:
        events, leagues = _events_and_leagues(conn, refs or [])
        written, unchanged = write_site(conn, events, leagues, everything, output)
    note(f"wrote {written} file(s) to {output}" + (f", {unchanged} unchanged" if unchanged else "") + f"; open {output / 'index.html'}")


def _site_folder(name: str) -> Path:
    """The folder a site is written into, or one clear refusal: none named
    ('' was the current folder), the root of a file system (a hundred files in
    /), a file, or a symbolic link to nothing."""
    if not name.strip():
        raise CribError("--output needs a folder for the site, e.g. -o site")
    output = Path(name)
    try:
        if output.is_symlink() and not output.exists():
            raise CribError(f"cannot write the site into {output}: it is a symbolic link to {os.readlink(output)}, which does not exist")
        if output.exists() and not output.is_dir():
            raise CribError(f"cannot write the site into {output}: it is not a folder")
        real = output.resolve()
    except OSError as exc:  # a name too long for the file system
        raise CribError(f"cannot write the site into {output}: {exc.strerror or exc}") from None
    if real == Path(real.anchor):
        raise CribError(f"cannot write the site into {output}: it is the root of the file system; give a folder of its own,"
                        " e.g. -o site")
    return output


def _events_and_leagues(conn: "Db", refs: list[str]) -> tuple[list[int], list[int]]:
    """What each name means: an event, else a league (whose refusal then names the league)."""
    events: list[int] = []
    leagues: list[int] = []
    for ref in refs:
        try:
            events.append(event_id(conn, ref))
        except NotFound:
            leagues.append(league_id(conn, ref))
    return events, leagues
