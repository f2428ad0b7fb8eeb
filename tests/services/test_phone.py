"""services/phone.py: a player's phone: who a link opens, his games' states, and
the results he reports (his own card), answered once per key."""

from __future__ import annotations

import pytest

from crib_tourney import tokens
from crib_tourney.errors import CribError
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import changes, events, links, phone, results
from crib_tourney.services.phone import Conflict, GameState, Report
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entry_names
from tests.services.builders import ids, new_event, paired

KEY = bytes(range(32))
# game 1 of four players: table 1 Ann v Dan, table 2 Bob v Cat


def holders(db, event):
    links.issue(db, event.id, KEY)
    return {name: phone.holder(db, tokens.token(KEY, event.id, entry, 1)) for name, entry in ids(db, event).items()}


def test_holder_of_a_live_link(db):
    event = new_event(db, games=2)
    who = holders(db, event)["Bob"]
    assert (who.event, who.entry.id, who.name) == (event, ids(db, event)["Bob"], "Bob")
    assert phone.holder(db, "not a token") is None
    assert phone.holder(db, tokens.token(bytes(32), event.id, who.entry.id, 1)) is None
    assert phone.live_links(db) == {tokens.token_hash(tokens.token(KEY, event.id, e, 1)): (event.id, e) for e in ids(db, event).values()}


def test_parse_report_and_scores_of():
    report = phone.parse_report({"game": 2, "winner": "me", "loser_score": 97, "key": "k-1"}, backward=False)
    assert report == Report(2, "me", 97, "k-1")
    assert phone.scores_of(report, 121, backward=False) == (121, 97)
    assert phone.scores_of(Report(2, "opponent", 97, "k"), 121, backward=False) == (97, 121)
    assert phone.scores_of(Report(2, "me", 97, "k"), 121, backward=True) == (97, 121)  # backward: the winner stays short
    assert phone.parse_report({"game": 1, "winner": "me", "winner_score": 80, "key": "k"}, backward=True).score == 80
    for body, said in (([], "send a JSON object"), ({"game": 1, "winner": "me", "loser_score": 9, "key": "k", "x": 1}, "unknown field 'x'"),
                       ({"game": 0, "winner": "me", "loser_score": 9, "key": "k"}, "game must be a game number"),
                       ({"game": 1, "winner": "us", "loser_score": 9, "key": "k"}, 'winner must be "me" or "opponent"'),
                       ({"game": 1, "winner": "me", "loser_score": 9, "key": ""}, "key must be 1 to 100 printable ASCII")):
        with pytest.raises(CribError, match=said):
            phone.parse_report(body, backward=False)


def test_a_report_is_a_card_and_the_second_agreeing_one_makes_it_final(db):
    event = new_event(db, games=2)
    paired(db, event)
    who = holders(db, event)
    first = phone.report_result(db, who["Ann"], Report(1, "me", 97, "a-1"))
    assert first == {"state": "pending", "game": 1, "table": 1, "mine": [121, 97], "theirs": None}
    assert phone.report_result(db, who["Ann"], Report(1, "me", 50, "a-1")) == first | {"repeated": True}  # same key: same answer
    second = phone.report_result(db, who["Dan"], Report(1, "opponent", 97, "d-1"))
    assert second == {"state": "agreed", "game": 1, "table": 1, "mine": [97, 121], "theirs": [97, 121]}
    log = changes.entries(db, event.id, None)
    assert [(e.action, e.source, e.actor) for e in log][-2:] == [("card", "web", "Ann"), ("card", "web", "Dan")]
    with pytest.raises(Conflict, match="game 1 is agreed by both of you: only the director can change it now"):
        phone.report_result(db, who["Ann"], Report(1, "me", 90, "a-2"))
    with pytest.raises(Conflict, match=r"you have no table in game 2 \(not paired yet\?\)"):
        phone.report_result(db, who["Bob"], Report(2, "me", 90, "b-1"))


def test_game_state_phone_state_and_event_states(db):
    event = new_event(db, players=("Ann", "Bob", "Cat", "Dan", "Eve"), games=2)
    paired(db, event)  # game 1: Ann sits out; Bob v Eve, Cat v Dan
    who = holders(db, event)
    phone.report_result(db, who["Bob"], Report(1, "me", 90, "b-1"))
    phone.report_result(db, who["Eve"], Report(1, "me", 95, "e-1"))  # both claim the win: disputed
    names = entry_names(db, event)
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    assert phone.game_state(db, event, who["Bob"].entry.id, pairing, names) == GameState(
        1, 1, "Eve", "disputed", [121, 90], [95, 121], None, None, None)
    assert GameState(1, None, None, "bye", None, None, True, 2, 0).as_dict()["state"] == "bye"
    ann = phone.phone_state(db, who["Ann"])
    assert {k: ann[k] for k in ("entry", "name", "event", "game", "table", "opponent", "target", "backward", "withdrawn")} == {
        "entry": who["Ann"].entry.id, "name": "Ann", "event": "Open", "game": 1, "table": None, "opponent": None, "target": 121,
        "backward": False, "withdrawn": False}
    assert ann["entries"] == [{"game": 1, "table": None, "opponent": None, "state": "bye", "mine": None, "theirs": None, "won": True,
                               "points": 2, "spread": 0}]
    every = phone.event_states(db, event)
    assert sorted(every) == sorted(ids(db, event).values())
    assert every[who["Bob"].entry.id] == phone.phone_state(db, who["Bob"])
    assert every[who["Cat"].entry.id]["entries"][0]["state"] == "open"
    results.check(db, event.id, use_card=(1, 1, who["Eve"].entry.id))  # the director takes Eve's card
    assert phone.game_state(db, event, who["Bob"].entry.id, pairing, names) == GameState(
        1, 1, "Eve", "final", [95, 121], [95, 121], False, 0, -26)


def test_check_in_self_while_check_in_is_open(db):
    event = new_event(db, games=2, check_in=True)
    who = holders(db, event)
    assert phone.phone_state(db, who["Ann"])["check_in_open"] is True
    assert phone.check_in_self(db, who["Ann"]) == {"checked_in": True}
    log = changes.entries(db, event.id, None)
    assert [(e.action, e.source, e.actor) for e in log][-1] == ("checkin", "web", "Ann")
    assert phone.check_in_self(db, who["Ann"]) == {"checked_in": True}  # again: no change
    assert len(changes.entries(db, event.id, None)) == len(log)
    assert phone.entrant_state(db, event, who["Ann"].entry.id)["checked_in"] is True  # read now (the holder was read before)
    events.withdraw(db, event.id, who["Dan"].entry.id)
    with pytest.raises(Conflict, match="^you have withdrawn from this event: see the desk$"):
        phone.check_in_self(db, who["Dan"])
    for name in ("Bob", "Cat"):
        phone.check_in_self(db, who[name])
    paired(db, event)
    with pytest.raises(Conflict, match="^your first game is already paired: see the desk to check in$"):
        phone.check_in_self(db, who["Ann"])  # even one already in: check-in is closed
    off = new_event(db, "Off", players=(), games=2)
    events.enter(db, off.id, [NewPlayer("Eve")])
    with pytest.raises(Conflict, match="^Off has no check-in from the phones: see the desk$"):
        phone.check_in_self(db, holders(db, off)["Eve"])


def test_receive_a_qualifying_report_and_refuse_what_is_not_one(db):
    event = new_event(db, games=2)
    paired(db, event)
    who = holders(db, event)
    answer = phone.receive(db, who["Bob"], {"game": 1, "winner": "opponent", "loser_score": 88, "key": "b-1"})
    assert answer == {"state": "pending", "game": 1, "table": 2, "mine": [88, 121], "theirs": None}
    assert phone.receive(db, who["Cat"], {"game": 1, "winner": "me", "loser_score": 88, "key": "c-1"}) == {
        "state": "agreed", "game": 1, "table": 2, "mine": [121, 88], "theirs": [121, 88]}
    assert phone.receive(db, who["Cat"], {"game": 1, "winner": "me", "loser_score": 88, "key": "c-1"})["repeated"] is True
    with pytest.raises(CribError, match=r'^send a JSON object: \{"game": N'):
        phone.receive(db, who["Bob"], [1, 2])
    with pytest.raises(Conflict, match="game 1 is a table of two: send the winner and the loser's score"):
        phone.receive(db, who["Ann"], {"game": 1, "scores": [121, 100, 90], "key": "a-1"})
    with pytest.raises(Conflict, match="there is no match W1.1 in Open"):  # a match report: no bracket, no match
        phone.receive(db, who["Ann"], {"match": "W1.1", "match_game": 1, "winner": "me", "loser_score": 90, "key": "a-2"})


def test_receive_a_table_of_three(db):
    event = new_event(db, "Three", players=("Ann", "Bob", "Cat"), variant="three-player", games=2)
    paired(db, event)
    who = holders(db, event)
    first = phone.receive(db, who["Ann"], {"game": 1, "scores": [121, 100, 90], "key": "a-1"})
    assert first == {"state": "pending", "game": 1, "table": 1, "mine": [121, 100, 90], "theirs": None}
    with pytest.raises(Conflict, match=r"game 1 is a table of three: send the three scores in seat order \(\"scores\": \[a, b, c\]\)"):
        phone.receive(db, who["Bob"], {"game": 1, "winner": "me", "loser_score": 90, "key": "b-1"})
    phone.receive(db, who["Bob"], {"game": 1, "scores": [121, 100, 90], "key": "b-2"})
    last = phone.receive(db, who["Cat"], {"game": 1, "scores": [121, 100, 90], "key": "c-1"})
    assert last == {"state": "agreed", "game": 1, "table": 1, "mine": [121, 100, 90], "theirs": [121, 100, 90]}


def test_entrant_state_is_the_phone_state_read_now(db):
    event = new_event(db, games=2)
    paired(db, event)
    who = holders(db, event)
    phone.report_result(db, who["Ann"], Report(1, "me", 97, "a-1"))
    dan = phone.entrant_state(db, event, who["Dan"].entry.id)
    assert dan == phone.phone_state(db, who["Dan"])
    assert (dan["game"], dan["table"], dan["opponent"], dan["entries"][0]["state"], dan["entries"][0]["theirs"]) == (
        1, 1, "Ann", "pending", [97, 121])
    assert phone.entrant_state(db, event, 999) is None


def test_a_late_entrant_checks_in_from_his_phone_until_his_first_game_is_paired(db):
    event = new_event(db, games=3, check_in=True)
    who = holders(db, event)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        phone.check_in_self(db, who[name])
    paired(db, event)
    events.enter(db, event.id, [NewPlayer("Eve")])  # late: from game 2
    eve = holders(db, event)["Eve"]
    assert phone.entrant_state(db, event, eve.entry.id)["check_in_open"] is True
    assert phone.check_in_self(db, eve) == {"checked_in": True}
    assert phone.entrant_state(db, event, eve.entry.id)["checked_in"] is True
