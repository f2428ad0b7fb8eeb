"""Random whole games against the pegging and show scorers: dealt from a shuffled
deck, played out by simulated players who follow the rules, then added up here
part by part in the order the rules give (the pone's 3, heels, Noddy's hands, the
play, the hands from the pone round to the dealer, the crib) until a side reaches
the target. The whole-game scorer must agree: the game total is the sum of the
parts up to the moment it ends.

The simulation writes the goes down and scores the play from them; the game
scorer is given only the cards and must find the goes from the hands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crib_tourney.engine.cards import Card, full_deck
from crib_tourney.engine.game import SkunkLines, score_game
from crib_tourney.engine.gamefile import DealSheet, FreeCrib, GameSheet
from crib_tourney.engine.play import score_play, team_seats
from crib_tourney.engine.show import count_show, heels
from crib_tourney.engine.variants import Variant, get_variant

TABLES = [("standard", 2), ("three-player", 3), ("four-player", 4), ("canadian-doubles", 4), ("partners", 5),
          ("five-card", 2), ("noddy", 2), ("noddy", 4), ("backward", 2), ("backward", 3), ("backward", 4)]


def simulate(hands: list[list[Card]], restarts: bool, choose) -> list[str]:
    """Play the hands out (seat 0 leads), choosing among the cards that fit."""
    seats = len(hands)
    tokens: list[str] = []
    count, turn, last = 0, 0, 0
    said_go: set[int] = set()
    while any(hands):
        active = [s for s in range(seats) if hands[s] and s not in said_go]
        if not active:  # nobody can go on: the go to the last player, then a new count or the end
            if not restarts:
                break
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
                if not restarts:
                    break
                count, said_go = 0, set()
                turn = next((s for k in range(1, seats + 1) if hands[s := (seat + k) % seats]), seat)
                continue
        else:
            tokens.append("go")
            said_go.add(seat)
        turn = seat + 1
    return tokens


def sides(rules: Variant, players: int) -> list[list[int]]:
    return team_seats(players) if rules.teams else [[s] for s in range(players)]


class Tally:
    """The parts added up by hand, the way the rules page orders them."""

    def __init__(self, rules: Variant, players: int, start: list[int]):
        self.sides = sides(rules, players)
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.scores = list(start)
        self.target = rules.game_target
        self.stops = rules.scoring_seats is None
        self.out: int | None = None  # the seat that reached the target

    def peg(self, seat: int, points: int) -> bool:
        if self.out is not None:
            return True
        self.scores[self.side_of[seat]] += points
        if self.stops and self.scores[self.side_of[seat]] >= self.target:
            self.scores[self.side_of[seat]] = self.target
            self.out = seat
        return self.out is not None

    def seat_scores(self) -> tuple[int, ...]:
        return tuple(self.scores[self.side_of[seat]] for seat in range(len(self.side_of)))


def play_deal(tally: Tally, rules: Variant, players: int, dealer: int, hands, crib, starter, tokens, first: bool) -> bool:
    """Add one deal's parts; True when the game ended in it."""
    leader = (dealer + 1) % players
    order = [(dealer + k) % players for k in range(1, players + 1)]
    if first and rules.pone_first_hand_bonus and tally.peg(leader, rules.pone_first_hand_bonus):
        return True
    if tally.peg(dealer, heels(starter, rules)):
        return True
    shows = [(seat, count_show(hands[seat], starter, False, rules, players).total) for seat in order]
    if rules.show_before_play and any(tally.peg(seat, points) for seat, points in shows):
        return True
    played = score_play(tokens, players=players, variant=rules)
    assert played.complete
    for event in played.events:
        if event.points and tally.peg((leader + event.seat) % players, event.points):
            return True
    if not rules.show_before_play and any(tally.peg(seat, points) for seat, points in shows):
        return True
    return bool(crib) and tally.peg(dealer, count_show(crib, starter, True, rules, players).total)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TABLES), st.randoms(use_true_random=False), st.booleans())
def test_a_random_game_is_the_sum_of_its_parts(table, rnd, late):
    name, players = table
    variant = get_variant(name)
    rules = variant.seated(players)
    start = [rnd.randrange(max(0, rules.game_target - 40), rules.game_target) if late else 0 for _ in sides(rules, players)]
    tally = Tally(rules, players, start)
    dealer = rnd.randrange(players)
    deals: list[DealSheet] = []
    totals: list[tuple[int, ...]] = []
    while tally.out is None and len(deals) < 200:
        deck = full_deck()
        rnd.shuffle(deck)
        hands = [deck[k * rules.hand_size:(k + 1) * rules.hand_size] for k in range(players)]
        rest = deck[players * rules.hand_size:]
        crib = rest[:rules.crib_cards(players)] if rules.has_crib else []
        starter = rest[len(crib)]
        leader = (dealer + 1) % players
        tokens = simulate([list(hands[(leader + k) % players]) for k in range(players)], rules.play_restarts, rnd.choice)
        play_deal(tally, rules, players, dealer, hands, crib, starter, tokens, first=not deals and not late)
        deals.append(DealSheet(dealer + 1, tuple(map(tuple, hands)), tuple(crib), starter,
                               tuple(_card(t) for t in tokens if t != "go")))
        totals.append(tally.seat_scores())
        dealer = (dealer + 1) % players
    sheet = GameSheet(name, players, None, tuple(
        start[tally.side_of[seat]] for seat in range(players)) if late else None, tuple(deals))
    result = score_game(sheet, variant, players, sheet.team_count, SkunkLines(31, 61))
    assert result.final == tally.seat_scores()
    assert [d.totals for d in result.deals] == totals
    assert result.finished == (tally.out is not None)
    if tally.out is not None:
        assert result.out is not None and result.out.seat == tally.out
        went_out = tally.side_of[tally.out]
        if not rules.reaching_target_loses:
            assert result.winner == went_out
        # every side's points are its start plus its parts; the side that went out stops at the target
        for side, seats in enumerate(tally.sides):
            parts = sum(s.points for d in result.deals for s in d.scores if s.seat in seats)
            assert start[side] + parts == result.final[seats[0]] if side != went_out else start[side] + parts >= rules.game_target


def _card(token: str) -> Card:
    from crib_tourney.engine.cards import parse_card

    return parse_card(token)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_random_solitaire_game(rnd):
    """Six deals from one deck and the free crib; over 120 wins."""
    rules = get_variant("solitaire")
    deck = full_deck()
    rnd.shuffle(deck)
    tally = Tally(rules, 1, [0])
    deals = []
    for k in range(6):
        cards = deck[8 * k:8 * k + 8]
        hand, crib = cards[:4], cards[4:]
        starter = deck[8 * k + 8]  # the next deal's first card (the free crib's, after the sixth)
        tokens = simulate([list(hand), list(crib[2:])], True, rnd.choice)  # the last two crib cards were dealt blind
        play_deal(tally, rules, 1, 0, [hand], crib, starter, tokens, first=False)
        deals.append(DealSheet(1, (tuple(hand),), tuple(crib), starter, tuple(_card(t) for t in tokens if t != "go")))
    free = FreeCrib(tuple(deck[48:]), deck[0])
    tally.peg(0, count_show(free.cards, free.starter, True, rules).total)
    result = score_game(GameSheet("solitaire", 1, None, None, tuple(deals), free), rules, 1)
    assert result.final == (tally.scores[0],) and result.finished
    assert (result.winner == 0) == (tally.scores[0] > 120)
