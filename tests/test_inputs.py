"""The input modules: what people type, turned into the values the services take
(money into cents, cards into Cards, dates, roster rows), or one clear refusal."""

from __future__ import annotations

from datetime import date

import pytest

from crib_tourney.engine.cards import Card
from crib_tourney.errors import CribError
from crib_tourney.inputs import cards, csvrows, dates, money


def test_money_is_cents():
    assert [money.cents(t) for t in ("25", "25.5", "25.50", "$3.33", " 0.07 ")] == [2500, 2550, 2550, 333, 7]
    for bad in ("-5", "1e3", "2.505", "1,000", "", "١٢"):
        with pytest.raises(CribError, match="the fee must be an amount"):
            money.cents(bad, "the fee")


def test_a_pools_kind_and_payout():
    assert (money.pool_kind(" Q "), money.pool_kind("side")) == ("q", "side")
    with pytest.raises(CribError, match="a pool is side or q"):
        money.pool_kind("mega")
    assert money.pool_payout(None, "side") == "places:50,30,20" and money.pool_payout("", "q") == "equal"
    assert money.pool_payout(" Top-Double ", "q") == "top-double"
    with pytest.raises(CribError, match="must add up to 100"):
        money.pool_payout("places:60,30", "side")


def test_cards_from_one_deck():
    assert cards.cards(["5h", "th", "Q♠"]) == (Card(5, "H"), Card(10, "H"), Card(12, "S"))
    held, starter = cards.hand(["5H", "5D", "5S", "JC"], "5c")
    assert (len(held), starter) == (4, Card(5, "C"))
    with pytest.raises(CribError, match="5H"):
        cards.hand(["5H", "5D", "5S", "JC"], "5h")  # the starter is in the hand
    with pytest.raises(CribError, match="'5X' is not a card"):
        cards.cards(["5X"])


def test_a_pegging_sequence_is_cards_and_gos():
    assert cards.play(["5h", "GO", "10d"]) == (Card(5, "H"), "go", Card(10, "D"))
    with pytest.raises(CribError, match="token 2 '5X': '5X' is not a card"):
        cards.play(["5H", "5X"])


def test_what_a_ruling_is_about():
    count = cards.disputed("count", ["5H", "5D", "5S", "JC"], "5C", crib=True)
    assert isinstance(count, cards.Count) and count.crib and count.starter == Card(5, "C")
    peg = cards.disputed("peg", ["5H", "go"], None, seat=2)
    assert isinstance(peg, cards.Peg) and peg.seat == 2 and peg.play == (Card(5, "H"), "go")
    with pytest.raises(CribError, match="needs --starter"):
        cards.disputed("count", ["5H"], None)
    with pytest.raises(CribError, match="unknown ruling kind 'shout'"):
        cards.disputed("shout", ["5H"], None)


def test_dates():
    assert dates.day("2026-09-08") == date(2026, 9, 8) and dates.day(None) is None
    for bad in ("20260908", "2026-W07-2", "2026-02-30", "tuesday"):
        with pytest.raises(CribError, match="YYYY-MM-DD"):
            dates.day(bad)


def test_roster_rows_keep_the_good_rows_and_name_the_bad_lines():
    read = csvrows.roster_rows("Name,ACC_Number,club\n Ann  Lee ,1,Elm\n,2,\nBob,1,\nCat,,\n", "r.csv")
    assert read.file_name == "r.csv"
    assert [(r.line, r.name, r.acc_number, r.club, r.email) for r in read.rows] == [
        (2, "Ann Lee", "1", "Elm", None), (5, "Cat", None, None, None)]
    assert [str(e) for e in read.errors] == ["line 3: a player needs a name", "line 4: ACC number 1 repeats line 2"]
    with pytest.raises(CribError, match="r.csv: the CSV needs a header row with a 'name' column"):
        csvrows.roster_rows("who\nAnn\n", "r.csv")
