"""services/results.py: qualifying results, cards, forfeits, imports, settling
cards by ACC 12.2, undo and the standings with the games not counted."""

from __future__ import annotations

import pytest

from crib_tourney.errors import AlreadyRecorded, CribError, NotFound, Stale
from crib_tourney.inputs.csvrows import ForfeitLine, LineError, ResultLine, ResultsFile
from crib_tourney.services import changes, playoffs, results, standings
from crib_tourney.services.results import (CardCopied, Checked, Competitor, ForfeitResult, GameResult, GameSettled, Imported,
                                           SettledCard)
from crib_tourney.services.standings import CardProblem
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of
from crib_tourney.store.writer import Actor
from crib_tourney.tourney.reconcile import Card
from tests.services.builders import ids, new_event, paired, play, played_event

# game 1 of four players: table 1 Ann v Dan, table 2 Bob v Cat


def outcomes(db, event, game, table):
    pairing = q.pairing_at_table(db, event.id, game, table)
    return sorted(db.rows("SELECT entry_id, own_score, opp_score, forfeit, source, counted FROM outcome WHERE pairing_id = :p",
                          p=pairing.id))


def test_outcome_row_and_table_rows(db):
    event = new_event(db)
    assert results.outcome_row(event, 7, Card(1, 121, 90, "none", "result")) == dict(
        event_id=1, pairing_id=7, entry_id=1, own_score=121, opp_score=90, opp2_score=None, forfeit="none", source="result", counted=1)
    assert results.outcome_row(event, 7, Card(1, 121, 90, "none", "card"))["counted"] == 0  # a player's own card waits
    assert results.outcome_row(event, 7, Card(1, 121, 90, "none", "card"), counted=True)["counted"] == 1
    agree = [Card(1, 121, 90, "none", "card"), Card(2, 90, 121, "none", "card")]
    assert [r["counted"] for r in results.table_rows(event, 7, agree)] == [1, 1]
    disagree = [Card(1, 121, 90, "none", "card"), Card(2, 121, 90, "none", "card")]
    assert [r["counted"] for r in results.table_rows(event, 7, disagree)] == [0, 0]
    assert [r["counted"] for r in results.table_rows(event, 7, agree[:1])] == [0]


def test_entry_of_and_competitor(db):
    event = new_event(db)
    entry = ids(db, event)
    found = results.entry_of(db, event, entry["Bob"])
    assert (found.id, found.first_game, found.withdrawn_after) == (entry["Bob"], 1, None)
    assert results.competitor(db, event.id, entry["Cat"]) == Competitor(entry["Cat"], "Cat", None)
    with pytest.raises(NotFound, match="no entry #99 in Open"):
        results.entry_of(db, event, 99)


def test_find_pairing(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event, 2)  # game 2: Ann v Cat, Dan v Bob
    by_id = {e.id: e for e in entries_of(db, event)}
    found = results.find_pairing(db, event, [by_id[entry["Ann"]], by_id[entry["Cat"]]], None)
    assert (found.game_no, found.table_no, found.entry1_id, found.entry2_id) == (2, 1, entry["Ann"], entry["Cat"])
    alone = results.find_pairing(db, event, [by_id[entry["Bob"]]], None)
    assert (alone.game_no, alone.table_no) == (1, 2)
    with pytest.raises(CribError, match="Ann and Bob are not seated together in game 1 of Open"):
        results.find_pairing(db, event, [by_id[entry["Ann"]], by_id[entry["Bob"]]], 1)
    with pytest.raises(CribError, match=r"game 5 of Open does not exist \(not scheduled\)"):
        results.find_pairing(db, event, [by_id[entry["Ann"]]], 5)


def test_forfeit_rows_and_plays_in_bracket(db):
    event = new_event(db)
    paired(db, event)
    pairing = q.pairing_at_table(db, event.id, 1, 1)
    rows = results.forfeit_rows(event, pairing, pairing.entry2_id)
    assert [(r["entry_id"], r["forfeit"], r["own_score"], r["source"], r["counted"]) for r in rows] == [
        (pairing.entry1_id, "won", 0, "result", 1), (pairing.entry2_id, "lost", 0, "result", 1)]
    assert results.plays_in_bracket(True, False, False) is True
    assert [results.plays_in_bracket(True, True, False), results.plays_in_bracket(True, False, True),
            results.plays_in_bracket(False, False, False)] == [False, False, False]


def test_record_result_a_game_and_cards(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    done = results.record_result(db, event.id, entry["Dan"], 90, entry["Ann"], 121)
    assert done.facts == (GameResult(1, 1, "Ann", 121, "Dan", 90),) and (done.game, done.table) == (1, 1)
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 121, 90, "none", "result", 1),
                                                (entry["Dan"], 90, 121, "none", "result", 1)])
    with pytest.raises(AlreadyRecorded, match="game 1 between Ann and Dan already has a result"):
        results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 95)
    fixed = results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 95, game=1, replace=True)
    assert fixed.lines() == ["recorded game 1 table 1: Ann 121 - Dan 95"]
    mine = results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 60, card=entry["Bob"])
    assert mine.facts == (GameResult(1, 2, "Bob", 121, "Cat", 60, "Bob"),)
    assert mine.lines() == ["recorded Bob's card, game 1 table 2: Bob 121 - Cat 60"]
    assert outcomes(db, event, 1, 2) == [(entry["Bob"], 121, 60, "none", "card", 0)]  # a lone card counts not yet
    results.record_result(db, event.id, entry["Cat"], 60, entry["Bob"], 121, card=entry["Cat"])
    assert [c for *_, c in outcomes(db, event, 1, 2)] == [1, 1]  # the two agree: final
    with pytest.raises(CribError, match="Ann cannot play against themselves"):
        results.record_result(db, event.id, entry["Ann"], 121, entry["Ann"], 100)
    with pytest.raises(CribError, match="--match-game and --cascade are for playoff matches"):
        results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 100, cascade=True)


def test_record_forfeit_and_table_forfeit(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    done = results.record_forfeit(db, event.id, entry["Dan"])
    assert done.facts == (ForfeitResult(1, 1, "Dan", "Ann"),)
    assert done.lines() == ["recorded game 1 table 1: Dan forfeits to Ann"]
    with pytest.raises(AlreadyRecorded, match="game 1 of Dan already has a result"):
        results.record_forfeit(db, event.id, entry["Dan"], game=1)
    table = results.record_table_forfeit(db, event.id, 1, 2, entry["Cat"])
    assert table.facts == (ForfeitResult(1, 2, "Cat", "Bob"),)
    with pytest.raises(CribError, match="Ann is not at table 2 of game 1"):
        results.record_table_forfeit(db, event.id, 1, 2, entry["Ann"], replace=True)
    rows = {r["player"]: (r["game_points"], r["spread"]) for r in standings.standings(db, event.id).rows}
    assert rows == {"Ann": (2, 10), "Bob": (2, 10), "Cat": (0, -10), "Dan": (0, -10)}


def test_record_table_in_the_sheets_order(db):
    event = new_event(db, games=2)
    paired(db, event)
    done = results.record_table(db, event.id, 1, 2, (80, 121))
    assert done.facts == (GameResult(1, 2, "Cat", 121, "Bob", 80),)  # Bob sits first, scored 80; Cat won by 41: a skunk
    assert {r["player"]: r["game_points"] for r in standings.standings(db, event.id).rows}["Cat"] == 3
    with pytest.raises(CribError, match="table 1 of game 1 seats 2 sides: give 2 scores, not 3"):
        results.record_table(db, event.id, 1, 1, (121, 100, 90))
    with pytest.raises(CribError, match="game 1 has no table 3"):
        results.record_table(db, event.id, 1, 3, (121, 100))


def test_import_results_all_or_nothing(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    good = ResultsFile("results.csv", (ResultLine(2, 1, entry["Ann"], 121, entry["Dan"], 100),
                                       ForfeitLine(3, 1, entry["Cat"])), ())
    assert results.import_results(db, event.id, good) == Imported(2)
    assert [e.summary for e in changes.entries(db, event.id, None)][-1] == "imported 2 results from results.csv"
    again = ResultsFile("again.csv", (ResultLine(2, 1, entry["Ann"], 121, entry["Dan"], 100),), (LineError(3, "score1 is not a number"),))
    with pytest.raises(CribError) as refused:
        results.import_results(db, event.id, again)
    assert "again.csv" in str(refused.value) and "line 3: score1 is not a number" in str(refused.value)
    assert "line 2: game 1 between Ann and Dan already has a result" in str(refused.value)


def disputed_event(db, games=2):
    """Game 1 paired; Ann and Dan's cards disagree on who won (each claims the win)."""
    event = new_event(db, games=games)
    entry = ids(db, event)
    paired(db, event)
    results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 100, card=entry["Ann"])
    results.record_result(db, event.id, entry["Ann"], 100, entry["Dan"], 121, card=entry["Dan"])
    return event, entry


def test_check_lists_the_problems(db):
    event, entry = disputed_event(db)
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 100, card=entry["Bob"])
    checked = results.check(db, event.id)
    assert checked == Checked((), (
        CardProblem(1, 1, ("Ann", "Dan"), "disagree", "Ann's card 121-100, Dan's card 100-121 (Ann first)"),
        CardProblem(1, 2, ("Bob", "Cat"), "one card", "only Bob's card: 121-100")), ())


def test_resolve_cards_copies_a_lone_card_and_settles_a_dispute_provisionally(db):
    event, entry = disputed_event(db)
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 100, card=entry["Bob"])
    done = results.resolve_cards(db, event, only=(1, 2))
    assert done == [CardCopied(1, "Bob", "Cat")]
    settled = results.resolve_cards(db, event)
    # both claim the win, so both are apparent qualifiers by their own cards: ACC 12.2(e) charges each
    # the loss by his own card's spread; before the last game the settlement is provisional
    assert settled == [GameSettled(1, (SettledCard("Ann", 100, 121, True), SettledCard("Dan", 100, 121, True)), True)]
    assert outcomes(db, event, 1, 1) == sorted([(entry["Ann"], 100, 121, "none", "provisional", 1),
                                                (entry["Dan"], 100, 121, "none", "provisional", 1)])
    assert results.check(db, event.id).problems == ()


def test_check_resolve_with_the_directors_chosen_card(db):
    event, entry = disputed_event(db)
    done = results.check(db, event.id, use_card=(1, 1, entry["Dan"]), by=Actor("web", "director"))
    assert done.resolved == (GameSettled(1, (SettledCard("Dan", 121, 100, False), SettledCard("Ann", 100, 121, False))),)
    assert done.problems == (CardProblem(1, 2, ("Bob", "Cat"), "missing", "no result entered"),)
    with pytest.raises(CribError, match="game 1 table 1 of Open has no two disagreeing cards to choose from"):
        results.check(db, event.id, use_card=(1, 1, entry["Ann"]))


def test_undo_and_undo_own_line(db):
    event = new_event(db, games=2)
    paired(db, event)
    play(db, event, 1, (121, 100))
    newest = changes.next_undo(db, event.id, None)
    with pytest.raises(Stale):
        results.undo(db, event.id, expected=newest.id - 1)
    undone = results.undo(db, event.id, expected=newest.id)
    assert undone.lines() == [f"undid result #{newest.id}: game 1 table 1: Ann 121 - Dan 100"]
    line = results.record_table(db, event.id, 1, 1, (121, 100))
    assert line.game == 1
    mine = changes.next_undo(db, event.id, None).id
    results.record_table(db, event.id, 1, 2, (121, 100))  # another terminal's line
    with pytest.raises(CribError, match="the newest change of Open was made elsewhere; undo it there"):
        results.undo_own_line(db, event.id, mine, {mine})
    back = results.undo_own_line(db, event.id, mine, {mine, mine + 1})
    assert (back.entry.action, back.entry.summary) == ("result", "game 1 table 2: Bob 121 - Cat 100")
    assert [r["games"] for r in standings.standings(db, event.id).rows] == [1, 0, 0, 1]  # Ann and Dan's game stays


def test_standings_with_pending_and_provisional_views(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    play(db, event, 1, (121, 100))
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 100, card=entry["Bob"])
    final = standings.standings(db, event.id)
    assert (final.event, final.pending, final.disputed, final.view) == ("Open", 1, 0, "final")
    assert [(r["player"], r["game_points"], r["games"], r["pending"]) for r in final.rows] == [
        ("Ann", 2, 1, 0), ("Bob", 0, 0, 1), ("Cat", 0, 0, 1), ("Dan", 0, 1, 0)]
    provisional = standings.standings(db, event.id, view="provisional")
    assert [(r["player"], r["game_points"], r["spread"]) for r in provisional.rows] == [
        ("Ann", 2, 21), ("Bob", 2, 21), ("Cat", 0, -21), ("Dan", 0, -21)]


def test_after_the_cut_a_result_between_qualifiers_is_a_playoff_game(db):
    event = played_event(db, players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"), games=3)
    cut = playoffs.cut(db, event.id, 2)
    a, b = (m for m in cut["rounds"][0]["matches"][0]["players"])
    entry = ids(db, event)
    done = results.record_result(db, event.id, entry[a], 121, entry[b], 100)
    assert done.lines()[0] == f"recorded final (W1.1) game 1: {a} 121 - {b} 100"
