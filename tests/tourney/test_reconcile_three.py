"""Settling a table of three's cards (tourney/reconcile_three.py): ACC 12.2 as
tourney/reconcile.py writes it for any number of sides."""

from __future__ import annotations

from crib_tourney.tourney.reconcile_three import Card3, cards_agree, needs_settling, settle, use_card3
from crib_tourney.tourney.scoring import ScoringRules

ACC = ScoringRules()
PLACES = (2, 1, 0)

SIDES = (1, 2, 3)


def card(entry: int, version: dict[int, int], source: str = "card") -> Card3:
    others = [version[s] for s in SIDES if s != entry]
    return Card3(entry, version[entry], others[0], others[1], "none", source)


def settled_versions(cards, qualifiers=()):
    return {c.entry: c.version(SIDES) for c in settle(cards, SIDES, set(qualifiers), ACC, PLACES)}


A = {1: 121, 2: 100, 3: 80}
B = {1: 121, 2: 80, 3: 100}
C = {1: 100, 2: 121, 3: 80}


def test_agreeing_cards_need_nothing_and_a_lone_card_is_copied():
    assert cards_agree([card(1, A), card(2, A), card(3, A)], SIDES)
    assert not needs_settling([card(1, A), card(2, A), card(3, A)], SIDES)
    assert needs_settling([card(1, A)], SIDES) and not needs_settling([], SIDES)
    assert settled_versions([card(1, A)]) == {1: A, 2: A, 3: A}


def test_a_non_qualifier_keeps_its_card_and_a_qualifier_takes_the_worst():
    cards = [card(1, A), card(2, B), card(3, B)]
    assert settled_versions(cards) == {1: A, 2: B, 3: B}
    assert settled_versions(cards, qualifiers=[3]) == {1: A, 2: B, 3: A}  # A puts side 3 last
    assert settled_versions(cards, qualifiers=[2]) == {1: A, 2: B, 3: B}  # B is already side 2's worst


def test_a_side_without_a_card_takes_the_worst_version_for_it():
    assert settled_versions([card(1, A), card(3, B)])[2] == B


def test_two_cards_claiming_the_win_each_take_a_loss():
    found = settled_versions([card(1, A), card(2, C), card(3, A)])
    assert found[1] == C and found[2] == A and found[3] == A


def test_the_director_chooses_a_card():
    chosen = use_card3([card(1, A), card(2, C)], SIDES, 2)
    assert {c.entry: c.version(SIDES) for c in chosen} == {1: C, 2: C, 3: C}
    assert all(c.source == "resolved" for c in chosen)


def test_settling_is_the_same_whenever_it_runs():
    cards = [card(1, A), card(2, C), card(3, B)]
    once = settle(cards, SIDES, {3}, ACC, PLACES)
    assert settle(list(reversed(cards)), SIDES, {3}, ACC, PLACES) == once
