"""services/standings.py: ranked rows (final, provisional, own cards), the games not
counted yet, the sides of tables of three, and the card problems."""

from __future__ import annotations

import re

import pytest

from crib_tourney.services import playoffs, results, standings, three_sides
from crib_tourney.services.standings import CardProblem, SideLine
from crib_tourney.tourney.scoring import GameLine
from crib_tourney.tourney.standings import HeadToHead, Row
from tests.services.builders import ids, new_event, paired, play

# game 1 of four players: table 1 Ann v Dan, table 2 Bob v Cat


def a_result_and_a_lone_card(db):
    """Ann beats Dan 121-100; Bob's card alone says he skunked Cat 121-90."""
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event)
    play(db, event, 1, (121, 100))
    results.record_result(db, event.id, entry["Bob"], 121, entry["Cat"], 90, card=entry["Bob"])
    return event, entry


def test_standings_count_only_final_games(db):
    event, entry = a_result_and_a_lone_card(db)
    rows = standings.standings(db, event).every
    assert [(r.player, r.rank, r.game_points, r.spread, r.games, r.pending) for r in rows] == [
        (entry["Ann"], 1, 2, 21, 1, 0), (entry["Bob"], 2, 0, 0, 0, 1), (entry["Cat"], 2, 0, 0, 0, 1), (entry["Dan"], 4, 0, -21, 1, 0)]
    provisional = standings.standings(db, event, standings.PROVISIONAL).every
    assert [(r.name, r.game_points, r.spread) for r in provisional] == [("Bob", 3, 31), ("Ann", 2, 21), ("Dan", 0, -21), ("Cat", 0, -31)]
    own = standings.standings(db, event, standings.OWN_CARDS).every
    assert [(r.name, r.game_points, r.spread) for r in own] == [("Bob", 3, 31), ("Ann", 2, 21), ("Cat", 0, 0), ("Dan", 0, -21)]
    with pytest.raises(ValueError, match="not a view of the standings: 'best'"):
        standings.standings(db, event, "best")


def test_cut_playoff_games_settle_a_tie_at_the_line(db):
    event = new_event(db, games=1)
    entry = ids(db, event)
    paired(db, event)
    play(db, event, 1, (121, 100), (121, 100))  # Ann and Bob tied first; one qualifier
    playoffs.record_cut_playoff(db, event, entry["Bob"], entry["Ann"], (121, 110))
    assert [r.name for r in standings.standings(db, event).every][:2] == ["Bob", "Ann"]
    assert [r.name for r in standings.standings(db, event, cut_playoffs=False).every][:2] == ["Ann", "Bob"]


def test_standing_row_and_the_rows_of_standings(db):
    event, _ = a_result_and_a_lone_card(db)
    first = standings.standings(db, event).every[0]
    assert standings.standing_row(first) == {
        "rank": 1, "player": "Ann", "game_points": 2, "wins": 1, "losses": 0, "spread": 21, "plus": 21, "minus": 0, "skunks": 0,
        "skunks_taken": 0, "double_skunks": 0, "double_skunks_taken": 0, "games": 1, "pending": 0, "disputed": 0, "tied": False,
        "withdrawn": False, "note": None}
    rows = standings.standings(db, event).rows
    assert [(r["player"], r["rank"], r["tied"]) for r in rows] == [("Ann", 1, False), ("Bob", 2, True), ("Cat", 2, True), ("Dan", 4, False)]


def test_the_rows_of_a_team_event_name_the_players(db):
    from crib_tourney.inputs.names import NewPlayer
    from crib_tourney.services import events

    event = new_event(db, players=(), variant="four-player", games=1)
    events.enter_team(db, event.id, [NewPlayer("Ann"), NewPlayer("Bob")], "Aces")
    events.enter_team(db, event.id, [NewPlayer("Cat"), NewPlayer("Dan")], None)
    paired(db, event)
    play(db, event, 1, (121, 100))
    rows = standings.standings(db, event).rows
    assert [(r["player"], r["team"], r["members"], r["game_points"]) for r in rows] == [
        ("Aces", "Aces", ["Ann", "Bob"], 2), ("Cat & Dan", "Cat & Dan", ["Cat", "Dan"], 0)]


def test_uncounted_games(db):
    event, entry = a_result_and_a_lone_card(db)
    assert standings.uncounted_games(db, event) == (1, 0)
    results.record_result(db, event.id, entry["Bob"], 100, entry["Cat"], 121, card=entry["Cat"])
    assert standings.uncounted_games(db, event) == (0, 1)


def test_check_cards(db):
    event, entry = a_result_and_a_lone_card(db)
    paired(db, event)
    problems = standings.check_cards(db, event)
    assert problems == [CardProblem(1, 2, ("Bob", "Cat"), "one card", "only Bob's card: 121-90"),
                        CardProblem(2, 1, ("Ann", "Cat"), "missing", "no result entered"),
                        CardProblem(2, 2, ("Dan", "Bob"), "missing", "no result entered")]
    assert problems[0].as_dict() == {"game": 1, "table": 2, "players": ["Bob", "Cat"], "problem": "one card",
                                     "detail": "only Bob's card: 121-90"}


def test_three_sided_lines_and_check_cards_of_tables_of_three(db):
    event = new_event(db, variant="three-player", games=1)
    entry = ids(db, event)
    paired(db, event)  # Ann, Bob, Cat at table 1; Dan sits out
    three_sides.record_three(db, event.id, [(entry["Ann"], 121), (entry["Bob"], 100), (entry["Cat"], 90)], card=entry["Bob"])
    assert list(standings.three_sided_lines(db, event)) == []  # one card: nothing counts
    [bob] = standings.three_sided_lines(db, event, counted_only=False)
    assert bob == SideLine(entry["Bob"], 1, GameLine(won=False, game_points=1, plus=0, minus=21, place=2), 2, (entry["Cat"],), ())
    assert standings.check_cards(db, event) == [CardProblem(1, 1, ("Ann", "Bob", "Cat"), "missing cards",
                                                            "no card from Ann or Cat; Bob's card 121-100-90 (Ann, Bob, Cat)")]


def test_standings_document_is_the_one_shape_of_standings_json(db):
    event, _ = a_result_and_a_lone_card(db)
    rows = standings.standings(db, event).rows
    pending, disputed = standings.uncounted_games(db, event)
    assert standings.standings_document(event.name, rows, pending, disputed) == {
        "event": "Open", "rows": rows, "pending": 1, "disputed": 0, "provisional": False, "did_not_play": []}
    assert standings.standings_document("Open", [], 0, 2, provisional=True, did_not_play=("Eve",)) == {
        "event": "Open", "rows": [], "pending": 0, "disputed": 2, "provisional": True, "did_not_play": ["Eve"]}


def test_uncounted_games_at_a_table_of_three(db):
    event = new_event(db, variant="three-player", games=1)
    entry = ids(db, event)
    paired(db, event)  # Ann, Bob, Cat at table 1
    three = [(entry["Ann"], 121), (entry["Bob"], 100), (entry["Cat"], 90)]
    three_sides.record_three(db, event.id, three, card=entry["Bob"])
    assert standings.uncounted_games(db, event) == (1, 0)  # a card missing: pending
    three_sides.record_three(db, event.id, three, card=entry["Ann"])
    assert standings.uncounted_games(db, event) == (1, 0)  # two agree, the third to come: still pending
    three_sides.record_three(db, event.id, [(entry["Ann"], 121), (entry["Bob"], 90), (entry["Cat"], 100)], card=entry["Cat"])
    assert standings.uncounted_games(db, event) == (0, 1)  # Cat's card disagrees


def test_the_standings_rank_those_who_played_among_themselves(db):
    """The one entry point (`standings`, the web page, the printed page, `report`):
    the no-shows taken out of the ranking and named apart."""
    from tests.services.test_noshows import with_a_no_show

    event = with_a_no_show(db)
    entry = ids(db, event)
    every = standings.standings(db, event).every
    # Eve (no games, no spread) stood 4th, above Cat; apart, Cat is 4th of the four who played
    assert [(r.player, r.rank) for r in every] == [(entry[n], k) for k, n in enumerate(("Ann", "Dan", "Bob", "Eve", "Cat"), 1)]
    shown = standings.standings(db, event.id)
    assert (shown.event, shown.did_not_play, shown.pending, shown.disputed, shown.view) == ("Open", ("Eve",), 0, 0, "final")
    assert [(r.player, r.rank) for r in shown.ranked] == [(entry[n], k) for k, n in enumerate(("Ann", "Dan", "Bob", "Cat"), 1)]
    assert shown.entries == tuple(entry[n] for n in ("Ann", "Dan", "Bob", "Cat"))
    assert [(r["player"], r["rank"]) for r in shown.rows] == [("Ann", 1), ("Dan", 2), ("Bob", 3), ("Cat", 4)]
    assert shown.cut == standings.CutLine(1, False)  # a quarter of the four who played
    full = new_event(db, "Full", games=1)
    assert (standings.standings(db, full).did_not_play, standings.standings(db, full).cut) == ((), standings.CutLine(0, False))


def test_qualifiers_due_count_the_field_that_played(db):
    from tests.services.test_noshows import with_a_no_show

    assert standings.qualifiers_due(db, new_event(db, "Eight", players=tuple("ABCDEFGH"), games=1)) == 2
    assert standings.qualifiers_due(db, new_event(db, "Five", players=tuple("ABCDE"), games=1)) == 2  # rounded up
    assert standings.qualifiers_due(db, with_a_no_show(db)) == 1  # Eve never played: four, not five


def test_the_cut_line_every_screen_and_sheet_draws(db):
    event = new_event(db, players=tuple("ABCDEFGH"), games=1)
    paired(db, event)
    ranked = standings.standings(db, event).every
    assert standings.cut_line(db, event, ranked) == standings.CutLine(0, False)  # no line before any result
    play(db, event, 1, (121, 100))
    line = standings.cut_line(db, event, standings.standings(db, event).every)
    assert (line, line.inside(2), line.inside(3)) == (standings.CutLine(2, False), True, False)
    assert standings.cut_line(db, event, standings.standings(db, event).every[:1]) == standings.CutLine(1, False)  # never below the rows
    for table in (2, 3, 4):
        results.record_table(db, event.id, 1, table, (121, 100))
    playoffs.cut(db, event.id, 4)  # the director's override: the line where the bracket is
    assert standings.cut_line(db, event, standings.standings(db, event).every) == standings.CutLine(4, True)
    robin = new_event(db, "Robin", format="round-robin", games=1)
    paired(db, robin)
    play(db, robin, 1, (121, 100), (121, 100))
    assert standings.cut_line(db, robin, standings.standings(db, robin).ranked) == standings.CutLine(0, False)
    three = new_event(db, "Three", variant="three-player", games=1)
    assert standings.cut_line(db, three, standings.standings(db, three).ranked) == standings.CutLine(0, False)


def test_apparent_qualifiers_come_from_each_players_own_cards(db):
    from tests.services.test_cross_checking import early_settlement

    event, entry = early_settlement(db)
    assert standings.apparent_qualifiers(db, event) == {entry["Bob"]}  # Bob's skunk by 61 beats Ann's claimed 41
    results.record_table(db, event.id, 2, 1, (121, 50))  # Ann double-skunks Cat: 6 points by her own cards
    assert standings.apparent_qualifiers(db, event) == {entry["Ann"]}


def homes_of(pattern: str, sources: dict[str, str]) -> list[str]:
    """The files whose text calls ``pattern``."""
    return sorted(name for name, text in sources.items() if re.search(pattern, text))


def test_one_cut_line_and_one_entry_point():
    """Only services/standings.py counts the qualifiers (tourney/bracket.py's rule)
    and ranks an event's rows; every reader, the CLI, the web, the printed pages and
    the services alike, reads them through ``standings``. The check sees a stray home."""
    from pathlib import Path

    import crib_tourney

    package = Path(crib_tourney.__file__).parent
    sources = {str(p.relative_to(package)): p.read_text(encoding="utf-8") for p in package.rglob("*.py")}
    assert homes_of(r"qualifier_count\(", sources) == ["services/standings.py", "tourney/bracket.py"]
    # the field ranked in one place; one entry's level ranked by the same code (a test compares every entry)
    assert homes_of(r"(?<!def )\brank_rows\(", sources) == ["services/one_standing.py", "services/standings.py"]
    assert homes_of(r"(?<!def )\brank_rows\(", {"web/x.py": "rows = rank_rows(rows, h2h)"}) == ["web/x.py"]
    public = re.findall(r"^def ([a-z]\w*)\(.*\n?.*-> (?:list|tuple)\[Row", sources["services/standings.py"], re.M)
    assert public == []  # no second door to the ranked rows
    # the CLI's standings, the web's page, the printed page, report and the services that rank: one call each
    assert all(re.search(r"\bstandings\(db, event", sources[name]) for name in
               ("services/printing.py", "services/site.py", "services/reports.py", "services/playoffs.py",
                "services/mrps.py", "services/official.py", "services/pools.py", "services/leagues.py", "services/events.py"))
    assert homes_of(r"services\.standings import standings\b", {n: t for n, t in sources.items() if n.startswith("cli/")})


def test_only_a_two_sided_event_seeded_by_its_standings_plays_a_cut(db):
    assert standings.plays_a_cut(db, new_event(db, "Open"))
    assert not standings.plays_a_cut(db, new_event(db, "Robin", format="round-robin"))
    assert not standings.plays_a_cut(db, new_event(db, "Threes", players=("A", "B", "C"), variant="three-player"))


def test_add_not_counted_yet_counts_a_lone_card_and_adds_it_by_the_view(db):
    event, entry = a_result_and_a_lone_card(db)
    rules = standings.scoring_rules(event)

    def rows_after(view):
        rows = {e: Row(e, name) for name, e in entry.items()}
        standings.add_not_counted_yet(db, event, rules, rows, view)
        return {name: (rows[e].pending, rows[e].game_points, rows[e].spread) for name, e in entry.items()}

    # Bob's lone card: pending for both sides, counted only as the view says
    assert rows_after(standings.FINAL) == {"Ann": (0, 0, 0), "Bob": (1, 0, 0), "Cat": (1, 0, 0), "Dan": (0, 0, 0)}
    assert rows_after(standings.PROVISIONAL) == {"Ann": (0, 0, 0), "Bob": (1, 3, 31), "Cat": (1, 0, -31), "Dan": (0, 0, 0)}
    assert rows_after(standings.OWN_CARDS) == {"Ann": (0, 0, 0), "Bob": (1, 3, 31), "Cat": (1, 0, 0), "Dan": (0, 0, 0)}


def test_head_to_head_of_ties_reads_only_games_between_level_entries(db):
    event = new_event(db, games=2)
    entry = ids(db, event)
    paired(db, event, games=2)
    play(db, event, 1, (121, 100), (121, 100))  # Ann beats Dan, Bob beats Cat
    play(db, event, 2, (121, 100), (121, 100))
    rows = {r.player: r for r in standings.standings(db, event).every}
    h2h = HeadToHead()
    standings.head_to_head_of_ties(db, event, standings.scoring_rules(event), rows, h2h)
    level = [(a, b) for (a, b) in h2h.wins]
    keys = {e: r.key() for e, r in rows.items()}
    assert level and all(keys[a] == keys[b] for a, b in level)  # only between entries of one level
    assert all(h2h.met(a, b) for a, b in level)
    alone = {entry["Ann"]: rows[entry["Ann"]]}  # a level of one: nothing to read
    h2h_alone = HeadToHead()
    standings.head_to_head_of_ties(db, event, standings.scoring_rules(event), alone, h2h_alone)
    assert h2h_alone.wins == {}
