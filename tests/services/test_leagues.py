"""services/leagues.py: members, nights, the season's standings and the club's records."""

from __future__ import annotations

from datetime import date

import pytest

from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.cards import hand
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import events, leagues
from crib_tourney.services.leagues import Absences, HandRecorded, Joined, Night
from crib_tourney.store.events import load_event
from crib_tourney.tourney.settings import LeagueSettings
from tests.services.builders import paired, play

# four members; night 1 (two games): Ann wins both (121-100), Bob and Dan one each, Cat none


def league_with_a_night(db, **settings):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(games_per_night=2, **settings))
    leagues.join(db, league.id, [NewPlayer(n) for n in ("Ann", "Bob", "Cat", "Dan")])
    night = leagues.new_night(db, league.id, date(2026, 3, 3))
    event = load_event(db, night.event_id)
    paired(db, event, 2)
    play(db, event, 1, (121, 100), (121, 100))
    play(db, event, 2, (121, 100), (121, 100))
    return league, event


def test_create_change_and_list_leagues(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(season="2026"))
    assert (league.id, league.name, league.season, league.games_per_night) == (1, "Tuesdays", "2026", 9)
    changed = leagues.change_league(db, league.id, {"games_per_night": 6, "formula": "game-points"})
    assert (changed.games_per_night, changed.formula) == (6, "game-points")
    [summary] = leagues.league_summaries(db)
    assert {k: summary[k] for k in ("id", "name", "season", "games_per_night", "formula", "members", "nights")} == {
        "id": 1, "name": "Tuesdays", "season": "2026", "games_per_night": 6, "formula": "game-points", "members": 0, "nights": 0}
    with pytest.raises(CribError, match="a league named 'Tuesdays' already exists"):
        leagues.create_league(db, "tuesdays", LeagueSettings())
    with pytest.raises(NotFound, match="no league #7"):
        leagues.change_league(db, 7, {"games_per_night": 5})


def test_join_and_details(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings())
    assert leagues.join(db, league.id, [NewPlayer("Bob"), NewPlayer("ann")]) == Joined("Tuesdays", ("Bob", "ann"))
    with pytest.raises(CribError, match="Bob is already a member of Tuesdays"):
        leagues.join(db, league.id, [1])
    details = leagues.league_details(db, league.id)
    assert (details["members"], details["nights"]) == (["ann", "Bob"], [])


def test_new_night_enters_every_member_but_the_absent(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(games_per_night=3))
    leagues.join(db, league.id, [NewPlayer(n) for n in ("Ann", "Bob", "Cat")])
    night = leagues.new_night(db, league.id, date(2026, 3, 3), absent=[2])
    assert night == Night(night.event_id, "Tuesdays night 1 (2026-03-03)", 1, 1)
    details = events.event_details(db, night.event_id)
    assert (details["players"], details["settings"]["games"], details["settings"]["date"]) == (2, 3, "2026-03-03")
    assert leagues.league_details(db, league.id)["nights"] == [
        {"night": 1, "event": "Tuesdays night 1 (2026-03-03)", "date": "2026-03-03", "formula": "grass-roots"}]


def test_mark_absent(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings())
    with pytest.raises(CribError, match="Tuesdays has no nights yet"):
        leagues.mark_absent(db, league.id, [1])
    leagues.join(db, league.id, [NewPlayer("Ann"), NewPlayer("Bob"), NewPlayer("Cat")])
    night = leagues.new_night(db, league.id, date(2026, 3, 3))
    assert leagues.mark_absent(db, league.id, [2, 3]) == Absences(1, ("Bob", "Cat"))
    assert events.event_details(db, night.event_id)["players"] == 1
    with pytest.raises(CribError, match="Bob is already marked absent on night 1"):
        leagues.mark_absent(db, league.id, [2], night_no=1)
    with pytest.raises(CribError, match=r"Tuesdays has no night 4 \(nights 1-1\)"):
        leagues.mark_absent(db, league.id, [1], night_no=4)


def test_season_view_and_a_preview_by_another_formula(db):
    league, _ = league_with_a_night(db)
    season = leagues.season_view(db, league.id)
    assert (season["nights"], season["formula"], season["preview"]) == (1, "grass-roots", False)
    assert [(r["rank"], r["player"], r["season_points"], r["game_points"]) for r in season["rows"]] == [
        (1, "Ann", 0, 4), (2, "Bob", 0, 2), (2, "Dan", 0, 2), (4, "Cat", 0, 0)]  # nobody reached the threshold of 12
    preview = leagues.season_view(db, league.id, formula="game-points")
    assert preview["preview"] is True
    assert [(r["player"], r["season_points"]) for r in preview["rows"]] == [("Ann", 4), ("Bob", 2), ("Dan", 2), ("Cat", 0)]
    assert leagues.season_view(db, league.id, date_from=date(2026, 4, 1))["rows"] == []
    with pytest.raises(CribError, match="unknown formula 'best'"):
        leagues.season_view(db, league.id, formula="best")


def test_record_hand_and_the_records(db):
    league, event = league_with_a_night(db)
    cards, starter = hand(["5H", "5D", "5S", "JC"], "5C")
    done = leagues.record_hand(db, league.id, 1, cards, starter, False, 29, event_id=event.id)
    assert done == HandRecorded("Ann", 29, cards, starter, False)
    with pytest.raises(CribError, match="that hand counts 29, not 28: 5H 5D 5S JC with 5C"):
        leagues.record_hand(db, league.id, 1, cards, starter, False, 28)
    found = leagues.records(db, league.id)
    assert found["special_hands"] == [{"player": "Ann", "points": 29, "cards": "5H 5D 5S JC", "starter": "5C", "crib": False,
                                       "date": "2026-03-03"}]
    assert found["perfect_nights"] == [{"player": "Ann", "night": "Tuesdays night 1 (2026-03-03)", "date": "2026-03-03", "wins": 2}]
    sheet = leagues.season_print_data(db, league.id)
    assert (sheet["records"], sheet["season"]["league"], sheet["league"]["name"]) == (found, "Tuesdays", "Tuesdays")


def test_a_leagues_yes_or_no_setting_reads_back_as_a_bool(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(drop_absences_first=True))
    assert leagues.league_details(db, league.id)["drop_absences_first"] is True
