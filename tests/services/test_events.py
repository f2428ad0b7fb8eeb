"""services/events.py: events, settings, entries, withdrawals and pairing games."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.inputs.csvrows import TeamLine, TeamsFile
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import changes, events, playoffs, standings
from crib_tourney.services.events import EntryAdded, Entered, GameView, OpenGame, SettingsChanged, Unscheduled, Withdrawal
from crib_tourney.store.directory import entries_of
from crib_tourney.store.events import load_event
from crib_tourney.store.writer import Change, Log
from crib_tourney.tourney.settings import EventSettings
from tests.services.builders import ids, new_event, paired, play, played_event, player_ids


def test_create_event_and_its_log(db):
    made = events.create_event(db, "Spring Open", EventSettings(games=5, date="2026-04-01"))
    assert (made.id, made.name, made.games, made.date, made.format) == (1, "Spring Open", 5, "2026-04-01", "acc")
    assert load_event(db, made.id) == made
    assert [(e.action, e.summary) for e in changes.entries(db, made.id, None)] == [("new-event", "created Spring Open")]
    with pytest.raises(CribError, match="an event named 'Spring Open' already exists"):
        events.create_event(db, "spring open", EventSettings())


def test_insert_event_is_part_of_a_change(db):
    change = Change(db, "new-event")
    made = events.insert_event(change, "Side", EventSettings(games=2), parent=None)
    change.scope = Log(event_id=made.id)
    change.log("created Side")
    assert (made.name, made.games, made.parent_event_id) == ("Side", 2, None)
    with pytest.raises(CribError, match="an event named 'Side' already exists"):
        events.insert_event(Change(db, "new-event"), "SIDE", EventSettings())


def test_event_summaries_and_details(db):
    event = new_event(db, games=3, date="2026-05-02")
    events.create_event(db, "Empty", EventSettings(variant="five-card"))
    paired(db, event)
    play(db, event, 1, (121, 100))
    assert events.event_summaries(db) == [
        {"id": 1, "name": "Open", "date": "2026-05-02", "players": 4, "games": 3, "scheduled": 1, "variant": "standard"},
        {"id": 2, "name": "Empty", "date": None, "players": 0, "games": 7, "scheduled": 0, "variant": "five-card"}]
    details = events.event_details(db, event.id)
    assert {k: v for k, v in details.items() if k != "settings"} == {
        "id": 1, "name": "Open", "players": 4, "withdrawn": 0, "scheduled": 1, "results": 1, "not_counted": 0}
    assert (details["settings"]["games"], details["settings"]["entry_fee"]) == (3, "0.00")


def test_change_settings(db):
    event = new_event(db, games=3)
    done = events.change_settings(db, event.id, {"games": 5, "entry_fee": 1500})
    assert done == SettingsChanged("Open", (("games", 5), ("entry_fee", 1500)), None)
    assert done.lines() == ["updated Open: games=5, entry_fee=15.00"]  # money echoed as typed, never cents
    assert (load_event(db, event.id).games, load_event(db, event.id).entry_fee) == (5, 1500)
    paired(db, event, 2)
    with pytest.raises(CribError, match="2 games are already scheduled; games cannot be fewer"):
        events.change_settings(db, event.id, {"games": 1})
    with pytest.raises(CribError, match=r"the format cannot change once play has started \(Open is acc\)"):
        events.change_settings(db, event.id, {"format": "round-robin"})


def test_enter_new_and_known_players_and_late_entries(db):
    event = new_event(db, players=("Ann", "Bob"), games=3)
    known = player_ids(db, event)["Ann"]
    other = events.create_event(db, "Other", EventSettings()).id
    assert events.enter(db, other, [known, NewPlayer("Cy")]) == Entered((EntryAdded("Ann", 1), EntryAdded("Cy", 1)))
    paired(db, event)
    late = events.enter(db, event.id, [NewPlayer("Dee")])
    assert late.entries == (EntryAdded("Dee", 2),) and late.lines() == ["entered Dee (late entry: from game 2)"]
    with pytest.raises(CribError, match="Ann is already entered in Open"):
        events.enter(db, event.id, [known])
    third = events.create_event(db, "Third", EventSettings()).id
    with pytest.raises(CribError, match="^Ann is named twice$"):
        events.enter(db, third, [known, known])


def test_enter_team_and_a_teams_file(db):
    event = new_event(db, players=(), variant="four-player")
    made = events.enter_team(db, event.id, [NewPlayer("Ann"), NewPlayer("Bob")], None)
    assert made == Entered((EntryAdded("Ann & Bob", 1, ("Ann", "Bob")),))
    assert made.lines() == ["entered Ann & Bob: Ann, Bob"]
    filed = events.enter_team_file(db, event.id, TeamsFile("teams.csv", (
        TeamLine(2, "Aces", (NewPlayer("Cat"), NewPlayer("Dan"))),
        TeamLine(3, None, (NewPlayer("Eve"), NewPlayer("Fay")))), ()))
    assert filed.entries == (EntryAdded("Aces", 1, ("Cat", "Dan")), EntryAdded("Eve & Fay", 1, ("Eve", "Fay")))
    with pytest.raises(CribError, match="Ann is already on Ann & Bob in Open"):
        events.enter_team(db, event.id, [player_ids_of(db, event, "Ann"), NewPlayer("Gus")], "Late")
    with pytest.raises(CribError, match="a team of Open has 2 players, not 1"):
        events.enter_team(db, event.id, [NewPlayer("Hal")], None)
    singles = new_event(db, "Singles", players=())
    with pytest.raises(CribError, match="Singles is a singles event: enter players without --team"):
        events.enter_team(db, singles.id, [NewPlayer("Ivy"), NewPlayer("Jo")], None)


def player_ids_of(db, event, name):
    from crib_tourney.store.directory import find_player

    return find_player(db, name).id


def test_enter_teams_and_enter_players_inside_a_change(db):
    from crib_tourney.store.players import players_by_id

    pairs = new_event(db, "Pairs", players=(), variant="four-player")
    singles = new_event(db, "Singles", players=("Ann", "Bob", "Cat"))
    roster = players_by_id(db, [1, 2, 3])
    change = Change(db, "enter", Log(pairs.id))
    added = events.enter_teams(change, pairs, [("Twos", [roster[1], roster[2]])])
    change.log("entered Twos")
    assert added == [EntryAdded("Twos", 1, ("Ann", "Bob"))]
    with pytest.raises(CribError, match="Ann is already entered in Singles"):
        events.enter_players(Change(db, "enter", Log(singles.id)), singles, [roster[1]])
    fresh = new_event(db, "Fresh", players=())
    change = Change(db, "enter", Log(fresh.id))
    assert events.enter_players(change, fresh, [roster[3], roster[1]]) == [EntryAdded("Cat", 1), EntryAdded("Ann", 1)]
    change.log("entered two")
    assert [e.player_id for e in entries_of(db, fresh)] == [3, 1]


def test_withdraw_forfeits_the_games_paired_without_a_result(db):
    event = new_event(db, games=3)
    entry = ids(db, event)
    paired(db, event, 2)  # game 1: Ann v Dan, Bob v Cat; game 2: Ann v Cat, Dan v Bob
    play(db, event, 1, (121, 100), (121, 110))
    done = events.withdraw(db, event.id, entry["Ann"])
    assert done.facts == (Withdrawal("Ann", 1, (2,)),)
    assert done.lines() == ["Ann withdrew after game 1; forfeits scheduled game(s) 2"]
    standing = {r["player"]: (r["game_points"], r["spread"], r["withdrawn"]) for r in standings.standings(db, event.id).rows}
    # Ann: won game 1 by 21, forfeits game 2 (-10); Cat: lost game 1 by 11, wins game 2 by forfeit (+10)
    assert standing["Ann"] == (2, 11, True) and standing["Cat"] == (2, -1, False)
    with pytest.raises(CribError, match="Ann already withdrew from Open after game 1"):
        events.withdraw(db, event.id, entry["Ann"])
    assert [r["games"] for r in standings.standings(db, event.id).rows if r["player"] == "Cat"] == [2]


def test_schedule_next_and_game_view(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"), games=2)
    change = Change(db, "round", Log(event.id))
    assert events.schedule_next(change, event) == 1
    change.log("paired game 1")
    view = events.game_view(db, event, 1)
    assert view == GameView(1, ((1, "Bob", "Cat"),), "Ann")
    assert view.as_dict() == {"game": 1, "tables": [{"table": 1, "players": ["Bob", "Cat"]}], "bye": "Ann", "draw_seed": None}
    with pytest.raises(CribError, match="game 2 of Open has not been scheduled"):
        events.game_view(db, event, 2)


def test_make_round_by_the_rotation_a_draw_all_games_and_show(db):
    event = new_event(db, games=3)
    assert events.make_round(db, event.id) == [GameView(1, ((1, "Ann", "Dan"), (2, "Bob", "Cat")), None)]
    [drawn] = events.make_round(db, event.id, draw_seed=7)
    assert (drawn.game, drawn.draw_seed, len(drawn.tables)) == (2, 7, 2)
    assert sorted(p for t in drawn.tables for p in t[1:]) == ["Ann", "Bob", "Cat", "Dan"]
    assert [v.game for v in events.make_round(db, event.id, all_games=True)] == [3]
    assert events.make_round(db, event.id, show=1) == [GameView(1, ((1, "Ann", "Dan"), (2, "Bob", "Cat")), None)]
    with pytest.raises(CribError, match="all 3 qualifying games of Open are already scheduled"):
        events.make_round(db, event.id)
    with pytest.raises(CribError, match="--draw seats one new game: not with --all or --show"):
        events.make_round(db, event.id, show=1, draw_seed=3)


def test_first_open_game_and_open_game(db):
    event = new_event(db, games=3)
    with pytest.raises(CribError, match="Open has no games scheduled yet"):
        events.first_open_game(db, event)
    paired(db, event, 2)
    assert events.first_open_game(db, event) == 1
    play(db, event, 1, (121, 100), (121, 100))
    assert events.first_open_game(db, event) == 2
    play(db, event, 2, (121, 100), (121, 100))
    assert events.first_open_game(db, event) == 2  # every game played: the last scheduled
    assert events.open_game(db, event.id) == OpenGame(event.id, "Open", 2, 2)
    assert events.open_game(db, event.id, 1) == OpenGame(event.id, "Open", 1, 2)
    with pytest.raises(CribError, match="game 3 of Open has not been scheduled"):
        events.open_game(db, event.id, 3)


def test_unschedule(db):
    event = new_event(db, games=3)
    paired(db, event, 3)
    play(db, event, 1, (121, 100), (121, 100))
    assert events.unschedule(db, event.id, 2) == Unscheduled("Open", 2, 3)
    assert events.event_details(db, event.id)["scheduled"] == 1
    with pytest.raises(CribError, match=r"game 2 of Open is not scheduled \(games 1-1 are\)"):
        events.unschedule(db, event.id, 2)
    with pytest.raises(CribError, match="game 1 already has results; only unplayed games can be paired again"):
        events.unschedule(db, event.id, 1)


def test_create_consolation_of_the_non_qualifiers(db):
    event = played_event(db, players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"), games=3, entry_fee=1000)
    playoffs.cut(db, event.id, None)
    made = events.create_consolation(db, event.id, None, None)
    assert (made.event.name, made.entries, made.event.format, made.event.entry_fee) == ("Open Consolation", 6, "single-elim", 0)
    assert made.event.parent_event_id == event.id
    qualifiers = {e.id for e in playoffs.non_qualifiers(db, event)}
    assert len(qualifiers) == 6
    assert [e.summary for e in changes.entries(db, event.id, None)][-1] == "created the consolation event Open Consolation (6 entries)"
    with pytest.raises(CribError, match="Open already has its consolation event 'Open Consolation'"):
        events.create_consolation(db, event.id, "Again", "double-elim")
