"""services/histories.py: a player's games in an event, the winnings, the ledger,
the event report and a player's history across events."""

from __future__ import annotations

from crib_tourney.services import checkin, histories, playoffs
from crib_tourney.services.histories import EventRecord, ReportRow
from crib_tourney.tourney.checkin import Payment
from tests.services.builders import ids, played_event, player_ids

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
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


def decided(db):
    """Eight played three games with a fee of 10.00 and a payout of 60/40, cut to two, Bob beats Ann 2-0."""
    event = played_event(db, players=EIGHT, games=3, entry_fee=1000, payouts="60,40", date="2026-05-01")
    entry = ids(db, event)
    playoffs.cut(db, event.id, 2)
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Bob"], entry["Ann"], (121, 100), None, False, False)
    return event, entry


def test_winnings_and_the_ledger(db):
    event, _ = decided(db)
    won = histories.winnings(db, event.id)
    assert (won.prize, won.pools, won.complete, won.high_nonqualifier) == ({"Bob": 4800, "Ann": 3200}, {}, True, 0)
    assert won.finish["Bob"] == "1st" and won.finish["Ann"] == "2nd"
    ledger = histories.event_ledger(db, event.id)
    assert (ledger.book.entrants, ledger.book.entry_fees, ledger.book.prizes, ledger.book.balance) == (8, 8000, 8000, 0)
    assert (ledger.payments_recorded, ledger.final) == (False, True)
    assert histories.winnings_and_ledger(db, event.id) == (won, ledger)


def test_the_ledger_counts_what_was_paid_at_the_door(db):
    event, entry = decided(db)
    checkin.check_in(db, event.id, [entry["Ann"], entry["Bob"]], Payment(fee=True))
    book = histories.event_ledger(db, event.id)
    assert (book.payments_recorded, book.book.paid_entrants, book.book.unpaid) == (True, 2, 6000)


def test_report(db):
    event, entry = decided(db)
    found = histories.report(db, event.id)
    assert (found.event, found.date, found.entrants) == ("Open", "2026-05-01", 8)
    assert found.rows[:2] == (  # the place of qualifying (Ann and Bob tied first), then the playoff finish
        ReportRow(entry["Ann"], 1, "Ann", "", 6, 3, 0, 63, True, "2nd", 3200, 0, False),
        ReportRow(entry["Bob"], 1, "Bob", "", 6, 3, 0, 63, True, "1st", 4800, 0, False))
    assert [r.name for r in found.rows if not r.qualified] == ["Cat", "Hal", "Dan", "Gus", "Eve", "Fay"]


def test_history_across_events(db):
    event, entry = decided(db)
    found = histories.history(db, player_ids(db, event)["Bob"])
    assert (found.player, found.events) == ("Bob", (EventRecord("Open", "2026-05-01", "1st", 6, 3, 0, 63, 4800),))
    assert (found.game_points, found.wins, found.losses, found.spread, found.prize) == (6, 3, 0, 63, 4800)
