"""checkin EVENT P... [--paid] [--amount N] [--unpaid]; checkin EVENT --list [--json]

An option whose value may be left out (`--paid` alone, `--paid 25`) cannot be
had: Typer 0.29 parses with a parser of its own that drops click's
``flag_value``, so `--paid` is a flag (the entry fee) and `--amount N` the
amount paid (it implies --paid)."""

from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from crib_tourney.cli.common import EventArg, JsonOption, db
from crib_tourney.cli.output import print_json, print_table, say
from crib_tourney.inputs.names import entry_id, event_id
from crib_tourney.services.checkin import door_list, check_in
from crib_tourney.errors import CribError
from crib_tourney.inputs.money import cents
from crib_tourney.tourney.checkin import Payment
from crib_tourney.tourney.money import format_money

if TYPE_CHECKING:
    from crib_tourney.store.sql import Db
    from crib_tourney.services.checkin import CheckedIn, DoorList
    from crib_tourney.tourney.checkin import Payment


def checkin(
    event: EventArg,
    players: Annotated[Optional[List[str]], typer.Argument(help="Players (or teams) by name, #id or ACC number.",
                                                           show_default=False)] = None,
    paid: Annotated[bool, typer.Option("--paid", help="They paid the event's entry fee (--paid 12.50: that amount).")] = False,
    amount: Annotated[Optional[str], typer.Option("--amount", metavar="N",
                                                  help="They paid this amount each (25, 12.50); implies --paid.")] = None,
    unpaid: Annotated[bool, typer.Option("--unpaid", help="Clear what they paid (recorded by mistake, or refunded).")] = False,
    list_: Annotated[bool, typer.Option("--list", help="Who is in, who is missing, who has paid (changes nothing).")] = False,
    as_json: JsonOption = False,
) -> None:
    """Check players in at the door, and record what they paid.

    --paid records the event's entry fee; --paid 12.50 (or --amount 12.50) that amount.
    Example: crib-tourney checkin "Spring Open" "Pat Smith" "Lee Wong" --paid
    """
    if list_:
        if players or paid or amount is not None or unpaid:
            raise typer.BadParameter("--list shows the door list; name no players and no payment with it", param_hint="--list")

        with db(write=False) as conn:
            _show_list(door_list(conn, event_id(conn, event)), as_json)
        return
    if not players:
        raise typer.BadParameter("name the players who are here (or --list)", param_hint="PLAYERS")
    if (paid or amount is not None) and unpaid:
        raise typer.BadParameter("choose one of --paid (--amount) and --unpaid", param_hint="--paid/--unpaid")

    with db() as conn:
        ref = event_id(conn, event)
        if paid and amount is not None:
            raise typer.BadParameter("give the amount once: --paid 25 or --amount 25", param_hint="--paid/--amount")
        players, amount = _amount_after_paid(conn, ref, players, paid, amount)
        done = check_in(conn, ref, [entry_id(conn, ref, p) for p in players], _payment(paid, amount, unpaid))
    _show_arrivals(done, as_json)


def _amount_after_paid(conn: "Db", event: int, players: list[str], paid: bool, amount: str | None) -> tuple[list[str], str | None]:
    """`--paid 25`: Typer's --paid takes no value, so the amount arrives among the
    names; a word that names no entrant and reads as an amount is what each paid
    (an ACC number of an entrant stays a player)."""
    if not paid:
        return players, amount

    amounts = []
    for text in players:
        try:
            cents(text, "--paid")
        except CribError:
            continue
        try:
            entry_id(conn, event, text)
        except CribError:
            amounts.append(text)
    if len(amounts) > 1:
        raise typer.BadParameter(f"one amount after --paid, not {len(amounts)} ({', '.join(amounts)})", param_hint="--paid")
    if not amounts:
        return players, amount
    names = [p for p in players if p != amounts[0]]
    if not names:
        raise typer.BadParameter("name the players who are here (or --list)", param_hint="PLAYERS")
    return names, amounts[0]


def _payment(paid: bool, amount: str | None, unpaid: bool) -> "Payment | None":
    if unpaid:
        return Payment()
    if amount is not None:
        return Payment(cents=cents(amount, "--amount"))
    return Payment(fee=True) if paid else None


def _money(cents: int | None) -> str | None:
    return None if cents is None else format_money(cents)


def _show_arrivals(done: "CheckedIn", as_json: bool) -> None:
    if as_json:
        print_json({"event": done.event, "changed": done.changed,
                    "players": [{"entry": a.entry, "name": a.name, "checked_in": True, "was_in": a.was_in,
                                 "paid": _money(a.paid)} for a in done.arrivals]})
        return
    for a in done.arrivals:
        paid = "" if a.paid == a.paid_before else (f", paid {_money(a.paid)}" if a.paid is not None else ", payment cleared")
        say(f"{a.name}: {'already checked in' if a.was_in else 'checked in'}{paid}")
    if not done.changed:
        say(f"nothing changed in {done.event}")


def _show_list(door: "DoorList", as_json: bool) -> None:
    if as_json:
        print_json({"event": door.event, "check_in": door.check_in, "entry_fee": _money(door.entry_fee),
                    "entrants": len(door.rows), "checked_in": len(door.present), "missing": [r.name for r in door.missing],
                    "unpaid": [r.name for r in door.unpaid], "short": [r.name for r in door.short],
                    "collected": _money(door.collected),
                    "rows": [{"entry": r.entry, "name": r.name, "checked_in": r.checked_in, "paid": _money(r.paid),
                              "withdrawn": r.withdrawn} for r in door.rows]})
        return
    print_table(f"{door.event}: at the door", ["name", "in", "paid"],
                [[r.name + (" (withdrawn)" if r.withdrawn else ""), "yes" if r.checked_in else "",
                  _money(r.paid) or ""] for r in door.rows], right=["paid"])
    say(f"{len(door.present)} of {len(door.rows)} checked in; collected {_money(door.collected)}")
    if door.missing:
        say("missing: " + ", ".join(r.name for r in door.missing))
    if door.unpaid:
        say("not paid: " + ", ".join(r.name for r in door.unpaid))
    if door.short:
        say("paid short: " + ", ".join(f"{r.name} ({_money(r.paid)} of {_money(door.entry_fee)})" for r in door.short))
