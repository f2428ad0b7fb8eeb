"""Qualifying games: who is in each game and the table assignments."""

from __future__ import annotations

from dataclasses import dataclass

from crib_tourney.errors import CribError
from crib_tourney.store.directory import player_names
from crib_tourney.store.rows import Entry, Event, Pairing, fetch
from crib_tourney.store.sql import Db
from crib_tourney.tourney.pairings import pair_game


def scheduled_games(db: Db, event: Event) -> int:
    return db.scalar("SELECT MAX(game_no) FROM pairing WHERE event_id = :e", e=event.id) or 0


def players_in_game(db: Db, event: Event, game_no: int) -> list[int]:
    """Players who play game ``game_no``, in entry order (the rotation's order)."""
    entries = fetch(db, Entry, "event_id = :e", "seq, id", e=event.id)
    return [
        e.player_id
        for e in entries
        if e.first_game <= game_no and (e.withdrawn_after is None or e.withdrawn_after >= game_no)
    ]


def schedule_next(db: Db, event: Event) -> int:
    """Pair the next game and store its tables; returns its number."""
    game_no = scheduled_games(db, event) + 1
    if event.format in ("single-elim", "double-elim"):
        raise CribError(f"{event.name} is {event.format}: no qualifying games; make the bracket with: crib-tourney cut")
    if event.format == "round-robin" and game_no == 1:
        # everyone plays everyone: n-1 games, or n with an odd field (one bye each)
        field = len(players_in_game(db, event, 1))
        event.games = field - 1 + field % 2
        db.execute("UPDATE event SET games = :g WHERE id = :id", g=event.games, id=event.id)
    if game_no > event.games:
        raise CribError(f"all {event.games} qualifying games of {event.name} are already scheduled")
    players = players_in_game(db, event, game_no)
    if len(players) < 2:
        raise CribError(f"{event.name} needs at least 2 players entered to pair a game (has {len(players)})")
    met: set[frozenset] = set()
    byes: dict[int, int] = {}
    for p1, p2 in db.rows("SELECT player1_id, player2_id FROM pairing WHERE event_id = :e", e=event.id):
        if p2 is None:
            byes[p1] = byes.get(p1, 0) + 1
        else:
            met.add(frozenset((p1, p2)))
    pairing = pair_game(players, game_no - 1, met, byes)
    rows = [
        dict(event_id=event.id, game_no=game_no, table_no=table_no, player1_id=a, player2_id=b)
        for table_no, (a, b) in enumerate(pairing.tables, start=1)
    ]
    if pairing.bye is not None:
        rows.append(dict(event_id=event.id, game_no=game_no, table_no=None, player1_id=pairing.bye, player2_id=None))
    db.insert_many("pairing", rows)
    return game_no


@dataclass
class GameView:
    game: int
    tables: list[tuple[int, str, str]]
    bye: str | None

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "tables": [{"table": t, "players": [a, b]} for t, a, b in self.tables],
            "bye": self.bye,
        }


def game_view(db: Db, event: Event, game_no: int) -> GameView:
    rows = fetch(db, Pairing, "event_id = :e AND game_no = :g", "table_no, id", e=event.id, g=game_no)
    if not rows:
        raise CribError(f"game {game_no} of {event.name} has not been scheduled")
    ids = {r.player1_id for r in rows} | {r.player2_id for r in rows if r.player2_id}
    names = player_names(db, ids)
    tables = [(r.table_no or 0, names[r.player1_id], names[r.player2_id]) for r in rows if r.player2_id]
    bye = next((names[r.player1_id] for r in rows if r.player2_id is None), None)
    return GameView(game_no, tables, bye)


def first_open_game(db: Db, event: Event) -> int:
    """The first scheduled game with a table still missing its result."""
    row = db.row(
        "SELECT MIN(p.game_no) FROM pairing p WHERE p.event_id = :e AND p.player2_id IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM outcome o WHERE o.pairing_id = p.id)", e=event.id,
    )
    if row is None or row[0] is None:
        last = scheduled_games(db, event)
        if last == 0:
            raise CribError(f"{event.name} has no games scheduled yet (make them with: crib-tourney round)")
        return last
    return row[0]


def unschedule(db: Db, event: Event, first: int) -> str:
    """Remove the pairings of game ``first`` onwards so they can be paired again
    (with late entries). Refused if any of those games has a result."""
    last = scheduled_games(db, event)
    if not 1 <= first <= last:
        raise CribError(f"game {first} of {event.name} is not scheduled (games 1-{last} are)")
    played = db.rows(
        "SELECT DISTINCT p.game_no FROM pairing p JOIN outcome o ON o.pairing_id = p.id"
        " WHERE p.event_id = :e AND p.game_no >= :g ORDER BY p.game_no", e=event.id, g=first,
    )
    if played:
        raise CribError(f"game {played[0][0]} already has results; only unplayed games can be paired again")
    db.execute("DELETE FROM pairing WHERE event_id = :e AND game_no >= :g", e=event.id, g=first)
    # players entered while those games stood scheduled join from the first one freed
    db.execute("UPDATE entry SET first_game = :g WHERE event_id = :e AND first_game > :g", g=first, e=event.id)
    return f"removed the pairings of games {first}-{last}; pair them again with: crib-tourney round \"{event.name}\""
