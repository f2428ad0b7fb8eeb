"""Properties that hold for every hand: hypothesis draws them from a real deck."""

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.engine.cards import JACK, full_deck
from crib_tourney.engine.show import count_show, rank_points

DECK = full_deck()
five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@given(five_cards, st.randoms())
def test_order_of_cards_never_matters(cards, rnd):
    hand, starter = cards[:4], cards[4]
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert count_show(hand, starter).total == count_show(shuffled, starter).total


@given(five_cards)
def test_crib_never_outscores_same_cards_as_hand(cards):
    hand, starter = cards[:4], cards[4]
    assert count_show(hand, starter, is_crib=True).total <= count_show(hand, starter).total


def brute_force_show(hand, starter) -> int:
    """An independent scorer: every subset checked by definition."""
    from itertools import combinations

    cards = list(hand) + [starter]
    value = [min(c.rank, 10) for c in cards]
    points = 2 * sum(1 for n in range(2, 6) for combo in combinations(range(5), n) if sum(value[i] for i in combo) == 15)
    points += 2 * sum(1 for a, b in combinations(cards, 2) if a.rank == b.rank)
    for length in (5, 4, 3):
        runs = [combo for combo in combinations(cards, length)
                if sorted(c.rank for c in combo) == list(range(min(c.rank for c in combo), min(c.rank for c in combo) + length))]
        if runs:
            points += length * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        points += 5 if starter.suit == hand[0].suit else 4
    points += sum(1 for c in hand if c.rank == JACK and c.suit == starter.suit)
    return points


@given(five_cards)
def test_show_agrees_with_a_brute_force_scorer(cards):
    result = count_show(cards[:4], cards[4])
    assert result.total == brute_force_show(cards[:4], cards[4])
    assert result.total == sum(item.points for item in result.items)
    assert all(item.points > 0 for item in result.items)


@settings(max_examples=300)
@given(five_cards)
def test_show_is_rank_points_plus_flush_and_nobs(cards):
    # the decomposition the exact statistics rely on
    hand, starter = cards[:4], cards[4]
    result = count_show(hand, starter)
    suit_points = sum(i.points for i in result.items if i.kind in ("flush", "nobs"))
    assert result.total == rank_points(tuple(c.rank for c in cards)) + suit_points
    nobs = sum(1 for c in hand if c.rank == JACK and c.suit == starter.suit)
    assert sum(i.points for i in result.items if i.kind == "nobs") == nobs


@given(five_cards)
def test_score_is_never_19_25_26_27_or_above_29(cards):
    assert count_show(cards[:4], cards[4]).total not in {19, 25, 26, 27} | set(range(30, 100))
