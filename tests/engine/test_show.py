"""Named examples for every rule of the show in the rules page."""

import pytest

from crib_tourney.engine.cards import parse_card, parse_cards
from crib_tourney.engine.show import count_show, heels, rank_points, spoken
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CardError, VariantError


def show(hand: str, starter: str, crib: bool = False, variant: str = "standard"):
    return count_show(parse_cards(hand.split()), parse_card(starter), is_crib=crib, variant=get_variant(variant))


def kinds(result):
    out: dict[str, int] = {}
    for item in result.items:
        out[item.kind] = out.get(item.kind, 0) + item.points
    return out


@pytest.mark.parametrize(
    "hand, starter, total",
    [
        ("5H 5D 5S JC", "5C", 29),  # the perfect hand
        ("5H 5D JS JC", "5C", 23),
        ("4H 4D 5S 6C", "6D", 24),  # 4,4,5,6,6 from the rule sheet: 8 + 4 + 12
        ("7H 8D 9S 9C", "10D", 12),  # 7+8 fifteen 2, double run of four 10
        ("3H 3D 3S 4C", "5D", 21),  # triple run 15, three fifteens of 3+3+4+5
        ("6H 7D 7S 8C", "8D", 24),  # double-double run 16 + fifteens 8
        ("2H 4D 6S 8C", "10D", 0),  # nineteen
        ("AH 2D 3S 4C", "5D", 7),  # run of five 5 + 1+2+3+4+5 = 15
        ("10H 10D 5S 5C", "QD", 16),  # six fifteens 12, two pairs 4
    ],
)
def test_named_hands(hand, starter, total):
    assert show(hand, starter).total == total


def test_rule_sheet_example_two_tens_two_fives():
    # "two 10's and two 5's would give eight points for fifteen plus four for pairs"
    result = count_show(parse_cards("10H 10D 5S 5C".split()), parse_card("AD"))
    assert kinds(result) == {"fifteen": 8, "pair": 4}


def test_4_4_5_6_6_is_8_fifteens_4_pairs_12_runs():
    assert kinds(show("4H 4D 5S 6C", "6D")) == {"fifteen": 8, "pair": 4, "run": 12}


def test_double_run_of_three_is_8_with_its_pair():
    result = show("9H 10D 10S JC", "2D")
    assert sum(i.points for i in result.items if i.kind in ("pair", "run")) == 8


def test_double_run_of_four_is_10():
    result = show("7H 8D 9S 9C", "10D")
    assert sum(i.points for i in result.items if i.kind in ("pair", "run")) == 10
    assert len([i for i in result.items if i.kind == "run"]) == 2


def test_triple_run_is_15_and_double_double_is_16():
    triple = show("9H 9D 9S 10C", "JD")
    assert sum(i.points for i in triple.items if i.kind in ("pair", "run")) == 15
    dd = show("9H 9D 10S 10C", "JD")
    assert sum(i.points for i in dd.items if i.kind in ("pair", "run")) == 16


def test_pairs_royal_and_double_royal():
    assert kinds(show("8H 8D 8S AC", "KD"))["pair"] == 6
    assert kinds(show("8H 8D 8S 8C", "KD"))["pair"] == 12


def test_ace_low_never_after_king():
    assert "run" not in kinds(show("QH KD AS 7C", "9D"))
    assert kinds(show("AH 2D 3S 8C", "9D"))["run"] == 3


def test_hand_flush_four_and_five():
    assert kinds(show("2H 4H 6H 8H", "QS"))["flush"] == 4
    assert kinds(show("2H 4H 6H 8H", "QH"))["flush"] == 5


def test_crib_flush_needs_all_five():
    assert "flush" not in kinds(show("2H 4H 6H 8H", "QS", crib=True))
    assert kinds(show("2H 4H 6H 8H", "QH", crib=True))["flush"] == 5


def test_four_card_flush_including_starter_scores_nothing():
    # three hand cards + starter of one suit is no flush
    assert "flush" not in kinds(show("2H 4H 6H 8S", "QH"))


def test_nobs_jack_of_starter_suit_only_in_hand():
    assert kinds(show("JH 2C 4D 6S", "9H"))["nobs"] == 1
    assert "nobs" not in kinds(show("JC 2C 4D 6S", "9H"))
    assert "nobs" not in kinds(show("2C 4D 6S 8C", "JH"))  # the starter jack is heels, not nobs


def test_heels_is_dealers_two_for_a_jack_starter():
    assert heels(parse_card("JD")) == 2
    assert heels(parse_card("QD")) == 0


def test_spoken_count_of_29():
    text = spoken(show("5H 5D 5S JC", "5C"))
    assert text.startswith("fifteen two, fifteen four")
    assert text.endswith("and one for his nobs is 29")
    assert "double pair royal is 28" in text


def test_spoken_nineteen():
    assert spoken(show("2H 4D 6S 8C", "10D")).endswith("is 0")


def test_five_card_hand_is_three_cards_with_three_point_flush():
    assert kinds(show("2H 4H 6H", "KS", variant="five-card")) == {"flush": 3}
    assert kinds(show("2H 4H 6H", "KH", variant="five-card")) == {"flush": 4}
    # four fifteens (the jack with each five, the three fives), a pair royal, nobs
    assert show("5H 5D JC", "5C", variant="five-card").total == 8 + 6 + 1


def test_noddy_has_no_crib():
    with pytest.raises(VariantError, match="no crib"):
        show("2H 4H 6H 8H", "KS", crib=True, variant="noddy")


@pytest.mark.parametrize("hand", ["5H 5D 5S", "5H 5D 5S JC 2D", ""])
def test_wrong_number_of_cards_refused(hand):
    with pytest.raises(CardError, match="holds 4 cards"):
        show(hand, "5C")


def test_starter_in_hand_refused():
    with pytest.raises(CardError, match="5C"):
        count_show(parse_cards("5H 5D 5S 5C".split()), parse_card("5C"))


def test_rank_points_matches_full_count_without_suits():
    assert rank_points((5, 5, 5, 11, 5)) == 28
    assert rank_points((4, 4, 5, 6, 6)) == 24


def test_number_words_go_past_twenty():
    from crib_tourney.engine.show import number_word

    assert [number_word(n) for n in (0, 7, 20, 21, 30, 44, 99, 100, 116)] == [
        "zero", "seven", "twenty", "twenty-one", "thirty", "forty-four", "ninety-nine", "one hundred", "one hundred sixteen"]


def test_spoken_count_of_a_six_card_partners_crib():
    # Issue 23, item 1: the number words stopped at twenty and these cribs crashed.
    # 5H 5D 5S 5C 10H JH with KH: three ten-cards (10H JH KH) x four fives = 12
    # fifteens, and the four ways to take three fives = 4 more: 16 fifteens, 32;
    # four fives = six pairs, 12 (44); no run (no queen); no flush; JH is the
    # starter's suit: nobs 1. Total 45.
    cards = parse_cards("5H 5D 5S 5C 10H JH".split())
    result = count_show(cards, parse_card("KH"), is_crib=True, variant=get_variant("partners"), players=6)
    fifteens = ", ".join(f"fifteen {w}" for w in (
        "two four six eight ten twelve fourteen sixteen eighteen twenty twenty-two twenty-four twenty-six"
        " twenty-eight thirty thirty-two").split())
    assert spoken(result) == fifteens + ", a double pair royal is 44 and one for his nobs is 45"
    # five cards, 5H 5D 5S 5C 10H with KH: 2 tens x 4 fives + 4 triples = 12 fifteens
    # (24) and the double pair royal (12): 36.
    five = count_show(cards[:5], parse_card("KH"), is_crib=True, variant=get_variant("partners"), players=5)
    assert spoken(five).endswith("fifteen twenty-two, fifteen twenty-four and a double pair royal is 36")
