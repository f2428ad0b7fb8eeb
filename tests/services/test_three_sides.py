"""services/three_sides.py: three sides at a table (three-player): seating, a
table's three scores or one side's card of them, settling disagreeing cards."""

from __future__ import annotations

import pytest

from crib_tourney.errors import AlreadyRecorded, CribError
from crib_tourney.services import events, results, standings, three_sides
from crib_tourney.services.three_sides import TableSettled, ThreeResult
from crib_tourney.store import qualifying as q
from crib_tourney.store.writer import Change, Log
from crib_tourney.tourney.pairings import History, Meetings
from crib_tourney.tourney.reconcile_three import Card3
from tests.services.builders import ids, new_event, paired

# four players, three-player: game 1 seats Ann, Bob, Cat at table 1; Dan sits out


def three(db, games=2, players=("Ann", "Bob", "Cat", "Dan")):
    event = new_event(db, players=players, variant="three-player", games=games)
    return event, ids(db, event)


def test_schedule_three_seats_tables_of_three_and_byes(db):
    event, entry = three(db, players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    change = Change(db, "round", Log(event.id))
    three_sides.schedule_three(change, event, 1, sorted(entry.values()), History(Meetings(), {}, frozenset(), {}), None)
    change.log("paired game 1")
    view = events.game_view(db, event, 1)
    assert (view.tables, view.thirds, view.byes) == (((1, "Ann", "Bob"),), {1: "Cat"}, ("Dan", "Eve"))
    with pytest.raises(CribError, match=r"Open seats three at a table: it needs at least 3 entries to pair a game \(has 2\)"):
        three_sides.schedule_three(change, event, 2, [entry["Ann"], entry["Bob"]], History(Meetings(), {}, frozenset(), {}), None)


def test_card_row_and_three_rows(db):
    event, entry = three(db)
    paired(db, event)
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    a, b, c = pairing.sides
    scores = {a: 121, b: 100, c: 90}
    assert three_sides.card_row(event, pairing, b, scores, "none", "result") == dict(
        event_id=event.id, pairing_id=pairing.id, entry_id=b, own_score=100, opp_score=121, opp2_score=90, forfeit="none",
        source="result", counted=1)
    assert three_sides.card_row(event, pairing, b, scores, "none", "card")["counted"] == 0
    agreeing = [Card3(a, 121, 100, 90, "none", "card"), Card3(b, 100, 121, 90, "none", "card"), Card3(c, 90, 121, 100, "none", "card")]
    assert [r["counted"] for r in three_sides.three_rows(event, pairing, agreeing)] == [1, 1, 1]
    assert [r["counted"] for r in three_sides.three_rows(event, pairing, agreeing[:2])] == [0, 0]


def test_find_table(db):
    event, entry = three(db)
    paired(db, event, 2)
    found = three_sides.find_table(db, event, [entry["Cat"], entry["Ann"], entry["Bob"]], None)
    assert (found.game_no, found.table_no, set(found.sides)) == (1, 1, {entry["Ann"], entry["Bob"], entry["Cat"]})
    with pytest.raises(CribError, match="Dan, Ann and Bob are not seated together in game 1 of Open"):
        three_sides.find_table(db, event, [entry["Dan"], entry["Ann"], entry["Bob"]], 1)
    with pytest.raises(CribError, match=r"game 4 of Open does not exist \(not scheduled\)"):
        three_sides.find_table(db, event, [entry["Ann"], entry["Bob"], entry["Cat"]], 4)


def test_record_three_and_its_refusals(db):
    event, entry = three(db)
    paired(db, event)
    done = three_sides.record_three(db, event.id, [(entry["Bob"], 100), (entry["Cat"], 90), (entry["Ann"], 121)])
    assert done.facts == (ThreeResult(1, 1, (("Ann", 121), ("Bob", 100), ("Cat", 90))),)
    assert done.lines() == ["recorded game 1 table 1: Ann 121 - Bob 100 - Cat 90"]
    rows = {r["player"]: (r["game_points"], r["spread"], r["seconds"], r["thirds"]) for r in standings.standings(db, event.id).rows}
    assert rows == {"Ann": (3, 52, 0, 0), "Bob": (1, -21, 1, 0), "Cat": (0, -31, 0, 1), "Dan": (2, 0, 0, 0)}  # Dan: the bye
    with pytest.raises(AlreadyRecorded, match="game 1 table 1 already has a result"):
        three_sides.record_three(db, event.id, [(entry["Bob"], 121), (entry["Cat"], 90), (entry["Ann"], 100)], game=1)
    with pytest.raises(CribError, match="a table of three needs three sides and their scores, not 2"):
        three_sides.record_three(db, event.id, [(entry["Bob"], 121), (entry["Cat"], 90)])
    with pytest.raises(CribError, match="Bob is named twice: a table of three is three different sides"):
        three_sides.record_three(db, event.id, [(entry["Bob"], 121), (entry["Bob"], 90), (entry["Ann"], 100)], game=1, replace=True)
    two = new_event(db, "Two", players=())
    with pytest.raises(CribError, match="Two seats two sides at a table: give two players and their scores"):
        three_sides.record_three(db, two.id, [(1, 121), (2, 90), (3, 100)])


def test_three_result_of_one_sides_card(db):
    event, entry = three(db)
    paired(db, event)
    change = Change(db, "card", Log(event.id))
    done = three_sides.three_result(db, event, change, [(entry["Ann"], 121), (entry["Bob"], 100), (entry["Cat"], 90)], None, False,
                                    entry["Bob"])
    change.log(done.line())
    assert done == ThreeResult(1, 1, (("Ann", 121), ("Bob", 100), ("Cat", 90)), "Bob")
    assert done.line() == "recorded Bob's card, game 1 table 1: Ann 121 - Bob 100 - Cat 90"
    assert standings.standings(db, event.id).pending == 1


def test_settle_tables_by_the_rule_and_by_the_chosen_card(db):
    event, entry = three(db)
    paired(db, event)
    ann, bob, cat = entry["Ann"], entry["Bob"], entry["Cat"]
    three_sides.record_three(db, event.id, [(ann, 121), (bob, 100), (cat, 90)], card=ann)
    three_sides.record_three(db, event.id, [(ann, 100), (bob, 121), (cat, 90)], card=bob)
    three_sides.record_three(db, event.id, [(ann, 121), (bob, 100), (cat, 90)], card=cat)
    assert standings.standings(db, event.id).disputed == 1
    chosen = three_sides.settle_tables(db, event, use_card=(1, 1, cat))
    assert chosen == [TableSettled(1, 1, (("Ann", (121, 100, 90), False), ("Bob", (121, 100, 90), False),
                                          ("Cat", (121, 100, 90), False)))]
    assert chosen[0].line() == ("game 1 table 1 resolved: Ann 121-100-90; Bob 121-100-90; Cat 121-100-90"
                                " (scores in seat order: Ann, Bob, Cat)")
    assert standings.standings(db, event.id).disputed == 0
    with pytest.raises(CribError, match="game 1 of Open has no table 2"):
        three_sides.settle_tables(db, event, use_card=(1, 2, cat))
    assert three_sides.settle_tables(db, event) == []  # nothing left to settle


def test_settle_tables_by_the_rule_before_cross_checking_is_provisional(db):
    event, entry = three(db)
    paired(db, event)
    ann, bob, cat = entry["Ann"], entry["Bob"], entry["Cat"]
    three_sides.record_three(db, event.id, [(ann, 121), (bob, 100), (cat, 90)], card=ann)
    three_sides.record_three(db, event.id, [(ann, 100), (bob, 121), (cat, 90)], card=bob)
    settled = three_sides.settle_tables(db, event, only=(1, 1))
    # Ann's and Bob's cards each claim the win (ACC 12.2(e): each charged the loss by his own card); tied on
    # their own cards, both are apparent qualifiers; before cross-checking the settlement is provisional
    assert settled == [TableSettled(1, 1, (("Ann", (100, 121, 90), True), ("Bob", (121, 100, 90), True),
                                           ("Cat", (100, 121, 90), False)), True)]
    assert settled[0].line().startswith("game 1 table 1 resolved provisionally: Ann 100-121-90 (apparent qualifier); ")
    assert results.check(db, event.id).problems == ()
