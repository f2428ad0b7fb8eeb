"""The cash ledger adds up to the cent: every term computed the way the event
pays it (the payout table's split, each pool's split), and the balance checked
against what the money must come to, not against the formula itself."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.tourney.ledger import fund_for_places, ledger, ledger_lines
from crib_tourney.tourney.money import part_of, payout_shares, split_cents

cents = st.integers(min_value=0, max_value=50_000)
percent = st.decimals(min_value=0, max_value=40, places=2)


@st.composite
def events(draw):  # type: ignore[no-untyped-def]
    entrants = draw(st.integers(min_value=2, max_value=300))
    fee = draw(cents)
    paying = draw(st.integers(min_value=0, max_value=entrants))
    places = draw(st.lists(st.decimals(min_value=1, max_value=12, places=1), min_size=1, max_size=8))
    table = places + [Decimal(100) - sum(places)]  # a table that pays the whole fund
    pools = draw(st.lists(st.tuples(st.integers(min_value=0, max_value=entrants), cents), max_size=4))
    return dict(entrants=entrants, fee=fee, paying=paying, table=table, pools=pools, house=draw(percent),
                sanctioning=draw(st.integers(min_value=0, max_value=500)), hnq=draw(st.integers(min_value=0, max_value=5_000)),
                hnq_from_fund=draw(st.booleans()))


@settings(max_examples=400, deadline=None)
@given(events())
def test_the_ledger_balances_to_the_cent(e):  # type: ignore[no-untyped-def]
    paid = [e["fee"]] * e["paying"]
    fees = sum(paid)
    hnq = min(e["hnq"], fees - part_of(fees, e["house"])) if e["hnq_from_fund"] else e["hnq"]
    fund = fund_for_places(fees, e["house"], 0, hnq, e["hnq_from_fund"])
    bands = [(k, k, [k]) for k in range(1, len(e["table"]) + 1)]
    prizes = list(payout_shares(bands, fund, e["table"]).values())
    pool_in = sum(n * fee for n, fee in e["pools"])
    pool_out = sum(sum(split_cents(n * fee, [50, 30, 20])) for n, fee in e["pools"])
    book = ledger(e["entrants"], paid, e["fee"], e["house"], e["sanctioning"], prizes, hnq, pool_in, pool_out)
    # every term as the event pays it
    assert book.collected == fees + pool_in and book.unpaid == (e["entrants"] - e["paying"]) * e["fee"]
    assert book.prizes == fund and book.pool_prizes == pool_in  # the payout table and each pool pay out in full
    # what the box holds at the end: the house keeps its share, the sanctioning fee
    # comes out of it, and a high non-qualifier paid on top comes out of it too
    expected = -book.sanctioning - (0 if e["hnq_from_fund"] else hnq)
    assert book.balance == expected
    assert book.collected - book.house - book.sanctioning - book.prizes - book.high_nonqualifier - book.pool_prizes \
        == book.balance


def test_a_high_nonqualifier_from_the_fund_shrinks_the_places():
    assert fund_for_places(30000, Decimal(10), 0, 1000, hnq_from_fund=True) == 26000
    assert fund_for_places(30000, Decimal(10), 0, 1000, hnq_from_fund=False) == 27000
    assert fund_for_places(30000, Decimal(10), 20000, 1000, hnq_from_fund=True) == 19000


@settings(max_examples=200, deadline=None)
@given(events(), st.booleans(), st.booleans())
def test_the_lines_are_the_sum_in_order(e, recorded, final):  # type: ignore[no-untyped-def]
    """The lines every reader shows add up: the "+" lines make the first sum, the
    "-" lines taken from it make the balance, and each amount is what the sum uses."""
    paid = [e["fee"]] * e["paying"]
    book = ledger(e["entrants"], paid, e["fee"], e["house"], e["sanctioning"], [e["fee"]], e["hnq"], 100, 50)
    lines = ledger_lines(book, recorded, e["hnq_from_fund"], final)
    assert [line.key for line in lines] == ["entry_fees", "pools_collected", "collected", "house", "sanctioning", "prizes",
                                            "high_nonqualifier", "pool_prizes", "balance"]
    by = {line.key: line for line in lines}
    assert by["collected"].cents == sum(line.cents for line in lines[:2] if line.sign == "+")
    assert by["balance"].cents == by["collected"].cents - sum(line.cents for line in lines if line.sign == "-")
    assert all(line.amount.startswith("-") == (line.sign == "-" and line.cents > 0) for line in lines[:-1])
    assert (by["prizes"].note is None) == final
    assert (by["balance"].note is not None) == (book.balance < 0)


def test_the_notes_say_why():
    book = ledger(entrants=8, paid=[3000] * 7 + [2500], entry_fee=3000, house_share=Decimal(10), sanctioning_fee=100,
                  prizes=[21600], high_nonqualifier=500, pools_collected=4000, pool_prizes=4000)
    assert [(line.text, line.amount) for line in ledger_lines(book, True, False, True)] == [
        ("entry fees collected (8 of 8 paid, 5.00 owed)", "235.00"), ("pool money collected", "40.00"),
        ("collected", "275.00"), ("house's share", "-23.50"), ("sanctioning fee (8 entrants)", "-8.00"),
        ("prizes (payout table)", "-216.00"), ("high non-qualifier (on top of the fund)", "-5.00"),
        ("pool prizes", "-40.00"), ("balance (negative: the house must add this)", "-17.50")]
    unrecorded = ledger_lines(book, False, True, False)
    assert [line.note for line in unrecorded if line.key in ("entry_fees", "prizes", "high_nonqualifier")] == [
        "8 entrants; no payments recorded: all taken as paid", "not final: the event is not decided", "from the prize fund"]
