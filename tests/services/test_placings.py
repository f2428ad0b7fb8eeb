"""services/placings.py: the placings with the fund, the MRPs, who did not play
and the overpaid line, composed above the playoffs."""

from __future__ import annotations

from crib_tourney.services import placings, playoffs
from tests.services.test_playoffs import qualified, win


def test_placings_and_the_fund(db):
    event, entry = qualified(db, high_nonqualifier_prize=500)
    win(db, event, entry["Ann"], entry["Hal"], 2)
    win(db, event, entry["Bob"], entry["Cat"], 2)
    assert playoffs.event_decided(db, event) is False
    win(db, event, entry["Bob"], entry["Ann"], 3)
    shown = placings.placings(db, event.id, director=True)
    assert (shown["complete"], shown["champion"], shown["prize_fund"]) == (True, "Bob", "80.00")
    assert [(r["place"], r["player"], r["prize"]) for r in shown["rows"]] == [
        ("1st", "Bob", "48.00"), ("2nd", "Ann", "32.00"), ("3rd-4th", "Hal", None), ("3rd-4th", "Cat", None)]
    assert shown["high_nonqualifier"] == {"player": "Dan", "rank": 5, "prize": "5.00"}
    assert (shown["did_not_play"], shown["currency"]) == ([], "$")
    # the high non-qualifier's 5.00 is paid on top of the 80.00 fund (high_nonqualifier_from_fund off): said in one line
    assert shown["overpaid"] == "the payouts (85.00) exceed what was collected (80.00)"
    # placings() is placings_view() with the no-shows and the overpaid line added
    assert playoffs.placings_view(db, event) == {k: v for k, v in shown.items() if k not in ("did_not_play", "overpaid")}
    assert placings.placings(db, event.id)["overpaid"] is None  # money matters are the director's: not the public page's
    assert playoffs.event_fund(db, event, shown["high_nonqualifier"]) == 8000  # paid on top of the fund
    assert playoffs.event_fund(db, event, None) == 8000


def test_a_high_nonqualifier_paid_from_the_fund_leaves_nothing_overpaid(db):
    event, entry = qualified(db, high_nonqualifier_prize=500, high_nonqualifier_from_fund=True)
    win(db, event, entry["Ann"], entry["Hal"], 2)
    win(db, event, entry["Bob"], entry["Cat"], 2)
    win(db, event, entry["Bob"], entry["Ann"], 3)
    shown = placings.placings(db, event.id, director=True)
    assert (shown["prize_fund"], [r["prize"] for r in shown["rows"][:2]], shown["overpaid"]) == ("75.00", ["45.00", "30.00"], None)
