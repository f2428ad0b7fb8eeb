"""pool add / join / leave / report: side pools and Q-pools."""

from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db
from crib_tourney.cli.output import print_json, print_table, say
from crib_tourney.inputs.money import cents, pool_kind, pool_payout
from crib_tourney.inputs.names import event_id, entry_id
from crib_tourney.services.pools import add_pool, join_pool, leave_pool, pool_report, pool_id
from crib_tourney.tourney.money import format_money

if TYPE_CHECKING:
    from crib_tourney.store.sql import Db

pools_app = typer.Typer(help="Side pools and Q-pools: fees, entrants and payouts to the cent.", no_args_is_help=True)
PoolArg = Annotated[str, typer.Argument(help="The pool's name.")]
PlayersArg = Annotated[List[str], typer.Argument(help="Players (or teams) by name, #id or ACC number.")]


@pools_app.command("add")
def add(
    event: EventArg,
    name: PoolArg,
    fee: Annotated[str, typer.Option("--fee", help="What each entrant pays in, e.g. 10 or 2.50.")],
    kind: Annotated[str, typer.Option("--kind", help="side (pays by final place) or q (pays the entrants who qualify).")] = "side",
    payout: Annotated[Optional[str], typer.Option("--payout", help="places:50,30,20, equal, top-double or graduated:RATIO (the ACC's graduated side pool: one winner in RATIO players; default: places:50,30,20 for side, equal for q).")] = None,
) -> None:
    """Add a side pool or Q-pool to an event (up to six side pools and two Q-pools).

    Example: crib-tourney pool add "Spring Open" "Skins" --fee 10 --payout places:50,30,20
    """
    kind_of = pool_kind(kind)
    fee_cents, pays = cents(fee, "the pool fee"), pool_payout(payout, kind_of)
    with db() as conn:
        added = add_pool(conn, event_id(conn, event), name, fee_cents, kind_of, pays)
    say(f"added {_kind_name(added.kind)} {added.name} to {added.event}: {format_money(added.fee)} a player, pays {added.payout}")


@pools_app.command("join")
def join(event: EventArg, name: PoolArg, players: PlayersArg) -> None:
    """Enter players in a pool.

    Example: crib-tourney pool join "Spring Open" "Skins" "Pat Smith" "Lee Wong"
    """
    with db() as conn:
        joined = join_pool(conn, *_pool_and_entries(conn, event, name, players))
    say("\n".join(f"{e} joined {joined.pool} ({format_money(joined.fee)})" for e in joined.entries))


@pools_app.command("leave")
def leave(event: EventArg, name: PoolArg, players: PlayersArg) -> None:
    """Take players out of a pool.

    Example: crib-tourney pool leave "Spring Open" "Skins" "Pat Smith"
    """
    with db() as conn:
        left = leave_pool(conn, *_pool_and_entries(conn, event, name, players))
    say("\n".join(f"{e} left {left.pool}" for e in left.entries))


@pools_app.command("report")
def report(event: EventArg, as_json: JsonOption = False) -> None:
    """Every pool: entrants, what was collected, and who is paid what.

    Example: crib-tourney pool report "Spring Open" --json
    """
    with db(write=False) as conn:
        data = pool_report(conn, event_id(conn, event))
    if as_json:
        print_json(data.as_dict())
        return
    cur = data.currency

    def money(cents: int) -> str:
        return cur + format_money(cents)

    for pool in data.pools:
        title = f"{pool.name} ({_kind_name(pool.kind)}, {money(pool.fee)} each, {len(pool.entrants)} in, {money(pool.collected)} collected)"
        if pool.table:
            print_table(f"{pool.name}: {pool.payout} pays by place", ["place", "amount"],
                        [[i, money(c)] for i, c in enumerate(pool.table, 1)], right=["place", "amount"])
            say(f"{pool.name}: rounding to {money(500)} leaves {money(pool.left_over)} for the director to place")
        if pool.payouts:
            print_table(title, ["player", "paid"], [[p.player, money(p.cents)] for p in pool.payouts], right=["paid"])
        else:
            say(f"{title}: {'nobody to pay' if pool.decided else 'paid when its winners are known'}")
    say(f"collected {money(data.collected)}, paid {money(data.paid)}")


def _kind_name(kind: str) -> str:
    return "Q-pool" if kind == "q" else "side pool"


def _pool_and_entries(conn: "Db", event: str, pool: str, players: list[str]) -> tuple[int, int, list[int]]:
    """The event, its pool and the entries named, as ids (the pool first, as a director reads the line)."""
    event_no = event_id(conn, event)
    pool_no = pool_id(conn, event_no, pool)
    return event_no, pool_no, [entry_id(conn, event_no, p) for p in players]
