"""services/cross_checking.py: ACC 12.2 at cross-checking. A dispute settled before
the last game is provisional; when the last game's cards are in it is judged again
with the apparent qualifiers found from each player's own cards."""

from __future__ import annotations

from crib_tourney.services import cross_checking, results
from crib_tourney.services.cross_checking import JudgedAgain
from crib_tourney.services.results import GameSettled, SettledCard
from crib_tourney.store import qualifying as q
from crib_tourney.store.writer import Change, Log
from tests.services.builders import ids, new_event, paired

# four players, two games, one qualifier (a quarter of four):
# game 1: Ann v Dan (table 1), Bob v Cat (table 2); game 2: Ann v Cat, Dan v Bob


def outcomes(db, event, game, table):
    pairing = q.pairing_at_table(db, event.id, game, table)
    return sorted(db.rows("SELECT entry_id, own_score, opp_score, source FROM outcome WHERE pairing_id = :p", p=pairing.id))


def early_settlement(db):
    """Ann and Dan agree Ann won game 1 but not by how much: Ann's card says 121-80
    (a skunk), Dan's 100-121. Bob skunks Cat 121-60, so after game 1 Bob, not Ann,
    is the apparent qualifier; the dispute is settled then, provisionally."""
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event, 2)
    results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 80, card=entry["Ann"])
    results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 100, card=entry["Dan"])
    results.record_table(db, event.id, 1, 2, (121, 60))
    return event, entry


def test_cross_checked_once_every_table_of_the_last_game_has_its_cards(db):
    event, _ = early_settlement(db)
    assert cross_checking.cross_checked(db, event) is False
    results.record_table(db, event.id, 2, 1, (121, 50))
    assert cross_checking.cross_checked(db, event) is False
    results.record_table(db, event.id, 2, 2, (100, 121))
    assert cross_checking.cross_checked(db, event) is True


def test_settled_by_rule_a_qualifier_takes_the_worse_version(db):
    event, entry = early_settlement(db)
    ann, dan = entry["Ann"], entry["Dan"]
    cards = [(ann, 121, 80, None, "none", "card"), (dan, 100, 121, None, "none", "card")]
    assert cross_checking.settled_by_rule(event, (ann, dan), cards, set()) == [
        (ann, 121, 80, None, "none"), (dan, 100, 121, None, "none")]  # neither qualifies: each by his own card
    assert cross_checking.settled_by_rule(event, (ann, dan), cards, {ann}) == [
        (ann, 121, 100, None, "none"), (dan, 100, 121, None, "none")]


def test_a_provisional_settlement_is_judged_again_with_the_last_games_cards(db):
    event, entry = early_settlement(db)
    settled = results.check(db, event.id, resolve=True)
    assert settled.resolved == (GameSettled(1, (SettledCard("Ann", 121, 80, False), SettledCard("Dan", 100, 121, False)), True),)
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 80, "provisional"), (entry["Dan"], 100, 121, "provisional")])
    results.record_table(db, event.id, 2, 1, (121, 50))
    last = results.record_table(db, event.id, 2, 2, (100, 121))  # the last card in: cross-checking judges
    again = JudgedAgain(1, 1, (("Ann", 121, 100), ("Dan", 100, 121)), (("Ann", 121, 80), ("Dan", 100, 121)))
    assert last.facts[1:] == (again,)
    assert again.line() == "game 1 table 1 judged again at cross-checking: Ann 121-100; Dan 100-121 (cards: Ann 121-80; Dan 100-121)"
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 100, "rejudged"), (entry["Dan"], 100, 121, "rejudged")])
    assert cross_checking.judged_again(db, event) == [again]
    assert results.check(db, event.id).judged_again == (again,)


def test_rejudge_in_a_change_of_ones_own(db):
    event, entry = early_settlement(db)
    results.check(db, event.id, resolve=True)
    change = Change(db, "result", Log(event.id))
    assert cross_checking.rejudge(db, event, change) == []  # not yet: game 2 has no cards
    results.record_table(db, event.id, 2, 1, (121, 50))
    pairing = q.pairing_at_table(db, event.id, 2, 2)
    change.replace("outcome", {"pairing_id": pairing.id},
                   [q.outcome_dict(event.id, pairing.id, pairing.entry1_id, 100, 121, None, "none", "result", True),
                    q.outcome_dict(event.id, pairing.id, pairing.entry2_id, 121, 100, None, "none", "result", True)])
    [again] = cross_checking.rejudge(db, event, change)
    change.log("game 2 table 2")
    assert (again.game, again.cards[0]) == (1, ("Ann", 121, 100))
    assert cross_checking.rejudge(db, event, Change(db, "result", Log(event.id))) == []  # judged: nothing provisional left


def test_write_settlement_keeps_the_original_cards_of_a_provisional_one(db):
    event, entry = early_settlement(db)
    ann, dan = entry["Ann"], entry["Dan"]
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    change = Change(db, "resolve", Log(event.id))
    cross_checking.write_settlement(change, event, pairing.id, [(ann, 121, 90, None, "none"), (dan, 90, 121, None, "none")],
                                    "provisional", [(ann, 121, 80, None, "none"), (dan, 100, 121, None, "none")])
    change.log("settled")
    assert outcomes(db, event, 1, 1) == sorted([(ann, 121, 90, "provisional"), (dan, 90, 121, "provisional")])
    assert sorted(db.rows("SELECT entry_id, own_score, opp_score FROM settled_card WHERE pairing_id = :p", p=pairing.id)) == sorted(
        [(ann, 121, 80), (dan, 100, 121)])


def test_the_last_card_from_a_phone_judges_again_in_its_own_change(db):
    from crib_tourney import tokens
    from crib_tourney.services import changes, desk, links, phone
    from crib_tourney.services.phone import Report

    event, entry = early_settlement(db)
    settled = desk.settle(db, event, 1, 1)  # the desk settles early: provisional
    assert settled.resolved[0].provisional is True
    results.record_table(db, event.id, 2, 1, (121, 50))
    key = bytes(range(32))
    links.issue(db, event.id, key)
    dan, bob = (phone.holder(db, tokens.token(key, event.id, entry[n], 1)) for n in ("Dan", "Bob"))
    assert phone.report_result(db, dan, Report(2, "opponent", 100, "d-1"))["state"] == "pending"
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 80, "provisional"), (entry["Dan"], 100, 121, "provisional")])
    assert phone.report_result(db, bob, Report(2, "me", 100, "b-1"))["state"] == "agreed"  # the last table's cards are in
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 100, "rejudged"), (entry["Dan"], 100, 121, "rejudged")])
    last = changes.entries(db, event.id, None)[-1]
    assert (last.action, last.actor) == ("card", "Bob")
    assert last.summary.endswith("; game 1 table 1 judged again at cross-checking: Ann 121-100; Dan 100-121"
                                 " (cards: Ann 121-80; Dan 100-121) (agreed)")
    assert cross_checking.judged_again(db, event) == [
        JudgedAgain(1, 1, (("Ann", 121, 100), ("Dan", 100, 121)), (("Ann", 121, 80), ("Dan", 100, 121)))]
    results.undo(db, event.id)  # undoing the last card takes the judgement back with it
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 80, "provisional"), (entry["Dan"], 100, 121, "provisional")])
    assert cross_checking.judged_again(db, event) == []


def test_a_settlement_judged_again_the_same_is_no_longer_provisional(db):
    """Ann stays the apparent qualifier: judged again, her settlement stands, now final."""
    event, entry = early_settlement(db)
    results.record_table(db, event.id, 2, 1, (121, 50))  # Ann double-skunks Cat: the apparent qualifier already
    results.check(db, event.id, resolve=True)
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 100, "provisional"), (entry["Dan"], 100, 121, "provisional")])
    last = results.record_table(db, event.id, 2, 2, (100, 121))
    assert last.facts[1:] == ()  # nothing moved: nothing to say
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 100, "resolved"), (entry["Dan"], 100, 121, "resolved")])
    assert cross_checking.judged_again(db, event) == []


def test_original_cards_are_given_back_when_a_settlement_is_reopened(db):
    event, entry = early_settlement(db)
    results.check(db, event.id, resolve=True)  # provisional: Ann 121-80, Dan 100-121 kept
    pairing_id = q.pairing_at_table(db, event.id, 1, 1).id
    change = Change(db, "card", Log(event.id))
    assert cross_checking.original_cards(change, pairing_id) == {entry["Ann"]: (121, 80, "none"), entry["Dan"]: (100, 121, "none")}
    assert q.settled_cards(db, pairing_id) == []  # given back: the settlement is over
    assert cross_checking.original_cards(change, pairing_id) == {}
    change.log("reopened")


def test_a_settlements_cards_are_read_in_seat_order(db):
    """The lines name a table's players as they sit (the table sheet's order), not by
    entry number: seat Dan first at Ann and Dan's table and he is read first."""
    event, entry = early_settlement(db)
    results.check(db, event.id, resolve=True)
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    assert [c[0] for c in q.provisional_tables(db, event.id)[0][4]] == [entry["Ann"], entry["Dan"]]
    db.execute("UPDATE pairing SET entry1_id = entry2_id, entry2_id = entry1_id WHERE id = :p", p=pairing.id)
    [(_, _, _, seats, settled, originals)] = q.provisional_tables(db, event.id)
    assert seats == (entry["Dan"], entry["Ann"])
    assert [c[0] for c in settled] == [c[0] for c in originals] == [entry["Dan"], entry["Ann"]]
    results.record_table(db, event.id, 2, 1, (121, 50))
    results.record_table(db, event.id, 2, 2, (100, 121))  # judged again: Ann's card changes
    [again] = cross_checking.judged_again(db, event)
    assert [c[0] for c in again.cards] == [c[0] for c in again.originals] == ["Dan", "Ann"]
