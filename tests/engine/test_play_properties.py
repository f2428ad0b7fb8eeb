"""Random legal plays, dealt and played out by simulated players, always score."""

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.engine.cards import full_deck
from crib_tourney.engine.play import score_play
from crib_tourney.engine.variants import get_variant

DECK = full_deck()


def simulate(hands: list[list], choose) -> list[str]:
    """Play the hands out by the rules, choosing among playable cards with
    ``choose``; returns the tokens a scorekeeper would write down."""
    seats = len(hands)
    tokens: list[str] = []
    count, turn, last = 0, 0, None
    said_go: set[int] = set()
    while any(hands):
        active = [s for s in range(seats) if hands[s] and s not in said_go]
        if not active:  # nobody can go on: the count restarts after the last player
            count, said_go = 0, set()
            turn = next(s for k in range(1, seats + 1) if hands[s := (last + k) % seats])
            continue
        seat = next(s for k in range(seats) if (s := (turn + k) % seats) in active)
        playable = [c for c in hands[seat] if count + c.value <= 31]
        if playable:
            card = choose(playable)
            hands[seat].remove(card)
            tokens.append(str(card))
            count += card.value
            last = seat
            if count == 31:
                count, said_go = 0, set()
                turn = next((s for k in range(1, seats + 1) if hands[s := (seat + k) % seats]), seat)
                continue
        else:
            tokens.append("go")
            said_go.add(seat)
        turn = seat + 1
    return tokens


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.sampled_from([2, 3, 4]), st.randoms())
def test_every_legal_play_scores(deck, players, rnd):
    hands = [list(deck[i * 4:(i + 1) * 4]) for i in range(players)]
    tokens = simulate([h[:] for h in hands], rnd.choice)
    variant = get_variant({2: "standard", 3: "three-player", 4: "four-player"}[players])
    result = score_play(tokens, players=players, variant=variant)
    assert result.complete
    assert sum(result.totals) == sum(e.points for e in result.events)
    assert all(0 <= e.count <= 31 for e in result.events)
    last = [e for e in result.events if e.points][-1]
    assert "last card" in last.reasons or "thirty-one" in last.reasons
    # a card event's points are at least its reasons' minimum value
    assert all(e.points >= len(e.reasons) for e in result.events)
