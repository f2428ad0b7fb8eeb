"""services/recording.py: what every qualifying result shares: the refusal of a
withdrawn player's game, one logged change held to the bracket."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import changes, events, playoffs, recording, results
from crib_tourney.services.results import GameResult
from crib_tourney.store import qualifying as q
from crib_tourney.store.writer import CLI, Change, Log
from tests.services.builders import ids, new_event, paired, played_event

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_refuse_withdrawn(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    events.withdraw(db, event.id, entry["Dan"])  # before game 1: withdrew after game 0, game 1 forfeited
    paired(db, event)
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    with pytest.raises(CribError, match="Dan withdrew from Open before game 1"):
        recording.refuse_withdrawn(db, event, pairing)
    assert recording.refuse_withdrawn(db, event, q.pairing_at_table(db, event.id, 1, 2)) is None


def test_qualifying_change_is_one_logged_change(db):
    event = new_event(db, games=2)
    paired(db, event)
    pairing = q.pairing_at_table(db, event.id, 1, 1)

    def make(change):
        change.replace("outcome", {"pairing_id": pairing.id}, results.forfeit_rows(event, pairing, pairing.entry2_id))
        return GameResult(1, 1, "Ann", 0, "Dan", 0)

    done = recording.qualifying_change(db, event, "forfeit", False, CLI, make)
    assert done == recording.Recorded((GameResult(1, 1, "Ann", 0, "Dan", 0),), 1, 1)
    assert [(e.action, e.summary) for e in changes.entries(db, event.id, None)][-1] == ("forfeit", "game 1 table 1: Ann 0 - Dan 0")


def test_after_change_and_keep_bracket_without_a_bracket(db):
    event = new_event(db)
    change = Change(db, "result", Log(event.id))
    assert recording.after_change(db, event, change, False) == []
    assert recording.keep_bracket(db, event, change, False) is None
    with pytest.raises(CribError, match="--recut: Open has no bracket seeded from qualifying"):
        recording.keep_bracket(db, event, change, True)


def test_keep_bracket_refuses_a_change_that_moves_a_seed(db):
    event = played_event(db, players=EIGHT, games=3)
    playoffs.cut(db, event.id, 2)
    seeds = [m["players"] for m in playoffs.bracket_json(db, event)["rounds"][0]["matches"]]
    pairing = q.pairing_at_table(db, event.id, 3, 1)
    change = Change(db, "result", Log(event.id))
    change.replace("outcome", {"pairing_id": pairing.id}, results.forfeit_rows(event, pairing, pairing.entry1_id))
    assert seeds == [["Ann", "Bob"]] and pairing.entry1_id == ids(db, event)["Ann"]  # Ann forfeits her last game: 2nd
    with pytest.raises(CribError, match=r"^refused: this change would move Ann \(seed 1 -> seed 2\), Bob \(seed 2 -> seed 1\)"
                                        r" in the bracket; add --recut to remake it \(before the first playoff game\)$"):
        recording.after_change(db, event, change, False)
    recut = recording.keep_bracket(db, event, change, True)
    assert recut == playoffs.Recut((playoffs.SeedMove("Ann", 1, 2), playoffs.SeedMove("Bob", 2, 1)))
    change.log("Ann forfeits; " + recut.line())
    assert [m["players"] for m in playoffs.bracket_json(db, event)["rounds"][0]["matches"]] == [["Bob", "Ann"]]
