"""The root command: global options, error handling and the one table of commands.

This is the one seam of laziness: a command's module is imported only when that
command runs (or its help is asked); below it, modules import at their top.
"""

import codecs
import errno
import importlib
import inspect
import io
import os
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Iterator, NoReturn, Optional, TextIO

import typer
import typer.main
from typer._click.shell_completion import CompletionItem
from typer.core import TyperGroup

from crib_tourney import __version__
from crib_tourney.cli import coercion, state, typer_hook
from crib_tourney.errors import CribError, clipped

if TYPE_CHECKING:  # Typer's own copy of click, which its classes take and give
    from typer._click.core import Command, Context
    from typer._click.formatting import HelpFormatter


# Every command, in --help order, registered here and only here: the cli module
# and the function (or Typer group) that implement it, and the one-line summary
# --help lists (its help's first sentence, kept here so --help imports no command;
# a test holds it to the help). A command is built only when it is run: building
# all 30 (their options, Typer's checks) cost every command 25 ms.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "count": ("engine_cmds", "count",
        "Count a hand or crib the way a player says it."),
    "peg": ("engine_cmds", "peg",
        "Score a pegging sequence: every scoring event, restarts and totals."),
    "stats": ("engine_cmds", "stats",
        "Exact distribution of show scores over every hand and starter."),
    "game": ("game", "game",
        "Score a whole game deal by deal: heels, the play, the show in order, and who went out first."),
    "new-event": ("events", "new_event",
        "Create an event."),
    "enter": ("events", "enter",
        "Register players (or teams) in an event."),
    "checkin": ("checkin", "checkin",
        "Check players in at the door, and record what they paid."),
    "withdraw": ("events", "withdraw",
        "Withdraw players: no further games; games already paired are forfeited, and a qualifier forfeits each playoff match as soon as its opponent is known."),
    "round": ("events", "round_",
        "Make the next game's table assignments."),
    "result": ("results", "result",
        "Record a game result, a forfeit, one player's card, or import a CSV of results."),
    "quick-results": ("results", "quick_results",
        "Type results table by table, one line each, without restarting the program."),
    "check": ("results", "check",
        "List games whose result is missing or whose two cards disagree; settle them by the ACC rule, or one game by the card the director chooses."),
    "log": ("results", "log",
        "Show a log of changes: an event's (results, rounds, entries, settings, the cut...), a league's, or the roster's; each with its source and actor."),
    "undo": ("results", "undo",
        "Revert the newest change of a log, whatever its kind (a result, round, entry, withdrawal, setting, the cut, a pool...); repeat to go further back."),
    "standings": ("reports", "standings",
        "Standings with the official tie-breaks; remaining ties are marked '='."),
    "ruling": ("results", "ruling",
        "Settle a disputed count at the table and keep the ruling with the game."),
    "report": ("reports", "report",
        "The final results an association asks for: one row per entrant with place, name, ACC number, game points, wins, losses, spread, qualified, playoff finish, prize and pools (and MRPs in an ACC event)."),
    "cut": ("playoffs", "cut",
        "Cut to the qualifiers and make the seeded bracket (byes to the top seeds)."),
    "bracket": ("playoffs", "bracket",
        "Draw the bracket: rounds as columns, seeds, names, games won."),
    "match": ("playoffs", "match",
        "Show a match slip: players, seeds, best-of, who deals first, games so far."),
    "placings": ("playoffs", "placings",
        "Final placings (1st, 2nd, 3rd-4th, 5th-8th, ...) and prizes from the payout table."),
    "consolation": ("playoffs", "consolation",
        "Create the consolation event from the non-qualifiers, linked to the main event."),
    "print": ("printing", "print_",
        "Print a document to PDF."),
    "serve": ("web", "serve",
        "Serve a live view of the database: standings, tables with a find-your-table box, brackets, players' games and league seasons, following new results without a reload (?screen=1 for a projector)."),
    "publish": ("web", "publish",
        "Write the live pages as a static, self-contained site (relative links, inline styles, index.html first) to upload anywhere; re-running it rewrites only the pages that changed."),
    "pool": ("pools", "pools_app",
        "Side pools and Q-pools: fees, entrants and payouts to the cent."),
    "player": ("players", "players_app",
        "Players: the club's roster, kept across events."),
    "event": ("events", "events_app",
        "Events: list, show and change settings."),
    "league": ("leagues", "league_app",
        "Club leagues: weekly nights and season standings."),
    "ratings": ("ratings", "ratings_app",
        "Ratings across events (Glicko-2): rebuild them from every final game."),
}
COMMAND_MODULES = {name: module for name, (module, _, _) in COMMANDS.items()}
COMMAND_SUMMARIES = {name: summary for name, (_, _, summary) in COMMANDS.items()}

# Typer settings of a command that needs its own: result lets unknown options pass
# through, so a typo'd "-5" reaches the score check.
COMMAND_SETTINGS: dict[str, dict[str, Any]] = {"result": {"context_settings": {"ignore_unknown_options": True}}}

# Subcommands a group takes from modules of their own: (subcommand, module, function).
GROUP_EXTRAS = {"event": (("links", "links", "links"),)}


class CribGroup(TyperGroup):
    """Builds each command on first use, and turns domain errors into one line on
    stderr and exit 1, never a traceback."""

    def list_commands(self, ctx: "Context") -> list[str]:
        return list(COMMAND_MODULES)

    def get_command(self, ctx: "Context", cmd_name: str) -> "Command | None":
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            self.commands[cmd_name] = build_command(cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: "Context", formatter: "HelpFormatter") -> None:
        """The command list of --help, from the docstrings, without building the commands."""
        limit = formatter.width - 6 - max(map(len, COMMAND_MODULES))
        rows = [(name, typer_hook.short_help(COMMAND_SUMMARIES[name], limit)) for name in COMMAND_MODULES]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def shell_complete(self, ctx: "Context", incomplete: str) -> "list[CompletionItem]":
        """Command names from the table, then the options, without building a
        command: a TAB after `st` built standings and stats, importing their modules."""
        names = [CompletionItem(name, help=typer_hook.short_help(COMMAND_SUMMARIES[name], 45))
                 for name in COMMAND_MODULES if name.startswith(incomplete)]
        return names + super(TyperGroup, self).shell_complete(ctx, incomplete)  # the options: Typer's own builds every match

    def parse_args(self, ctx: "Context", args: list[str]) -> list[str]:
        with _printable_usage_errors():
            return super().parse_args(ctx, args)

    def invoke(self, ctx: "Context") -> Any:
        try:
            with _printable_usage_errors():
                return super().invoke(ctx)
        except CribError as exc:
            from crib_tourney.cli.output import printable  # error paths import here: --help and TAB pay nothing for them

            typer.echo(f"error: {printable(clipped(str(exc)))}", err=True)
            raise typer.Exit(1) from None
        except UnicodeEncodeError as exc:
            if "surrogates" not in str(exc):
                raise
            from crib_tourney.tourney.names import NOT_TEXT  # a C locale hands Python 'José' as undecodable escapes

            typer.echo(f"error: {NOT_TEXT}", err=True)
            raise typer.Exit(1) from None
        except Exception as exc:  # database trouble: still one clear line
            from crib_tourney.store.db import describe_db_error, is_database_error

            if not is_database_error(exc):
                raise

            from crib_tourney.cli.output import printable

            typer.echo(f"error: {printable(clipped(describe_db_error(exc)))}", err=True)
            raise typer.Exit(1) from None


@contextmanager
def _printable_usage_errors() -> Iterator[None]:
    """A usage error (exit 2) repeats what was typed ("Got unexpected extra
    argument (...)", "No such command '...'"): shown printable, like every
    refusal of ours."""
    try:
        yield
    except typer.TyperException as exc:
        from crib_tourney.cli.output import printable

        exc.message = printable(clipped(exc.message))
        raise


app = typer.Typer(
    cls=CribGroup,
    no_args_is_help=True,
    add_completion=True,
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


typer_hook.install_value_checks(coercion.converter)  # before any command runs: values are checked without importing pydantic


def _registered(name: str) -> typer.Typer:
    """A Typer app holding only command ``name``, as the table says."""
    module, attribute, _ = COMMANDS[name]
    target = getattr(importlib.import_module(f"crib_tourney.cli.{module}"), attribute)
    one = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    if isinstance(target, typer.Typer):  # a group: player, event, league, pool, ratings
        for sub, extra, function in GROUP_EXTRAS.get(name, ()):
            add = getattr(importlib.import_module(f"crib_tourney.cli.{extra}"), function)
            if not any(c.callback is add for c in target.registered_commands):  # once, however often it is built
                target.command(sub)(add)
        one.add_typer(target, name=name)
    else:
        one.command(name, **COMMAND_SETTINGS.get(name, {}))(target)
    return one


def summary(name: str) -> str:
    """The help text of command ``name`` (a group's help, or the function's docstring)."""
    one = _registered(name)
    if one.registered_groups:
        return one.registered_groups[0].typer_instance.info.help or ""  # type: ignore[union-attr]
    info = one.registered_commands[0]
    return info.help or inspect.cleandoc(info.callback.__doc__ or "")


def build_command(name: str) -> "Command":
    """The click command ``name``, built in a Typer app of its own."""
    one = _registered(name)
    built = typer.main.get_command(one)
    if isinstance(built, TyperGroup) and not one.registered_commands:
        return built.commands[name]  # a group of commands (player, event, league)
    built.name = name
    return built


def main() -> None:
    if sys.stdout is None:  # started with stdout closed (`>&-`): say so before anything is done
        if sys.stderr is not None:
            sys.stderr.write("error: cannot write the output: standard output is closed; nothing was done\n")
        sys.exit(1)
    if isinstance(sys.stdout, io.TextIOWrapper) and not _unicode(sys.stdout):
        sys.stdout.reconfigure(errors="replace")  # a latin-1 or ASCII terminal: '?' for what it cannot show, never a traceback
    if isinstance(sys.stderr, io.TextIOWrapper) and not _unicode(sys.stderr):
        sys.stderr.reconfigure(errors="replace")
    sys.stdout = _Remembered(sys.stdout)
    try:
        app(prog_name="crib-tourney")
    except SystemExit:
        _flush_stdout()
        raise
    except OSError as exc:  # the terminal or pipe refused our output (a full disk, /dev/full)
        _output_failed(exc)
    _flush_stdout()


def _unicode(stream: object) -> bool:
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name.startswith("utf")
    except LookupError:
        return False


class _Remembered:
    """stdout, remembering the last text written to it: when the output fails
    after a change was saved, stderr can still say what was saved."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.last = ""

    def write(self, text: str) -> int:
        if isinstance(text, str) and text.strip():
            self.last = text
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:
        _output_failed(exc)


def _output_failed(exc: OSError) -> NoReturn:
    """One line on stderr instead of a traceback; stdout is pointed at /dev/null
    so Python's own flush at exit cannot fail a second time. A change that was
    saved before its confirmation could not be printed is said, with what it
    was, so nobody runs the command again to add a second one."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    saved = ""
    if state.SAVED:
        said = " ".join(getattr(sys.stdout, "last", "").split())
        from crib_tourney.cli.output import printable
        from crib_tourney.tourney.numbers import abbreviated

        saved = "; the change was saved all the same" + (f": {printable(abbreviated(said, 200))}" if said else "")
    if exc.errno == errno.EPIPE:  # `... | head`: the reader had enough; not an error worth a line
        sys.exit(1)
    sys.stderr.write(f"error: cannot write the output: {exc.strerror or exc}{saved}\n")
    sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
