"""An event's money: who is paid what (``winnings``: placings with the high
non-qualifier's prize, and pools) and the cash ledger (the rule in
tourney/ledger.py: what came in, the house's and the sanctioning body's shares,
what goes out, the balance). Amounts are cents; the CLI and the web turn them
into words.

The overpay warning (``EventLedger.shortfall``) is the director's: `report`,
`placings` at the CLI and the cash sheet say it, the public placings page does
not. It fires when the payouts (prizes, the high non-qualifier's prize, pool
prizes) exceed what the box can pay. What the box can pay is what was collected,
except for an event that charges no entry fee and whose prize fund is set
explicitly (`--prize-fund`): that fund is money the director brings (a sponsor's,
the club's), so a director expects the prizes to exceed the (nothing) collected and
is warned only when the payouts exceed the fund set plus what was collected (the
high non-qualifier's prize paid on top of it, say). With an entry fee, a fund set
above the fees collected still warns: the box is short and the house must add.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Callable

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.services.noshows import played_entries
from crib_tourney.services.playoffs import placings_view
from crib_tourney.services.pools import pool_report
from crib_tourney.store.directory import entries_of
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.ledger import Ledger, LedgerLine, ledger, ledger_lines
from crib_tourney.tourney.money import format_money, parse_money


@record
class Winnings:
    """What an event pays, by display name, in cents: placings (with the high
    non-qualifier prize) and pools; ``finish`` the playoff place of each placed entry."""

    finish: dict[str, str]
    prize: dict[str, int]
    pools: dict[str, int]
    complete: bool
    high_nonqualifier: int = 0  # the high non-qualifier's prize (in ``prize`` too)
    pools_collected: int = 0  # what the pools took in


def winnings(db: Db, event_id: int) -> Winnings:
    return _winnings(db, load_event(db, event_id))


def _winnings(db: Db, event: Event) -> Winnings:

    finish: dict[str, str] = {}
    prize: dict[str, int] = {}
    pools: dict[str, int] = {}
    complete = False
    high_prize = 0
    try:
        placings = placings_view(db, event)
    except CribError:
        placings = None  # no bracket (yet): no playoff finishes or prizes; pools may still pay
    if placings is not None:
        # placings_view still shows its prizes as text ("12.50"): read back to cents
        complete = placings["complete"]
        for row in placings["rows"]:
            finish[row["player"]] = row["place"]
            prize[row["player"]] = parse_money(row["prize"]) if row["prize"] else 0
        high = placings["high_nonqualifier"]
        if high and high["prize"]:
            high_prize = parse_money(high["prize"])
            prize[high["player"]] = prize.get(high["player"], 0) + high_prize
    pooled = pool_report(db, event.id)
    for pool in pooled.pools:
        for paid in pool.payouts:
            pools[paid.player] = pools.get(paid.player, 0) + paid.cents
    return Winnings(finish, prize, pools, complete, high_prize, pooled.collected)


@record
class Shortfall:
    """Payouts beyond what the box can pay, in cents: ``collected`` and, for an
    event without an entry fee, the prize fund set (``brought``)."""

    payouts: int
    collected: int
    brought: int = 0

    def line(self, amount: Callable[[int], str]) -> str:
        """In words, each amount as ``amount`` writes it ("300.00" at the CLI, "€300.00" on paper)."""
        fund = f" and the prize fund set ({amount(self.brought)})" if self.brought else ""
        return f"the payouts ({amount(self.payouts)}) exceed what was collected ({amount(self.collected)}){fund}"


@record
class EventLedger:
    """An event's cash ledger (tourney/ledger.py), in cents. ``payments_recorded``:
    the desk recorded payments (checkin --paid); if it recorded none, every
    entrant is taken to have paid the entry fee. ``final``: the placings are
    decided, so the prizes are what will be paid."""

    book: Ledger
    payments_recorded: bool
    high_nonqualifier_from_fund: bool
    final: bool
    brought: int = 0  # a fund set for an event without an entry fee: what the director brings (the docstring above)

    def lines(self, amount: Callable[[int], str] = format_money) -> tuple[LedgerLine, ...]:
        """The ledger's lines (tourney/ledger.py), as `report` and the cash sheet show them
        (``amount`` writes the amounts in their notes)."""
        return ledger_lines(self.book, self.payments_recorded, self.high_nonqualifier_from_fund, self.final, amount)

    def shortfall(self) -> Shortfall | None:
        """The payouts and what the box can pay, when the payouts exceed it (None: they do not)."""
        b = self.book
        out = b.prizes + b.high_nonqualifier + b.pool_prizes
        if out <= b.collected + self.brought:
            return None
        return Shortfall(out, b.collected, self.brought)

    def overpaid(self) -> str | None:
        """The shortfall in one ASCII line, as the CLI and JSON say it (None: none)."""
        short = self.shortfall()
        return None if short is None else short.line(format_money)

    def as_dict(self) -> dict[str, Any]:
        """As `report --json` prints it under "ledger" (amounts like "360.00")."""
        b = self.book
        money = {k: format_money(getattr(b, k)) for k in ("entry_fees", "unpaid", "pools_collected", "collected", "house",
                                                          "sanctioning", "prizes", "high_nonqualifier", "pool_prizes", "balance")}
        return {"entrants": b.entrants, "paid_entrants": b.paid_entrants, "payments_recorded": self.payments_recorded,
                **money, "high_nonqualifier_from_fund": self.high_nonqualifier_from_fund, "final": self.final}


def event_ledger(db: Db, event_id: int) -> EventLedger:
    return winnings_and_ledger(db, event_id)[1]


def winnings_and_ledger(db: Db, event_id: int) -> tuple[Winnings, EventLedger]:
    """Who is paid what, and the ledger, from one reading of the placings (the cash sheet)."""
    event = load_event(db, event_id)
    won = _winnings(db, event)
    return won, _ledger(db, event, won)


def _ledger(db: Db, event: Event, won: Winnings) -> EventLedger:

    entries = entries_of(db, event)
    played = played_entries(db, event)  # no-shows owe nothing and cost no sanctioning fee
    recorded = any(e.paid is not None for e in entries)
    paid = [e.paid for e in entries if e.paid is not None] if recorded else [event.entry_fee] * len(played)
    book = ledger(entrants=len(played), paid=paid, entry_fee=event.entry_fee, house_share=Decimal(str(event.house_share)),
                  sanctioning_fee=event.sanctioning_fee, prizes=[sum(won.prize.values()) - won.high_nonqualifier],
                  high_nonqualifier=won.high_nonqualifier, pools_collected=won.pools_collected,
                  pool_prizes=sum(won.pools.values()))
    brought = event.prize_fund if not event.entry_fee else 0
    return EventLedger(book, recorded, event.high_nonqualifier_from_fund, won.complete, brought)
