"""game: score a whole game from its deals."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from crib_tourney.cli.common import JsonOption, number, read_text_file
from crib_tourney.cli.output import print_json
from crib_tourney.errors import CribError
from crib_tourney.engine.gamefile import parse_game
from crib_tourney.engine.variants import get_variant
from crib_tourney.engine.game import SkunkLines, score_game
from crib_tourney.tourney.settings import EventSettings

if TYPE_CHECKING:
    from crib_tourney.engine.game import GameResult, SkunkLines
    from crib_tourney.engine.gamefile import GameSheet
    from crib_tourney.engine.variants import Variant

MAX_FILE = 1_000_000  # bytes; a game of a thousand deals is far smaller


def read_game(file: str) -> "GameSheet":
    """The game in FILE (JSON or the text form; '-' reads standard input), or one
    clear line saying why not."""
    if file == "-":
        data = sys.stdin.buffer.read(MAX_FILE + 1)
        if len(data) > MAX_FILE:
            raise CribError(f"the game is larger than {MAX_FILE:,} bytes; a game file is small")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CribError("standard input is not UTF-8 text") from None
    else:
        path = Path(file)
        try:
            too_big = path.is_file() and path.stat().st_size > MAX_FILE
        except OSError:
            too_big = False  # read_text_file names the trouble
        if too_big:
            raise CribError(f"{file} is larger than {MAX_FILE:,} bytes; a game file is small")
        text = read_text_file(path)
    return parse_game(text)


def rules_of(sheet: "GameSheet", variant: str | None, players: int | None, team_count: int | None) -> tuple["Variant", int, int | None]:
    """The variant, players and teams: the options, else the file's, else the variant's fewest players."""
    if variant is not None and sheet.variant is not None and get_variant(variant).name != get_variant(sheet.variant).name:
        raise CribError(f"the file's game is {sheet.variant}, --variant says {variant}")
    if players is not None and sheet.players is not None and players != sheet.players:
        raise CribError(f"the file's game has {sheet.players} players, --players says {players}")
    if team_count is not None and sheet.team_count is not None and team_count != sheet.team_count:
        raise CribError(f"the file's game has {sheet.team_count} teams, --team-count says {team_count}")
    rules = get_variant(variant if variant is not None else sheet.variant or "standard")
    seats = players if players is not None else sheet.players if sheet.players is not None else rules.min_players
    return rules, seats, team_count if team_count is not None else sheet.team_count


def event_skunk_lines(variant: "Variant", skunk: int | None, double: int | None) -> "SkunkLines":
    """The skunk lines an event of this variant has by default (tourney/settings.py), or as given."""
    defaults = EventSettings(variant=variant.name).completed()
    lines = SkunkLines(defaults.skunk_margin if skunk is None else skunk,
                       defaults.double_skunk_margin if double is None else double)
    if lines.skunk < 1 or lines.double <= lines.skunk:
        raise CribError(f"the skunk lines must be 1 or more, the double skunk's above the skunk's"
                        f" ({lines.skunk} and {lines.double})")
    return lines


def game(
    file: Annotated[str, typer.Argument(help="The game: a JSON file or the text form ('-' reads standard input).", metavar="FILE")],
    variant: Annotated[Optional[str], typer.Option("--variant", help="Rule set (default: the file's, else standard).")] = None,
    players: Annotated[Optional[int], typer.Option("--players", "-n", parser=number("players"), metavar="N", help="Players at the table (default: the file's, else the variant's fewest).")] = None,
    team_count: Annotated[Optional[int], typer.Option("--team-count", parser=number("team count"), metavar="N", help="Partners: number of teams (default: partnerships of two).")] = None,
    skunk_margin: Annotated[Optional[int], typer.Option("--skunk-margin", parser=number("skunk margin"), metavar="N", help="Winning margin that is a skunk (default: an event's, 31).")] = None,
    double_skunk_margin: Annotated[Optional[int], typer.Option("--double-skunk-margin", parser=number("double skunk margin"), metavar="N", help="Winning margin that is a double skunk (default: an event's, 61; none in five-card).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Score a whole game deal by deal: heels, the play, the show in order, and who went out first.

    The file lists each deal's dealer, the hands kept, the crib, the starter and
    the play (the cards in the order played; whose card each is and the goes
    follow from the hands). The README's "Public interfaces" gives the JSON and the text form.
    Example: crib-tourney game final.json
    """
    sheet = read_game(file)
    rules, seats, teams = rules_of(sheet, variant, players, team_count)
    lines = event_skunk_lines(rules, skunk_margin, double_skunk_margin)
    result = score_game(sheet, rules, seats, team_count=teams, skunk=lines)
    if as_json:
        print_json(result.as_dict())
        return
    for line in describe(result):
        typer.echo(line)


def describe(result: "GameResult") -> list[str]:
    """The game deal by deal, with the running totals, then the outcome."""
    sides = ", ".join(result.side_name(i) for i in range(len(result.sides)))
    lines = [f"{result.variant.name}, {result.players} player{'s' if result.players != 1 else ''}"
             f" ({sides}), to {result.target}"]

    def totals(seat_totals: tuple[int, ...]) -> str:
        return "-".join(str(seat_totals[side[0]]) for side in result.sides)

    for deal in result.deals:
        who = "the free crib" if deal.dealer is None else f"seat {deal.dealer + 1} deals"
        lines.append(f"deal {deal.number}: {who}, starter {deal.starter}")
        for score in deal.scores:
            lines.append(f"  seat {score.seat + 1:<3} {score.what:<9} {'+' + str(score.points):>4}  {totals(score.totals):<9} {score.detail}")
        lines.append(f"  after deal {deal.number}: {totals(deal.totals)}")
    lines.append(result.sentence())
    return lines
