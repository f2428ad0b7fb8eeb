"""services/reports.py: an event's results report."""

from __future__ import annotations

from crib_tourney.services import reports
from crib_tourney.services.reports import ReportRow
from tests.services.builders import acc_consolation, decided, ids
from tests.services.test_noshows import with_a_no_show


def test_report(db):
    event, entry = decided(db)
    found = reports.report(db, event.id)
    assert (found.event, found.date, found.entrants) == ("Open", "2026-05-01", 8)
    assert found.rows[:2] == (  # the place of qualifying (Ann and Bob tied first), then the playoff finish
        ReportRow(entry["Ann"], 1, "Ann", "", 6, 3, 0, 63, True, "2nd", 3200, 0, False),
        ReportRow(entry["Bob"], 1, "Bob", "", 6, 3, 0, 63, True, "1st", 4800, 0, False))
    assert [r.name for r in found.rows if not r.qualified] == ["Cat", "Hal", "Dan", "Gus", "Eve", "Fay"]


def test_report_row_is_the_row_of_the_report(db):
    event, entry = decided(db)
    whole = reports.report(db, event.id)
    assert [reports.report_row(db, event.id, r.entry_id) for r in whole.rows] == list(whole.rows)
    assert reports.report_row(db, event.id, entry["Hal"]) == next(r for r in whole.rows if r.name == "Hal")


def test_a_no_show_has_no_row(db):
    event = with_a_no_show(db)
    assert reports.report_row(db, event.id, ids(db, event)["Eve"]) is None
    assert reports.report(db, event.id).did_not_play == ("Eve",)


def test_report_and_its_rows_in_a_finished_acc_event(db):
    """The ACC numbers and the MRPs (services/mrps.py): Ann A1 with 33, Eve none."""
    event = acc_consolation(db)
    entry = ids(db, event)
    whole = reports.report(db, event.id)
    assert (whole.acc_event, [(r.name, r.acc_number, r.mrps) for r in whole.rows[:2]]) == (
        "consolation", [("Ann", "A1", 33), ("Eve", "", None)])
    assert reports.report_row(db, event.id, entry["Ann"]) == whole.rows[0]
    assert [reports.report_row(db, event.id, r.entry_id) for r in whole.rows] == list(whole.rows)
