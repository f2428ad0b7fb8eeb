"""The play (pegging): score a sequence of cards and go's as they happened.

Tokens come in the order they happened, starting with the player who leads. Turns
rotate automatically, skipping players who are out of cards or who have said go in
the current count. When nobody holding cards can play, the last player to play
pegs the go, the count restarts at 0 and the next player after them leads.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Sequence

from crib_tourney.engine.cards import Card, parse_card
from crib_tourney.engine.variants import STANDARD, Variant
from crib_tourney.errors import CardError, PlayError
from crib_tourney.records import record

GO = "go"
_PAIR_NAMES = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}


@record(frozen=False)
class PlayEvent:
    seat: int  # seat index counted from the leader (0)
    token: str  # the card played, "go", or "" for a point awarded between tokens
    count: int  # the running count after this event
    points: int = 0
    reasons: list[str] = field(default_factory=list)
    restart: bool = False  # the count restarts at 0 after this event
    next_leader: int | None = None  # who leads the new count after a restart

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat": self.seat,
            "token": self.token,
            "count": self.count,
            "points": self.points,
            "reasons": self.reasons,
        }
        if self.restart:
            data["restart"] = True
            data["next_leader"] = self.next_leader
        return data


@record(frozen=False)
class PlayResult:
    players: int
    events: list[PlayEvent]
    totals: list[int]  # per seat, from the leader
    complete: bool  # every hand has been played out (or the play ended)
    teams: list[list[int]] | None = None  # seats of each team
    next_seat: int | None = None  # who acts next, counted from the leader (None: the play is over)
    count: int = 0  # the running count now (0 after a restart)

    @property
    def team_totals(self) -> list[int] | None:
        if self.teams is None:
            return None
        return [sum(self.totals[s] for s in team) for team in self.teams]

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "events": [e.as_dict() for e in self.events],
            "totals": self.totals,
            "complete": self.complete,
        }
        if self.teams is not None:
            data["teams"] = self.teams
            data["team_totals"] = self.team_totals
        return data


def team_seats(players: int, team_count: int | None = None) -> list[list[int]]:
    """Partners sit alternately: with 4 players seats 0+2 and 1+3; with 6, three
    teams of two (0+3, 1+4, 2+5) unless ``team_count`` says two teams of three;
    with 5, a team of three (0+2+4) and a team of two (1+3). A team of one is no
    partnership and is refused."""
    if team_count is None:
        team_count = players // 2
    if team_count < 2:
        raise PlayError(f"{players} players in {team_count} team{'' if team_count == 1 else 's'}: partners need two teams or more")
    teams = [[s for s in range(players) if s % team_count == t] for t in range(team_count)]
    if min(map(len, teams)) < 2:
        raise PlayError(f"{players} players in {team_count} teams leaves a team of one; partners play in twos or threes")
    return teams


def _pair_score(cards: Sequence[Card]) -> tuple[int, str] | None:
    same = 1
    while same < len(cards) and cards[-1 - same].rank == cards[-1].rank:
        same += 1
    if same < 2:
        return None
    name, points = _PAIR_NAMES[same]
    return points, name


def _run_length(cards: Sequence[Card]) -> int:
    """The longest tail of 3+ cards that are all different and consecutive in rank."""
    best = 0
    for size in range(3, len(cards) + 1):
        ranks = [c.rank for c in cards[-size:]]
        if len(set(ranks)) == size and max(ranks) - min(ranks) == size - 1:
            best = size
    return best


def _flush_length(cards: Sequence[Card]) -> int:
    size = 1
    while size < len(cards) and cards[-1 - size].suit == cards[-1].suit:
        size += 1
    return size


def score_card(sequence: Sequence[Card], count: int, variant: Variant) -> tuple[int, list[str]]:
    """Points for the last card of ``sequence`` (the cards of the current count)."""
    points, reasons = 0, []
    if count == 15:
        points += variant.fifteen_points
        reasons.append("fifteen")
    if variant.twenty_five_points and count == 25:
        points += variant.twenty_five_points
        reasons.append("twenty-five")
    if count == variant.play_limit:
        points += variant.thirty_one_points
        reasons.append("thirty-one")
    pair = _pair_score(sequence)
    if pair:
        points += pair[0]
        reasons.append(pair[1])
    run = _run_length(sequence)
    if run:
        points += variant.run_of_three_points if run == 3 else run
        reasons.append(f"run of {run}")
    if variant.play_flush_min:
        flush = _flush_length(sequence)
        if flush >= variant.play_flush_min:
            points += flush
            reasons.append(f"flush of {flush}")
    return points, reasons


def score_play(
    tokens: Sequence[str],
    players: int = 2,
    variant: Variant = STANDARD,
    teams: list[list[int]] | None = None,
) -> PlayResult:
    """Score a whole pegging sequence. Raises PlayError/CardError naming the token
    that makes the sequence impossible."""
    if not variant.min_players <= players <= variant.max_players:
        raise PlayError(
            f"{variant.name} is played by {variant.min_players}"
            + (f" to {variant.max_players}" if variant.max_players != variant.min_players else "")
            + f" players, not {players}"
        )
    seats = players
    if variant.play_cards_by_seat:
        seats = max(seats, len(variant.play_cards_by_seat))
    cards_left = [variant.play_cards(s) for s in range(seats)]
    totals = [0] * seats
    seen: set[Card] = set()
    events: list[PlayEvent] = []
    count = 0
    sequence: list[Card] = []
    said_go: set[int] = set()
    last_player: int | None = None
    turn = 0
    ended = False

    def award(seat: int, points: int, reason: str, event: PlayEvent | None) -> None:
        if not variant.seat_scores(seat):
            return
        totals[seat] += points
        if event is None or event.seat != seat:
            # the point belongs to someone other than who just acted: its own event
            events.append(PlayEvent(seat, "", count, points, [reason]))
        else:
            event.points += points
            event.reasons.append(reason)

    def can_act(seat: int) -> bool:
        return cards_left[seat] > 0 and seat not in said_go

    def next_actor(start: int) -> int | None:
        for step in range(seats):
            seat = (start + step) % seats
            if can_act(seat):
                return seat
        return None

    def close_count(event: PlayEvent | None) -> None:
        """Nobody can play on: peg the go or last card, then restart or end."""
        nonlocal count, sequence, said_go, turn, ended
        assert last_player is not None
        all_played = not any(cards_left)
        if count != variant.play_limit:
            if all_played:
                award(last_player, variant.last_card_points, "last card", event)
            else:
                award(last_player, variant.go_points, "go", event)
        marker = events[-1]
        if all_played or not variant.play_restarts:
            ended = True
            return
        count, sequence, said_go = 0, [], set()
        leader = next_actor(last_player + 1)
        marker.restart = True
        marker.next_leader = leader
        turn = leader if leader is not None else 0

    for position, raw in enumerate(tokens, start=1):
        token = raw.strip()
        where = f"token {position} '{raw}'"
        if ended:
            why = ("every hand has been played out" if not any(cards_left)
                   else f"it ends at {variant.play_limit}" if count == variant.play_limit
                   else "it ends when the first go closes the count")
            raise PlayError(f"{where}: the play has already ended ({why})")
        seat = next_actor(turn)
        if seat is None:  # defensive: close_count always leaves someone to act
            raise PlayError(f"{where}: nobody is left to play")
        if token.lower() == GO:
            if variant.play_limit - count >= 10:  # every card (10 at most) still fits
                raise PlayError(
                    f"{where}: player {seat + 1} cannot say go at count {count}; any card fits"
                )
            said_go.add(seat)
            event = PlayEvent(seat, GO, count)
            events.append(event)
            turn = seat + 1
            if next_actor(turn) is None:
                if last_player is None or count == 0:
                    raise PlayError(f"{where}: a go before any card was played")
                close_count(event)
            continue
        try:
            card = parse_card(token)
        except CardError as exc:
            raise PlayError(f"{where}: {exc}") from None
        if card in seen:
            raise PlayError(f"{where}: card {card} was already played")
        if count + card.value > variant.play_limit:
            raise PlayError(
                f"{where}: player {seat + 1} cannot play {card} at count {count}"
                f" (would make {count + card.value}, over {variant.play_limit}); say go"
            )
        seen.add(card)
        cards_left[seat] -= 1
        count += card.value
        sequence.append(card)
        last_player = seat
        points, reasons = score_card(sequence, count, variant)
        event = PlayEvent(seat, str(card), count)
        events.append(event)
        if points:
            if variant.seat_scores(seat):
                totals[seat] += points
                event.points, event.reasons = points, reasons
        turn = seat + 1
        if count == variant.play_limit or next_actor(turn) is None:
            close_count(event)
    complete = ended or not any(cards_left)
    return PlayResult(players=seats, events=events, totals=totals, complete=complete, teams=teams,
                      next_seat=None if complete else next_actor(turn), count=count)
