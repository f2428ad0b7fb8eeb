"""The exact distribution must equal the published table (OEIS A066354)."""

from crib_tourney.engine.stats import score_distribution
from crib_tourney.engine.variants import get_variant

PUBLISHED = [
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224, 388740,
    51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0, 8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
]


def test_hand_distribution_equals_published_table():
    dist = score_distribution()
    assert dist.counts == PUBLISHED
    assert dist.combinations == 12_994_800
    assert dist.total_points == 61_974_180


def test_crib_distribution_differs_only_by_four_card_flushes():
    hand, crib = score_distribution(), score_distribution(crib=True)
    assert crib.combinations == hand.combinations
    assert crib.total_points < hand.total_points
    assert crib.counts[28:] == hand.counts[28:]  # 28 and 29 hold no flush


def test_five_card_variant_counts_every_three_card_hand():
    dist = score_distribution(get_variant("five-card"))
    assert dist.combinations == 22100 * 49  # C(52,3) hands x 49 starters


def test_noddy_counts_a_run_of_three_as_two_in_the_hand_too():
    from crib_tourney.engine.cards import parse_cards
    from crib_tourney.engine.show import count_show

    noddy = get_variant("noddy")
    hand, (starter,) = parse_cards(["4H", "5D", "6S"], set()), parse_cards(["KC"], set())
    assert count_show(hand, starter, variant=noddy).total == 6
    hand, (starter,) = parse_cards(["4H", "5D", "5S"], set()), parse_cards(["6C"], set())
    assert count_show(hand, starter, variant=noddy).total == 10
    # the statistics follow: 4H 5D 6S with a king is one of the 4 x 4 x 4 suitings x 4 kings scoring 6
    dist = score_distribution(noddy)
    assert dist.combinations == 22100 * 49
