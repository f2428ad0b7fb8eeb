"""services/rulings.py: a disputed count or pegging settled by the engine, kept with its game."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.cards import disputed
from crib_tourney.services import changes, rulings
from tests.services.builders import new_event, paired, player_ids


def test_a_count_ruling(db):
    event = new_event(db, games=2)
    paired(db, event)
    ann = player_ids(db, event)["Ann"]
    made = rulings.make_ruling(db, event.id, 1, ann, disputed("count", ["5H", "5D", "5S", "JC"], "5C"), 28)
    assert (made.game, made.player, made.kind, made.cards, made.total, made.claim, made.seat) == (
        1, "Ann", "count", "5H 5D 5S JC starter 5C", 29, 28, None)
    assert [(i.kind, i.points) for i in made.items] == [("fifteen", 2)] * 8 + [("pair", 2)] * 6 + [("nobs", 1)]
    assert made.said() == "claimed 28, true count 29: under-counted by 1"
    assert [e.summary for e in changes.entries(db, event.id, None)][-1] == (
        "game 1, Ann, count 5H 5D 5S JC starter 5C: claimed 28, true count 29: under-counted by 1")


def test_a_pegging_ruling_and_the_kept_rulings(db):
    event = new_event(db, games=2, muggins=True)
    paired(db, event)
    bob = player_ids(db, event)["Bob"]
    made = rulings.make_ruling(db, event.id, 1, bob, disputed("peg", ["5H", "JD", "AS", "9C"], None, seat=2), 4)
    assert (made.kind, made.total, made.seat, made.cards) == ("peg", 2, 2, "5H JD AS 9C (seat 2)")  # JD makes fifteen for 2
    assert [(e.token, e.points, e.reasons) for e in made.items] == [("JD", 2, ["fifteen"])]
    assert rulings.rulings_of(db, event.id) == [{"id": 1, "game": 1, "player": "Bob", "kind": "peg", "cards": "5H JD AS 9C (seat 2)",
                                                 "claim": 4, "total": 2, "muggins": 0, "verdict": made.said()}]


def test_refusals(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"), games=2)
    paired(db, event)  # Ann has the bye in game 1
    ann = player_ids(db, event)["Ann"]
    count = disputed("count", ["5H", "5D", "5S", "JC"], "5C")
    with pytest.raises(CribError, match=r"game 3 of Open does not exist \(not scheduled\)"):
        rulings.make_ruling(db, event.id, 3, ann, count, 29)
    with pytest.raises(NotFound, match="no player #99"):
        rulings.make_ruling(db, event.id, 1, 99, count, 29)
    with pytest.raises(CribError, match="--seat must be 1 to 2"):
        rulings.make_ruling(db, event.id, 1, ann, disputed("peg", ["5H", "JD"], None, seat=3), 2)
    assert rulings.rulings_of(db, event.id) == []
