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
