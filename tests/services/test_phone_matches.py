"""services/phone_matches.py: a player's phone after the cut: his match, his own
card of each match game (recorded in the bracket when the two cards agree), his
place and prize once the event is decided."""

from __future__ import annotations

import pytest

from crib_tourney import tokens
from crib_tourney.errors import CribError
from crib_tourney.services import changes, links, phone, phone_matches, playoffs
from crib_tourney.services.phone_matches import MatchReport
from crib_tourney.services.phone_report import Conflict
from tests.services.builders import ids, played_event

KEY = bytes(range(32))
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
# played_event of EIGHT, three games: Ann, Bob 6 points (+63); Cat, Hal 4 (+21); Dan, Gus 2; Eve, Fay 0


def qualified(db, **settings):
    """Cut to four: semifinals Ann v Hal (W1.1), Bob v Cat (W1.2), best of 3; the
    phones' links issued."""
    event = played_event(db, players=EIGHT, games=3, entry_fee=1000, payouts="60,40", **settings)
    playoffs.cut(db, event.id, 4)
    links.issue(db, event.id, KEY)
    who = {name: phone.holder(db, tokens.token(KEY, event.id, entry, 1)) for name, entry in ids(db, event).items()}
    return event, who


def report(match, game, winner, score, key):
    return MatchReport(match, game, winner, score, key)


def test_parse_match_report():
    body = {"match": "W1.1", "match_game": 1, "winner": "me", "loser_score": 97, "key": "m-1"}
    assert phone_matches.parse_match_report(body, backward=False) == MatchReport("W1.1", 1, "me", 97, "m-1")
    backward = {"match": "F1", "match_game": 2, "winner": "opponent", "winner_score": 80, "key": "m"}
    assert phone_matches.parse_match_report(backward, backward=True) == MatchReport("F1", 2, "opponent", 80, "m")
    for bad, said in (({**body, "x": 1}, "unknown field 'x'"),
                       ({**body, "match": "W1 1"}, r"match must be the match's name as the bracket shows it \(like W1.1\)"),
                       ({**body, "match": ""}, "match must be the match's name"),
                       ({**body, "match_game": 0}, r"match_game must be the game's number in the match \(1, 2, ...\)"),
                       ({**body, "match_game": True}, "match_game must be"),
                       ({**body, "winner": "us"}, 'winner must be "me" or "opponent"'),
                       ({**body, "loser_score": -1}, "loser_score must be a whole number of points"),
                       ({**body, "key": ""}, "key must be 1 to 100 printable ASCII")):
        with pytest.raises(CribError, match=said):
            phone_matches.parse_match_report(bad, backward=False)
    with pytest.raises(CribError, match="unknown field 'loser_score'"):
        phone_matches.parse_match_report(body, backward=True)


def test_match_now_before_and_after_the_cut(db):
    event, who = qualified(db)
    ann, hal, dan = (who[n].entry.id for n in ("Ann", "Hal", "Dan"))
    assert phone_matches.match_now(db, event, ann) == {
        "id": "W1.1", "round": "semifinal", "opponent": "Hal", "table": 1, "best_of": 3, "games_won": [0, 0], "game": 1,
        "bye": False, "waiting": False, "state": "open", "mine": None, "theirs": None, "won": None}
    assert phone_matches.match_now(db, event, dan) is None  # not a qualifier
    phone_matches.report_match_game(db, who["Hal"], report("W1.1", 1, "opponent", 100, "h-1"))
    assert phone_matches.match_now(db, event, ann) == {
        "id": "W1.1", "round": "semifinal", "opponent": "Hal", "table": 1, "best_of": 3, "games_won": [0, 0], "game": 1,
        "bye": False, "waiting": False, "state": "pending", "mine": None, "theirs": [121, 100], "won": None}
    assert phone_matches.match_now(db, event, hal)["mine"] == [100, 121]
    unplayed = played_event(db, "Later", players=("Ivy", "Jo", "Kim", "Lou"), games=2)
    assert phone_matches.match_now(db, unplayed, ids(db, unplayed)["Ivy"]) is None  # no bracket yet


def test_two_agreeing_cards_record_the_game_and_a_match_is_won(db):
    event, who = qualified(db)
    first = phone_matches.report_match_game(db, who["Ann"], report("W1.1", 1, "me", 100, "a-1"))
    assert first == {"state": "pending", "match": "W1.1", "match_game": 1, "mine": [121, 100], "theirs": None}
    assert playoffs.Bracket(db, event).states["W1.1"].games == []  # a lone card records nothing
    assert phone_matches.report_match_game(db, who["Ann"], report("W1.1", 1, "me", 50, "a-1")) == first | {"repeated": True}
    second = phone_matches.report_match_game(db, who["Hal"], report("W1.1", 1, "opponent", 100, "h-1"))
    assert second == {"state": "agreed", "match": "W1.1", "match_game": 1, "mine": [100, 121], "theirs": [100, 121]}
    assert len(playoffs.Bracket(db, event).states["W1.1"].games) == 1
    log = changes.entries(db, event.id, None)
    assert [(e.action, e.source, e.actor) for e in log][-2:] == [("card", "web", "Ann"), ("card", "web", "Hal")]
    assert log[-1].summary == ("from Hal's phone: Hal's card, match W1.1 game 1: 100-121;"
                               " recorded semifinal (W1.1) game 1: Ann 121 - Hal 100 (agreed)")
    phone_matches.report_match_game(db, who["Ann"], report("W1.1", 2, "me", 99, "a-2"))
    disputed = phone_matches.report_match_game(db, who["Hal"], report("W1.1", 2, "me", 99, "h-2"))
    assert disputed == {"state": "disputed", "match": "W1.1", "match_game": 2, "mine": [121, 99], "theirs": [99, 121]}
    assert len(playoffs.Bracket(db, event).states["W1.1"].games) == 1
    assert phone_matches.match_now(db, event, who["Ann"].entry.id)["state"] == "disputed"
    corrected = phone_matches.report_match_game(db, who["Hal"], report("W1.1", 2, "opponent", 99, "h-3"))  # Hal replaces his card
    assert corrected == {"state": "agreed", "match": "W1.1", "match_game": 2, "mine": [99, 121], "theirs": [99, 121]}
    assert phone_matches.match_now(db, event, who["Hal"].entry.id) == {  # his last match, lost
        "id": "W1.1", "round": "semifinal", "opponent": "Ann", "table": 1, "best_of": 3, "games_won": [0, 2], "game": None,
        "bye": False, "waiting": False, "state": "decided", "mine": None, "theirs": None, "won": False}
    assert phone_matches.match_now(db, event, who["Ann"].entry.id) == {  # her open match: the final, its opponent to come
        "id": "W2.1", "round": "final", "opponent": None, "table": 1, "best_of": 5, "games_won": [0, 0], "game": None,
        "bye": False, "waiting": True, "state": "open", "mine": None, "theirs": None, "won": None}


def test_a_report_the_match_does_not_allow_is_refused(db):
    event, who = qualified(db)
    for by, sent, said in ((who["Ann"], report("W9.9", 1, "me", 90, "k1"), "there is no match W9.9 in Open"),
                           (who["Bob"], report("W1.1", 1, "me", 90, "k2"), "you do not play in match W1.1"),
                           (who["Ann"], report("W1.1", 2, "me", 90, "k3"), "the next game of match W1.1 is game 1, not 2")):
        with pytest.raises(Conflict, match=said):
            phone_matches.report_match_game(db, by, sent)
    with pytest.raises(CribError):
        phone_matches.report_match_game(db, who["Ann"], report("W1.1", 1, "me", 130, "k4"))  # a loser above the target
    for n in (1, 2):
        phone_matches.report_match_game(db, who["Ann"], report("w1.1", n, "me", 90, f"a{n}"))  # the key in any case
        phone_matches.report_match_game(db, who["Hal"], report("W1.1", n, "opponent", 90, f"h{n}"))
    with pytest.raises(Conflict, match="match W1.1 is decided: only the director can change it now"):
        phone_matches.report_match_game(db, who["Ann"], report("W1.1", 3, "me", 90, "a3"))


def test_place_and_prize_once_the_event_is_decided(db):
    event, who = qualified(db)
    ann, bob = who["Ann"].entry.id, who["Bob"].entry.id
    assert phone_matches.place_and_prize(db, event, ann) == phone_matches.Placement(None, None)
    entry = ids(db, event)
    for a, b, games in (("Ann", "Hal", 2), ("Bob", "Cat", 2), ("Ann", "Bob", 2)):
        for _ in range(games):
            playoffs.record_playoff_game(db, event, entry[a], entry[b], (121, 100), None, False, False)
    assert phone_matches.place_and_prize(db, event, ann) == phone_matches.Placement(None, None)  # the final is best of 5: not decided yet
    playoffs.record_playoff_game(db, event, entry["Ann"], entry["Bob"], (121, 100), None, False, False)
    assert phone_matches.place_and_prize(db, event, ann) == phone_matches.Placement("1st", 4800)  # 60% of 80.00
    assert phone_matches.place_and_prize(db, event, bob) == phone_matches.Placement("2nd", 3200)
    assert phone_matches.place_and_prize(db, event, entry["Hal"]) == phone_matches.Placement("3rd-4th", None)
    assert phone_matches.place_and_prize(db, event, entry["Dan"]) == phone_matches.Placement(None, None)  # not a qualifier


def test_place_and_prize_before_the_cut(db):
    event = played_event(db, players=EIGHT, games=3)
    assert phone_matches.place_and_prize(db, event, ids(db, event)["Ann"]) == phone_matches.Placement(None, None)


def test_waiting_match_games_lists_the_match_games_the_desk_must_enter(db):
    event, who = qualified(db)
    assert phone_matches.waiting_match_games(db, event) == []
    phone_matches.report_match_game(db, who["Ann"], report("W1.1", 1, "me", 100, "a-1"))
    assert phone_matches.waiting_match_games(db, event) == [
        phone_matches.MatchCards("W1.1", 1, 1, ("Ann", "Hal"), "pending", (("Ann", 121, 100),))]
    phone_matches.report_match_game(db, who["Hal"], report("W1.1", 1, "me", 90, "h-1"))  # both claim it
    (waiting,) = phone_matches.waiting_match_games(db, event)
    assert (waiting.state, sorted(waiting.cards)) == ("disputed", [("Ann", 121, 100), ("Hal", 121, 90)])
