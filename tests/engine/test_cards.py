import pytest

from crib_tourney.engine.cards import Card, full_deck, parse_card, parse_cards
from crib_tourney.errors import CardError


@pytest.mark.parametrize(
    "token, expected",
    [
        ("5H", Card(5, "H")), ("10h", Card(10, "H")), ("TH", Card(10, "H")), ("qs", Card(12, "S")),
        ("Q♠", Card(12, "S")), ("J♦", Card(11, "D")), ("a♣", Card(1, "C")), ("K♥", Card(13, "H")),
    ],
)
def test_parse_every_spelling(token, expected):
    assert parse_card(token) == expected


def test_canonical_form_and_values():
    assert [str(parse_card(t)) for t in ["th", "a♣", "q♠"]] == ["10H", "AC", "QS"]
    assert [parse_card(t).value for t in ["AC", "9D", "10S", "JH", "QC", "KD"]] == [1, 9, 10, 10, 10, 10]


@pytest.mark.parametrize("token, fragment", [("1H", "unknown rank '1'"), ("5X", "unknown suit 'X'"), ("11C", "unknown rank '11'"), ("H", "'H' is not a card"), ("", "is not a card")])
def test_bad_tokens_name_the_token(token, fragment):
    with pytest.raises(CardError, match=fragment.replace("(", r"\(")):
        parse_card(token)


def test_same_card_twice_refused_across_one_situation():
    seen: set = set()
    parse_cards(["5H", "6H"], seen)
    with pytest.raises(CardError, match="5H"):
        parse_cards(["5h"], seen)


def test_deck_has_52_distinct_cards():
    assert len(set(full_deck())) == 52
