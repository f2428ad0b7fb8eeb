"""services/mrps.py: an event's ACC Master Rating Points, by qualifier."""

from __future__ import annotations

from crib_tourney.services import mrps, playoffs
from crib_tourney.services.mrps import EventMrps, Mrps
from tests.services.builders import EIGHT, acc_consolation, ids, played_event


def test_event_mrps_of_a_finished_consolation(db):
    event = acc_consolation(db)
    entry = ids(db, event)
    earned = mrps.event_mrps(db, event.id)
    # Ann: top half 3 x (18 - 12 + 1) = 21, one match won 4 x 2 x 3 / 2 = 12; Eve has no ACC number: none
    assert earned == EventMrps("consolation", True, 2, (Mrps(entry["Ann"], "Ann", 1, 18, 1, 21, 12),
                                                        Mrps(entry["Eve"], "Eve", 2, 10, 0, None, None)))
    assert (earned.shown, earned.of(entry["Ann"]), earned.of(entry["Eve"]), earned.of(entry["Bob"]), earned.note()) == (
        True, 33, None, None, None)
    assert earned.totals() == {entry["Ann"]: 33, entry["Eve"]: None}  # what of() gives, for every qualifier at once
    assert earned.as_dict()["rows"][0] == {"rank": 1, "name": "Ann", "game_points": 18, "matches_won": 1,
                                           "qualifying": 21, "playoff": 12, "mrps": 33}
    assert mrps.mrps_of(db, event) == earned


def test_mrps_before_the_final_before_the_cut_and_of_an_event_not_acc(db):
    event = acc_consolation(db, numbered=("Ann", "Eve"), finish=False)
    entry = ids(db, event)
    earned = mrps.mrps_of(db, event)
    assert earned == EventMrps("consolation", False, 2, (Mrps(entry["Ann"], "Ann", 1, 18, 0, 21, 4),
                                                         Mrps(entry["Eve"], "Eve", 2, 10, 0, 3, 4)))
    assert (earned.shown, earned.of(entry["Eve"])) == (False, 7)
    uncut = played_event(db, "Uncut", EIGHT, games=9, acc_event="main")
    assert mrps.mrps_of(db, uncut) == EventMrps("main", False, 0, (), "the event has no cut from qualifying games")
    plain = played_event(db, "Plain", EIGHT, games=1)
    assert mrps.event_mrps(db, plain.id) == EventMrps(None, False, 0, ())


def test_a_schedule_the_acc_table_lacks_is_reported_by_hand(db):
    event = played_event(db, players=EIGHT, games=9, acc_event="main")  # the Main table has no 9 games
    playoffs.cut(db, event.id, 2)
    entry = ids(db, event)
    for _ in range(3):
        playoffs.record_playoff_game(db, event, entry["Ann"], entry["Eve"], (121, 100), None, False, False)
    earned = mrps.event_mrps(db, event.id)
    assert (earned.by_hand, earned.shown, earned.of(entry["Ann"])) == (
        "the ACC schedule has no Main with 9 qualifying games", True, None)
    assert earned.totals() == {entry["Ann"]: None, entry["Eve"]: None}
    assert earned.note() == "MRPs: report by hand (the ACC schedule has no Main with 9 qualifying games)"
