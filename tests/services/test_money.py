"""services/money.py: who an event pays what, and its cash ledger."""

from __future__ import annotations

from crib_tourney.services import checkin, money
from crib_tourney.tourney.checkin import Payment
from tests.services.builders import decided


def test_winnings_and_the_ledger(db):
    event, _ = decided(db)
    won = money.winnings(db, event.id)
    assert (won.prize, won.pools, won.complete, won.high_nonqualifier) == ({"Bob": 4800, "Ann": 3200}, {}, True, 0)
    assert won.finish["Bob"] == "1st" and won.finish["Ann"] == "2nd"
    ledger = money.event_ledger(db, event.id)
    assert (ledger.book.entrants, ledger.book.entry_fees, ledger.book.prizes, ledger.book.balance) == (8, 8000, 8000, 0)
    assert (ledger.payments_recorded, ledger.final) == (False, True)
    assert money.winnings_and_ledger(db, event.id) == (won, ledger)


def test_the_ledger_counts_what_was_paid_at_the_door(db):
    event, entry = decided(db)
    checkin.check_in(db, event.id, [entry["Ann"], entry["Bob"]], Payment(fee=True))
    book = money.event_ledger(db, event.id)
    assert (book.payments_recorded, book.book.paid_entrants, book.book.unpaid) == (True, 2, 6000)
