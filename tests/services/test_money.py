"""services/money.py: who an event pays what, and its cash ledger."""

from __future__ import annotations

from crib_tourney.services import checkin, money
from crib_tourney.tourney.checkin import Payment
from crib_tourney.services import playoffs
from tests.services.builders import EIGHT, decided, ids, played_event


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


def test_the_shortfall_counts_a_fund_set_without_an_entry_fee_as_brought(db):
    """The overpay rule (services/money.py's docstring): a fund set for an event that
    charges no entry fee is the director's money; with an entry fee the box is short."""
    event = _final(db, "Free", entry_fee=0, prize_fund=9000)
    book = money.event_ledger(db, event.id)
    assert (book.book.collected, book.book.prizes, book.brought, book.shortfall(), book.overpaid()) == (0, 9000, 9000, None, None)
    event = _final(db, "Fee", entry_fee=500, prize_fund=9000)
    short = money.event_ledger(db, event.id).shortfall()
    assert short == money.Shortfall(9000, 4000, 0)
    assert short.line(lambda cents: f"€{cents // 100}") == "the payouts (€90) exceed what was collected (€40)"


def _final(db, name, **settings):
    event = played_event(db, name, players=tuple(f"{p} {name}" for p in EIGHT), games=3, payouts="60,40", **settings)
    entry = {n.split()[0]: i for n, i in ids(db, event).items()}
    playoffs.cut(db, event.id, 2)
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Bob"], entry["Ann"], (121, 100), None, False, False)
    return event
