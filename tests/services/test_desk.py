"""services/desk.py: the director's console, each action the service the CLI uses."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import changes, desk, events, playoffs, results, standings, three_sides
from crib_tourney.services.desk import CheckIn, EventLine, GridTable, OpenMatch, RoundGrid, SettlePreview, SideCard, TableAt, Waiting
from crib_tourney.services.money import Shortfall
from crib_tourney.services.phone import Conflict
from crib_tourney.services.playoffs import MatchWon, PlayoffGame
from crib_tourney.services.results import CardCopied, GameResult
from crib_tourney.store import qualifying as q
from crib_tourney.tourney.settings import EventSettings
from tests.services.builders import ids, new_event, paired, play, played_event
from tests.services.test_playoffs import qualified, win

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
# played_event of EIGHT, three games: Ann, Bob 6 points (+63); Cat, Hal 4 (+21); Dan, Gus 2; Eve, Fay 0


def card(db, event, game, first, score1, second, score2, whose):
    entry = ids(db, event)
    return results.record_result(db, event.id, entry[first], score1, entry[second], score2, game=game, card=entry[whose])


def outcomes(db, event, game, table):
    pairing = q.pairing_at_table(db, event.id, game, table)
    return sorted(db.rows("SELECT entry_id, own_score, opp_score FROM outcome WHERE pairing_id = :p", p=pairing.id))


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
    assert [(r["player"], r["game_points"]) for r in standings.standings(db, event.id).rows][:1] == [("Dan", 2)]
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


def test_taking_back_a_check_in_says_it_changed(db):
    event = new_event(db, players=("Bob", "Ann"))
    entry = ids(db, event)
    desk.check_in(db, event, entry["Bob"], True)
    assert desk.check_in(db, event, entry["Bob"], False) == desk.CheckedIn("Bob", False, True)
    assert desk.check_in(db, event, entry["Bob"], False) == desk.CheckedIn("Bob", False, False)


def test_the_check_in_list_says_what_each_still_owes(db):
    event = new_event(db, players=("Bob", "Ann", "Cat"), entry_fee=2500)
    entry = ids(db, event)
    desk.check_in(db, event, entry["Bob"], True, paid=1000)
    desk.check_in(db, event, entry["Cat"], True, paid=3000)  # more than the fee: owes nothing
    assert desk.check_in_list(db, event) == [CheckIn(entry["Ann"], "Ann", False, False, None, 2500),
                                             CheckIn(entry["Bob"], "Bob", True, False, 1000, 1500),
                                             CheckIn(entry["Cat"], "Cat", True, False, 3000, 0)]


def test_newest_change_and_recent(db):
    event = new_event(db, games=2)
    [made, entered] = changes.entries(db, event.id, None)
    assert (made.action, entered.action) == ("new-event", "enter")
    assert desk.newest_change(db, event) == entered
    assert desk.recent(db, event) == [entered]  # the event's creation left out
    paired(db, event)
    card(db, event, 1, "Ann", 121, "Dan", 90, "Ann")
    done = desk.enter(db, event, 1, 2, 121, 100)
    newest = desk.newest_change(db, event)
    assert (newest.action, newest.summary, newest.source, newest.actor) == (
        "result", "game 1 table 2: Bob 121 - Cat 100", "web", "director")  # no card there: nothing replaced
    every = changes.entries(db, event.id, None)
    assert desk.recent(db, event) == every[1:][::-1]
    assert desk.recent(db, event, 2) == [every[-1], every[-2]]
    assert done.facts == (GameResult(1, 2, "Bob", 121, "Cat", 100),)
    empty = desk.event_of(db, events.create_event(db, "Empty", EventSettings()).id)
    assert desk.recent(db, empty) == []
    assert desk.newest_change(db, empty).action == "new-event"


def test_event_list_says_where_each_event_stands(db):
    assert desk.event_list(db) == []
    fresh = new_event(db, "Fresh", players=())
    under_way = new_event(db, "Under way", players=("Ann", "Bob", "Cat", "Dan"), games=2)
    paired(db, under_way)
    card(db, under_way, 1, "Ann", 121, "Dan", 90, "Ann")
    card(db, under_way, 1, "Bob", 121, "Cat", 100, "Bob")
    card(db, under_way, 1, "Bob", 100, "Cat", 121, "Cat")
    cut = played_event(db, "Cut", players=EIGHT, games=3)
    playoffs.cut(db, cut.id, 4)
    robin = new_event(db, "Robin", players=("Ivy", "Jo", "Kim"), format="round-robin")
    events.make_round(db, robin.id, all_games=True)
    for game in (1, 2, 3):
        results.record_table(db, robin.id, game, 1, (121, 100))
    assert desk.event_list(db) == [
        EventLine(fresh.id, "Fresh", None, "not started", 0, 0, 0),
        EventLine(under_way.id, "Under way", None, "game 1 of 2", 4, 1, 1),
        EventLine(cut.id, "Cut", None, "playoffs", 8, 0, 0),
        EventLine(robin.id, "Robin", None, "finished", 3, 0, 0)]


def test_event_decided_now(db):
    event = new_event(db, games=1)
    assert desk.event_decided_now(db, event) is False
    qualified = played_event(db, "Cut", players=EIGHT, games=3)
    playoffs.cut(db, qualified.id, 2)  # a final: Ann v Bob, best of 5
    assert desk.event_decided_now(db, qualified) is False
    for _ in range(3):
        desk.enter_match_game(db, qualified, "W1.1", (121, 100))
    assert desk.event_decided_now(db, qualified) is True
    assert [e.status for e in desk.event_list(db)] == ["not started", "finished"]


def test_open_matches_and_enter_match_game(db):
    event = played_event(db, players=EIGHT, games=3)
    assert desk.open_matches(db, event) == []  # no bracket yet
    playoffs.cut(db, event.id, 4)
    assert desk.open_matches(db, event) == [OpenMatch("W1.1", "semifinal", 1, ("Ann", "Hal"), 3, (0, 0), 1),
                                            OpenMatch("W1.2", "semifinal", 2, ("Bob", "Cat"), 3, (0, 0), 1)]
    first = desk.enter_match_game(db, event, " w1.1 ", (100, 121))
    assert first == [PlayoffGame("semifinal (W1.1)", 1, ("Ann", "Hal"), (100, 121))]
    assert [(e.action, e.source, e.actor) for e in changes.entries(db, event.id, None)][-1] == ("playoff", "web", "director")
    assert desk.open_matches(db, event)[0] == OpenMatch("W1.1", "semifinal", 1, ("Ann", "Hal"), 3, (0, 1), 2)
    fixed = desk.enter_match_game(db, event, "W1.1", (121, 100), game_no=1)  # a correction of game 1
    assert fixed == [PlayoffGame("semifinal (W1.1)", 1, ("Ann", "Hal"), (121, 100))]
    assert desk.open_matches(db, event)[0].wins == (1, 0)
    won = desk.enter_match_game(db, event, "W1.1", (121, 90))
    assert won[1:] == [MatchWon("Ann", "semifinal (W1.1)", (2, 0))]
    assert [m.key for m in desk.open_matches(db, event)] == ["W1.2"]  # the final waits for its second player
    with pytest.raises(Conflict, match="^match W2.1 has no two players yet$"):
        desk.enter_match_game(db, event, "W2.1", (121, 90))
    with pytest.raises(CribError, match=r"^no match X9 in Open \(matches are named like W1.3, L2.1, F1\)$"):
        desk.enter_match_game(db, event, "X9", (121, 90))


def test_table_at_names_the_table_and_says_when_a_recut_is_needed(db):
    event = new_event(db, games=1)
    paired(db, event)
    assert desk.table_at(db, event, 1, 1) == TableAt(1, 1, ("Ann", "Dan"), False)
    assert desk.table_at(db, event, 1, 2) == TableAt(1, 2, ("Bob", "Cat"), False)
    with pytest.raises(CribError, match="^game 1 has no table 3$"):
        desk.table_at(db, event, 1, 3)
    with pytest.raises(CribError, match="^game 2 has no table 1$"):
        desk.table_at(db, event, 2, 1)
    play(db, event, 1, (121, 100), (121, 90))
    playoffs.cut(db, event.id, 2)
    assert desk.table_at(db, event, 1, 1) == TableAt(1, 1, ("Ann", "Dan"), True)


def test_settle_preview_of_a_lone_card_writes_nothing(db):
    event = new_event(db, games=2)
    paired(db, event)
    with pytest.raises(Conflict, match=r"^game 1 table 1 has nothing to settle \(no card yet, or its result is final\)$"):
        desk.settle_preview(db, event, 1, 1)
    card(db, event, 1, "Dan", 90, "Ann", 121, "Dan")
    logged = changes.entries(db, event.id, None)
    shown = desk.settle_preview(db, event, 1, 1)
    assert shown == SettlePreview(1, 1, ("Ann", "Dan"), (SideCard("Dan", (121, 90)),),
                                  "12.2(c): the only card, Dan's, is copied to Ann",
                                  (SideCard("Dan", (121, 90)), SideCard("Ann", (121, 90))), False)
    assert changes.entries(db, event.id, None) == logged
    with pytest.raises(CribError, match="^game 1 has no table 3$"):
        desk.settle_preview(db, event, 1, 3)
    desk.settle(db, event, 1, 1)
    with pytest.raises(Conflict, match="nothing to settle"):
        desk.settle_preview(db, event, 1, 1)


def test_settle_preview_when_both_cards_claim_the_win_or_the_loss(db):
    event = new_event(db, games=2)
    paired(db, event)
    card(db, event, 1, "Ann", 121, "Dan", 100, "Ann")
    card(db, event, 1, "Dan", 121, "Ann", 111, "Dan")
    shown = desk.settle_preview(db, event, 1, 1)
    assert shown == SettlePreview(
        1, 1, ("Ann", "Dan"), (SideCard("Ann", (121, 100)), SideCard("Dan", (111, 121))),
        "12.2(e): both cards claim the win: a loss for both, each card's own spread to the minus column",
        (SideCard("Ann", (100, 121)), SideCard("Dan", (121, 111))), True)
    card(db, event, 1, "Bob", 100, "Cat", 121, "Bob")
    card(db, event, 1, "Cat", 100, "Bob", 121, "Cat")
    assert desk.settle_preview(db, event, 1, 2).rule == "12.2(e): both cards claim the loss: a loss for both, each by his own card"


def test_settle_preview_names_the_apparent_qualifier_and_settle_records_what_it_showed(db):
    """Ann's card says she skunked Dan 121-80, Dan's that he lost 100-121; after game 1
    Bob (121-60 over Cat) is the one apparent qualifier, after Ann's 121-50 in game 2 Ann is."""
    event = new_event(db, games=2)
    paired(db, event, 2)  # game 2: Ann v Cat, Dan v Bob
    card(db, event, 1, "Ann", 121, "Dan", 80, "Ann")
    card(db, event, 1, "Ann", 121, "Dan", 100, "Dan")
    results.record_table(db, event.id, 1, 2, (121, 60))
    assert desk.settle_preview(db, event, 1, 1) == SettlePreview(
        1, 1, ("Ann", "Dan"), (SideCard("Ann", (121, 80)), SideCard("Dan", (121, 100))),
        "12.2: an apparent qualifier takes the version worse for him; a non-qualifier keeps his own card",
        (SideCard("Ann", (121, 80)), SideCard("Dan", (121, 100))), True)
    results.record_table(db, event.id, 2, 1, (121, 50))
    shown = desk.settle_preview(db, event, 1, 1)
    assert shown == SettlePreview(
        1, 1, ("Ann", "Dan"), (SideCard("Ann", (121, 80)), SideCard("Dan", (121, 100))),
        "12.2: an apparent qualifier takes the version worse for him (Ann); a non-qualifier keeps his own card",
        (SideCard("Ann", (121, 100)), SideCard("Dan", (121, 100))), True)
    results.record_table(db, event.id, 2, 2, (121, 100))  # the last game's cards are in: no longer provisional
    assert desk.settle_preview(db, event, 1, 1) == SettlePreview(
        1, 1, ("Ann", "Dan"), shown.cards, shown.rule, shown.result, False)
    desk.settle(db, event, 1, 1)
    assert outcomes(db, event, 1, 1) == sorted([(ids(db, event)["Ann"], 121, 100), (ids(db, event)["Dan"], 100, 121)])


def test_settle_preview_of_a_table_of_three_with_a_card_missing(db):
    event = new_event(db, variant="three-player", games=2)
    entry = ids(db, event)
    paired(db, event)  # Ann, Bob, Cat at table 1; Dan sits out
    three_sides.record_three(db, event.id, [(entry["Ann"], 121), (entry["Bob"], 100), (entry["Cat"], 90)], card=entry["Bob"])
    shown = desk.settle_preview(db, event, 1, 1)
    assert (shown.players, shown.cards, shown.rule) == (
        ("Ann", "Bob", "Cat"), (SideCard("Bob", (121, 100, 90)),), "12.2: a side without a card takes the version worse for it")
    assert shown.result == (SideCard("Ann", (121, 100, 90)), SideCard("Bob", (121, 100, 90)), SideCard("Cat", (121, 100, 90)))
    settled = desk.settle(db, event, 1, 1)  # as shown, and provisional: game 2 is still to come
    assert settled.resolved[0].provisional is True
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    assert sorted(db.rows("SELECT entry_id, own_score, opp_score, opp2_score, source FROM outcome WHERE pairing_id = :p",
                          p=pairing.id)) == [(entry["Ann"], 121, 100, 90, "provisional"), (entry["Bob"], 100, 121, 90, "provisional"),
                                             (entry["Cat"], 90, 121, 100, "provisional")]
    assert desk.round_grid(db, event).tables == (GridTable(1, ("Ann", "Bob", "Cat"), "final", ("director",)),)


def test_round_grid_shows_each_tables_state_and_who_entered_it(db):
    event = new_event(db, games=2)
    assert desk.round_grid(db, event) == RoundGrid("Open", None, 0, (), 0, 0)
    paired(db, event)
    assert desk.round_grid(db, event) == RoundGrid("Open", 1, 1, (GridTable(1, ("Ann", "Dan"), "open", ()),
                                                                  GridTable(2, ("Bob", "Cat"), "open", ())), 0, 0)
    card(db, event, 1, "Ann", 121, "Dan", 90, "Ann")
    card(db, event, 1, "Bob", 121, "Cat", 100, "Bob")
    card(db, event, 1, "Bob", 100, "Cat", 121, "Cat")
    assert desk.round_grid(db, event) == RoundGrid("Open", 1, 1, (GridTable(1, ("Ann", "Dan"), "pending", ("Ann",)),
                                                                  GridTable(2, ("Bob", "Cat"), "disputed", ("Bob", "Cat"))), 1, 1)
    card(db, event, 1, "Ann", 121, "Dan", 90, "Dan")
    desk.enter(db, event, 1, 2, 121, 100)
    done = desk.round_grid(db, event)
    assert done.tables == (GridTable(1, ("Ann", "Dan"), "agreed", ("Ann", "Dan")), GridTable(2, ("Bob", "Cat"), "final", ("director",)))
    assert (done.game, done.pending, done.disputed) == (1, 0, 0)  # every table final: the last game
    paired(db, event)  # game 2: Ann v Cat, Dan v Bob
    assert desk.round_grid(db, event).game == 2
    assert desk.round_grid(db, event, 1) == RoundGrid("Open", 1, 2, done.tables, 0, 0)
    with pytest.raises(CribError, match="^game 3 of Open has not been scheduled$"):
        desk.round_grid(db, event, 3)


def test_enter_match_game_refuses_a_game_out_of_turn(db):
    event = played_event(db, players=EIGHT, games=3)
    playoffs.cut(db, event.id, 4)
    with pytest.raises(CribError, match=r"^the next game of the semifinal \(W1.1\) is game 1, not 3$"):
        desk.enter_match_game(db, event, "W1.1", (121, 100), game_no=3)
    assert desk.open_matches(db, event)[0].wins == (0, 0)


def test_after_an_undo_the_button_names_what_undo_would_revert(db):
    """After an undo the newest entry is the undo itself (its receipt), and the
    page's next undo names the change undo would revert (found by a helper)."""
    event = new_event(db, games=2)
    paired(db, event)
    desk.enter(db, event, 1, 1, 121, 100)
    desk.enter(db, event, 1, 2, 121, 100)
    desk.undo(db, event)
    assert desk.newest_change(db, event).action == "undo"
    assert desk.next_undo(db, event) == changes.next_undo(db, event.id, None)
    assert desk.undo(db, event, expected=desk.next_undo(db, event).id).entry.summary == "game 1 table 1: Ann 121 - Dan 100"


def test_money_warning(db):
    """The overpay warning the desk shows (services/money.py's rule): the high
    non-qualifier's 5.00 paid on top of the 80.00 fund exceeds what came in."""
    event, entry = qualified(db, high_nonqualifier_prize=500)
    assert desk.money_warning(db, event) is None  # no place decided yet: no prize paid
    win(db, event, entry["Ann"], entry["Hal"], 2)
    win(db, event, entry["Bob"], entry["Cat"], 2)
    win(db, event, entry["Bob"], entry["Ann"], 3)
    assert desk.money_warning(db, event) == Shortfall(8500, 8000, 0)
