"""The root command: global options, error handling and sub-command registration."""

from __future__ import annotations

import errno
import os
import sys
from typing import Annotated, NoReturn, Optional

import typer
from typer.core import TyperGroup

from crib_tourney import __version__
from crib_tourney.cli import state
from crib_tourney.errors import CribError


class CribGroup(TyperGroup):
    """Turns domain errors into one line on stderr and exit 1, never a traceback."""

    def invoke(self, ctx):  # type: ignore[no-untyped-def]
        try:
            return super().invoke(ctx)
        except CribError as exc:
            from crib_tourney.cli.output import printable

            typer.echo(f"error: {printable(str(exc))}", err=True)
            raise typer.Exit(1) from None
        except Exception as exc:  # database trouble: still one clear line
            if not type(exc).__module__.startswith(("sqlalchemy", "sqlite3")):
                raise
            from crib_tourney.store.db import describe_db_error

            from crib_tourney.cli.output import printable

            typer.echo(f"error: {printable(describe_db_error(exc))}", err=True)
            raise typer.Exit(1) from None


app = typer.Typer(
    cls=CribGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Run cribbage tournaments and leagues: players, events, results, standings, and a complete cribbage engine.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"crib-tourney {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    db: Annotated[
        Optional[str],
        typer.Option("--db", help="Database file or SQLAlchemy URL (default: crib-tourney.db here, or $CRIB_TOURNEY_DB)."),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """crib-tourney: cribbage tournaments, leagues and rulings.

    Example: crib-tourney count 5H 5D 5S JC --starter 5C
    """
    state.DB_LOCATION = db or os.environ.get("CRIB_TOURNEY_DB") or "crib-tourney.db"


def _register() -> None:
    from crib_tourney.cli import engine_cmds, events, leagues, players, playoffs, printing, results

    engine_cmds.register(app)
    app.add_typer(players.players_app, name="player")
    events.register(app)
    results.register(app)
    playoffs.register(app)
    printing.register(app)
    leagues.register(app)


_register()


def main() -> None:
    try:
        app(prog_name="crib-tourney")
    except SystemExit:
        _flush_stdout()
        raise
    except OSError as exc:  # the terminal or pipe refused our output (a full disk, /dev/full)
        _output_failed(exc)
    _flush_stdout()


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        _output_failed(exc)


def _output_failed(exc: OSError) -> NoReturn:
    """One line on stderr instead of a traceback; stdout is pointed at /dev/null
    so Python's own flush at exit cannot fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    if exc.errno == errno.EPIPE:  # `... | head`: the reader had enough; not an error worth a line
        sys.exit(1)
    sys.stderr.write(f"error: cannot write the output: {exc.strerror or exc}\n")
    sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
