"""services/ratings_since.py: the kept ratings brought up to date with the results
written since, for the players of those results alone, compared with a rebuild."""

from __future__ import annotations

from crib_tourney.services import players, ratings, ratings_since, results
from crib_tourney.services.ratings import Settings
from crib_tourney.services.ratings_since import NOTHING
from crib_tourney.store import ratings as store
from crib_tourney.store.db import transaction
from crib_tourney.tourney.ratings import START
from tests.services.builders import EIGHT, new_event, paired, play, played_event


def _close(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


def kept_then_one_game_played(db):
    """EIGHT played three games in First; six of them (Ivy and Jon new) one of two games
    in Second; the ratings kept; then Second's game 2 played."""
    first = played_event(db, "First", EIGHT, games=3, date="2026-02-01")
    second = played_event(db, "Second", EIGHT[:4] + ("Ivy", "Jon"), games=2, date="2026-03-01")
    results.record_table(db, second.id, 2, 1, (121, 90), replace=True)
    ratings.rebuild(db)
    results.record_table(db, second.id, 2, 1, (90, 121), replace=True)  # the first table's result turned round
    return first, second


def test_a_result_in_the_last_event_steps_its_two_players_again(db):
    first, second = kept_then_one_game_played(db)
    since = ratings.changed_since_kept(db)
    made = ratings.rebuilt(db, Settings())
    assert since is not None and since.event == second.id and len(since.players) == 2 and set(since.steps) == set(since.players)
    for p, now in since.players.items():
        assert now is not None and now.games == made.players[p].games and now.last_event == second.id
        assert all(_close(x, y) for x, y in zip(now[1:4], made.players[p][1:4]))
        step = since.steps[p]
        rebuilt = next(s for s in made.steps if s.player == p and s.event == second.id)
        assert (step.games, step.points) == (rebuilt.games, rebuilt.points)
        assert all(_close(x, y) for x, y in zip((*step.before, *step.after), (*rebuilt.before, *rebuilt.after)))
        kept = store.kept_player(db, p)
        assert kept is not None and since.kept[p].rating == kept[1] and not _close(kept[1], now.rating)


def test_more_than_is_brought_up_to_date_is_none(db, monkeypatch):
    first, second = kept_then_one_game_played(db)
    found = store.kept(db)
    assert found is not None
    audit, periods = int(found[1]["audit"]), [int(e) for e in found[1]["periods"]]
    assert periods == [first.id, second.id]
    assert ratings_since.since_kept(db, audit, periods, 0.5, START, 38.0) is not None
    monkeypatch.setattr(ratings_since, "MOST", 1)
    assert ratings_since.since_kept(db, audit, periods, 0.5, START, 38.0) is None  # two players touched
    monkeypatch.undo()
    assert ratings_since.since_kept(db, audit, periods[::-1], 0.5, START, 38.0) is None  # not the last period's
    results.record_table(db, first.id, 1, 1, (90, 121), replace=True)  # an earlier event: every later rating moves
    assert ratings.changed_since_kept(db) is None


def test_a_round_paired_changes_no_rating_and_a_new_events_first_game_is_a_new_period(db):
    played_event(db, "First", EIGHT, games=1, date="2026-02-01")
    second = new_event(db, "Second", ("Ivy", "Jon", "Kim", "Lou"), games=1, date="2026-03-01")
    ratings.rebuild(db)
    made_before = ratings.current(db).players
    paired(db, second)
    assert ratings.changed_since_kept(db) == NOTHING  # tables paired: no game yet
    play(db, second, 1, (121, 100))
    since = ratings.changed_since_kept(db)
    assert since is not None and since.idle_cap is not None and len(since.steps) == 2  # a new period
    made = ratings.rebuilt(db, Settings())
    for p, now in made.players.items():
        shown = since.players[p] if p in since.players else since.now(made_before[p])
        assert shown is not None and shown.games == now.games and _close(shown.rating, now.rating) and _close(shown.rd, now.rd)
    assert any(since.now(s).rd > s.rd for s in made_before.values())  # those who sat it out: less certain
    # First's winners have the very rating Second's winner has now, and sat Second out: he
    # stands above them (the smaller deviation), whatever the ids say
    everyone = [p.id for p in players.search(db, None)]
    quick = [ratings.of_player(db, p) for p in everyone]
    ratings.current(db)
    assert [q.rank for q in quick] == [ratings.of_player(db, p).rank for p in everyone]


def test_one_players_rating_brought_up_to_date_on_sqlite_and_postgresql(sqlite_or_postgres):
    """The same reads on either database: every player's rating and place brought up
    to date equal those made from every game."""
    with transaction(sqlite_or_postgres) as db:
        kept_then_one_game_played(db)
    with transaction(sqlite_or_postgres) as db:
        assert ratings.changed_since_kept(db) is not None
        everyone = [p.id for p in players.search(db, None)]
        quick = [ratings.of_player(db, p) for p in everyone]
        assert db.memoized(("ratings",)) is None
        ratings.current(db)
        full = [ratings.of_player(db, p) for p in everyone]
    assert [(q.rank, q.games, q.rating is None or round(q.rating, 9)) for q in quick] == [
        (f.rank, f.games, f.rating is None or round(f.rating, 9)) for f in full]


def test_the_kept_rows_read_back_as_the_ratings_that_were_kept(db):
    played_event(db, "First", EIGHT, games=2, date="2026-02-01")
    made = ratings.rebuilt(db, Settings())
    ratings.rebuild(db)
    assert {int(row[0]): ratings_since.kept_standing(row) for row in store.kept_players(db)} == made.players
    assert [ratings_since.kept_step(row) for row in store.kept_steps(db)] == made.steps
