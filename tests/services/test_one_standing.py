"""services/one_standing.py: one entry's row of the standings, without ranking the
field, is exactly the row the whole field's standings hold (services/standings.py),
for every entry of events with ties, head-to-head, byes, withdrawals, no-shows,
pending and disputed cards, forfeits and a cut playoff; and so the report's row
(services/reports.report_row) is the report's."""

from __future__ import annotations

import random

import pytest

from crib_tourney.errors import NotFound
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.services import checkin, events, one_standing, playoffs, pools, reports, results, standings
from crib_tourney.store.events import load_event
from tests.services.builders import ids, new_event, play

FIELD = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max", "Ned", "Oda")


def every_row_is_the_fields(db, event):
    """Each entry's standing_of equals its row of the whole standings (None: a no-show)."""
    event = load_event(db, event.id)
    whole = standings.standings(db, event)
    by_entry = {r.player: r for r in whole.ranked}
    found = {e: one_standing.standing_of(db, event, e) for e in ids(db, event).values()}
    assert found == {e: by_entry.get(e) for e in found}
    assert sum(row is None for row in found.values()) == len(whole.did_not_play)
    return whole


def a_mixed_event(db, seed: int, games: int = 4, pending: bool = True, **settings):
    """FIELD of 15 (a bye each game), scores from a few (so many ties on the first four
    tie-breaks), a forfeit, Ivy withdrawn before game 1 (a no-show), Hal after game 2,
    and in game 4 a lone card and two cards that disagree; ``games`` beyond 4 left to pair."""
    rng = random.Random(seed)
    event = new_event(db, f"Mixed {seed}", FIELD, games=games, bye_points=2, bye_spread=21, **settings)
    entry = ids(db, event)
    events.withdraw(db, event.id, entry["Ivy"])
    for game in range(1, min(games, 4) + 1):
        if game == 3:
            events.withdraw(db, event.id, entry["Hal"])
        [view] = events.make_round(db, event.id)
        for k, (table, a, b) in enumerate(view.tables, 1):
            first, second = entry[a], entry[b]
            if game == 4 and k == 1 and pending:  # a lone card: pending
                results.record_result(db, event.id, first, 121, second, 100, card=first)
            elif game == 4 and k == 2 and pending:  # two cards that disagree: disputed
                results.record_result(db, event.id, first, 121, second, 100, card=first)
                results.record_result(db, event.id, first, 100, second, 121, card=second)
            elif game == 2 and k == 1:
                results.record_table_forfeit(db, event.id, game, table, first)
            else:
                win, lose = rng.choice([(121, 100)] * 5 + [(121, 90)])
                results.record_table(db, event.id, game, table, (win, lose) if rng.random() < 0.5 else (lose, win))
    return load_event(db, event.id)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_row_is_the_whole_standings_row(db, seed):
    event = a_mixed_event(db, seed, games=5)
    events.make_round(db, event.id)  # game 5 paired, not under way: its bye does not count yet
    whole = every_row_is_the_fields(db, event)
    assert whole.did_not_play == ("Ivy",) and whole.pending == 1 and whole.disputed == 1
    assert any(r.tied for r in whole.ranked) and any(r.withdrawn for r in whole.ranked)
    if seed == 2:  # head-to-head splits a level of equal totals (Dan beat Jon)
        assert [(a.name, b.name) for a in whole.ranked for b in whole.ranked if a.key() == b.key() and a.rank < b.rank]


def test_entries_without_a_counted_game_stand_level_above_a_loss(db):
    """Ann beats Dan; Bob's card alone says he beat Cat: Bob and Cat, with no game
    counted, stand level (2nd), above Dan (4th)."""
    event = new_event(db, games=2)
    entry = ids(db, event)
    events.make_round(db, event.id)
    play(db, event, 1, (121, 100))
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 90, card=entry["Bob"])
    whole = every_row_is_the_fields(db, event)
    assert [(r.name, r.rank, r.tied) for r in whole.ranked] == [("Ann", 1, False), ("Bob", 2, True), ("Cat", 2, True),
                                                                ("Dan", 4, False)]


def test_a_no_show_of_check_in_and_a_late_entry(db):
    """Check-in on: Eve not checked in, game 1 paired without her: a no-show until
    game 2 seats her; Fay entered late and checked in."""
    event = new_event(db, "Door", ("Ann", "Bob", "Cat", "Dan", "Eve"), games=3, check_in=True)
    entry = ids(db, event)
    checkin.check_in(db, event.id, [entry[n] for n in ("Ann", "Bob", "Cat", "Dan")])
    [view] = events.make_round(db, event.id, ignore_check_in=True)
    play(db, event, 1, *[(121, 100)] * len(view.tables))
    assert every_row_is_the_fields(db, event).did_not_play == ("Eve",)
    events.enter(db, event.id, [NewPlayer("Fay")])
    checkin.check_in(db, event.id, [ids(db, event)["Fay"]])
    for game in (2, 3):
        [view] = events.make_round(db, event.id)
        play(db, event, game, *[(100, 121)] * len(view.tables))
    assert every_row_is_the_fields(db, event).did_not_play == ()


def test_a_cut_playoff_settles_a_level(db):
    """Ann and Bob tied first, one qualifier: Bob wins the cut playoff."""
    event = new_event(db, "Level", games=1)
    entry = ids(db, event)
    events.make_round(db, event.id)
    play(db, event, 1, (121, 100), (121, 100))
    assert [r.tied for r in every_row_is_the_fields(db, event).ranked] == [True, True, True, True]
    playoffs.record_cut_playoff(db, event, entry["Bob"], entry["Ann"], (121, 110))
    whole = every_row_is_the_fields(db, event)
    assert [(r.name, r.rank, r.note) for r in whole.ranked[:2]] == [("Bob", 1, "won cut playoff"), ("Ann", 2, "lost cut playoff")]


def test_events_ranked_whole(db):
    """Tables of three, and totals not kept under the event's rules: the row comes
    from the whole standings."""
    three = new_event(db, "Three", ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), variant="three-player", games=1)
    [view] = events.make_round(db, three.id)
    play(db, three, 1, *[(121, 100, 90)] * len(view.tables))
    every_row_is_the_fields(db, three)
    event = a_mixed_event(db, 4, games=2)
    db.write("DELETE FROM totals_kept WHERE event_id = :e", e=event.id)  # as an older release left them
    every_row_is_the_fields(db, event)
    with pytest.raises(NotFound, match="no entry #999999 in Mixed 4"):
        one_standing.standing_of(db, event, 999999)
    with pytest.raises(NotFound, match="no entry #999999 in Three"):
        one_standing.standing_of(db, load_event(db, three.id), 999999)


@pytest.mark.parametrize("prize", [0, 500])
def test_the_report_rows_of_a_bracket_with_pools_and_a_high_non_qualifier(db, prize):
    """report_row reads the money whole only when the entry can have some: each row
    is the report's, with a pool, and with a high non-qualifier's prize."""
    event = a_mixed_event(db, 10, games=3, pending=False, high_nonqualifier_prize=prize, entry_fee=1000, payouts="60,40")
    pools.add_pool(db, event.id, "Skins", 500, "q", "equal")
    pools.join_pool(db, event.id, pools.pool_id(db, event.id, "Skins"), list(ids(db, event).values()))
    before = reports.report(db, event.id)  # no bracket yet
    assert [reports.report_row(db, event.id, r.entry_id) for r in before.rows] == list(before.rows)
    playoffs.cut(db, event.id, 2)
    after = reports.report(db, event.id)
    assert [reports.report_row(db, event.id, r.entry_id) for r in after.rows] == list(after.rows)
    assert [r.prize for r in after.rows if not r.qualified and r.prize] == ([500] if prize else [])
    assert any(r.pools for r in after.rows)
