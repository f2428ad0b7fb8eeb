"""services/phone_report.py: what every phone report shares: its idempotency key
and the scores a "who won, and the other score" report stands for."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import phone_report
from crib_tourney.services.phone_matches import MatchReport
from crib_tourney.services.phone_report import Conflict


def test_scores_of_a_report_forward_and_backward():
    won, lost = MatchReport("W1.1", 1, "me", 97, "k"), MatchReport("W1.1", 1, "opponent", 97, "k")
    assert phone_report.scores_of(won, 121, backward=False) == (121, 97)
    assert phone_report.scores_of(lost, 121, backward=False) == (97, 121)
    assert phone_report.scores_of(MatchReport("W1.1", 1, "me", 60, "k"), 61, backward=False) == (61, 60)
    # backward: reaching the target loses; the winner's score is the one reported
    assert phone_report.scores_of(MatchReport("W1.1", 1, "me", 80, "k"), 121, backward=True) == (80, 121)
    assert phone_report.scores_of(MatchReport("W1.1", 1, "opponent", 80, "k"), 121, backward=True) == (121, 80)


def test_idempotency_key():
    assert phone_report.idempotency_key("k-1") == phone_report.Key("k-1")
    assert phone_report.idempotency_key("~" * 100).text == "~" * 100
    for bad in ("", "a b", "x" * 101, "café", 7, None, "tab\there"):
        with pytest.raises(CribError, match=r"^key must be 1 to 100 printable ASCII characters \(a new one for each new entry\)$"):
            phone_report.idempotency_key(bad)


def test_a_conflict_is_a_crib_error():
    assert issubclass(Conflict, CribError)
