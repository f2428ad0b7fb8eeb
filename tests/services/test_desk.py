"""services/desk.py: the director's console, each action the service the CLI uses."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import changes, desk, results
from crib_tourney.services.desk import CheckIn, Waiting
from crib_tourney.services.phone import Conflict
from crib_tourney.services.results import CardCopied, GameResult
from tests.services.builders import ids, new_event, paired


def card(db, event, game, first, score1, second, score2, whose):
    entry = ids(db, event)
    return results.record_result(db, event.id, entry[first], score1, entry[second], score2, game=game, card=entry[whose])


def test_event_of(db):
    event = new_event(db)
    assert desk.event_of(db, event.id) == event


def test_waiting_lists_disputed_games_first(db):
    event = new_event(db, games=2)
    paired(db, event)  # game 1: Ann v Dan, Bob v Cat
    card(db, event, 1, "Ann", 121, "Dan", 90, "Ann")
    card(db, event, 1, "Bob", 121, "Cat", 100, "Bob")
    card(db, event, 1, "Bob", 100, "Cat", 121, "Cat")
    assert desk.waiting(db, event) == [
        Waiting(1, 2, ("Bob", "Cat"), "disputed", "Bob's card 121-100, Cat's card 100-121 (Bob first)"),
        Waiting(1, 1, ("Ann", "Dan"), "pending", "only Ann's card: 121-90")]


def test_settle_copies_a_lone_card_and_refuses_a_table_with_nothing_to_settle(db):
    event = new_event(db, games=2)
    paired(db, event)
    card(db, event, 1, "Ann", 121, "Dan", 90, "Ann")
    done = desk.settle(db, event, 1, 1)
    assert done.resolved == (CardCopied(1, "Ann", "Dan"),)
    assert [(e.action, e.source, e.actor) for e in changes.entries(db, event.id, None)][-1] == ("resolve", "web", "director")
    with pytest.raises(Conflict, match="game 1 table 1 has nothing to settle"):
        desk.settle(db, event, 1, 1)
    with pytest.raises(CribError, match="game 1 has no table 3"):
        desk.settle(db, event, 1, 3)


def test_enter_replaces_the_cards_and_undo_takes_it_back(db):
    event = new_event(db, games=2)
    paired(db, event)
    card(db, event, 1, "Ann", 121, "Dan", 90, "Ann")
    recorded = desk.enter(db, event, 1, 1, 100, 121)
    assert recorded.facts == (GameResult(1, 1, "Dan", 121, "Ann", 100),)
    assert [(r["player"], r["game_points"]) for r in results.standings(db, event.id).rows][:1] == [("Dan", 2)]
    undone = desk.undo(db, event)
    assert (undone.entry.action, undone.entry.summary, undone.recut) == ("replace", "game 1 table 1: Dan 121 - Ann 100", None)
    assert desk.waiting(db, event)[0].state == "pending"  # Ann's card is back


def test_check_in_and_the_list(db):
    event = new_event(db, players=("Bob", "Ann"))
    entry = ids(db, event)
    came = desk.check_in(db, event, entry["Bob"], True)
    assert came == desk.CheckedIn("Bob", True, True)
    assert desk.check_in(db, event, entry["Bob"], True) == desk.CheckedIn("Bob", True, False)
    assert desk.check_in_list(db, event) == [CheckIn(entry["Ann"], "Ann", False, False, None, 0),
                                             CheckIn(entry["Bob"], "Bob", True, False, None, 0)]
    gone = desk.check_in(db, event, entry["Bob"], False)
    assert gone.name == "Bob" and gone.present is False
    assert desk.check_in_list(db, event)[1].checked_in is False


@pytest.mark.xfail(strict=True, reason="check_out reports its arrival as check-in does (changed: not was_in), so taking back a"
                                       " check-in says changed=False, and a no-op says True (reported, not fixed here)")
def test_taking_back_a_check_in_says_it_changed(db):
    event = new_event(db, players=("Bob", "Ann"))
    entry = ids(db, event)
    desk.check_in(db, event, entry["Bob"], True)
    assert desk.check_in(db, event, entry["Bob"], False) == desk.CheckedIn("Bob", False, True)
    assert desk.check_in(db, event, entry["Bob"], False) == desk.CheckedIn("Bob", False, False)
