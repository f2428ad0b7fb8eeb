"""Small builders for the service tests: an event with players entered, a game
paired, results entered; each made by calling the services, never the CLI."""

from __future__ import annotations

from typing import Any

from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import events, results
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.settings import EventSettings, build

FOUR = ("Ann", "Bob", "Cat", "Dan")


def new_event(db: Db, name: str = "Open", players: tuple[str, ...] = FOUR, **settings: Any) -> Event:
    """An event (``settings`` as `new-event` takes them, checked) with ``players``
    entered as new players, in that order."""
    made = events.create_event(db, name, build(EventSettings, dict(settings)) if settings else EventSettings())
    if players:
        events.enter(db, made.id, [NewPlayer(p) for p in players])
    return load_event(db, made.id)


def ids(db: Db, event: Event | int) -> dict[str, int]:
    """Each entry's id by its display name."""
    loaded = event if isinstance(event, Event) else load_event(db, event)
    return {name: entry for entry, name in entry_names(db, loaded).items()}


def player_ids(db: Db, event: Event | int) -> dict[str, int]:
    """Each entrant's player id by its display name (singles)."""
    loaded = event if isinstance(event, Event) else load_event(db, event)
    names = entry_names(db, loaded)
    return {names[e.id]: e.player_id for e in entries_of(db, loaded)}


def paired(db: Db, event: Event, games: int = 1) -> list[events.GameView]:
    """Pair the next ``games`` games (by the rotation)."""
    return [view for _ in range(games) for view in events.make_round(db, event.id)]


def play(db: Db, event: Event, game: int, *tables: tuple[int, ...]) -> None:
    """Results of game ``game``, table by table in the table sheet's order:
    play(db, event, 1, (121, 90), (100, 121))."""
    for table, scores in enumerate(tables, 1):
        results.record_table(db, event.id, game, table, scores)


def played_event(db: Db, name: str = "Open", players: tuple[str, ...] = FOUR, **settings: Any) -> Event:
    """An event with every qualifying game paired and played: in each game the
    first seat of every table wins 121 to 100 (a spread of 21, no skunk)."""
    event = new_event(db, name, players, **settings)
    for game in range(1, event.games + 1):
        [view] = events.make_round(db, event.id)
        play(db, event, game, *[(121, 100)] * len(view.tables))
    return load_event(db, event.id)


EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def acc_consolation(db: Db, name: str = "Open", date: str = "2026-09-12", numbered: tuple[str, ...] = ("Ann", "Bob", "Cat", "Dan"),
                    finish: bool = True, **settings: Any) -> Event:
    """An ACC Consolation of EIGHT, nine games played (Ann 18 game points, +189;
    Eve 10, +21; Gus third), the players ``numbered`` given ACC numbers A1, A2, ...
    in that order; cut to two (Ann v Eve) and, with ``finish``, Ann wins the final 3-0."""
    from crib_tourney.services import players, playoffs

    roster = {p.name: p.id for p in players.search(db, None)}  # a player already on the roster is entered, not added again
    made = events.create_event(db, name, build(EventSettings, dict(settings, games=9, acc_event="consolation", date=date,
                                                                    entry_fee=1000, payouts="60,40")))
    events.enter(db, made.id, [roster.get(p) or NewPlayer(p) for p in EIGHT])
    event = load_event(db, made.id)
    for game in range(1, 10):
        [view] = events.make_round(db, event.id)
        play(db, event, game, *[(121, 100)] * len(view.tables))
    pid = player_ids(db, event)
    for k, player in enumerate(numbered, 1):
        players.edit(db, pid[player], None, f"A{k}", None, None)
    playoffs.cut(db, event.id, 2)
    entry = ids(db, event)
    if finish:
        for _ in range(3):
            playoffs.record_playoff_game(db, event, entry["Ann"], entry["Eve"], (121, 100), None, False, False)
    return load_event(db, event.id)


def decided(db: Db) -> tuple[Event, dict[str, int]]:
    """EIGHT played three games with a fee of 10.00 and a payout of 60/40, cut to
    two, Bob beats Ann 2-0; with each entry's id by name."""
    from crib_tourney.services import playoffs

    event = played_event(db, players=EIGHT, games=3, entry_fee=1000, payouts="60,40", date="2026-05-01")
    entry = ids(db, event)
    playoffs.cut(db, event.id, 2)
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Bob"], entry["Ann"], (121, 100), None, False, False)
    return event, entry
