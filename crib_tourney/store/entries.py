"""Entering players into an event and withdrawing them."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, select

from crib_tourney.errors import CribError
from crib_tourney.store.models import Entry, Event, Pairing, Player
from crib_tourney.store.results import change_outcomes, forfeit_rows, outcomes_of
from crib_tourney.store.schedule import scheduled_games


def enter_players(session: Session, event: Event, players: list[Player]) -> list[str]:
    """Register players; late entries join from the next unscheduled game."""
    first_game = scheduled_games(session, event) + 1
    seq = session.exec(select(func.max(Entry.seq)).where(Entry.event_id == event.id)).one() or 0
    messages = []
    seen: set[int] = set()
    for player in players:
        if player.id in seen:
            raise CribError(f"{player.name} is named twice")
        seen.add(player.id)  # type: ignore[arg-type]
        existing = session.exec(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id)).first()
        if existing is not None:
            if existing.withdrawn_after is None:
                raise CribError(f"{player.name} is already entered in {event.name}")
            raise CribError(f"{player.name} withdrew from {event.name}; a withdrawal is final")
        if first_game > event.games:
            raise CribError(f"all {event.games} games of {event.name} are scheduled; {player.name} could play none")
        seq += 1
        session.add(Entry(event_id=event.id, player_id=player.id, seq=seq, first_game=first_game))
        messages.append(f"entered {player.name}" + (f" (late entry: from game {first_game})" if first_game > 1 else ""))
    session.flush()
    return messages


def withdraw_player(session: Session, event: Event, player: Player) -> str:
    """Drop a player from future games. Games already scheduled for them without
    a result are forfeited to their opponents (the ACC rule for a player who leaves)."""
    entry = session.exec(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id)).first()
    if entry is None:
        raise CribError(f"{player.name} is not entered in {event.name}")
    if entry.withdrawn_after is not None:
        raise CribError(f"{player.name} already withdrew from {event.name} after game {entry.withdrawn_after}")
    pairings = session.exec(
        select(Pairing).where(Pairing.event_id == event.id, (Pairing.player1_id == player.id) | (Pairing.player2_id == player.id)).order_by(Pairing.game_no)
    ).all()
    played = [p.game_no for p in pairings if outcomes_of(session, [p.id])]
    open_games = [p for p in pairings if p.player2_id is not None and not outcomes_of(session, [p.id])]
    last_played = max(played) if played else entry.first_game - 1
    before = [{"id": entry.id, "withdrawn_after": entry.withdrawn_after}]
    new_rows = {p.id: forfeit_rows(event, p, player.id) for p in open_games}
    # Scheduled byes after the withdrawal simply lapse.
    entry.withdrawn_after = last_played
    session.add(entry)
    forfeited = f"; forfeits scheduled game(s) {', '.join(str(p.game_no) for p in open_games)}" if open_games else ""
    summary = f"{player.name} withdrew after game {last_played}{forfeited}"
    change_outcomes(session, event, "withdraw", summary, new_rows, entries_before=before)  # type: ignore[arg-type]
    return summary

