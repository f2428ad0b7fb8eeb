"""services/changes.py: the logs of an event, a league and the roster, and undo of
the newest entry of a league's or the roster's."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import changes, leagues, players
from crib_tourney.store.writer import Actor, Log
from crib_tourney.tourney.settings import LeagueSettings
from tests.services.builders import new_event


def shown(entries):
    return [(e.action, e.summary, e.undone, e.source, e.actor) for e in entries]


def test_which_log_names_the_event_the_league_or_the_roster(db):
    event = new_event(db)
    league = leagues.create_league(db, "Tuesdays", LeagueSettings())
    assert changes.which_log(db, event.id, None) == changes.NamedLog(Log(event_id=event.id), "Open")
    assert changes.which_log(db, None, league.id) == changes.NamedLog(Log(league_id=league.id), "Tuesdays")
    assert changes.which_log(db, None, None) == changes.NamedLog(Log(), "the roster")


def test_entries_of_each_log(db):
    event = new_event(db, players=("Ann", "Bob"))
    players.add(db, "Zed", None, None, None)
    assert shown(changes.entries(db, event.id, None)) == [
        ("new-event", "created Open", False, "cli", None),
        ("enter", "entered Ann; entered Bob", False, "cli", None)]
    assert shown(changes.entries(db, None, None)) == [("player add", "added Zed (#3)", False, "cli", None)]


def test_next_undo_is_the_newest_live_entry(db):
    event = new_event(db, players=())
    assert changes.next_undo(db, None, None) is None
    assert changes.next_undo(db, event.id, None) is None  # the founding entry is never undone
    players.add(db, "Zed", None, None, None)
    found = changes.next_undo(db, None, None)
    assert found is not None and (found.action, found.summary) == ("player add", "added Zed (#1)")


def test_undo_reverts_the_newest_roster_entry_and_says_who(db):
    players.add(db, "Zed", None, None, None)
    undone = changes.undo(db, None, by=Actor("web", "director"))
    assert (undone.action, undone.summary, undone.undone) == ("player add", "added Zed (#1)", False)
    assert players.search(db, None) == []
    assert shown(changes.entries(db, None, None)) == [("player add", "added Zed (#1)", True, "cli", None),
                                                     ("undo", "undid #1: added Zed (#1)", False, "web", "director")]
    with pytest.raises(CribError, match="nothing to undo in the roster"):
        changes.undo(db, None)


def test_undo_of_a_league_entry(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings())
    leagues.change_league(db, league.id, {"games_per_night": 5})
    undone = changes.undo(db, league.id)
    assert (undone.action, undone.summary) == ("league set", "set games_per_night=5")
    assert leagues.league_details(db, league.id)["games_per_night"] == 9
    with pytest.raises(CribError, match="nothing to undo in Tuesdays"):
        changes.undo(db, league.id)
