"""services/histories.py: a player's games in an event and a player's history
across events."""

from __future__ import annotations

from crib_tourney.services import histories
from crib_tourney.services.histories import EventRecord
from tests.services.builders import decided, ids, played_event, player_ids

# played_event: the first seat wins every table 121-100. Four players, two games:
# game 1 Ann v Dan, Bob v Cat; game 2 Ann v Cat, Dan v Bob


def test_games_of_and_player_games(db):
    event = played_event(db, games=2)
    entry = ids(db, event)
    assert histories.games_of(db, event.id, entry["Ann"]) == [
        {"game": 1, "table": 1, "opponent": "Dan", "score": 121, "opponent_score": 100, "game_points": 2, "spread": 21,
         "cards_agree": True, "forfeit": None},
        {"game": 2, "table": 1, "opponent": "Cat", "score": 121, "opponent_score": 100, "game_points": 2, "spread": 21,
         "cards_agree": True, "forfeit": None}]
    bob = histories.player_games(db, event.id, entry["Bob"])
    assert (bob["event"], bob["player"]) == ("Open", "Bob")
    assert [(g["game"], g["opponent"], g["game_points"], g["spread"]) for g in bob["games"]] == [(1, "Cat", 2, 21), (2, "Dan", 0, -21)]


def test_history_across_events(db):
    event, entry = decided(db)
    found = histories.history(db, player_ids(db, event)["Bob"])
    assert (found.player, found.events) == ("Bob", (EventRecord("Open", "2026-05-01", "1st", 6, 3, 0, 63, 4800),))
    assert (found.game_points, found.wins, found.losses, found.spread, found.prize) == (6, 3, 0, 63, 4800)
