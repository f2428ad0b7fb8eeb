"""ACC 12.2 written once (tourney/reconcile.py ``settle_table``) for any number of
sides: at two sides (``resolve``) and at three (reconcile_three ``settle``) it
settles every dispute as the two implementations it replaced did (kept here as
the oracles, word for word but for names)."""

from __future__ import annotations

from typing import Collection

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.tourney.reconcile import FLIPPED, Card, both_claim, charged_a_loss, resolve, settle_table
from crib_tourney.tourney.reconcile_three import Card3, card_of, settle
from crib_tourney.tourney.scoring import ScoringRules, game_line
from crib_tourney.tourney.scoring_three import three_line

ACC = ScoringRules()
PLACES = (2, 1, 0)


def old_resolve(cards: list[Card], qualifiers: Collection[int], rules: ScoringRules) -> list[Card]:
    """tourney/reconcile.py's resolve before ACC 12.2 was written once."""
    if both_claim(cards, rules, win=True):
        return [Card(c.entry, c.opp, c.own, FLIPPED[c.forfeit], "resolved") for c in cards]
    if both_claim(cards, rules, win=False):
        return [Card(c.entry, c.own, c.opp, c.forfeit, "resolved") for c in cards]
    settled = []
    for mine, theirs in ((cards[0], cards[1]), (cards[1], cards[0])):
        chosen = (mine.own, mine.opp)
        if mine.entry in qualifiers:
            def worth(v: tuple[int, int]) -> tuple[int, int, int]:
                line = game_line(v[0], v[1], rules)
                return (line.game_points, int(line.won), line.spread)

            chosen = min(chosen, (theirs.opp, theirs.own), key=worth)
        settled.append(Card(mine.entry, chosen[0], chosen[1], mine.forfeit, "resolved"))
    return settled


def old_settle(cards: list[Card3], sides, qualifiers, rules, places) -> list[Card3]:
    """tourney/triples.py's settle before ACC 12.2 was written once."""
    versions = {c.entry: c.version(sides) for c in cards if c.forfeit == "none"}
    if not versions:
        return list(cards)
    distinct = sorted({tuple(sorted(v.items())): v for v in versions.values()}.values(), key=lambda v: [v[s] for s in sides])
    claimants = {e for e, v in versions.items() if v[e] == max(v.values()) and list(v.values()).count(v[e]) == 1}

    def worth(side, version):
        others = [version[s] for s in sides if s != side]
        line = three_line(version[side], others[0], others[1], rules, places)
        return (line.game_points, int(line.won), line.spread)

    def worst_for(side, among):
        return min(among, key=lambda v: (worth(side, v), [v[s] for s in sides]))

    settled = []
    for side in sides:
        if len(distinct) == 1:
            chosen = distinct[0]
        elif side not in versions:
            chosen = worst_for(side, distinct)
        elif len(claimants) > 1 and side in claimants:
            chosen = charged_a_loss(versions[side], side)
        elif side in qualifiers:
            chosen = worst_for(side, distinct)
        else:
            chosen = versions[side]
        settled.append(card_of(side, chosen, sides))
    return settled


# a finished game's card: one side at 121, the other below it
loser = st.integers(min_value=0, max_value=120)
two_cards = st.tuples(st.booleans(), loser, st.booleans(), loser)


def card2(entry: int, won: bool, other: int) -> Card:
    return Card(entry, 121, other, "none", "card") if won else Card(entry, other, 121, "none", "card")


@settings(max_examples=500, deadline=None)
@given(two_cards, st.sets(st.sampled_from([1, 2])))
def test_two_sides_settle_as_before(cards, qualifiers):
    a_won, a_other, b_won, b_other = cards
    pair = [card2(1, a_won, a_other), card2(2, b_won, b_other)]
    assert resolve(pair, qualifiers, ACC) == old_resolve(pair, qualifiers, ACC)


def test_two_sides_with_forfeits_settle_as_before():
    for fa in ("won", "lost", "none"):
        for fb in ("won", "lost", "none"):
            pair = [Card(1, 0, 0, fa, "card"), Card(2, 121, 100, fb, "card")]
            for qualifiers in (set(), {1}, {2}, {1, 2}):
                assert resolve(pair, qualifiers, ACC) == old_resolve(pair, qualifiers, ACC), (fa, fb, qualifiers)


SIDES = (1, 2, 3)


@st.composite
def versions(draw):  # type: ignore[no-untyped-def]
    winner = draw(st.sampled_from(SIDES))
    return {s: 121 if s == winner else draw(loser) for s in SIDES}


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SIDES), versions()), min_size=1, max_size=3,
                unique_by=lambda t: t[0]), st.sets(st.sampled_from(SIDES)))
def test_three_sides_settle_as_before(held, qualifiers):
    cards = [card_of(side, version, SIDES, "card") for side, version in held]
    assert settle(cards, SIDES, qualifiers, ACC, PLACES) == old_settle(cards, SIDES, qualifiers, ACC, PLACES)


def test_the_rule_once_for_any_number_of_sides():
    """Four sides (no event seats four, but the rule is written for any number):
    two claim the win, each is charged a loss; a qualifier takes its worst version;
    a non-qualifier keeps its own card; a side without a card takes its worst."""
    sides = (1, 2, 3, 4)
    one = {1: 121, 2: 100, 3: 90, 4: 80}
    two = {1: 100, 2: 121, 3: 90, 4: 80}
    three = {1: 121, 2: 100, 3: 70, 4: 80}

    def worth(side, version):
        won = version[side] == max(version.values())
        return (int(won), int(won), version[side] - max(v for s, v in version.items() if s != side))

    settled = settle_table(sides, {1: one, 2: two, 3: three}, {3}, {1, 2}, worth)
    assert settled[1] == charged_a_loss(one, 1) == {1: 100, 2: 121, 3: 90, 4: 80}
    assert settled[2] == charged_a_loss(two, 2) == {1: 121, 2: 100, 3: 90, 4: 80}
    assert settled[3] == three  # the worst of the three versions for side 3: 70
    assert settled[4] in (one, two, three) and settled[4][4] == 80
    assert settle_table(sides, {1: one, 3: one}, {3}, set(), worth) == {s: one for s in sides}  # one version: every side's
