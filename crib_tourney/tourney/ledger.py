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
"""

from __future__ import annotations

from decimal import Decimal
from typing import Sequence

from crib_tourney.records import record
from crib_tourney.tourney.money import part_of


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
