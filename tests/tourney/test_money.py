"""Money to the cent: shares always add up to what is paid."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.errors import CribError
from crib_tourney.tourney.ledger import fund_for_places
from crib_tourney.tourney.money import format_money, parse_money, payout_shares, split_cents


@given(st.integers(0, 10**8), st.lists(st.integers(0, 1000), min_size=1, max_size=12))
@settings(max_examples=300, deadline=None)
def test_a_split_adds_up_and_leftover_cents_go_to_the_higher_places(total, weights):
    shares = split_cents(total, weights)
    if sum(weights):
        assert sum(shares) == total
        assert all(s == 0 for s, w in zip(shares, weights) if w == 0)
        exact = [Decimal(total) * w / sum(weights) for w in weights]
        assert all(-1 < s - e <= 1 for s, e in zip(shares, exact))  # floored, plus at most the one leftover cent


def test_payouts_pay_the_whole_fund_with_remainders_to_higher_places():
    bands = [(1, 1, [10]), (2, 2, [20]), (3, 4, [30, 40])]
    prizes = payout_shares(bands, 100_01, [Decimal(50), Decimal(30), Decimal(10), Decimal(10)])
    assert sum(prizes.values()) == 100_01
    assert prizes == {10: 50_01, 20: 30_00, 30: 10_00, 40: 10_00}
    three_ways = payout_shares([(1, 3, [1, 2, 3])], 100_00, [Decimal(100)])
    assert list(three_ways.values()) == [33_34, 33_33, 33_33]


def test_the_fund_follows_the_entries_less_the_house_share():
    assert fund_for_places(45 * 25_00, Decimal("10"), 0, 0, False) == 1012_50
    assert fund_for_places(45 * 25_00, Decimal("12.5"), 0, 0, False) == 984_38  # 1125.00 less 140.625: the house keeps the half cent
    assert fund_for_places(45 * 25_00, Decimal("10"), 900_00, 0, False) == 900_00


def test_a_high_nonqualifier_paid_from_the_fund_shrinks_it_and_on_top_does_not():
    assert fund_for_places(45 * 25_00, Decimal("10"), 0, 25_00, True) == 987_50
    assert fund_for_places(45 * 25_00, Decimal("10"), 0, 25_00, False) == 1012_50
    assert fund_for_places(10_00, Decimal("0"), 0, 25_00, True) == 0  # never below nothing


@pytest.mark.parametrize("text, cents", [("25", 2500), ("25.5", 2550), ("25.50", 2550), ("$7.05", 705), ("0", 0)])
def test_amounts_as_typed(text, cents):
    assert parse_money(text) == cents and format_money(cents) == f"{cents // 100}.{cents % 100:02d}"


@pytest.mark.parametrize("text", ["-5", "1e3", "12.345", "1,000", "nan", "inf", "", "٢٥", "25 dollars"])
def test_amounts_refused(text):
    with pytest.raises(CribError):
        parse_money(text)


def test_typed_percentages_and_place_points_are_ascii_and_whole_but_stored_ones_read_as_before():
    from crib_tourney.tourney.league import parse_place_points
    from crib_tourney.tourney.money import parse_payouts

    for typed in ("1e2", "1_00", "\u0661\u0660\u0660", "50,,50", ",", "40,60,"):
        with pytest.raises(CribError):
            parse_payouts(typed)
    assert parse_payouts("40, 25;12.5,12.5") == [Decimal(40), Decimal(25), Decimal("12.5"), Decimal("12.5")]
    assert parse_payouts("50,,50", stored=True) == [Decimal(50), Decimal(50)]  # kept by an older release
    with pytest.raises(CribError, match="an empty place"):
        parse_place_points("10,,8")
    assert parse_place_points("10,,8", stored=True) == [10.0, 8.0]
