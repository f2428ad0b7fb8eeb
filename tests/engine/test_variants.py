import pytest

from crib_tourney.engine.variants import VARIANTS, get_variant
from crib_tourney.errors import VariantError


def test_every_variant_of_the_rules_page_exists():
    assert {"standard", "three-player", "four-player", "five-card", "noddy", "backward", "solitaire"} <= set(VARIANTS)


@pytest.mark.parametrize("name, target, hand, crib_each", [
    ("standard", 121, 4, 2), ("three-player", 121, 4, 1), ("four-player", 121, 4, 1),
    ("five-card", 61, 3, 2), ("noddy", 31, 3, 0), ("backward", 121, 4, 2), ("solitaire", 121, 4, 2),
])
def test_rule_set_fields(name, target, hand, crib_each):
    v = get_variant(name)
    assert (v.game_target, v.hand_size, v.crib_from_each) == (target, hand, crib_each)


def test_differences_are_fields():
    assert get_variant("three-player").crib_from_deck == 1
    assert get_variant("five-card").pone_first_hand_bonus == 3 and not get_variant("five-card").play_restarts
    assert get_variant("backward").reaching_target_loses
    assert get_variant("noddy").twenty_five_points == 2 and get_variant("noddy").run_of_three_points == 2


def test_unknown_variant_lists_the_choices():
    with pytest.raises(VariantError, match="unknown variant 'cribbage-x'.*standard"):
        get_variant("cribbage-x")


@pytest.mark.parametrize("players, dealt, crib_each, from_deck, teams", [
    (2, 6, 2, 0, False),  # the standard deal
    (3, 5, 1, 1, False),  # the three-player deal: five each, one each and one from the deck
    (4, 5, 1, 0, True),  # the four-player deal: five each, one each, partners opposite
])
def test_backward_is_played_with_the_deal_of_its_table(players, dealt, crib_each, from_deck, teams):
    # issue 23, item 3: the sheets give backward for 2-4 players with the 3- and 4-player deals
    seated = get_variant("backward").seated(players)
    assert (seated.deal_size, seated.hand_size, seated.crib_from_each, seated.crib_from_deck, seated.teams) == (
        dealt, 4, crib_each, from_deck, teams)
    assert seated.reaching_target_loses and seated.name == "backward"
    assert get_variant("backward").crib_cards(players) == 4


def test_other_variants_seat_as_they_are():
    for variant in VARIANTS.values():
        if variant.name != "backward":
            assert variant.seated(variant.min_players) == variant
