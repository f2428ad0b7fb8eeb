"""services/ratings.py: Glicko-2 ratings across events, made from every final game,
checked against tourney/glicko2.update computed here game by game."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import events, players, ratings
from crib_tourney.services.ratings import Estimate, EventRating, PlayerRating, Rebuilt, Settings
from crib_tourney.tourney.glicko2 import Rating, update
from crib_tourney.store.db import transaction
from crib_tourney.store.events import load_event
from crib_tourney.tourney.ratings import START, Standing
from tests.services.builders import EIGHT, new_event, paired, play, played_event, player_ids

WIN = update(START, [(START, 1.0)])  # a newcomer's one win over a newcomer
LOSS = update(START, [(START, 0.0)])


def one_game(db, name="Open", date="2026-03-01", winner="Ann", loser="Bob"):
    """An event of one game: ``winner`` beats ``loser`` 121 to 90."""
    event = new_event(db, name, (winner, loser), games=1, date=date)
    [view] = paired(db, event)
    [(_, first, _)] = view.tables
    play(db, event, 1, (121, 90) if first == winner else (90, 121))
    return event


def test_the_winner_is_rated_above_the_loser_as_glicko2_computes_it(db):
    event = one_game(db)
    pid = player_ids(db, event)
    ann, bob = pid["Ann"], pid["Bob"]
    now = ratings.current(db)
    assert now.players == {ann: Standing(ann, WIN.rating, WIN.rd, WIN.volatility, 1, event.id),
                           bob: Standing(bob, LOSS.rating, LOSS.rd, LOSS.volatility, 1, event.id)}
    assert WIN.rating > 1500 > LOSS.rating
    assert [(s.player, s.event, s.before, s.after, s.games, s.points) for s in now.steps] == [
        (ann, event.id, Rating(1500, START.rd, START.volatility), WIN, 1, 1.0),
        (bob, event.id, Rating(1500, START.rd, START.volatility), LOSS, 1, 0.0)]
    assert ratings.rebuilt(db, Settings()) == now


def again(db, first, name="Second", date="2026-02-10"):
    """A second event of one game: the first event's Ann and Bob, and Cat and Dan new."""
    known = player_ids(db, first)
    event = new_event(db, name, (), games=1, date=date)
    events.enter(db, event.id, [known["Ann"], known["Bob"], NewPlayer("Cat"), NewPlayer("Dan")])
    return load_event(db, event.id)


def test_rebuild_keeps_what_current_reads_and_its_settings(location):
    with transaction(location) as db:
        event = one_game(db)
        assert ratings.settings(db) == Settings()
        made = ratings.current(db)
        assert ratings.rebuild(db) == Rebuilt(2, 1, 1, Settings())
        assert ratings.current(db) == made == ratings.rebuilt(db, Settings())
    with transaction(location) as db:
        assert ratings.current(db) == made  # read as kept
        assert ratings.rebuild(db, tau=1.2, start_rd=80) == Rebuilt(2, 1, 1, Settings(tau=1.2, start_rd=80.0))
    newcomer = Rating(1500, 80, 0.01)
    won = update(newcomer, [(newcomer, 1.0)], tau=1.2)
    with transaction(location) as db:
        assert ratings.settings(db) == Settings(tau=1.2, start_rd=80.0)
        now = ratings.current(db)
        assert now == ratings.rebuilt(db, Settings(tau=1.2, start_rd=80.0))
        ann = player_ids(db, load_event(db, event.id))["Ann"]
        assert (now.players[ann].rating, now.players[ann].rd) == (won.rating, won.rd)
        one_game(db, "Later", "2026-04-01", "Cat", "Dan")  # written since: made again with the kept settings
        assert ratings.current(db) == ratings.rebuilt(db, Settings(tau=1.2, start_rd=80.0))
        assert ratings.rebuild(db) == Rebuilt(4, 2, 2, Settings(tau=1.2, start_rd=80.0))


def test_current_after_a_rebuild_with_other_settings_in_the_same_transaction(db):
    one_game(db)
    ratings.current(db)
    ratings.rebuild(db, tau=1.2, start_rd=80)
    assert ratings.current(db) == ratings.rebuilt(db, Settings(tau=1.2, start_rd=80.0))


def test_check_settings_refuses_values_out_of_range(db):
    assert ratings.check_settings(tau=0.2, first_deal=-200.0, start_rd=350.0, start_volatility=None) is None
    for given, message in [({"tau": 5.0}, "tau must be between 0.2 and 2, not 5"),
                           ({"first_deal": 201.0}, "the first deal's edge must be between -200 and 200, not 201"),
                           ({"start_rd": 0.5}, "a newcomer's RD must be between 1 and 350, not 0.5"),
                           ({"start_volatility": 0.3}, "a newcomer's volatility must be between 0.001 and 0.2, not 0.3"),
                           ({"tau": float("nan")}, "tau must be between 0.2 and 2, not nan")]:
        with pytest.raises(CribError) as refused:
            ratings.check_settings(**given)
        assert str(refused.value) == message
    one_game(db)
    with pytest.raises(CribError, match="^tau must be between"):
        ratings.rebuild(db, tau=0.1)
    assert ratings.settings(db) == Settings()  # nothing kept


def test_table_of_a_club_and_with_min_games(db):
    event = one_game(db)
    one_game(db, "Later", "2026-04-01", "Cat", "Dan")
    pid = player_ids(db, event)
    players.edit(db, pid["Ann"], None, None, "Elks", None)
    everyone = ratings.table(db)
    # Ann and Cat won alike, Ann an event earlier: as high, less certain, so second (Dan above Bob likewise)
    assert [(r.rank, r.player, r.games) for r in everyone] == [(1, "Cat", 1), (2, "Ann", 1), (3, "Dan", 1), (4, "Bob", 1)]
    ann = next(r for r in everyone if r.player == "Ann")
    standing = ratings.current(db).players[pid["Ann"]]
    assert (ann.player_id, ann.club, ann.rating, ann.rd, ann.volatility, ann.last_played, ann.provisional) == \
        (pid["Ann"], "Elks", WIN.rating, standing.rd, WIN.volatility, "2026-03-01", True)
    assert standing.rd > WIN.rd  # idle through the later event: less certain
    assert [r.player for r in ratings.table(db, club=" elks")] == ["Ann"]
    assert ratings.table(db, min_games=1) == everyone
    assert ratings.table(db, min_games=2) == []
    with pytest.raises(CribError, match=r"^unknown club 'Moose': no player on the roster is of that club$"):
        ratings.table(db, club="Moose")
    with pytest.raises(CribError, match=r"^--min-games cannot be negative \(-1\)$"):
        ratings.table(db, min_games=-1)


def test_of_player_and_ratings_of(db):
    event = one_game(db)
    new_event(db, "Empty", ("Eve",), date="2026-05-01")
    pid = player_ids(db, event)
    ann, bob = pid["Ann"], pid["Bob"]
    assert ratings.of_player(db, ann) == PlayerRating(
        WIN.rating, WIN.rd, WIN.volatility, 1, True, 1, (EventRating("Open", "2026-03-01", 1500.0, WIN.rating, WIN.rd, 1, 1.0),))
    assert ratings.of_player(db, bob).rank == 2
    eve = next(p.id for p in players.search(db, "Eve"))
    assert ratings.of_player(db, eve) == PlayerRating(None, None, None, 0, True, None, ())
    assert ratings.ratings_of(db, [ann, bob, eve]) == {ann: ratings.current(db).players[ann], bob: ratings.current(db).players[bob]}
    assert ratings.ratings_of(db, []) == {}


def test_of_player_read_from_the_kept_ratings_is_of_player_from_all_of_them(db):
    """While the kept ratings are the database's, of_player reads one player's rows
    and counts those ranked before him: the same as from every player's rating (equal
    ratings, whom the deviation and the id order, included)."""
    played_event(db, "First", EIGHT, games=3, date="2026-02-01")
    played_event(db, "Second", EIGHT[:4] + ("Ivy", "Jon"), games=2, date="2026-03-01")
    new_event(db, "Empty", ("Kim",), date="2026-04-01")
    ratings.rebuild(db)
    everyone = [p.id for p in players.search(db, None)]
    kept = [ratings.of_player(db, p) for p in everyone]
    assert db.memoized(("ratings",)) is None  # none of them read every player's rating
    ranks = [r.rank for r in kept]
    assert sorted(r for r in ranks if r is not None) == list(range(1, len(everyone)))  # Kim has none
    made = ratings.current(db).players
    assert len({(round(p.rating, 6)) for p in made.values()}) < len(made)  # some players share a rating
    assert kept == [ratings.of_player(db, p) for p in everyone]  # read from every player's rating
    assert kept[-1] == PlayerRating(None, None, None, 0, True, None, ())


def test_during_an_event_the_rating_before_and_the_estimate_so_far(db):
    second = again(db, one_game(db, "First", "2026-01-10"))
    [view] = paired(db, second)
    (_, a, b) = view.tables[0]
    play(db, second, 1, (121, 100))
    before = {"Ann": WIN, "Bob": LOSS}
    start = Rating(1500.0, START.rd, START.volatility)
    won = update(before.get(a, start), [(before.get(b, start), 1.0)])
    lost = update(before.get(b, start), [(before.get(a, start), 0.0)])
    found = ratings.during(db, second.id)
    assert found[a] == Estimate(before.get(a, start), won, 1)
    assert found[b] == Estimate(before.get(b, start), lost, 1)
    for idle in set(found) - {a, b}:
        assert found[idle] == Estimate(before.get(idle, start), before.get(idle, start), 0)
    assert set(found) == {"Ann", "Bob", "Cat", "Dan"}


def test_ratings_a_read_made_are_kept_while_the_data_is_what_they_were_made_from(db):
    event = one_game(db)
    made_now = ratings.current(db)
    made = ratings.made_here(db)
    assert made is not None and made.ratings == made_now and made.settings == Settings()
    assert ratings.keep_made(db, made)
    assert ratings.made_here(db) is None  # (the ratings' tables written: read again, as kept)
    assert ratings.current(db) == made_now and ratings.made_here(db) is None
    assert not ratings.keep_made(db, made)  # kept already
    one_game(db, "Later", "2026-04-01", "Cat", "Dan")
    assert not ratings.keep_made(db, made)  # the data moved on
    assert ratings.of_player(db, player_ids(db, event)["Ann"]).games == 1
