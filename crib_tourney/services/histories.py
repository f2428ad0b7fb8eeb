"""What a player did: his games in one event (`player games`, for settling a
dispute) and his record across every event and league night (`player history`).
Amounts are cents; the CLI and the web turn them into words. An event's report
is services/reports.py, its money services/money.py."""

from __future__ import annotations

from typing import Any, TypedDict

from crib_tourney.errors import NotFound
from crib_tourney.records import record
from crib_tourney.services.reports import report_row
from crib_tourney.services.standings import scoring_rules
from crib_tourney.services.standings import three_sided_lines
from crib_tourney.tourney.scoring import outcome_line
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entry_names
from crib_tourney.store.one_entry import entry_of_player
from crib_tourney.store.events import events_of_player, load_event
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.money import format_money
from crib_tourney.tourney.names import opponents_text
from crib_tourney.tourney.reconcile import Card, agree
from crib_tourney.tourney.scoring_three import place_of
from crib_tourney.tourney.reconcile_three import Card3, cards_agree


class _Game(TypedDict):
    game: int
    table: int | None
    opponent: str
    score: int | None
    opponent_score: int | None
    game_points: int | None
    spread: int | None
    cards_agree: bool | None


class GameRow(_Game, total=False):
    """One qualifying game of an entry, as its own card says (``forfeit``: once a card is in)."""

    forfeit: str | None
    state: str  # pending | disputed: the game does not count yet (no game points, no spread)
    # at a table of three: the opponent is both ("A & B", seat order), the second opponent's score, the place
    opponent2_score: int | None
    place: int | None


class PlayerGames(TypedDict):
    event: str
    player: str
    games: list[GameRow]


def games_of(db: Db, event_id: int, entry_id: int) -> list[GameRow]:
    """Every qualifying game of one entry: table, opponent, both scores as its own
    card says, game points, spread, and whether the two cards agree."""
    return _games_of(db, load_event(db, event_id), entry_id)


def _games_of(db: Db, event: Event, entry_id: int) -> list[GameRow]:
    names, rules = entry_names(db, event), scoring_rules(event)
    if entry_id not in names:
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    if event.sides == 3:
        return _games_at_tables_of_three(db, event, entry_id)
    pairings = q.pairings_of(db, event.id, entry_id)
    cards: dict[int, dict[int, Card]] = {}
    waiting: set[int] = set()  # tables whose cards do not count yet
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        cards.setdefault(o.pairing_id, {})[o.entry_id] = Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source)
        if not o.counted:
            waiting.add(o.pairing_id)
    games: list[GameRow] = []
    for p in pairings:
        opponent = p.entry2_id if p.entry1_id == entry_id else p.entry1_id
        row = GameRow(game=p.game_no, table=p.table_no, opponent=names[opponent] if opponent else "bye", score=None,
                      opponent_score=None, game_points=None, spread=None, cards_agree=None)
        own, theirs = cards.get(p.id, {}).get(entry_id), cards.get(p.id, {}).get(opponent) if opponent else None
        if own is None and theirs is not None:  # only the opponent's card: read it from this side
            own = Card(entry_id, theirs.opp, theirs.own, {"won": "lost", "lost": "won"}.get(theirs.forfeit, "none"), theirs.source)
        if own is not None:
            line = outcome_line(own.own, own.opp, own.forfeit, rules)
            row["score"], row["opponent_score"] = own.own, own.opp
            row["game_points"], row["spread"] = line.game_points, line.plus - line.minus
            row["cards_agree"] = agree(own, theirs) if theirs is not None and entry_id in cards.get(p.id, {}) else None
            row["forfeit"] = own.forfeit if own.forfeit != "none" else None  # a key of its own: it comes last
            if p.id in waiting:  # a lone card or two that disagree: counted nowhere yet
                row["game_points"] = row["spread"] = None
                row["state"] = "pending" if len(cards[p.id]) == 1 else "disputed"
        elif opponent is None and rules.bye_points:
            row["game_points"], row["spread"] = rules.bye_points, rules.bye_spread
        games.append(row)
    return games


def _games_at_tables_of_three(db: Db, event: Event, entry_id: int) -> list[GameRow]:
    """_games_of at tables of three: each game as the entry's own card says, or as
    the first other card read from its side; the cards agree when every card holds
    the same scores."""
    names, rules = entry_names(db, event), scoring_rules(event)
    pairings = q.pairings_of(db, event.id, entry_id)
    cards: dict[int, list[Card3]] = {}
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        cards.setdefault(o.pairing_id, []).append(Card3(o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, o.source))
    lines = {s.game: s for s in three_sided_lines(db, event) if s.entry == entry_id}
    games: list[GameRow] = []
    for p in pairings:
        others = [e for e in p.sides if e != entry_id]
        row = GameRow(game=p.game_no, table=p.table_no, opponent=opponents_text([names[e] for e in others]) if others else "bye",
                      score=None, opponent_score=None, game_points=None, spread=None, cards_agree=None)
        held = cards.get(p.id, [])
        own = next((c for c in held if c.entry == entry_id), None)
        if others and held:
            version = (own or held[0]).version(p.sides)
            row["score"], row["opponent_score"], row["opponent2_score"] = (version[entry_id], version[others[0]],
                                                                           version[others[1]])
            row["place"] = place_of(version[entry_id], (version[others[0]], version[others[1]]))
            if own is not None and p.game_no in lines:
                side = lines[p.game_no]
                row["game_points"], row["spread"], row["place"] = side.line.game_points, side.line.spread, side.place
            row["cards_agree"] = cards_agree(held, p.sides) if len(held) > 1 and own is not None else None
            row["forfeit"] = own.forfeit if own is not None and own.forfeit != "none" else None
        elif not others and rules.bye_points:
            row["game_points"], row["spread"] = rules.bye_points, rules.bye_spread
        games.append(row)
    return games


def player_games(db: Db, event_id: int, entry_id: int) -> PlayerGames:
    """One entry's games in an event (`player games`)."""
    event = load_event(db, event_id)
    games = _games_of(db, event, entry_id)
    return PlayerGames(event=event.name, player=entry_names(db, event)[entry_id], games=games)


@record
class EventRecord:
    """A player's result in one event: his place (the playoff finish, else the
    rank) and what he won there, in cents (prizes and pools)."""

    event: str
    date: str | None
    place: int | str
    game_points: int
    wins: int
    losses: int
    spread: int
    prize: int
    mrps: int | None = None  # a finished ACC event's Master Rating Points

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "date": self.date, "place": self.place, "game_points": self.game_points,
                "wins": self.wins, "losses": self.losses, "spread": self.spread, "prize": format_money(self.prize),
                "mrps": self.mrps}


@record
class History:
    """A player's record in every event (league nights included), oldest first."""

    player: str
    events: tuple[EventRecord, ...]

    @property
    def game_points(self) -> int:
        return sum(e.game_points for e in self.events)

    @property
    def wins(self) -> int:
        return sum(e.wins for e in self.events)

    @property
    def losses(self) -> int:
        return sum(e.losses for e in self.events)

    @property
    def spread(self) -> int:
        return sum(e.spread for e in self.events)

    @property
    def prize(self) -> int:
        return sum(e.prize for e in self.events)

    @property
    def mrps(self) -> int:
        return sum(e.mrps or 0 for e in self.events)

    def as_dict(self) -> dict[str, Any]:
        """As `player history --json` prints it (amounts like "12.50")."""
        totals = {"events": len(self.events), "game_points": self.game_points, "wins": self.wins, "losses": self.losses,
                  "spread": self.spread, "prize": format_money(self.prize), "mrps": self.mrps}
        return {"player": self.player, "events": [e.as_dict() for e in self.events], "totals": totals}


def history(db: Db, player_id: int) -> History:
    player = players_by_id(db, [player_id]).get(player_id)
    if player is None:
        raise NotFound(f"no player #{player_id}")
    events = []
    for event_id in events_of_player(db, player.id):
        event = load_event(db, event_id)
        entry = entry_of_player(db, event.id, player.id)  # by index: not the event's 20,000 entries
        if entry is None:
            continue
        row = report_row(db, event.id, entry.id)  # his row alone: not the event's whole report
        if row is None:  # a no-show: the event is his, but he did not play
            events.append(EventRecord(event.name, event.date, "did not play", 0, 0, 0, 0, 0))
            continue
        events.append(EventRecord(event.name, event.date, row.playoff_finish or row.place, row.game_points, row.wins,
                                  row.losses, row.spread, row.prize + row.pools, row.mrps))
    return History(player.name, tuple(events))
