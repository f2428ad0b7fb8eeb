"""services/rankings.py: a season's MRP rankings, the lifetime brought in and the titles crossed."""

from __future__ import annotations

from datetime import date

import pytest

from crib_tourney.errors import CribError
from crib_tourney.inputs.csvrows import roster_rows
from crib_tourney.services import mrps, players, playoffs, rankings
from crib_tourney.services.rankings import RankingRow, Rankings
from crib_tourney.tourney.seasons import season_of
from tests.services.builders import acc_consolation, ids, played_event

BOTH = ("Ann", "Eve")  # the two qualifiers of acc_consolation: Ann earns 33 MRPs, Eve 7


def three_seasons_of_events(db):
    """Ann brought in 1950 lifetime MRPs; Old (2026-05-01, the season before), Fall and Winter (2026-27)."""
    players.import_players(db, roster_rows("name,acc_number,mrps\nAnn,A1,1950\n"))
    ids = {}
    for name, day in (("Old", "2026-05-01"), ("Fall", "2026-09-12"), ("Winter", "2027-01-10")):
        ids[name] = acc_consolation(db, name, day, numbered=BOTH).id
    played_event(db, "Club", ("Ivy", "Jon"), games=1, date="2026-10-01")  # not an ACC event: not counted
    return ids


def test_the_seasons_mrps_added_to_the_lifetime_brought_in(db):
    three_seasons_of_events(db)
    ann, eve = (p.id for p in players.search(db, None) if p.name in BOTH)
    assert rankings.rankings(db, " 2026-27 ") == Rankings("2026-27", "2026-08-01", "2027-07-31", ("Fall", "Winter"), (
        RankingRow(1, ann, "Ann", "A1", 66, 2, 1950 + 33 + 66, ("Master",), "Master"),  # 1983 before the season, 2049 after
        RankingRow(2, eve, "Eve", "A2", 14, 2, 7 + 14, (), None)))
    before = rankings.rankings(db, "2025-26")
    assert [(r.name, r.season, r.lifetime, r.crossed) for r in before.rows] == [("Ann", 33, 1983, ()), ("Eve", 7, 7, ())]
    assert before.as_dict() == {"season": "2025-26", "from": "2025-08-01", "to": "2026-07-31", "events": ["Old"], "rows": [
        {"rank": 1, "name": "Ann", "acc_number": "A1", "season_mrps": 33, "events": 1, "lifetime_mrps": 1983,
         "titles_crossed": [], "title": None},
        {"rank": 2, "name": "Eve", "acc_number": "A2", "season_mrps": 7, "events": 1, "lifetime_mrps": 7,
         "titles_crossed": [], "title": None}]}
    assert rankings.rankings(db, "2030-31") == Rankings("2030-31", "2030-08-01", "2031-07-31", (), ())
    assert rankings.rankings(db) == rankings.rankings(db, season_of(date.today().isoformat()))


def test_only_finished_events_the_schedule_covers_count_and_a_bad_season_is_refused(db):
    acc_consolation(db, "Fall", "2026-09-12", numbered=BOTH)
    acc_consolation(db, "Spring", "2027-03-01", numbered=BOTH, finish=False)  # the final not played: not counted
    by_hand = played_event(db, "Main", ("Ivy", "Jon", "Kim", "Lou"), games=2, acc_event="main", date="2027-04-01")
    playoffs.cut(db, by_hand.id, 2)
    entry = ids(db, by_hand)
    a, b = playoffs.bracket_json(db, by_hand)["rounds"][0]["matches"][0]["players"]
    for _ in range(3):
        playoffs.record_playoff_game(db, by_hand, entry[a], entry[b], (121, 100), None, False, False)
    earned = mrps.mrps_of(db, by_hand)  # finished, but 2 games: the Main table has no such row: by hand, not counted
    assert (earned.shown, earned.by_hand) == (True, "the ACC schedule has no Main with 2 qualifying games")
    shown = rankings.rankings(db, "2026-27")
    assert (shown.events, [(r.rank, r.name, r.season, r.events) for r in shown.rows]) == (
        ("Fall",), [(1, "Ann", 33, 1), (2, "Eve", 7, 1)])
    with pytest.raises(CribError, match="^a season is written like 2026-27 \\(August 1 to July 31\\), not '2026-28'$"):
        rankings.rankings(db, "2026-28")
