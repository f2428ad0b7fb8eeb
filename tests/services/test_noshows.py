"""services/noshows.py: who never played (the standings list them apart: test_standings.py)."""

from __future__ import annotations

from crib_tourney.services import events, noshows
from crib_tourney.services.noshows import NoShows
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
    assert noshows.played_count(db, event) == len(noshows.played_entries(db, event)) == 4
    nobody = new_event(db, "Full", games=1)
    assert (noshows.no_shows(db, nobody), noshows.did_not_play(db, nobody.id)) == (frozenset(), NoShows(()))
