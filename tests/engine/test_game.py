"""Whole games worked by hand from the rule sheets, one or more for every variant.

Each expected value below was worked out by hand in the comments (seats are
numbered from 1 as in the game files; the pone is the seat to the dealer's left
and leads; the show runs from the pone round to the dealer, then the crib), so
these tests check the program against the sheets, not against itself.
"""

from __future__ import annotations

import pytest

from crib_tourney.engine.game import GameResult, SkunkLines, score_game
from crib_tourney.engine.gamefile import game_from_data, parse_game
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import GameError


def score(data: dict, lines: SkunkLines = SkunkLines(31, 61)) -> GameResult:
    sheet = game_from_data(data)
    variant = get_variant(sheet.variant or "standard")
    return score_game(sheet, variant, sheet.players or variant.min_players, sheet.team_count, lines)


def totals(result: GameResult) -> list[list[int]]:
    return [list(deal.totals) for deal in result.deals]


def deal(dealer: int, hands: str, crib: str, starter: str, play: str = "") -> dict:
    return {"dealer": dealer, "hands": [h.split() for h in hands.split("|")], "crib": crib.split(),
            "starter": starter, "play": play.split()}


# --- standard -------------------------------------------------------------------

# The pone counts out before the dealer, whose hand would have gone out too.
# Start 110-112; seat 1 deals, seat 2 (pone) leads. Starter QC: no heels.
# Play: s2 2C (2), s1 10S (12), s2 3C (15: fifteen 2 -> s2 114), s1 5H (20),
#   s2 4D (24: 3-5-4 is a run of three, 3 -> 117), s1 5D (29: 5H-4D-5D no pair, no run);
#   s2 holds 9H (38) and s1 JC (39): both go, s1 played last: go 1 -> 111;
#   s2 leads again: 9H (9), s1 JC (19), the last card: 1 -> 112.
# Show, pone first: 2C 3C 4D 9H + QC: fifteens 2+4+9 and 2+3+Q = 4, run 2-3-4 = 3,
#   7 -> 124: seat 2 is out and stops at 121. Seat 1's hand (5H 5D 10S JC with QC:
#   fifteens 12, pair 2, run 10-J-Q 3, nobs 1 = 18) is never counted.
PONE_COUNTS_OUT = {"variant": "standard", "players": 2, "start": [110, 112], "deals": [
    deal(1, "5H 5D 10S JC | 2C 3C 4D 9H", "6H 7S 8D KD", "QC", "2C 10S 3C 5H 4D 5D 9H JC")]}


def test_the_pone_counts_out_first():
    result = score(PONE_COUNTS_OUT)
    assert result.final == (112, 121)
    assert (result.winner, result.skunk) == (1, "none")  # side index 1 is seat 2; won by 9
    assert result.out is not None and (result.out.seat, result.out.what, result.out.points) == (1, "hand", 7)
    assert [(s.seat + 1, s.what, s.points) for s in result.deals[0].scores] == [
        (2, "play", 2), (2, "play", 3), (1, "play", 1), (1, "play", 1), (2, "hand", 7)]
    assert result.as_dict()["winner"] == 2
    assert result.sentence() == "seat 2 wins 121-112: seat 2 reached 121 with the hand in deal 1"


# Out in the middle of the play: start 118-100; seat 2 deals, seat 1 leads.
# s1 7H (7), s2 6D (13), s1 8C (21: 7-6-8 is a run of three, 3 -> 121). The play
# listed stops at the winning card; listing the whole play changes nothing.
# Won by 21: no skunk.
OUT_IN_THE_PLAY = {"variant": "standard", "players": 2, "start": [118, 100], "deals": [
    deal(2, "7H 8C KD 2S | 6D 9C 4H AS", "3D 3S QH 10C", "5C", "7H 6D 8C")]}


def test_out_in_the_play():
    result = score(OUT_IN_THE_PLAY)
    assert result.final == (121, 100) and (result.winner, result.skunk) == (0, "none")
    assert result.out is not None and (result.out.what, result.out.points, result.out.detail) == ("play", 3, "8C: run of 3")
    # the rest of the play: s2 9C (30: 6-7-8-9 run of four), s1 go (KD 40, 2S 32), s2 AS
    # (31), then s1 KD, s2 4H, s1 2S -- all legal, none of it counted
    whole = dict(OUT_IN_THE_PLAY, deals=[dict(OUT_IN_THE_PLAY["deals"][0], play="7H 6D 8C 9C AS KD 4H 2S".split())])
    assert score(whole).final == (121, 100)


# His heels win the game: start 119-80, seat 1 deals and turns JS: 2 -> 121 at
# once, before the play (none listed). Won by 41: a skunk (31+), not a double (61+).
HEELS_WIN = {"variant": "standard", "players": 2, "start": [119, 80], "deals": [
    deal(1, "AH 2H 3H 4H | 6C 7C 8C 9C", "KS QS 10D 9D", "JS")]}


def test_his_heels_win_the_game():
    result = score(HEELS_WIN)
    assert result.final == (121, 80) and (result.winner, result.skunk) == (0, "skunk")
    assert result.out is not None and (result.out.what, result.out.points) == ("heels", 2)


# A double skunk: start 115-50; seat 2 deals, seat 1 leads.
# s1 10D (10), s2 KH (20), s1 6C (26), s2 AC (27), s1 4S (31: thirty-one 2 -> 117);
# s2 leads: 9S (9), s1 5H (14), s2 2D (16), the last card 1 -> 51.
# Show: s1 4S 5H 6C 10D + 2C: fifteens 4+5+6 and 5+10 = 4, run 4-5-6 = 3: 7 -> 124, out.
# Won by 121 - 51 = 70: a double skunk.
DOUBLE_SKUNK = {"variant": "standard", "players": 2, "start": [115, 50], "deals": [
    deal(2, "4S 5H 6C 10D | 2D 9S KH AC", "3S 7D 8H QH", "2C", "10D KH 6C AC 4S 9S 5H 2D")]}


def test_a_double_skunk():
    result = score(DOUBLE_SKUNK)
    assert result.final == (121, 51) and (result.winner, result.skunk) == (0, "double")
    assert totals(result) == [[121, 51]]


def test_an_unfinished_game_has_no_winner():
    # the first deal of tests/cli: 32-14, nobody near 121
    data = {"variant": "standard", "deals": [
        deal(1, "5H 5D 5S JC | 2C 3C 4C 6D", "7H 8H 9S KD", "JH", "2C 5H 3C 5D 4C 5S 6D JC")]}
    result = score(data)
    assert result.final == (32, 14) and not result.finished and result.winner is None and result.skunk is None


# --- three-player -----------------------------------------------------------------

# Start 90-115-118; seat 3 deals, seat 1 leads, the show runs seat 1, seat 2, seat 3, crib.
# Crib: one card from each and one from the deck (5C JD 2C 3C). Starter 5S.
# Play: s1 AH (1), s2 4C (5), s3 6S (11), s1 9S (20), s2 10H (30); s3 (7S 8S QD),
#   s1 (2H 3H), s2 (4D KS) cannot play: go to s2, 1 -> 116.
#   s3 leads: 7S (7), s1 2H (9), s2 4D (13), s3 8S (21), s1 3H (24); s2 KS (34) and
#   s3 QD (34) go, s1 is out of cards and played last: go 1 -> 91.
#   s2 leads: KS (10), s3 QD (20), the last card 1 -> 119. No card scores otherwise.
# Show: s1 AH 2H 3H 9S + 5S: fifteens 9+5+A and 9+3+2+A = 4, run A-2-3 = 3: 7 -> 98.
#   s2 4C 4D 10H KS + 5S: fifteens 10+5, K+5 = 4, pair of fours 2: 6 -> 122, out (121).
#   s3's hand (run 5-6-7-8 and two fifteens: 8) would have taken him out from 119.
# Won by 121 - 119 = 2 over the runner-up.
THREE_PLAYER = {"variant": "three-player", "players": 3, "start": [90, 115, 118], "deals": [
    deal(3, "AH 2H 3H 9S | 4C 4D 10H KS | 6S 7S 8S QD", "5C JD 2C 3C", "5S",
         "AH 4C 6S 9S 10H 7S 2H 4D 8S 3H KS QD")]}


def test_three_player_game():
    result = score(THREE_PLAYER)
    assert result.final == (98, 121, 119) and (result.winner, result.skunk) == (1, "none")
    assert [(s.seat + 1, s.what, s.points) for s in result.deals[0].scores] == [
        (2, "play", 1), (1, "play", 1), (3, "play", 1), (1, "hand", 7), (2, "hand", 6)]


# --- four-player and canadian doubles: partners share a score -----------------------

# Teams: seats 1+3 and 2+4. Start 119 and 110; seat 4 deals, seat 1 leads.
# s1 10C (10), s2 5D (15: fifteen 2 -> team 2+4 112), s3 5S (20: pair 2 -> team 1+3 121, out).
FOUR_PLAYER = {"variant": "four-player", "players": 4, "start": [119, 110, 119, 110], "deals": [
    deal(4, "10C AS 2S 3S | 5D 9H 9C 4C | 5S KH QH JH | 6D 7D 8D 2D", "3H 4H 6C 7C", "KD", "10C 5D 5S")]}


def test_four_player_partners():
    result = score(FOUR_PLAYER)
    assert result.final == (121, 112, 121, 112)
    assert result.out is not None and (result.out.seat + 1, result.out.points) == (3, 2)
    data = result.as_dict()
    assert (data["winner"], data["winning_team"], data["teams"], data["skunk"]) == (1, [1, 3], [[1, 3], [2, 4]], "none")


# Canadian doubles, out with the crib. Teams 1+3 (start 80) and 2+4 (start 93);
# seat 2 deals, seat 3 leads; the crib holds two from the dealer and two from the pone.
# Starter 5C. Play:
#   s3 10D (10), s4 JC (20), s1 8H (28), s2 3S (31: thirty-one 2 -> B 95);
#   s3 leads: QD (10), s4 8C (18), s1 6H (24), s2 7S (31: 8-6-7 run of three 3 and
#     thirty-one 2 -> B 100);
#   s3 leads: 5D (5), s4 6C (11), s1 4H (15: fifteen 2 and 5-6-4 run 3 -> A 85),
#     s2 9S (24), s3 AD (25), s4 2C (27), s1 2H (29: pair 2 -> A 87); s2 KS (39) go,
#     everyone else is out of cards: go to s1, 1 -> A 88; s2 leads KS, the last card
#     1 -> B 101.
# Show from the dealer's left:
#   s3 AD 5D 10D QD + 5C: fifteens 5D+10D, 5D+Q, 5C+10D, 5C+Q = 8, pair of fives 2,
#     flush of the four diamonds 4: 14 -> A 102.
#   s4 2C 6C 8C JC + 5C: fifteens 2+8+5 and J+5 = 4, flush with the starter 5,
#     nobs (JC, starter a club) 1: 10 -> B 111.
#   s1 2H 4H 6H 8H + 5C: fifteens 2+8+5 and 4+6+5 = 4, run 4-5-6 3, flush 4: 11 -> A 113.
#   s2 3S 7S 9S KS + 5C: fifteens 3+7+5 and K+5 = 4, flush 4: 8 -> B 119.
#   crib 5H 5S 10C JD + 5C: fifteens 5+5+5 and each five with 10C and JD (6) = 14,
#     pair royal 6: 20 -> B 139: out at 121, won by 8.
CANADIAN = {"variant": "canadian-doubles", "players": 4, "start": [80, 93, 80, 93], "deals": [
    deal(2, "2H 4H 6H 8H | 3S 7S 9S KS | AD 5D 10D QD | 2C 6C 8C JC", "5H 5S 10C JD", "5C",
         "10D JC 8H 3S QD 8C 6H 7S 5D 6C 4H 9S AD 2C 2H KS")]}


def test_canadian_doubles_out_with_the_crib():
    result = score(CANADIAN)
    assert result.final == (113, 121, 113, 121)
    assert result.out is not None and (result.out.seat + 1, result.out.what, result.out.points) == (2, "crib", 20)
    assert [s.totals[:2] for s in result.deals[0].scores if s.what == "hand"] == [(102, 101), (102, 111), (113, 111), (113, 119)]
    assert result.as_dict()["winning_team"] == [2, 4] and result.skunk == "none"


# Partners, six players in two teams of three (1+3+5 and 2+4+6), a crib of six.
# Start 100 and 119; seat 6 deals, seat 1 leads 10H, seat 2 5C: fifteen 2 -> 121.
SIX_PARTNERS = {"variant": "partners", "players": 6, "team_count": 2, "start": [100, 119] * 3, "deals": [
    deal(6, "10H AH 2H 3H | 5C 6C 7C 8C | 9D 10D JD QD | KS QS JS 10S | AS 2S 3S 4S | 5D 6D 7D 8D",
         "9H JH QH KH 4D 9S", "KD", "10H 5C")]}


def test_six_partners_in_two_teams_of_three():
    result = score(SIX_PARTNERS)
    assert result.final == (100, 121) * 3
    assert result.as_dict()["winning_team"] == [2, 4, 6]
    # three teams of two (the default) would split partners who start apart
    with pytest.raises(GameError, match="partners share a score"):
        score(dict(SIX_PARTNERS, team_count=None))


# --- five-card ----------------------------------------------------------------------

# A whole game to 61, where the pone's 3 decides it.
# Deal 1, seat 1 deals: the pone (seat 2) pegs 3 to start the game. Starter JD: heels 2 to s1.
#   Play: s2 4C (4), s1 5H (9), s2 6C (15: fifteen 2, run 4-5-6 3), s1 5D (20), s2 5C
#   (25: pair 2); s1 holds JS (35): go, s2 is out of cards and played last: go 1. The
#   play ends at the first go. s2: 3 + 5 + 2 + 1 = 11.
#   Show: s2 4C 6C 5C + JD: fifteens 4+5+6, 5+J = 4, run 3, three-card flush 3: 10 -> 21.
#   s1 5H 5D JS + JD: fifteens 5+J four ways 8, two pairs 4, JS is no nobs (starter a
#   diamond): 12 -> 14. Crib 5S 10H KD 9C + JD: fifteens 5+10, 5+K, 5+J = 6, run 9-10-J 3:
#   9 -> 23. After deal 1: 23-21.
# Deal 2, seat 2 deals, starter 10C. Play: s1 7H (7), s2 KC (17), s1 8D (25), s2 6S (31:
#   thirty-one 2 -> 23); the play ends at 31 (2C and 9H are never played).
#   Show: s1 7H 8D 2C + 10C: 7+8 = 2 -> 25. s2 6S 9H KC + 10C: 6+9 = 2 -> 25. Crib
#   5H 5D JH QS + 10C: each five with 10, J, Q = 12, pair 2, run 10-J-Q 3: 17 -> 42.
#   After deal 2: 25-42.
# Deal 3, seat 1 deals, starter 5S. Play: s2 5C (5), s1 4S (9), s2 5D (14), s1 4H (18),
#   s2 5H (23), s1 6D (29: 4-5-6 run of three 3) and the last card 1 -> s1 29.
#   Show, pone first: s2 5C 5D 5H + 5S: four fifteens of three fives 8, double pair
#   royal 12: 20 -> 62, out at 61. Won 61-29, by 32: the lurch, a skunk (31+).
#   Without the pone's 3 seat 2 would stop at 59, and seat 1 would go out on his hand
#   (4S 4H 6D + 5S: fifteens 4, pair 2, double run 6 = 12 -> 41) and crib
#   (4C 4D 6C 6H + 5S: 24 -> 65).
FIVE_CARD = {"variant": "five-card", "players": 2, "deals": [
    deal(1, "5H 5D JS | 4C 6C 5C", "5S 10H KD 9C", "JD", "4C 5H 6C 5D 5C"),
    deal(2, "7H 8D 2C | 6S 9H KC", "5H 5D JH QS", "10C", "7H KC 8D 6S"),
    deal(1, "4S 4H 6D | 5C 5D 5H", "4C 4D 6C 6H", "5S", "5C 4S 5D 4H 5H 6D")]}


def test_five_card_the_pones_three_decides():
    result = score(FIVE_CARD, SkunkLines(31, 62))  # an event's five-card lines: 31, no double
    assert totals(result) == [[23, 21], [25, 42], [29, 61]]
    assert result.deals[0].scores[0].what == "pone's 3" and result.deals[0].scores[0].seat == 1
    assert (result.winner, result.skunk) == (1, "skunk")
    assert result.out is not None and (result.out.deal, result.out.what, result.out.points) == (3, "hand", 20)
    # the 3 comes at the start of the game only: a record that starts later has none
    later = dict(FIVE_CARD, start=[0, 0])
    assert score(later, SkunkLines(31, 62)).final == (61, 59)  # seat 1 (dealer) goes out in deal 3: 41, then the crib


# --- noddy ----------------------------------------------------------------------------

# Three players, to 31, hands counted before the play, no crib, the play ends at the first go.
# Deal 1, seat 1 deals, starter 5S; hands from the dealer's left:
#   s2 7S 8S 9S + 5S: 7+8 = 2, run of exactly three 2, flush of three with the starter 4: 8.
#   s3 2C 3D 4H + 5S: run of four 4.
#   s1 5H 5D JC + 5S: three fives 2, each five with the jack 6 = 8, pair royal 6: 14.
#   Play: s2 8S (8), s3 2C (10), s1 5H (15: fifteen 2 -> 16), s2 7S (22), s3 3D (25:
#   twenty-five 2 -> 6), s1 5D (30); s2 9S, s3 4H, s1 JC all go: go to s1, 1 -> 17.
#   After deal 1: 17-8-6.
# Deal 2, seat 2 deals, starter JS: heels 2 to s2 -> 10. Hands from the dealer's left:
#   s3 AS 2S 9H + JS: nothing (0). s1 5C 5D 5H + JS: three fives 2, each five with the
#   jack 6 = 8, pair royal 6: 14 -> 31, out before the play (none listed).
NODDY = {"variant": "noddy", "players": 3, "deals": [
    {"dealer": 1, "hands": [["5H", "5D", "JC"], ["7S", "8S", "9S"], ["2C", "3D", "4H"]], "starter": "5S",
     "play": ["8S", "2C", "5H", "7S", "3D", "5D"]},
    {"dealer": 2, "hands": [["5C", "5D", "5H"], ["8H", "8D", "4S"], ["AS", "2S", "9H"]], "starter": "JS"}]}


def test_noddy_hands_before_the_play():
    result = score(NODDY, SkunkLines(8, 16))  # an event's Noddy lines
    assert totals(result) == [[17, 8, 6], [31, 10, 6]]
    assert [(s.seat + 1, s.what, s.points) for s in result.deals[0].scores] == [
        (2, "hand", 8), (3, "hand", 4), (1, "hand", 14), (1, "play", 2), (3, "play", 2), (1, "play", 1)]
    assert result.out is not None and (result.out.deal, result.out.what) == (2, "hand")
    assert (result.winner, result.skunk) == (0, "double")  # won by 21 over the runner-up: past 16


# --- backward ---------------------------------------------------------------------------

# Start 95-100; seat 1 deals, seat 2 leads. Play: s2 10H (10), s1 KC (20), s2 JH (30);
# s1 (2D 3D 9C) and s2 (5S 5C) cannot play: go to s2, 1 -> 101. s1 leads: 9C (9),
# s2 5S (14), s1 3D (17), s2 5C (22), s1 2D (24): last card 1 -> 96.
# Show: s2 5S 5C 10H JH + 5D: three fives 2, each five with the ten and the jack 12 = 14,
# pair royal 6: 20 -> 121. Seat 2 reaches 121 first and loses; seat 1 wins, by 25.
BACKWARD = {"variant": "backward", "players": 2, "start": [95, 100], "deals": [
    deal(1, "2D 3D 9C KC | 5S 5C 10H JH", "AH 6S 7D QD", "5D", "10H KC JH 9C 5S 3D 5C 2D")]}


def test_backward_reaching_121_loses():
    result = score(BACKWARD)
    assert result.final == (96, 121) and (result.winner, result.skunk) == (0, "none")
    assert result.as_dict()["loser"] == 2 and result.as_dict()["winner"] == 1
    assert result.sentence() == "seat 2 reached 121 with the hand in deal 1 and loses: seat 1 wins 96-121"


# --- solitaire --------------------------------------------------------------------------

# One unshuffled deck: six deals of a hand and a crib (two thrown, two dealt blind),
# then the free crib; every card is dealt once. Each starter is a card of the next
# deal; the free crib's is a card of the first. The play alternates hand, blind crib,
# hand, blind crib, then the hand alone; the blind crib pegs nothing.
# Deal 1, starter 6C. Hand 4C 4D 5S 6H + 6C: fifteens 4+5+6 four ways 8, two pairs 4,
#   four runs 4-5-6 12: 24. Crib KC QD 9S 2H + 6C: 9+6 = 2.
#   Play: 4C (4), KC (14), 4D (18), 9S (27); 5S (32) and 6H (33) do not fit and the blind
#   played last: its go pegs nothing. 5S (5), 6H (11): last card 1. Deal: 27.
# Deal 2, starter 8H. Hand 6C 7D 7S 8C + 8H: fifteens 7+8 four ways 8, two pairs 4, four
#   runs 6-7-8 12: 24. Crib AH AS 10H JC + 8H: pair of aces 2.
#   Play: 7D (7), AS (8), 7S (15: fifteen 2), JC (25), 6C (31: 2); 8C (8): last card 1.
#   Deal: 24 + 2 + 5 = 31 (58).
# Deal 3, starter KS. Hand 5C 5D JD QH + KS: each five with J, Q, K 12, pair 2, run J-Q-K 3:
#   17. Crib 8H 2C 3C 4H + KS: fifteens 2+3+K and 8+4+3 = 4, run 2-3-4 3: 7.
#   Play: 5C (5), 3C (8), 5D (13), 4H (17), JD (27); QH (37) does not fit: go 1; QH (10):
#   last card 1. Deal: 17 + 7 + 2 = 26 (84).
# Deal 4, starter 9C. Hand 7C 7H 8D 8S + 9C: fifteens 7+8 four ways 8, two pairs 4, four
#   runs 7-8-9 12: 24. Crib KS 3D 3H 2D + 9C: fifteens 3+3+9, 2+3+K twice = 6, pair 2: 8.
#   Play: 7C (7), KS (17), 7H (24), 2D (26); 8D (34) does not fit, the blind played last
#   (nothing). 8D (8), 8S (16: pair 2), last card 1. Deal: 24 + 8 + 3 = 35 (119).
# Deal 5, starter 9H. Hand 6D 6S 9C 9D + 9H: each six with each nine 12, pair 2 and pair
#   royal 6: 20. Crib AC AD 2S 3S + 9H: fifteens 9+3+2+A twice 4, pair 2, two runs A-2-3 6: 12.
#   Play: 6D (6), AC (7), 6S (13), 3S (16), 9C (25); 9D (34) does not fit: go 1; 9D (9):
#   last card 1. Deal: 20 + 12 + 2 = 34 (153).
# Deal 6, starter 10C. Hand 5H JH QS KD + 10C: each five with 10, J, Q, K 8, run 10-J-Q-K 4:
#   12. Crib 9H JS QC KH + 10C: run of five 5.
#   Play: 5H (5), 9H (14), JH (24); the blind's KH (34) and QS, KD (34) do not fit: go 1
#   to the hand; the blind leads KH (10), QS (20), KD (30): last card 1. Deal: 19 (172).
# Free crib 4S 10C 10D 10S, starter 5S: the five with each ten 6, pair royal 6: 12 (184).
# 184 is over 120: won.
SOLITAIRE = {"variant": "solitaire", "players": 1, "deals": [
    deal(1, "4C 4D 5S 6H", "KC QD 9S 2H", "6C", "4C KC 4D 9S 5S 6H"),
    deal(1, "6C 7D 7S 8C", "AH AS 10H JC", "8H", "7D AS 7S JC 6C 8C"),
    deal(1, "5C 5D JD QH", "8H 2C 3C 4H", "KS", "5C 3C 5D 4H JD QH"),
    deal(1, "7C 7H 8D 8S", "KS 3D 3H 2D", "9C", "7C KS 7H 2D 8D 8S"),
    deal(1, "6D 6S 9C 9D", "AC AD 2S 3S", "9H", "6D AC 6S 3S 9C 9D"),
    deal(1, "5H JH QS KD", "9H JS QC KH", "10C", "5H 9H JH KH QS KD")],
    "free_crib": {"cards": ["4S", "10C", "10D", "10S"], "starter": "5S"}}


def test_solitaire_six_deals_and_the_free_crib():
    result = score(SOLITAIRE)
    assert [t[0] for t in totals(result)] == [27, 58, 84, 119, 153, 172, 184]
    assert result.finished and result.winner == 0 and result.final == (184,)
    assert result.sentence() == "184 after six deals and the free crib: won (over 120)"
    # solitaire does not stop at 121: deal 5 passes it and the game goes on
    unfinished = score(dict(SOLITAIRE, free_crib=None))
    assert not unfinished.finished and unfinished.winner is None and unfinished.final == (172,)


# --- the text form --------------------------------------------------------------------------

def test_the_text_form_reads_as_the_json():
    text = """
    # the pone counts out first (test_the_pone_counts_out_first)
    variant standard
    players 2
    start 110 112
    dealer 1
    seat 1: 5H 5D 10S JC
    seat 2: 2C 3C 4D 9H
    crib: 6H 7S 8D KD
    starter: QC
    play: 2C 10S 3C 5H
    play: 4D 5D 9H JC
    """
    sheet = parse_game(text)
    assert sheet == game_from_data(PONE_COUNTS_OUT)
    solitaire = "\n".join(["variant solitaire", "dealer 1", "hand 1: 4C 4D 5S 6H", "crib: KC QD 9S 2H", "starter: 6C",
                           "play: 4C KC 4D 9S 5S 6H", "free crib: 4S 10C 10D 10S", "starter 5S"])
    assert parse_game(solitaire).free_crib == game_from_data(SOLITAIRE).free_crib


# --- records that cannot have happened --------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda g: g["deals"][0].update(play="2C 10S 3C 4D".split()),
     "deal 1, play card 4 (4D): seat 1 plays next at count 15 and holds 5H, which fits; 4D is seat 2's"),
    (lambda g: g["deals"][0].update(play="2C 10S 3C 5H 4D 5D JC".split()),
     "deal 1, play card 7 (JC): seat 2 plays next at count 0 and holds 9H, which fits; JC is seat 1's"),
    (lambda g: g["deals"][0].update(play="2C 10S 6H".split()), "deal 1, play card 3 (6H): 6H is in nobody's hand"),
    (lambda g: g["deals"][0].update(play="2C 10S 2C".split()), "2C was played already"),
    (lambda g: g["deals"][0].update(play="2C 10S 3C".split()), "the play stops before it is over"),
    (lambda g: g["deals"][0].update(hands=[["5H", "5D", "10S"], ["2C", "3C", "4D", "9H"]]),
     "deal 1, seat 1's hand holds 3 cards; a standard hand is 4"),
    (lambda g: g["deals"][0].update(crib=["6H", "7S", "8D", "5H"]), "deal 1: 5H appears twice"),
    (lambda g: g["deals"][0].update(starter="9H"), "deal 1: 9H appears twice"),
    (lambda g: g["deals"][0].update(dealer=3), "deal 1, dealer must be seat 1 to 2, not 3"),
    (lambda g: g.update(start=[110, 121]), "start: seat 2 has 121, the game to 121 would be over"),
    (lambda g: g.update(start=[110]), "start gives 1 scores for 2 seats"),
    (lambda g: g["deals"].append(g["deals"][0]), "deal 2: the game was over in deal 1 (seat 2 reached 121)"),
    (lambda g: g.update(free_crib={"cards": ["AH", "2H", "3H", "4H"], "starter": "5H"}), "only solitaire has a free crib"),
])
def test_impossible_records_are_refused(change, message):
    import copy

    game = copy.deepcopy(PONE_COUNTS_OUT)
    change(game)
    with pytest.raises(GameError) as refused:
        score(game)
    assert message in str(refused.value)


def test_the_deal_passes_to_the_left():
    game = {"variant": "standard", "deals": [deal(1, "AH 2H 3H 4H | 6C 7C 8C 9C", "KS QS 10D 9D", "5S", "6C AH 7C 2H 8C 3H 4H 9C"),
                                             deal(1, "AH 2H 3H 4H | 6C 7C 8C 9C", "KS QS 10D 9D", "5S")]}
    with pytest.raises(GameError, match="deal 2: seat 2 deals \\(the deal passes to the left\\), not seat 1"):
        score(game)


def test_solitaire_deals_one_deck():
    import copy

    game = copy.deepcopy(SOLITAIRE)
    game["deals"][1]["crib"] = ["AH", "AS", "10H", "KC"]  # KC was in deal 1's crib
    with pytest.raises(GameError, match="deal 2: KC was dealt already in deal 1"):
        score(game)
    game = copy.deepcopy(SOLITAIRE)
    game["deals"][0]["play"] = ["4C", "KC", "4D", "QD", "5S", "6H", "9S"]
    with pytest.raises(GameError, match="solitaire's play is the hand's four cards and the two blind crib cards, but 3"):
        score(game)
