"""ratings rebuild: make the ratings across events from scratch and keep them."""

from typing import Annotated, Optional

import typer

from crib_tourney.cli.common import JsonOption, db
from crib_tourney.cli.output import print_json, say
from crib_tourney.services.ratings import rebuild as rebuild_ratings

ratings_app = typer.Typer(help="Ratings across events (Glicko-2): rebuild them from every final game.", no_args_is_help=True)


@ratings_app.command("rebuild")
def rebuild(
    tau: Annotated[Optional[float], typer.Option("--tau", help="Glicko-2's system constant (0.3-1.2; default 0.5, or the last rebuild's).")] = None,
    first_deal: Annotated[Optional[float], typer.Option("--first-deal", help="The first dealer's edge in rating points, where who dealt first is known (default 38).")] = None,
    start_rd: Annotated[Optional[float], typer.Option("--start-rd", help="A newcomer's RD (default 50: cribbage players' strengths differ little).")] = None,
    start_volatility: Annotated[Optional[float], typer.Option("--start-volatility", help="A newcomer's volatility (default 0.01).")] = None,
    as_json: JsonOption = False,
) -> None:
    """Make every player's rating from scratch, from every final game, and keep it.

    Reads are the same without it (ratings are made again when anything changed
    since the last rebuild); a rebuild makes later reads instant, and keeps its
    settings (--tau, --first-deal, --start-rd, --start-volatility) for them.
    Example: crib-tourney ratings rebuild --tau 0.5
    """
    with db() as conn:
        done = rebuild_ratings(conn, tau, first_deal, start_rd, start_volatility)
    if as_json:
        print_json({"players": done.players, "games": done.games, "events": done.events, **done.settings.as_dict()})
        return
    say(f"rated {_count(done.players, 'player')} from {_count(done.games, 'game')} in {_count(done.events, 'event')}"
        f" (tau {done.settings.tau:g}, first deal {done.settings.first_deal:+g}, newcomers {done.settings.start_rd:g}"
        f" / {done.settings.start_volatility:g})")


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"
