"""services/players.py: the roster: adding, finding, editing, keeping apart, importing."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.csvrows import RosterFile, RosterRow, RowError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import changes, players
from crib_tourney.services.players import Imported, KeptApart
from crib_tourney.store.rows import Player
from crib_tourney.store.writer import Change
from tests.services.builders import new_event


def test_add_and_search(db):
    ann = players.add(db, "Ann Lee", "A123", "Elks", "ann@example.org")
    assert ann == Player(1, "Ann Lee", "A123", "Elks", "ann@example.org")
    bob = players.add(db, "Bob Day", None, None, None)
    assert players.search(db, None) == [ann, bob]
    assert players.search(db, "elk") == [ann]
    assert players.search(db, "A123") == [ann]
    assert players.search(db, "zzz") == []
    with pytest.raises(CribError, match=r"Ann Lee \(#1, ACC A123, Elks\) is already on the roster; to add another player"):
        players.add(db, "ann lee", None, None, None)
    assert players.add(db, "Ann Lee", None, None, None, duplicate=True).id == 3
    with pytest.raises(CribError):
        players.add(db, "A123", None, None, None, duplicate=True)  # a name that is another's ACC number


def test_details_and_keep_apart(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"))
    done = players.keep_apart(db, 1, [2, 3], True)
    assert done == [KeptApart("Ann", "Bob", True), KeptApart("Ann", "Cat", True)]
    assert players.details(db, 1) == {"id": 1, "name": "Ann", "acc_number": None, "club": None, "email": None,
                                      "events": [event.name], "kept_apart_from": ["Bob", "Cat"]}
    assert players.keep_apart(db, 2, [1], False) == [KeptApart("Bob", "Ann", False)]
    assert players.details(db, 1)["kept_apart_from"] == ["Cat"]
    with pytest.raises(CribError, match="Ann cannot be kept apart from themselves"):
        players.keep_apart(db, 1, [1], True)
    with pytest.raises(NotFound, match="no player #9"):
        players.details(db, 9)


def test_edit(db):
    players.add(db, "Ann", None, "Elks", None)
    edited = players.edit(db, 1, "Ann Lee", "A1", None, "")
    assert edited == Player(1, "Ann Lee", "A1", "Elks", None)
    assert [e.summary for e in changes.entries(db, None, None)][-1] == "edited Ann (#1): now Ann Lee"
    players.add(db, "Bob", None, None, None)
    with pytest.raises(CribError):
        players.edit(db, 2, None, "A1", None, None)  # Ann holds A1


def test_resolve_players_adds_the_new_ones_once(db):
    players.add(db, "Ann", None, None, None)
    change = Change(db, "enter")
    found = players.resolve_players(change, [1, NewPlayer("Bob"), NewPlayer("bob")])
    change.log("added Bob")
    assert found == [Player(1, "Ann", None, None, None), Player(2, "Bob", None, None, None), Player(2, "Bob", None, None, None)]


def test_import_players_skips_those_on_the_roster_and_refuses_bad_rows(db):
    players.add(db, "Ann", "A1", None, None)
    roster = RosterFile("roster.csv", (RosterRow(2, "Ann", "A1", None, None), RosterRow(3, "Bob", "B2", "Elks", None),
                                       RosterRow(4, "Cat", None, None, "cat@example.org")), ())
    assert players.import_players(db, roster) == Imported(2, 1)
    assert [(p.name, p.acc_number, p.club, p.email) for p in players.search(db, None)] == [
        ("Ann", "A1", None, None), ("Bob", "B2", "Elks", None), ("Cat", None, None, "cat@example.org")]
    bad = RosterFile("bad.csv", (RosterRow(2, "Dee", "A1", None, None), RosterRow(3, "Eve", None, None, None)),
                     (RowError(4, "no name"),))
    with pytest.raises(CribError) as refused:
        players.import_players(db, bad)
    assert "line 2: ACC number A1 belongs to Ann (#1), not Dee" in str(refused.value)
    assert "line 4: no name" in str(refused.value)
    assert len(players.search(db, None)) == 3  # nothing imported
