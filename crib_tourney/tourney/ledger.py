"""An event's cash ledger, to the cent: what came in (entry fees actually paid,
pool money) and what goes out (the house's share, the sanctioning fee, prizes,
the high non-qualifier's prize, pool prizes), and the balance left in the box.

    collected - house - sanctioning - prizes - high non-qualifier - pool prizes = balance

The house's share is taken of the fees collected. The high non-qualifier's prize
is paid from the prize fund (the fund for the places shrinks by it) or on top of
it (the box pays it), as the event's setting says. A negative balance is what the
house must add (typically the sanctioning fee, which the ACC charges per entrant).

>>> book = ledger(entrants=10, paid=[3000] * 10, entry_fee=3000, house_share=Decimal(10), sanctioning_fee=100,
...               prizes=[16200, 10800], high_nonqualifier=0, pools_collected=0, pool_prizes=0)
>>> book.collected, book.house, book.sanctioning, book.prizes, book.balance
(30000, 3000, 1000, 27000, -1000)

Its lines, in the order the sum takes them, are what every reader shows (`report`
under its table, the cash sheet, `report --csv`'s ledger): computed here once, each
a key, a label, a sign ("+" comes in, "-" goes out, "=" a sum), the cents as the sum
uses them and a note (why the amount is what it is), so the words cannot drift apart.

>>> [(line.label, line.amount, line.note) for line in ledger_lines(book, True, False, True)][-3:]
[('high non-qualifier', '0.00', 'on top of the fund'), ('pool prizes', '0.00', None), \
('balance', '-10.00', 'negative: the house must add this')]
"""

from __future__ import annotations

from decimal import Decimal
from typing import Callable, Sequence

from crib_tourney.records import record
from crib_tourney.tourney.money import format_money, part_of


@record
class Ledger:
    entrants: int
    paid_entrants: int
    entry_fees: int  # collected from those who paid
    unpaid: int  # entry fees still owed
    pools_collected: int
    collected: int  # entry fees and pool money
    house: int
    sanctioning: int
    prizes: int  # by the payout table
    high_nonqualifier: int
    pool_prizes: int
    balance: int


def fund_for_places(fees: int, house_share: Decimal, set_fund: int, high_nonqualifier: int, hnq_from_fund: bool) -> int:
    """The prize fund the payout table shares: as set, or the fees less the house's
    share; less the high non-qualifier's prize when that is paid from the fund."""
    fund = set_fund if set_fund else fees - part_of(fees, house_share)
    return max(0, fund - high_nonqualifier) if hnq_from_fund else fund


def ledger(entrants: int, paid: Sequence[int], entry_fee: int, house_share: Decimal, sanctioning_fee: int,
           prizes: Sequence[int], high_nonqualifier: int, pools_collected: int, pool_prizes: int) -> Ledger:
    """The ledger from what each paying entrant paid (cents), the prizes and pool
    prizes paid (cents each), and the per-entrant sanctioning fee."""
    fees = sum(paid)
    house = part_of(fees, house_share)
    sanctioning = entrants * sanctioning_fee
    collected = fees + pools_collected
    prize_total = sum(prizes)
    balance = collected - house - sanctioning - prize_total - high_nonqualifier - pool_prizes
    return Ledger(entrants=entrants, paid_entrants=len(paid), entry_fees=fees,
                  unpaid=max(0, entrants * entry_fee - fees), pools_collected=pools_collected, collected=collected,
                  house=house, sanctioning=sanctioning, prizes=prize_total, high_nonqualifier=high_nonqualifier,
                  pool_prizes=pool_prizes, balance=balance)


@record
class LedgerLine:
    """One line of the ledger: ``key`` as `report --json`'s "ledger" names it,
    ``label`` in words, ``sign`` as the sum uses it ("+", "-" or "="), ``cents``
    (never negative for "+" and "-"; a sum's may be), ``note``: why (None: nothing to say)."""

    key: str
    label: str
    sign: str
    cents: int
    note: str | None = None

    @property
    def amount(self) -> str:
        """The amount as shown: going out is negative ("-23.50"); nothing is "0.00"."""
        return ("-" if self.sign == "-" and self.cents else "") + format_money(self.cents)

    @property
    def text(self) -> str:
        """The label with its note: "sanctioning fee (8 entrants)"."""
        return f"{self.label} ({self.note})" if self.note else self.label


# (key, label, sign): the sum's terms in order
LINES = (
    ("entry_fees", "entry fees collected", "+"), ("pools_collected", "pool money collected", "+"),
    ("collected", "collected", "="), ("house", "house's share", "-"), ("sanctioning", "sanctioning fee", "-"),
    ("prizes", "prizes (payout table)", "-"), ("high_nonqualifier", "high non-qualifier", "-"),
    ("pool_prizes", "pool prizes", "-"), ("balance", "balance", "="),
)


def ledger_lines(book: Ledger, payments_recorded: bool, high_nonqualifier_from_fund: bool,
                 final: bool, amount: Callable[[int], str] = format_money) -> tuple[LedgerLine, ...]:
    """The ledger's lines with their notes. ``payments_recorded``: the desk recorded
    payments (else every entrant is taken as paid); ``final``: the placings are decided;
    ``amount`` writes an amount in a note ("5.00" at the CLI, "€5.00" on paper)."""
    if payments_recorded:
        owed = f", {amount(book.unpaid)} owed" if book.unpaid else ""
        fees_note = f"{book.paid_entrants} of {book.entrants} paid{owed}"
    else:
        fees_note = f"{book.entrants} entrants; no payments recorded: all taken as paid"
    notes = {
        "entry_fees": fees_note,
        "sanctioning": f"{book.entrants} entrants",
        "prizes": None if final else "not final: the event is not decided",
        "high_nonqualifier": "from the prize fund" if high_nonqualifier_from_fund else "on top of the fund",
        "balance": "negative: the house must add this" if book.balance < 0 else None,
    }
    return tuple(LedgerLine(key, label, sign, getattr(book, key), notes.get(key)) for key, label, sign in LINES)
