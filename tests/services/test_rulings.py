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


def test_settled_disputes_list_every_table_the_director_settled(db):
    """Ann's card says 121-80, Dan's 100-121 (seat order Ann, Dan): settled early by
    ACC 12.2 (provisional), then judged again once game 2 is in; Bob's lone card
    copied to Dan (no cards kept). The rulings sheet lists both."""
    from crib_tourney.services import desk, results
    from tests.services.test_cross_checking import early_settlement

    event, entry = early_settlement(db)
    assert rulings.settled_disputes(db, event.id) == []
    desk.settle(db, event, 1, 1)
    [early] = rulings.settled_disputes(db, event.id)
    assert early == rulings.SettledDispute(1, 1, ("Ann", "Dan"), (("Ann", (121, 80)), ("Dan", (121, 100))),
                                           (("Ann", (121, 80)), ("Dan", (121, 100))), "provisional")  # each by his own card
    results.record_result(db, event.id, entry["Bob"], 121, entry["Dan"], 99, game=2, card=entry["Bob"])  # a lone card
    results.record_table(db, event.id, 2, 1, (121, 50))
    desk.settle(db, event, 2, 2)
    judged, copied = rulings.settled_disputes(db, event.id)
    assert (judged.game, judged.how, judged.settled) == (1, "rejudged", (("Ann", (121, 100)), ("Dan", (121, 100))))
    assert copied == rulings.SettledDispute(2, 2, ("Dan", "Bob"), (), (("Bob", (99, 121)), ("Dan", (99, 121))), "director")
