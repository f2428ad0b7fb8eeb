"""services/rated_games.py: every final game of every event as the ratings see it."""

from __future__ import annotations

from crib_tourney.inputs.csvrows import RosterFile, RosterRow
from crib_tourney.services import players, rated_games
from crib_tourney.store.ratings import Only
from crib_tourney.tourney.glicko2 import Rating
from crib_tourney.tourney.ratings import START, Period
from tests.services.builders import paired, play, player_ids, ids
from tests.services.test_ratings import again, one_game


def test_periods_are_the_events_in_order_with_their_final_games(db):
    first = one_game(db, "First", "2026-01-10")
    second = again(db, first)
    pid = player_ids(db, second)
    [view] = paired(db, second)
    play(db, second, 1, (121, 100))  # the first table played; the second not yet: not rated
    (_, a, b) = view.tables[0]
    assert rated_games.periods(db, 38.0) == [Period(first.id, [(pid["Ann"], pid["Bob"], 1.0, 0.0)]),
                                         Period(second.id, [(pid[a], pid[b], 1.0, 0.0)])]


def test_only_the_games_of_one_event_that_some_entries_played(db):
    first = one_game(db, "First", "2026-01-10")
    second = again(db, first)
    pid, entry = player_ids(db, second), ids(db, second)
    [view] = paired(db, second)
    play(db, second, 1, (121, 100), (90, 121))
    (_, a, b), (_, c, d) = view.tables
    assert rated_games.periods(db, 38.0, Only(second.id, [entry[c]])) == [Period(second.id, [(pid[c], pid[d], 0.0, 0.0)])]
    assert rated_games.periods(db, 38.0, Only(second.id, [entry[b], entry[d]])) == [
        Period(second.id, [(pid[a], pid[b], 1.0, 0.0), (pid[c], pid[d], 0.0, 0.0)])]
    assert rated_games.periods(db, 38.0, Only(second.id, [])) == [Period(second.id, [])]


def test_start_is_the_starting_ratings_of_the_roster(db):
    assert rated_games.starting_ratings(db) == {}
    players.import_players(db, RosterFile("roster.csv", (RosterRow(2, "Zed", None, None, None, (1800.0, 120.0, None)),
                                                         RosterRow(3, "Yan", None, None, None, (1400.0, None, None)),
                                                         RosterRow(4, "Xu", None, None, None)), ()))
    found = {p.name: p.id for p in players.search(db, None)}
    assert rated_games.starting_ratings(db) == {found["Zed"]: Rating(1800.0, 120.0, START.volatility),
                                 found["Yan"]: Rating(1400.0, START.rd, START.volatility)}
