"""Qualifying games: who is in each game and the table assignments."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, select

from crib_tourney.errors import CribError
from crib_tourney.store.directory import player_names
from crib_tourney.store.models import Entry, Event, Pairing
from crib_tourney.tourney.pairings import pair_game


def scheduled_games(session: Session, event: Event) -> int:
    return session.exec(select(func.max(Pairing.game_no)).where(Pairing.event_id == event.id)).one() or 0


def players_in_game(session: Session, event: Event, game_no: int) -> list[int]:
    """Players who play game ``game_no``, in entry order (the rotation's order)."""
    entries = session.exec(select(Entry).where(Entry.event_id == event.id).order_by(Entry.seq, Entry.id)).all()
    return [
        e.player_id
        for e in entries
        if e.first_game <= game_no and (e.withdrawn_after is None or e.withdrawn_after >= game_no)
    ]


def schedule_next(session: Session, event: Event) -> int:
    """Pair the next game and store its tables; returns its number."""
    game_no = scheduled_games(session, event) + 1
    if game_no > event.games:
        raise CribError(f"all {event.games} qualifying games of {event.name} are already scheduled")
    players = players_in_game(session, event, game_no)
    if len(players) < 2:
        raise CribError(f"{event.name} needs at least 2 players entered to pair a game (has {len(players)})")
    met: set[frozenset] = set()
    byes: dict[int, int] = {}
    for p1, p2 in session.exec(select(Pairing.player1_id, Pairing.player2_id).where(Pairing.event_id == event.id)).all():
        if p2 is None:
            byes[p1] = byes.get(p1, 0) + 1
        else:
            met.add(frozenset((p1, p2)))
    pairing = pair_game(players, game_no - 1, met, byes)
    for table_no, (a, b) in enumerate(pairing.tables, start=1):
        session.add(Pairing(event_id=event.id, game_no=game_no, table_no=table_no, player1_id=a, player2_id=b))
    if pairing.bye is not None:
        session.add(Pairing(event_id=event.id, game_no=game_no, table_no=None, player1_id=pairing.bye, player2_id=None))
    session.flush()
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


def game_view(session: Session, event: Event, game_no: int) -> GameView:
    rows = session.exec(
        select(Pairing).where(Pairing.event_id == event.id, Pairing.game_no == game_no).order_by(Pairing.table_no, Pairing.id)
    ).all()
    if not rows:
        raise CribError(f"game {game_no} of {event.name} has not been scheduled")
    ids = {r.player1_id for r in rows} | {r.player2_id for r in rows if r.player2_id}
    names = player_names(session, ids)
    tables = [(r.table_no or 0, names[r.player1_id], names[r.player2_id]) for r in rows if r.player2_id]
    bye = next((names[r.player1_id] for r in rows if r.player2_id is None), None)
    return GameView(game_no, tables, bye)
