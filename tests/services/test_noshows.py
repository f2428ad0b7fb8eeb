"""services/noshows.py: who never played, and the standings with them listed apart."""

from __future__ import annotations

from crib_tourney.services import events, noshows
from crib_tourney.services.noshows import NoShows, StandingsApart
from crib_tourney.services.standings import event_standings
from crib_tourney.store.events import load_event
from tests.services.builders import ids, new_event, play


def with_a_no_show(db):
    """Ann, Bob, Cat, Dan play two games (first seat wins); Eve withdrew before game 1."""
    event = new_event(db, players=("Ann", "Bob", "Cat", "Dan", "Eve"), games=2)
    events.withdraw(db, event.id, ids(db, event)["Eve"])
    for game in (1, 2):
        [view] = events.make_round(db, event.id)
        play(db, event, game, *[(121, 100)] * len(view.tables))
    return load_event(db, event.id)


def test_no_shows_and_the_entries_who_played(db):
    event = with_a_no_show(db)
    entry = ids(db, event)
    assert noshows.no_shows(db, event) == frozenset({entry["Eve"]})
    assert [e.id for e in noshows.played_entries(db, event)] == [entry[n] for n in ("Ann", "Bob", "Cat", "Dan")]
    assert noshows.did_not_play(db, event.id) == NoShows(("Eve",))
    nobody = new_event(db, "Full", games=1)
    assert (noshows.no_shows(db, nobody), noshows.did_not_play(db, nobody.id)) == (frozenset(), NoShows(()))


def test_ranked_apart_ranks_those_who_played_among_themselves(db):
    event = with_a_no_show(db)
    entry = ids(db, event)
    rows = event_standings(db, event)
    apart = noshows.ranked_apart(db, event)
    assert [r.player for r in apart.did_not_play] == [entry["Eve"]]
    # Eve (no games, no spread) stood 4th, above Cat; apart, Cat is 4th of the four who played
    assert [(r.player, r.rank) for r in rows] == [(entry[n], k) for k, n in enumerate(("Ann", "Dan", "Bob", "Eve", "Cat"), 1)]
    assert [(r.player, r.rank) for r in apart.ranked] == [(entry[n], k) for k, n in enumerate(("Ann", "Dan", "Bob", "Cat"), 1)]
    full = new_event(db, "Full", games=1)
    assert noshows.ranked_apart(db, full).did_not_play == ()


def test_standings_apart_and_rows_apart(db):
    event = with_a_no_show(db)
    shown = noshows.standings_apart(db, event.id)
    assert (shown.event, shown.did_not_play, shown.pending, shown.disputed) == ("Open", ["Eve"], 0, 0)
    assert [(r["player"], r["rank"]) for r in shown.rows] == [("Ann", 1), ("Dan", 2), ("Bob", 3), ("Cat", 4)]
    rows = [{"player": "Eve", "rank": 1}, {"player": "Ann", "rank": 2}, {"player": "Bob", "rank": 2}]
    assert noshows.rows_apart(db, event, rows) == StandingsApart(
        "Open", [{"player": "Ann", "rank": 1}, {"player": "Bob", "rank": 1}], ["Eve"])
    full = new_event(db, "Full", games=1)
    assert noshows.rows_apart(db, full, rows) == StandingsApart("Full", rows, [])


def test_no_shows_are_read_again_after_a_withdrawal(db):
    """Read once per command (a memo), and read again once an entry changes."""
    event = new_event(db, players=("Ann", "Bob", "Cat", "Dan", "Eve"), games=2)
    assert noshows.no_shows(db, event) == frozenset()
    events.withdraw(db, event.id, ids(db, event)["Eve"])
    assert noshows.no_shows(db, event) == frozenset({ids(db, event)["Eve"]})
