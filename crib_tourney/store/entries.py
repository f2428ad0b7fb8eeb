"""Entering players into an event and withdrawing them."""

from __future__ import annotations

from crib_tourney.errors import CribError
from crib_tourney.store.results import change_outcomes, forfeit_rows, outcomes_of
from crib_tourney.store.rows import Entry, Event, Pairing, Player, fetch, fetch_one
from crib_tourney.store.schedule import scheduled_games
from crib_tourney.store.sql import Db


def enter_players(db: Db, event: Event, players: list[Player]) -> list[str]:
    """Register players; late entries join from the next unscheduled game."""
    first_game = scheduled_games(db, event) + 1
    seq = db.scalar("SELECT MAX(seq) FROM entry WHERE event_id = :e", e=event.id) or 0
    entered = {pid: w for pid, w in db.rows("SELECT player_id, withdrawn_after FROM entry WHERE event_id = :e", e=event.id)}
    messages = []
    rows = []
    seen: set[int] = set()
    for player in players:
        if player.id in seen:
            raise CribError(f"{player.name} is named twice")
        seen.add(player.id)
        if player.id in entered:
            if entered[player.id] is None:
                raise CribError(f"{player.name} is already entered in {event.name}")
            raise CribError(f"{player.name} withdrew from {event.name}; a withdrawal is final")
        if first_game > event.games:
            raise CribError(f"all {event.games} games of {event.name} are scheduled, so {player.name} could play none;"
                            f" free the unplayed ones first: crib-tourney round \"{event.name}\" --unschedule-from N")
        seq += 1
        rows.append(dict(event_id=event.id, player_id=player.id, seq=seq, first_game=first_game))
        messages.append(f"entered {player.name}" + (f" (late entry: from game {first_game})" if first_game > 1 else ""))
    db.insert_many("entry", rows)
    return messages


def withdraw_player(db: Db, event: Event, player: Player) -> str:
    """Drop a player from future games. Games already paired for them without a
    result are forfeited to their opponents (the ACC rule for a player who leaves)."""
    entry = fetch_one(db, Entry, "event_id = :e AND player_id = :p", e=event.id, p=player.id)
    if entry is None:
        raise CribError(f"{player.name} is not entered in {event.name}")
    if entry.withdrawn_after is not None:
        raise CribError(f"{player.name} already withdrew from {event.name} after game {entry.withdrawn_after}")
    pairings = fetch(db, Pairing, "event_id = :e AND (player1_id = :p OR player2_id = :p)", "game_no", e=event.id, p=player.id)
    with_result = {o.pairing_id for o in outcomes_of(db, [p.id for p in pairings])}
    played = [p.game_no for p in pairings if p.id in with_result]
    open_games = [p for p in pairings if p.player2_id is not None and p.id not in with_result]
    last_played = max(played) if played else entry.first_game - 1
    before = [{"id": entry.id, "withdrawn_after": entry.withdrawn_after}]
    db.execute("UPDATE entry SET withdrawn_after = :w WHERE id = :id", w=last_played, id=entry.id)
    forfeited = f"; forfeits scheduled game(s) {', '.join(str(p.game_no) for p in open_games)}" if open_games else ""
    summary = f"{player.name} withdrew after game {last_played}{forfeited}"
    new_rows = {p.id: forfeit_rows(event, p, player.id) for p in open_games}
    change_outcomes(db, event, "withdraw", summary, new_rows, entries_before=before)
    return summary
