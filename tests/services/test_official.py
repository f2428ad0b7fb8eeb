"""services/official.py: the results report for the association and the ACC desk's schedule."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import official, players
from crib_tourney.services.official import AccReport, AccRow, HighNonQualifierLine, Placement
from tests.services.builders import EIGHT, acc_consolation, new_event, paired, played_event, player_ids


def test_acc_report_of_a_finished_consolation(db):
    event = acc_consolation(db, location="Hall")
    report = official.acc_report(db, event.id)
    assert report == AccReport(
        "Open", "Open", "2026-09-12", "Hall", "Consolation", 8, 2, "$",
        (AccRow(1, "Ann", "A1", 18, 9, 189, 0, 189, 33, 0, 0), AccRow(2, "Eve", "", 10, 5, 105, 84, 21, None, 0, 0)),
        (Placement("1st", "Ann", 4800), Placement("2nd", "Eve", 3200)), HighNonQualifierLine("Gus", 3, 0), None)
    assert report.as_dict()["qualifier_rows"][0] == {
        "rank": 1, "name": "Ann", "acc_number": "A1", "game_points": 18, "games_won": 9, "plus": 189, "minus": 0,
        "net_spread": 189, "mrps": 33, "q_pool": "0.00", "other_awards": "0.00"}
    assert report.as_dict()["placements"] == [{"place": "1st", "name": "Ann", "prize": "48.00"},
                                              {"place": "2nd", "name": "Eve", "prize": "32.00"}]


def test_acc_report_refuses_an_event_not_acc_or_not_finished(db):
    event = acc_consolation(db, finish=False)
    with pytest.raises(CribError, match="^Open is not finished, so its report cannot be written: playoff matches not decided: W1.1$"):
        official.acc_report(db, event.id)
    plain = played_event(db, "Plain", ("Ivy", "Jon"), games=1)
    with pytest.raises(CribError, match=r"^Plain is not an ACC event \(mark it: crib-tourney event set \"Plain\" acc_event=main\)$"):
        official.acc_report(db, plain.id)
    uncut = played_event(db, "Uncut", ("Kim", "Lou"), games=1, acc_event="main")
    with pytest.raises(CribError, match=r"^Uncut is not finished, so its report cannot be written: no cut yet \(the qualifying games,"
                                        r" then: crib-tourney cut \"Uncut\"\)$"):
        official.acc_report(db, uncut.id)


def test_desk_schedule_names_players_by_acc_number(db):
    event = acc_consolation(db, numbered=EIGHT)
    assert official.desk_schedule(db, event.id, 1) == [
        [1, "A1", "A8", "1/1", "1/2"], [1, "A2", "A7", "2/1", "2/2"], [1, "A3", "A6", "3/1", "3/2"], [1, "A4", "A5", "4/1", "4/2"]]
    odd = new_event(db, "Odd", players=("Kim", "Lou", "Max"), games=1)
    for k, player in enumerate(("Kim", "Lou", "Max"), 1):
        players.edit(db, player_ids(db, odd)[player], None, f"B{k}", None, None)
    paired(db, odd)
    # the bye (no table) comes last: no opponent, no seat
    assert official.desk_schedule(db, odd.id, 1) == [[1, "B2", "B3", "1/1", "1/2"], [1, "B1", "", "bye", ""]]
    with pytest.raises(CribError, match="^Open has no game 10 scheduled$"):
        official.desk_schedule(db, event.id, 10)
    short = new_event(db, "Short", players=("Ivy", "Jon"), games=1)
    paired(db, short)
    with pytest.raises(CribError, match=r"^the ACC desk names players by ACC number; without one: Ivy, Jon \(give it with: crib-tourney"
                                        r" player edit NAME --acc-number N\)$"):
        official.desk_schedule(db, short.id, 1)
    three = new_event(db, "Three", players=(), variant="three-player")
    with pytest.raises(CribError, match="^the ACC desk's schedule seats two players at a table; Three does not$"):
        official.desk_schedule(db, three.id, 1)
