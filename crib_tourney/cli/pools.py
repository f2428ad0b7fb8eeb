"""pool add / join / leave / report: side pools and Q-pools."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db
from crib_tourney.cli.output import print_json, print_table

pools_app = typer.Typer(help="Side pools and Q-pools: fees, entrants and payouts to the cent.", no_args_is_help=True)
PoolArg = Annotated[str, typer.Argument(help="The pool's name.")]
PlayersArg = Annotated[List[str], typer.Argument(help="Players (or teams) by name, #id or ACC number.")]


@pools_app.command("add")
def add(
    event: EventArg,
    name: PoolArg,
    fee: Annotated[str, typer.Option("--fee", help="What each entrant pays in, e.g. 10 or 2.50.")],
    kind: Annotated[str, typer.Option("--kind", help="side (pays by final place) or q (pays the entrants who qualify).")] = "side",
    payout: Annotated[Optional[str], typer.Option("--payout", help="places:50,30,20, equal or top-double (default: places:50,30,20 for side, equal for q).")] = None,
) -> None:
    """Add a side pool or Q-pool to an event (up to six side pools and two Q-pools).

    Example: crib-tourney pool add "Spring Open" "Skins" --fee 10 --payout places:50,30,20
    """
    from crib_tourney.services.pools import add_pool

    with db() as conn:
        typer.echo(add_pool(conn, event, name, fee, kind, payout))


@pools_app.command("join")
def join(event: EventArg, name: PoolArg, players: PlayersArg) -> None:
    """Enter players in a pool.

    Example: crib-tourney pool join "Spring Open" "Skins" "Pat Smith" "Lee Wong"
    """
    from crib_tourney.services.pools import join_pool

    with db() as conn:
        typer.echo("\n".join(join_pool(conn, event, name, players)))


@pools_app.command("leave")
def leave(event: EventArg, name: PoolArg, players: PlayersArg) -> None:
    """Take players out of a pool.

    Example: crib-tourney pool leave "Spring Open" "Skins" "Pat Smith"
    """
    from crib_tourney.services.pools import leave_pool

    with db() as conn:
        typer.echo("\n".join(leave_pool(conn, event, name, players)))


@pools_app.command("report")
def report(event: EventArg, as_json: JsonOption = False) -> None:
    """Every pool: entrants, what was collected, and who is paid what.

    Example: crib-tourney pool report "Spring Open" --json
    """
    from crib_tourney.services.pools import pool_report

    with db(write=False) as conn:
        data = pool_report(conn, event)
    if as_json:
        print_json(data)
        return
    for pool in data["pools"]:
        title = f"{pool['name']} ({'Q-pool' if pool['kind'] == 'q' else 'side pool'}, {pool['fee']} each, {len(pool['entrants'])} in, {pool['collected']} collected)"
        if pool["payouts"]:
            print_table(title, ["player", "paid"], [[p["player"], p["amount"]] for p in pool["payouts"]], right=["paid"])
        else:
            typer.echo(f"{title}: {'nobody to pay' if pool['decided'] else 'paid when its winners are known'}")
    typer.echo(f"collected {data['collected']}, paid {data['paid']}")


def register(app: typer.Typer) -> None:
    app.add_typer(pools_app, name="pool")
