"""services/site.py: what the live view's and the published site's pages read,
keyed by entry id."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from crib_tourney.errors import NotFound
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import events, leagues, playoffs, rankings, results, site
from crib_tourney.services.site import LeagueNights, StandingsTable
from crib_tourney.store.events import load_event
from crib_tourney.tourney.settings import LeagueSettings
from tests.services.builders import acc_consolation, ids, new_event, paired, play, played_event

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
# played_event of EIGHT, three games: Ann, Bob 6 points (+63); Cat, Hal 4 (+21); Dan, Gus 2; Eve, Fay 0


def test_event_of_and_the_lists_of_events_and_leagues(db):
    assert site.event_ids(db) == [] and site.league_ids(db) == []
    first, second = new_event(db), new_event(db, "Second")
    assert site.event_of(db, second.id) == second
    with pytest.raises(NotFound, match="no event 99"):
        site.event_of(db, 99)
    league = leagues.create_league(db, "Tuesdays", LeagueSettings())
    assert site.event_ids(db) == [first.id, second.id]
    assert site.league_ids(db) == [league.id]


def test_last_change(db):
    assert site.last_change(db) is None
    new_event(db)
    at = site.last_change(db)
    assert isinstance(at, datetime) and at.tzinfo is None  # UTC, as the audit keeps it
    assert abs((datetime.now(timezone.utc).replace(tzinfo=None) - at).total_seconds()) < 60


def test_entries_their_names_and_members(db):
    event = new_event(db, players=("Bob", "Ann"))
    entry = ids(db, event)
    assert site.entry_ids(db, event) == [entry["Bob"], entry["Ann"]]  # entry order
    assert site.entry_names(db, event) == {entry["Bob"]: "Bob", entry["Ann"]: "Ann"}
    assert site.entries_by_name(db, event) == {"Bob": entry["Bob"], "Ann": entry["Ann"]}
    teams = new_event(db, "Fours", players=(), variant="four-player")
    events.enter_team(db, teams.id, [NewPlayer("Cat"), NewPlayer("Dan")], "Aces")
    [aces] = site.entry_ids(db, teams)
    assert site.entry_names(db, teams) == {aces: "Aces"}
    assert site.member_names(db, teams) == {aces: ["Cat", "Dan"]}


def test_games_scheduled(db):
    event = new_event(db, games=3)
    assert (site.games_scheduled(db, event.id), site.cut_made(db, event.id), site.seeds(db, event.id)) == (False, False, {})
    paired(db, event)
    assert site.games_scheduled(db, event.id) is True


def test_cut_made_and_seeds(db):
    played = played_event(db, players=EIGHT, games=3)
    assert (site.cut_made(db, played.id), site.seeds(db, played.id)) == (False, {})
    playoffs.cut(db, played.id, 4)
    entry = ids(db, played)
    assert site.cut_made(db, played.id) is True
    assert site.seeds(db, played.id) == {entry["Ann"]: 1, entry["Bob"]: 2, entry["Cat"]: 3, entry["Hal"]: 4}


def test_standings_table_rows_entries_and_uncounted_games(db):
    event = new_event(db, games=2)  # game 1: Ann v Dan, Bob v Cat
    entry = ids(db, event)
    paired(db, event)
    results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 90, card=entry["Ann"])  # a lone card: pending
    table = site.standings_table(db, event)
    assert isinstance(table, StandingsTable)
    assert (table.cut, table.pending, table.disputed) == (0, 1, 0)  # no cut line before a result counts (the page drew none)
    assert [r["player"] for r in table.rows] == ["Ann", "Bob", "Cat", "Dan"]
    assert table.entries == (entry["Ann"], entry["Bob"], entry["Cat"], entry["Dan"])
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 100, card=entry["Bob"])
    results.record_result(db, event.id, entry["Bob"], 100, entry["Cat"], 121, card=entry["Cat"])
    table = site.standings_table(db, event)
    assert (table.cut, table.pending, table.disputed) == (0, 1, 1)
    results.record_result(db, event.id, entry["Ann"], 121, entry["Dan"], 90, card=entry["Dan"])  # Ann's game counts: a line, at one of four
    assert site.standings_table(db, event).cut == 1
    assert [table.rows[i]["player"] for i in range(4)] == [site.entry_names(db, event)[e] for e in table.entries]


def test_league_nights(db):
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(games_per_night=2))
    leagues.join(db, league.id, [NewPlayer(n) for n in ("Ann", "Bob")])
    assert site.league_nights(db, league.id) == LeagueNights({}, {})
    night = leagues.new_night(db, league.id, date(2026, 3, 3))
    entry = ids(db, load_event(db, night.event_id))
    assert site.league_nights(db, league.id) == LeagueNights({"1": night.event_id}, {"1": {"Ann": entry["Ann"], "Bob": entry["Bob"]}})


def test_newest_season_rankings_are_of_the_newest_dated_acc_event(db):
    assert site.newest_season_rankings(db) is None  # no ACC event
    acc_consolation(db, "Spring", "2026-05-01", numbered=("Ann",), finish=False)
    assert site.newest_season_rankings(db) is None  # its season ranks nobody yet: the final is not played
    acc_consolation(db, "Fall", "2026-09-12", numbered=("Ann",))
    newest = site.newest_season_rankings(db)
    assert newest == rankings.rankings(db, "2026-27") and newest is not None
    assert (newest.season, newest.events, [(r.name, r.season) for r in newest.rows]) == ("2026-27", ("Fall",), [("Ann", 33)])


# --- issue 33: find-your-table, and when an event last changed -------------------

def _states(found: site.FindList) -> dict[str, tuple]:
    return {w.name: (w.state, w.table, w.opponents, w.round, w.place) for w in found.rows}


def test_find_your_table_before_the_draw_and_at_a_game(db):
    from crib_tourney.services import checkin

    door = new_event(db, "Door", players=("Ann", "Bob", "Cat", "Dan", "Eve"), check_in=True)
    entry = ids(db, door)
    checkin.check_in(db, door.id, [entry[n] for n in ("Ann", "Bob", "Cat", "Dan")])
    before = site.find_your_table(db, door)
    assert (before.game, before.playoffs, before.finished) == (None, False, False)
    assert {w.name: w.state for w in before.rows} == {"Ann": site.NOT_PAIRED, "Bob": site.NOT_PAIRED, "Cat": site.NOT_PAIRED,
                                                      "Dan": site.NOT_PAIRED, "Eve": site.NOT_CHECKED_IN}
    events.make_round(db, door.id, ignore_check_in=True)  # game 1 without Eve: Ann v Dan, Bob v Cat
    found = site.find_your_table(db, door)
    assert found.game == 1
    assert _states(found) == {"Ann": (site.PLAYING, 1, ("Dan",), None, None), "Bob": (site.PLAYING, 2, ("Cat",), None, None),
                              "Cat": (site.PLAYING, 2, ("Bob",), None, None), "Dan": (site.PLAYING, 1, ("Ann",), None, None),
                              "Eve": (site.NOT_CHECKED_IN, None, (), None, None)}
    assert [w.seat for w in found.rows] == [1, 1, 2, 2, None]
    five = new_event(db, "Five", players=("Zoë", "Łukasz", "Gus", "Hal", "Éva"))
    paired(db, five)
    rows = site.find_your_table(db, five).rows
    assert [w.name for w in rows] == ["Éva", "Gus", "Hal", "Łukasz", "Zoë"]  # by the folded name
    assert [w.key for w in rows] == ["eva", "gus", "hal", "lukasz", "zoe"]
    assert sorted(w.state for w in rows) == [site.BYE] + [site.PLAYING] * 4


def test_find_your_table_in_the_playoffs_and_at_the_end(db):
    played = played_event(db, players=EIGHT, games=3)
    playoffs.cut(db, played.id, 4)  # Ann v Hal, Bob v Cat
    entry = ids(db, played)
    found = site.find_your_table(db, played)
    assert (found.game, found.playoffs, found.finished) == (None, True, False)
    got = {w.name: (w.state, w.opponents, w.round, w.match, w.wins, w.rank) for w in found.rows}
    assert got["Ann"] == (site.PLAYING, ("Hal",), "semifinal", "W1.1", (0, 0), "1=")
    assert got["Cat"][:3] == (site.PLAYING, ("Bob",), "semifinal")
    assert {n: s[0] for n, s in got.items() if n in ("Dan", "Eve", "Fay", "Gus")} == dict.fromkeys(("Dan", "Eve", "Fay", "Gus"),
                                                                                                  site.NOT_QUALIFIED)
    best_of = played.settings.best_of
    for _ in range(best_of // 2 + 1):  # Ann wins her semifinal
        results.record_result(db, played.id, entry["Ann"], 121, entry["Hal"], 90)
    got = {w.name: (w.state, w.round, w.round_no) for w in site.find_your_table(db, played).rows}
    assert got["Ann"] == (site.WAITING, "final", 2) and got["Hal"] == (site.OUT, "semifinal", 1)
    won = acc_consolation(db, "Fall")
    found = site.find_your_table(db, won)
    assert found.finished and _states(found)["Ann"] == (site.CHAMPION, None, (), None, "1st")
    assert _states(found)["Eve"][:4] == (site.OUT, None, (), "final")


def test_find_your_table_of_a_finished_three_sided_event_places_by_the_standings(db):
    threes = new_event(db, "Threes", players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), variant="three-player", games=2)
    for game in (1, 2):
        paired(db, threes)
        play(db, threes, game, (121, 90, 70), (121, 95, 75))
    found = site.find_your_table(db, threes)
    assert found.finished and not found.playoffs
    places = {w.name: (w.state, w.place) for w in found.rows}
    assert sorted(places.values()).count((site.CHAMPION, "1st")) == 1
    assert all(state in (site.CHAMPION, site.PLACED) and place for state, place in places.values())


def test_when_an_event_and_a_league_last_changed(db):
    first, second = new_event(db), new_event(db, "Second")
    assert site.event_changed(db, first.id) < site.event_changed(db, second.id)  # type: ignore[operator]
    paired(db, first)
    assert site.event_changed(db, first.id) > site.event_changed(db, second.id)  # type: ignore[operator]
    assert site.event_changed(db, first.id) == site.last_change(db)
    assert site.event_changed(db, 99) is None
    league = leagues.create_league(db, "Tuesdays", LeagueSettings(games_per_night=2))
    leagues.join(db, league.id, [NewPlayer(n) for n in ("Ann", "Bob")])
    night = leagues.new_night(db, league.id, date(2026, 3, 3))
    assert site.league_changed(db, league.id) == site.last_change(db)  # the night made: the league's change
    paired(db, load_event(db, night.event_id))
    assert site.league_changed(db, league.id) == site.event_changed(db, night.event_id) == site.last_change(db)
    assert site.event_changed(db, first.id) < site.league_changed(db, league.id)  # type: ignore[operator]
    assert site.league_night_events(db) == {night.event_id}
