"""services/desk_sessions.py: the desk's sign-in sessions, each call its own
transaction on the database's location (so they take ``location``, not ``db``)."""

from __future__ import annotations

from crib_tourney.services import desk_sessions

A, B = "a" * 64, "b" * 64


def test_a_started_session_is_found_seen_and_ended(location):
    assert desk_sessions.found(location, A) is None
    desk_sessions.start(location, A, 1000, 5000)
    assert desk_sessions.found(location, A) == (1000, 5000)  # last seen when started
    desk_sessions.seen(location, A, 1300)
    assert desk_sessions.found(location, A) == (1300, 5000)  # the end stays
    desk_sessions.end(location, A)
    assert desk_sessions.found(location, A) is None
    desk_sessions.seen(location, A, 1400)  # a request after logout brings nothing back
    assert desk_sessions.found(location, A) is None


def test_ending_one_session_leaves_the_others(location):
    desk_sessions.start(location, A, 1000, 5000)
    desk_sessions.start(location, B, 1100, 6000)
    desk_sessions.end(location, A)
    assert (desk_sessions.found(location, A), desk_sessions.found(location, B)) == (None, (1100, 6000))


def test_start_sweeps_the_ended_sessions(location):
    desk_sessions.start(location, A, 1000, 2000)
    desk_sessions.start(location, B, 1500, 9000)
    assert desk_sessions.found(location, A) == (1000, 2000)  # found() does not judge the time
    desk_sessions.start(location, "c" * 64, 2000, 9000)  # A ended at 2000: swept
    assert desk_sessions.found(location, A) is None
    assert desk_sessions.found(location, B) == (1500, 9000)
    assert desk_sessions.found(location, "c" * 64) == (2000, 9000)
