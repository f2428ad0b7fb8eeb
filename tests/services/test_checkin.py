"""services/checkin.py: checking in at the door, payments (cents), the door list."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import changes, checkin, events
from crib_tourney.services.checkin import Arrival, CheckedIn, DoorList, DoorRow
from crib_tourney.tourney.checkin import Payment
from tests.services.builders import ids, new_event


def test_check_in_with_the_fee_and_an_amount(db):
    event = new_event(db, entry_fee=2500, check_in=True)
    entry = ids(db, event)
    done = checkin.check_in(db, event.id, [entry["Bob"], entry["Ann"]], Payment(fee=True))
    assert done == CheckedIn("Open", (Arrival(entry["Bob"], "Bob", False, None, 2500), Arrival(entry["Ann"], "Ann", False, None, 2500)))
    assert done.changed
    again = checkin.check_in(db, event.id, [entry["Ann"]], Payment(cents=1000))
    assert again.arrivals == (Arrival(entry["Ann"], "Ann", True, 2500, 1000),) and again.changed
    same = checkin.check_in(db, event.id, [entry["Ann"]])  # no payment given: what was paid stays
    assert same.arrivals == (Arrival(entry["Ann"], "Ann", True, 1000, 1000),) and not same.changed
    assert [e.summary for e in changes.entries(db, event.id, None)][2:] == [
        "checked in Bob, Ann; payment of Bob, Ann", "payment of Ann"]  # the unchanged one wrote nothing


def test_check_in_refusals(db):
    event = new_event(db)
    entry = ids(db, event)
    with pytest.raises(CribError, match="^Ann is named twice$"):
        checkin.check_in(db, event.id, [entry["Ann"], entry["Ann"]])
    with pytest.raises(CribError, match="Open has no entry fee: give the amount paid"):
        checkin.check_in(db, event.id, [entry["Ann"]], Payment(fee=True))
    with pytest.raises(CribError, match="entry #99 is not entered in Open"):
        checkin.check_in(db, event.id, [99])
    events.withdraw(db, event.id, entry["Dan"])
    with pytest.raises(CribError, match="Dan has withdrawn from Open"):
        checkin.check_in(db, event.id, [entry["Dan"]])


def test_check_out_keeps_the_payment(db):
    event = new_event(db)
    entry = ids(db, event)
    checkin.check_in(db, event.id, [entry["Cat"]], Payment(cents=500))
    done = checkin.check_out(db, event.id, entry["Cat"])
    assert done == CheckedIn("Open", (Arrival(entry["Cat"], "Cat", True, 500, 500, leaving=True),))
    assert done.changed  # he was in: taking it back changed something
    assert checkin.door_list(db, event.id).present == ()
    again = checkin.check_out(db, event.id, entry["Cat"])
    assert again.arrivals[0].was_in is False and not again.changed  # taken back twice: the second changes nothing
    assert [e.summary for e in changes.entries(db, event.id, None)][-1] == "Cat not checked in"
    with pytest.raises(CribError, match="entry #42 is not entered in Open"):
        checkin.check_out(db, event.id, 42)


def test_door_list(db):
    event = new_event(db, players=("dan", "Bob", "Ann", "Cat"), entry_fee=2000, check_in=True, date="2026-05-01")
    entry = ids(db, event)
    checkin.check_in(db, event.id, [entry["Ann"]], Payment(fee=True))
    checkin.check_in(db, event.id, [entry["Bob"]], Payment(cents=1500))
    events.withdraw(db, event.id, entry["Cat"])
    door = checkin.door_list(db, event.id)
    assert door == DoorList(event.id, "Open", "2026-05-01", True, 2000, (
        DoorRow(entry["Ann"], "Ann", (), True, 2000, False),
        DoorRow(entry["Bob"], "Bob", (), True, 1500, False),
        DoorRow(entry["Cat"], "Cat", (), False, None, True),
        DoorRow(entry["dan"], "dan", (), False, None, False)))
    assert [r.name for r in door.present] == ["Ann", "Bob"]
    assert [r.name for r in door.missing] == ["dan"]
    assert [r.name for r in door.unpaid] == ["dan"]
    assert [r.name for r in door.short] == ["Bob"]
    assert door.collected == 3500


def test_door_list_of_teams_names_their_players(db):
    from crib_tourney.inputs.names import NewPlayer

    event = new_event(db, players=(), variant="four-player")
    events.enter_team(db, event.id, [NewPlayer("Ann"), NewPlayer("Bob")], "Aces")
    [row] = checkin.door_list(db, event.id).rows
    assert (row.name, row.members, row.checked_in) == ("Aces", ("Ann", "Bob"), False)
