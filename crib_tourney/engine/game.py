"""Whole games: every deal's points pegged in the order of the rules, until
someone reaches the target.

The order within a deal (rules page, "Match and tournament rules"):

1. the five-card pone's 3, at the start of the game only;
2. his heels: a jack turned as starter pegs the dealer 2 at once;
3. (Noddy only) the hands, before the play;
4. the play, point by point as ``engine.play`` scores it;
5. the show: the pone's hand first, then each hand round the table to the
   dealer's, then the crib.

The game ends the moment a side reaches the target, whatever is left to count:
the pone who counts out wins before the dealer shows a hand that would have
gone out too. Pegging stops at the game hole, so the winner's score is the
target exactly. In backward cribbage reaching the target loses. Solitaire
never ends early: six deals and the free crib, and over 120 wins.

The scoring itself is ``engine.show`` and ``engine.play``'s; this module only
orders it. Whose card each card of the play is, and where the goes fell,
follow from the hands: a seat says go only when none of its cards fits.
"""

from __future__ import annotations

from typing import Any, Sequence

from crib_tourney.engine.cards import Card
from crib_tourney.engine.gamefile import DealSheet, FreeCrib, GameSheet
from crib_tourney.engine.play import PlayResult, score_play, team_seats
from crib_tourney.engine.show import ShowCount, count_show, heels, spoken
from crib_tourney.engine.variants import Variant
from crib_tourney.errors import GameError, PlayError
from crib_tourney.records import record

SOLITAIRE_DEALS = 6  # then the free crib


@record
class SkunkLines:
    """Winning margins that make a skunk and a double skunk (an event's settings;
    a double-skunk line past the target means no double skunk)."""

    skunk: int = 31
    double: int = 61


@record
class Score:
    """Points pegged at one moment of the game."""

    deal: int  # the deal's number in the record, from 1
    seat: int  # who pegged, from 0
    what: str  # "pone's 3", "heels", "play", "hand", "crib", "free crib"
    points: int
    detail: str  # why: the reasons of a play, or the count as it is said
    totals: tuple[int, ...]  # each seat's score after these points (partners share one)

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "seat": self.seat + 1, "what": self.what, "points": self.points,
                "detail": self.detail, "totals": list(self.totals)}


@record
class DealResult:
    number: int
    dealer: int | None  # from 0; None for solitaire's free crib
    starter: Card
    scores: tuple[Score, ...]
    totals: tuple[int, ...]  # each seat's score after the deal, or when the game ended in it

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"deal": self.number, "dealer": None if self.dealer is None else self.dealer + 1,
                                "starter": str(self.starter), "totals": list(self.totals),
                                "scores": [s.as_dict() for s in self.scores]}
        if self.dealer is None:
            data["free_crib"] = True
        return data


@record
class GameResult:
    variant: Variant
    players: int
    sides: tuple[tuple[int, ...], ...]  # seats of each side: one seat each, or the partnerships
    deals: tuple[DealResult, ...]
    final: tuple[int, ...]  # each seat's score at the end (partners share one)
    finished: bool  # someone reached the target (solitaire: the free crib was counted)
    winner: int | None  # the winning side's index (None: unfinished, a lost solitaire, a tie for fewest)
    out: Score | None  # the points that reached the target
    skunk: str | None  # none, skunk or double; None when unfinished

    @property
    def target(self) -> int:
        return self.variant.game_target

    @property
    def side_scores(self) -> tuple[int, ...]:
        return tuple(self.final[side[0]] for side in self.sides)

    def side_name(self, side: int) -> str:
        seats = self.sides[side]
        return f"seat {seats[0] + 1}" if len(seats) == 1 else "seats " + "+".join(str(s + 1) for s in seats)

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def sentence(self) -> str:
        """The outcome in words, e.g. 'seat 2 wins 121-118: seat 2 reached 121 with the hand in deal 9'
        (the winner's score first)."""
        order = sorted(range(len(self.sides)), key=lambda side: side != self.winner)
        scores = "-".join(str(self.side_scores[side]) for side in order)
        if self.variant.name == "solitaire":
            if not self.finished:
                return f"{self.final[0]} after {len(self.deals)} deal{'s' if len(self.deals) != 1 else ''}; the game is not over"
            return f"{self.final[0]} after six deals and the free crib: " + ("won (over 120)" if self.winner is not None
                                                                                  else "lost (120 or less)")
        if not self.finished or self.out is None:
            return f"nobody has reached {self.target}: {scores} after deal {self.deals[-1].number}"
        went = f"{self.side_name(self.side_of(self.out.seat))} reached {self.target} with the {self.out.what}" \
               f" in deal {self.out.deal}"
        skunk = {"skunk": " (a skunk)", "double": " (a double skunk)"}.get(self.skunk or "", "")
        if self.variant.reaching_target_loses:
            won = "nobody wins (a tie for fewest)" if self.winner is None else f"{self.side_name(self.winner)} wins"
            return f"{went} and loses: {won} {scores}{skunk}"
        assert self.winner is not None
        return f"{self.side_name(self.winner)} wins {scores}{skunk}: {went}"

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "variant": self.variant.name, "players": self.players, "target": self.target,
            "final": list(self.final),
            "winner": None if self.winner is None else self.sides[self.winner][0] + 1,
            "skunk": self.skunk, "finished": self.finished,
            "out": None if self.out is None else self.out.as_dict(),
            "outcome": self.sentence(),
            "deals": [d.as_dict() for d in self.deals],
        }
        if any(len(side) > 1 for side in self.sides):
            data["teams"] = [[s + 1 for s in side] for side in self.sides]
            data["winning_team"] = None if self.winner is None else [s + 1 for s in self.sides[self.winner]]
        if self.variant.reaching_target_loses and self.out is not None:
            data["loser"] = self.out.seat + 1
        return data


class _Board:
    """The pegs: each side's score, the points of the deal under way, and the end."""

    def __init__(self, sides: Sequence[Sequence[int]], start: Sequence[int], target: int, stops: bool) -> None:
        self.side_of = {seat: i for i, side in enumerate(sides) for seat in side}
        self.scores = list(start)
        self.target = target
        self.stops = stops  # solitaire plays every deal out
        self.current: list[Score] = []
        self.out: Score | None = None

    def seat_totals(self) -> tuple[int, ...]:
        return tuple(self.scores[self.side_of[seat]] for seat in range(len(self.side_of)))

    def peg(self, deal: int, seat: int, what: str, points: int, detail: str) -> bool:
        """Peg ``points``; True when they end the game."""
        if points <= 0 or self.out is not None:
            return self.out is not None
        side = self.side_of[seat]
        self.scores[side] += points
        reached = self.stops and self.scores[side] >= self.target
        if reached:
            self.scores[side] = self.target  # the game hole: pegging stops there
        score = Score(deal, seat, what, points, detail, self.seat_totals())
        self.current.append(score)
        if reached:
            self.out = score
        return reached


def score_game(
    sheet: GameSheet, variant: Variant, players: int, team_count: int | None = None, skunk: SkunkLines = SkunkLines()
) -> GameResult:
    """Score a whole game, deal by deal, until a side reaches the target. Raises
    GameError naming the deal and the card that make the record impossible."""
    variant.check_players(players)
    rules = variant.seated(players)
    solitaire = rules.scoring_seats is not None  # one player and a blind crib that pegs nothing
    if team_count is not None and not rules.teams:
        raise GameError(f"team_count is for partners games; {rules.name} with {players} is played one against one")
    sides = team_seats(players, team_count) if rules.teams else [[seat] for seat in range(players)]
    start = _start(sheet, rules, players, sides, solitaire)
    if sheet.free_crib is not None and not solitaire:
        raise GameError(f"only solitaire has a free crib, not {rules.name}")
    if solitaire and len(sheet.deals) > SOLITAIRE_DEALS:
        raise GameError(f"deal {SOLITAIRE_DEALS + 1}: solitaire is six deals and the free crib")
    if solitaire and sheet.free_crib is not None and len(sheet.deals) != SOLITAIRE_DEALS:
        raise GameError(f"the free crib comes after the sixth deal; this game has {len(sheet.deals)}")
    board = _Board(sides, start, rules.game_target, stops=not solitaire)
    dealt: dict[Card, int] = {}  # solitaire: one unshuffled deck, every card dealt once in the game
    results: list[DealResult] = []
    dealer: int | None = None
    for number, deal in enumerate(sheet.deals, start=1):
        if board.out is not None:
            raise GameError(f"deal {number}: the game was over in deal {board.out.deal}"
                            f" (seat {board.out.seat + 1} reached {rules.game_target})")
        dealer = _dealer(deal, number, dealer, players)
        if solitaire:
            _dealt_once(dealt, number, [*(c for hand in deal.hands for c in hand), *deal.crib])
        board.current = []
        _score_deal(board, deal, number, dealer, rules, players, first=number == 1 and sheet.start is None)
        results.append(DealResult(number, dealer, deal.starter, tuple(board.current), board.seat_totals()))
    if sheet.free_crib is not None:
        number = len(sheet.deals) + 1
        _dealt_once(dealt, number, sheet.free_crib.cards, "the free crib")
        board.current = []
        _score_free_crib(board, sheet.free_crib, number, rules)
        results.append(DealResult(number, None, sheet.free_crib.starter, tuple(board.current), board.seat_totals()))
    return _outcome(rules, players, sides, results, board, skunk, solitaire and sheet.free_crib is not None)


def _start(sheet: GameSheet, rules: Variant, players: int, sides: Sequence[Sequence[int]], solitaire: bool) -> list[int]:
    if sheet.start is None:
        return [0] * len(sides)
    if solitaire:
        raise GameError("a solitaire game is scored from its first deal: no start")
    if len(sheet.start) != players:
        raise GameError(f"start gives {len(sheet.start)} scores for {players} seats")
    for side in sides:
        if len({sheet.start[seat] for seat in side}) > 1:
            raise GameError("start: partners share a score, but seats "
                            + " and ".join(f"{s + 1} ({sheet.start[s]})" for s in side) + " differ")
    for seat, score in enumerate(sheet.start):
        if score >= rules.game_target:
            raise GameError(f"start: seat {seat + 1} has {score}, the game to {rules.game_target} would be over")
    return [sheet.start[side[0]] for side in sides]


def _dealer(deal: DealSheet, number: int, last: int | None, players: int) -> int:
    """The dealer of this deal, from 0: as written, or the next seat to the left;
    the deal passes to the left every deal."""
    expected = None if last is None else (last + 1) % players
    if deal.dealer is None:
        if expected is None:
            if players == 1:
                return 0
            raise GameError(f"deal {number} needs its dealer (a seat number, 1 to {players})")
        return expected
    if deal.dealer > players:
        raise GameError(f"deal {number}, dealer must be seat 1 to {players}, not {deal.dealer}")
    if expected is not None and deal.dealer - 1 != expected:
        raise GameError(f"deal {number}: seat {expected + 1} deals (the deal passes to the left), not seat {deal.dealer}")
    return deal.dealer - 1


def _dealt_once(dealt: dict[Card, int], number: int, cards: Sequence[Card], what: str = "") -> None:
    for card in cards:
        if card in dealt:
            raise GameError(f"{what or f'deal {number}'}: {card} was dealt already in deal {dealt[card]}"
                            " (solitaire deals one unshuffled deck: each card once in the six deals and the free crib)")
        dealt[card] = number


def _check_cards(deal: DealSheet, number: int, rules: Variant, players: int) -> None:
    where = f"deal {number}"
    if len(deal.hands) != players:
        raise GameError(f"{where} has {len(deal.hands)} hand{'s' if len(deal.hands) != 1 else ''} for {players}"
                        f" player{'s' if players != 1 else ''}")
    for seat, hand in enumerate(deal.hands, start=1):
        if len(hand) != rules.hand_size:
            raise GameError(f"{where}, seat {seat}'s hand holds {len(hand)} cards; a {rules.name} hand"
                            f" is {rules.hand_size}")
    if not rules.has_crib and deal.crib:
        raise GameError(f"{where}: {rules.name} has no crib")
    crib_size = rules.crib_cards(players) if rules.has_crib else 0
    if len(deal.crib) != crib_size:
        raise GameError(f"{where}: the crib holds {len(deal.crib)} cards; a {rules.name} crib with {players}"
                        f" player{'s' if players != 1 else ''} is {crib_size}")
    seen: set[Card] = set()
    for card in [*(c for hand in deal.hands for c in hand), *deal.crib, deal.starter]:
        if card in seen:
            raise GameError(f"{where}: {card} appears twice (one deck has one {card})")
        seen.add(card)


def _score_deal(board: _Board, deal: DealSheet, number: int, dealer: int, rules: Variant, players: int, first: bool) -> None:
    """Check one deal whole, then peg its points in order until the game ends."""
    _check_cards(deal, number, rules, players)
    solitaire = rules.scoring_seats is not None
    leader = (dealer + 1) % players  # the pone; solitaire's one player leads his own hand
    order = [(dealer + k) % players for k in range(1, players + 1)]  # the pone first, the dealer last
    shows = [(seat, count_show(deal.hands[seat], deal.starter, False, rules, players)) for seat in order]
    crib = count_show(deal.crib, deal.starter, True, rules, players) if rules.has_crib else None
    play, held = _play(deal, number, rules, players, leader, solitaire)

    if first and rules.pone_first_hand_bonus and board.peg(number, leader, "pone's 3", rules.pone_first_hand_bonus,
                                                           "the pone's start of the game"):
        return
    if board.peg(number, dealer, "heels", heels(deal.starter, rules), f"his heels: the starter {deal.starter}"):
        return
    if rules.show_before_play and _show(board, number, shows):
        return
    for event in play.events:
        if not event.points:
            continue
        seat = (leader + event.seat) % players
        detail = ", ".join(event.reasons)
        if board.peg(number, seat, "play", event.points, f"{event.token}: {detail}" if event.token not in ("", "go") else detail):
            return
    if not play.complete:
        left = "; ".join(f"{_seat_name(rel, leader, players, solitaire)} still holds {' '.join(map(str, cards))}"
                         for rel, cards in enumerate(held) if cards)
        raise GameError(f"deal {number}: the play stops before it is over ({left}) and nobody has reached"
                        f" {rules.game_target}")
    if not rules.show_before_play and _show(board, number, shows):
        return
    if crib is not None:
        board.peg(number, dealer, "crib", crib.total, spoken(crib))


def _show(board: _Board, number: int, shows: Sequence[tuple[int, ShowCount]]) -> bool:
    for seat, shown in shows:
        if board.peg(number, seat, "hand", shown.total, spoken(shown)):
            return True
    return False


def _score_free_crib(board: _Board, free: FreeCrib, number: int, rules: Variant) -> None:
    if free.starter in free.cards:
        raise GameError(f"the free crib: {free.starter} is both in the crib and its starter")
    if len(free.cards) != rules.crib_size:
        raise GameError(f"the free crib holds {len(free.cards)} cards, not {rules.crib_size}")
    shown = count_show(free.cards, free.starter, True, rules)
    board.peg(number, 0, "free crib", shown.total, spoken(shown))


def _seat_name(rel: int, leader: int, players: int, solitaire: bool) -> str:
    if solitaire:
        return "the hand" if rel == 0 else "the blind crib"
    return f"seat {(leader + rel) % players + 1}"


def _play(
    deal: DealSheet, number: int, rules: Variant, players: int, leader: int, solitaire: bool
) -> tuple[PlayResult, list[list[Card]]]:
    """The play as ``engine.play`` scores it: the cards in the order played, with
    a go wherever the seat to play holds no card that fits. Returns the result and
    the cards each seat (from the leader) has not played."""
    if solitaire:
        # The hand's four cards and the two crib cards dealt blind, played alternately.
        blind = [card for card in deal.play if card in deal.crib]
        if len(blind) != rules.play_cards(1):
            raise GameError(f"deal {number}: solitaire's play is the hand's four cards and the two blind crib cards,"
                            f" but {len(blind)} crib card{'s are' if len(blind) != 1 else ' is'} played")
        held = [list(deal.hands[0]), blind]
    else:
        held = [list(deal.hands[(leader + rel) % players]) for rel in range(players)]
    owner = {card: rel for rel, cards in enumerate(held) for card in cards}
    limit = rules.play_limit
    tokens: list[str] = []

    def played() -> PlayResult:
        try:
            return score_play(tokens, players=players, variant=rules)
        except PlayError as exc:  # defensive: the tokens are built to be legal
            raise GameError(f"deal {number}, play: {exc}") from None

    seen: set[Card] = set()
    for position, card in enumerate(deal.play, start=1):
        where = f"deal {number}, play card {position} ({card})"
        if card in seen:
            raise GameError(f"{where}: {card} was played already")
        if card not in owner:
            raise GameError(f"{where}: {card} is in nobody's hand" + (" (the crib's cards are not played)" if not solitaire else ""))
        seen.add(card)
        while True:
            now = played()
            if now.complete or now.next_seat is None:
                raise GameError(f"{where}: the play is already over ({rules.name}'s play ends at the first go or {limit})")
            seat = now.next_seat
            if seat == owner[card] and now.count + card.value <= limit:
                tokens.append(str(card))
                held[seat].remove(card)
                break
            fits = [c for c in held[seat] if now.count + c.value <= limit]
            if fits and seat == owner[card]:
                raise GameError(f"{where}: {card} would take the count from {now.count} past {limit};"
                                f" {_seat_name(seat, leader, players, solitaire)} holds {fits[0]}, which fits")
            if fits:
                raise GameError(f"{where}: {_seat_name(seat, leader, players, solitaire)} plays next at count {now.count}"
                                f" and holds {fits[0]}, which fits; {card} is"
                                f" {_seat_name(owner[card], leader, players, solitaire)}'s")
            tokens.append("go")  # nothing of this seat's fits
    while True:  # the goes after the last card listed
        now = played()
        if now.complete or now.next_seat is None:
            break
        if any(now.count + c.value <= limit for c in held[now.next_seat]):
            break  # a card fits: the play is not over (it may have ended the game)
        tokens.append("go")
    return now, held


def _outcome(
    rules: Variant, players: int, sides: Sequence[Sequence[int]], results: Sequence[DealResult], board: _Board,
    lines: SkunkLines, solitaire_done: bool,
) -> GameResult:
    final = board.seat_totals()
    shape = (rules, players, tuple(tuple(side) for side in sides), tuple(results), final)
    if rules.scoring_seats is not None:  # solitaire: over 120 after the free crib wins
        won = solitaire_done and final[0] >= rules.game_target
        return GameResult(*shape, finished=solitaire_done, winner=0 if won else None, out=None,
                          skunk="none" if solitaire_done else None)
    out = board.out
    if out is None:
        return GameResult(*shape, finished=False, winner=None, out=None, skunk=None)
    reached = board.side_of[out.seat]
    others = [side for side in range(len(sides)) if side != reached]
    if rules.reaching_target_loses:  # backward: the fewest points win, by the margin to the target
        fewest = min(board.scores[side] for side in others)
        lowest = [side for side in others if board.scores[side] == fewest]
        winner = lowest[0] if len(lowest) == 1 else None
        margin = rules.game_target - fewest
    else:  # the margin over the runner-up
        winner = reached
        margin = rules.game_target - max(board.scores[side] for side in others)
    skunk = "double" if margin >= lines.double else "skunk" if margin >= lines.skunk else "none"
    return GameResult(*shape, finished=True, winner=winner, out=out, skunk=skunk)
