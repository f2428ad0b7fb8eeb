"""services/playoffs.py: the cut, cut playoff games, the bracket and its games,
withdrawals from it, and its views (bracket, match slip, placings)."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError
from crib_tourney.services import desk, events, phone_matches, placings, playoffs, printing, results
from crib_tourney.services.playoffs import BestOf, Champion, Cut, CutTiebreak, MatchWon, PlayoffGame
from crib_tourney.store.events import load_event
from crib_tourney.store.writer import Change, Log
from crib_tourney.tourney import bracket as bk
from tests.services.builders import ids, new_event, played_event

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
# played_event of EIGHT, three games: Ann, Bob 6 points (+63); Cat, Hal 4 (+21); Dan, Gus 2; Eve, Fay 0


def qualified(db, **settings):
    """Eight played three games, cut to four: semifinals Ann v Hal (W1.1), Bob v Cat (W1.2), best of 3."""
    event = played_event(db, players=EIGHT, games=3, entry_fee=1000, payouts="60,40", **settings)
    playoffs.cut(db, event.id, 4)
    return event, ids(db, event)


def win(db, event, a, b, games):
    for _ in range(games):
        facts = playoffs.record_playoff_game(db, event, a, b, (121, 100), None, False, False)
    return facts


def test_cut_order_and_make_bracket(db):
    event = played_event(db, players=EIGHT, games=3)
    entry = ids(db, event)
    assert playoffs.cut_order(db, event, 4) == [entry["Ann"], entry["Bob"], entry["Cat"], entry["Hal"]]
    made = playoffs.make_bracket(db, event, None)
    assert made == Cut(2, 2, ((1, "Ann"), (2, "Bob")))
    with pytest.raises(CribError, match="Open already has its bracket"):
        playoffs.make_bracket(db, event, 4)


def test_cut_returns_the_first_round(db):
    event = played_event(db, players=EIGHT, games=3)
    data = playoffs.cut(db, event.id, 4)
    assert {k: data[k] for k in ("event", "format", "qualifiers", "size", "champion")} == {
        "event": "Open", "format": "acc", "qualifiers": 4, "size": 4, "champion": None}
    assert [(r["name"], [(m["key"], m["players"], m["seeds"]) for m in r["matches"]]) for r in data["rounds"]] == [
        ("semifinal", [("W1.1", ["Ann", "Hal"], [1, 4]), ("W1.2", ["Bob", "Cat"], [2, 3])])]
    three = new_event(db, "Three", variant="three-player")
    with pytest.raises(CribError, match="Three seats three at a table: it has no bracket"):
        playoffs.cut(db, three.id, None)


def test_cut_refuses_an_unfinished_qualifying(db):
    event = new_event(db, games=2)
    with pytest.raises(CribError, match="qualifying has not started in Open: no games scheduled"):
        playoffs.cut(db, event.id, 2)


def test_record_cut_playoff_settles_a_tie_across_the_line(db):
    event = played_event(db, players=EIGHT, games=3, qualify_ratio=0.375)  # three qualify: Cat and Hal tied at 3rd
    entry = ids(db, event)
    done = playoffs.record_cut_playoff(db, event, entry["Hal"], entry["Cat"], (121, 115))
    assert done == CutTiebreak("Hal", 121, "Cat", 115)
    assert done.line() == "recorded cut tiebreak: Hal 121 - Cat 115"
    with pytest.raises(CribError, match=r"Ann and Dan are not tied across the cut line \(tied there: "):
        playoffs.record_cut_playoff(db, event, entry["Ann"], entry["Dan"], (121, 115))
    assert [s for s in playoffs.cut(db, event.id, None)["rounds"][0]["matches"][1]["players"]] == ["Bob", "Hal"]
    via_results = results.record_result  # a cut playoff through `result --playoff` is refused once cut
    with pytest.raises(CribError, match="Open is already cut"):
        via_results(db, event.id, entry["Cat"], 121, entry["Hal"], 100, playoff=True)


def test_playoff_games_to_the_champion(db):
    event, entry = qualified(db)
    first = playoffs.record_playoff_game(db, event, entry["Ann"], entry["Hal"], (121, 100), None, False, False)
    assert first == [PlayoffGame("semifinal (W1.1)", 1, ("Ann", "Hal"), (121, 100))]
    assert first[0].line() == "recorded semifinal (W1.1) game 1: Ann 121 - Hal 100"
    assert win(db, event, entry["Ann"], entry["Hal"], 1)[1:] == [MatchWon("Ann", "semifinal (W1.1)", (2, 0))]
    win(db, event, entry["Bob"], entry["Cat"], 2)
    last = win(db, event, entry["Ann"], entry["Bob"], 3)  # the final is best of 5
    assert last == [PlayoffGame("final (W2.1)", 3, ("Ann", "Bob"), (121, 100)), MatchWon("Ann", "final (W2.1)", (3, 0)),
                    Champion("Ann")]
    with pytest.raises(CribError, match=r"the final \(W2.1\) is already decided: Ann won 3-0"):
        playoffs.record_playoff_game(db, event, entry["Ann"], entry["Bob"], (121, 100), None, False, False)
    fixed = playoffs.record_playoff_game(db, event, entry["Ann"], entry["Bob"], (121, 90), 2, True, False)
    assert fixed == [PlayoffGame("final (W2.1)", 2, ("Ann", "Bob"), (121, 90))]
    assert playoffs.event_decided(db, event) is True


def test_bracket_views_and_a_rounds_length(db):
    event, entry = qualified(db)
    win(db, event, entry["Ann"], entry["Hal"], 1)
    data = playoffs.bracket_json(db, event)
    assert [(r["bracket"], r["round"], r["name"]) for r in data["rounds"]] == [("W", 1, "semifinal"), ("W", 2, "final")]
    assert data["rounds"][0]["matches"][0]["games"] == [
        {"players": ["Ann", "Hal"], "scores": [121, 100], "winner": "Ann", "forfeit": None, "skunk": False, "double_skunk": False}]
    assert playoffs.bracket_document(data) == {"rounds": data["rounds"], "champion": None}
    assert len(playoffs.bracket_json(db, event, first_round_only=True)["rounds"]) == 1
    shown = playoffs.bracket_view(db, event.id, BestOf("W", 2, 7))
    assert shown.changed == 1 and shown.data["rounds"][1]["matches"][0]["best_of"] == 7
    assert playoffs.set_round_best_of(db, event, "W", 2, 5) == 1
    with pytest.raises(CribError, match=r"round 1 has started \(W1.1\); its length cannot change now"):
        playoffs.set_round_best_of(db, event, "W", 1, 5)
    with pytest.raises(CribError, match="best of must be an odd number of games up to 99, not 4"):
        playoffs.set_round_best_of(db, event, "W", 2, 4)


def test_match_slip_and_match_view(db):
    event, entry = qualified(db, first_dealer="loser")
    win(db, event, entry["Ann"], entry["Hal"], 1)
    slip = playoffs.match_view(db, event.id, " w1.1 ")
    assert slip == {"event": "Open", "match": "W1.1", "table": 1, "round": "semifinal", "best_of": 3, "players": ["Ann", "Hal"],
                    "seeds": [1, 4], "bye": [False, False], "wins": [1, 0], "winner": None, "first_dealer_rule": "loser",
                    "dealers": ["cut for deal", "Hal (lost game 1)", "loser of game 2"], "games": [[121, 100]]}
    assert playoffs.match_slip(db, event, "W1.1") == slip
    with pytest.raises(CribError, match=r"no match X9 in Open \(matches are named like W1.3, L2.1, F1\)"):
        playoffs.match_slip(db, event, "X9")


def test_a_bye_is_no_match_to_play(db):
    """Six cut into a bracket of eight: the top two seeds have byes, a slip of a bye
    has no dealers and no games, and the seed goes through to the next round."""
    event = played_event(db, players=EIGHT, games=3)
    playoffs.cut(db, event.id, 6)
    first = playoffs.bracket_json(db, event)["rounds"][0]["matches"]
    assert [(m["key"], m["players"], m["bye"]) for m in first if any(m["bye"])] == [
        ("W1.1", ["Ann", None], [False, True]), ("W1.3", ["Bob", None], [False, True])]
    slip = playoffs.match_slip(db, event, "W1.1")
    assert (slip["players"], slip["bye"], slip["dealers"], slip["games"], slip["winner"]) == (
        ["Ann", None], [False, True], [], [], "Ann")
    assert playoffs.match_slip(db, event, "W1.2")["dealers"] == ["cut for deal"] * 3
    second = playoffs.bracket_json(db, event)["rounds"][1]["matches"]
    assert [m["players"][0] for m in second] == ["Ann", "Bob"]


def test_a_rounds_real_matches_sit_at_tables_1_to_n(db):
    """Byes take no table: six in a bracket of eight play round 1 at tables 1 and 2
    (not 2 and 4), and the bracket, the slip, the desk, the player's phone and the
    table sheets all name the same table."""
    event = played_event(db, players=EIGHT, games=3)
    playoffs.cut(db, event.id, 6)
    first = playoffs.bracket_json(db, event)["rounds"][0]["matches"]
    assert [(m["key"], m["table"]) for m in first] == [("W1.1", None), ("W1.2", 1), ("W1.3", None), ("W1.4", 2)]
    assert [playoffs.match_slip(db, event, k)["table"] for k in ("W1.1", "W1.2", "W1.4")] == [None, 1, 2]
    assert [(m.key, m.table) for m in desk.open_matches(db, event)] == [("W1.2", 1), ("W1.4", 2)]
    table = {m["key"]: m["table"] for r in playoffs.bracket_json(db, event)["rounds"] for m in r["matches"]}
    for player, entry in ids(db, event).items():
        now = phone_matches.match_now(db, event, entry)
        assert now is None or now["table"] == table[now["id"]], player
    assert phone_matches.match_now(db, event, ids(db, event)["Hal"])["table"] == 1  # Hal (seed 4) v Eve (seed 5) in W1.2
    [sheet] = printing.tables_data(db, event.id, None)["games"]
    assert [t["table"] for t in sheet["tables"]] == [1, 2]


def test_shown_bracket_and_record(db):
    event, entry = qualified(db)
    br = playoffs.shown_bracket(db, event)
    assert br.exists and br.seeds == {1: entry["Ann"], 2: entry["Bob"], 3: entry["Cat"], 4: entry["Hal"]}
    assert br.current_match(entry["Cat"]).spec.key == "W1.2"
    game = playoffs.record(dict(entry1_id=5, entry2_id=6, score1=100, score2=121, forfeit_by=None), False)
    assert game == bk.GameRecord((5, 6), (100, 121), None, False) and game.winner == 6
    assert playoffs.record(dict(entry1_id=5, entry2_id=6, score1=0, score2=0, forfeit_by=5), False).winner == 6


def test_forfeits_of_a_withdrawn_qualifier(db):
    event, entry = qualified(db)
    change = Change(db, "playoff", Log(event.id))
    facts = playoffs.record_playoff_forfeit(db, event, entry["Hal"], change, whole_match=False)
    assert facts == [PlayoffGame("semifinal (W1.1)", 1, ("Ann", "Hal"), (0, 0), "Hal")]
    assert facts[0].line() == "recorded semifinal (W1.1) game 1: Hal forfeits"
    change.update("entry", entry["Hal"], {"withdrawn_after": 3})
    rest = playoffs.forfeit_withdrawn(db, event, change)
    change.log("Hal withdrew")
    assert rest == [PlayoffGame("semifinal (W1.1)", 2, ("Ann", "Hal"), (0, 0), "Hal"), MatchWon("Ann", "semifinal (W1.1)", (2, 0))]
    done = events.withdraw(db, event.id, entry["Cat"])  # the service withdraw forfeits Cat's match at once
    assert [f.line() for f in done.facts][-1] == "Bob wins the semifinal (W1.2) 2-0"


def test_recut_if_moved_without_a_move(db):
    event, _ = qualified(db)
    change = Change(db, "result", Log(event.id))
    assert playoffs.recut_if_moved(db, event, change, False) is None
    with pytest.raises(CribError, match="--recut: the qualifiers and seeds do not change; nothing to recut"):
        playoffs.recut_if_moved(db, event, change, True)


def test_non_qualifiers(db):
    event = played_event(db, players=EIGHT, games=3)
    with pytest.raises(CribError, match="cut Open first: the consolation is played by the non-qualifiers"):
        playoffs.non_qualifiers(db, event)
    playoffs.cut(db, event.id, 4)
    names = {v: k for k, v in ids(db, event).items()}
    assert [names[e.id] for e in playoffs.non_qualifiers(db, event)] == ["Dan", "Gus", "Eve", "Fay"]


def test_a_round_robin_is_placed_by_its_standings(db):
    event = new_event(db, players=("Ann", "Bob", "Cat"), format="round-robin")
    assert playoffs.round_robin_finished(db, event) is False
    [view] = events.make_round(db, event.id, all_games=True)[:1]
    event = load_event(db, event.id)
    assert event.games == 3 and view.game == 1  # three play each other: three games, each with a bye
    for game in (1, 2, 3):
        results.record_table(db, event.id, game, 1, (121, 100))
    assert playoffs.round_robin_finished(db, event) is True and playoffs.event_decided(db, event) is True
    shown = placings.placings(db, event.id)
    # game 1 Bob beats Cat, game 2 Ann beats Cat, game 3 Ann beats Bob (the first seat wins each)
    assert (shown["complete"], shown["champion"], [(r["place"], r["player"]) for r in shown["rows"]]) == (
        True, "Ann", [("1st", "Ann"), ("2nd", "Bob"), ("3rd", "Cat")])


def test_match_game_records_one_game_in_a_change_of_ones_own(db):
    event, entry = qualified(db)
    br = playoffs.Bracket(db, event)
    change = Change(db, "result", Log(event.id))
    facts = playoffs.match_game(db, event, change, br, br.states["W1.2"], (entry["Bob"], entry["Cat"]), (121, 95))
    change.log("game 1 of W1.2")
    assert facts == [PlayoffGame("semifinal (W1.2)", 1, ("Bob", "Cat"), (121, 95))]
    assert playoffs.bracket_json(db, event)["rounds"][0]["matches"][1]["games"] == [
        {"players": ["Bob", "Cat"], "scores": [121, 95], "winner": "Bob", "forfeit": None, "skunk": False, "double_skunk": False}]
    br = playoffs.Bracket(db, event)
    change = Change(db, "result", Log(event.id))
    fixed = playoffs.match_game(db, event, change, br, br.states["W1.2"], (entry["Bob"], entry["Cat"]), (100, 121), 1, True)
    change.log("game 1 of W1.2 corrected")
    assert fixed == [PlayoffGame("semifinal (W1.2)", 1, ("Bob", "Cat"), (100, 121))]
    assert playoffs.Bracket(db, event).states["W1.2"].wins == [0, 1]


def test_placed_bands_prizes_and_the_fund(db):
    event, entry = qualified(db, high_nonqualifier_prize=500)
    before = playoffs.placed(db, event)
    assert (before.bands, before.prizes, before.complete, before.fund) == ([], {}, False, 8000)
    assert before.high_nonqualifier == {"player": "Dan", "rank": 5, "prize": "5.00"}
    win(db, event, entry["Ann"], entry["Hal"], 2)
    win(db, event, entry["Bob"], entry["Cat"], 2)
    win(db, event, entry["Bob"], entry["Ann"], 3)
    done = playoffs.placed(db, event)
    assert done.complete is True
    assert done.bands == [(1, 1, [entry["Bob"]]), (2, 2, [entry["Ann"]]), (3, 4, [entry["Hal"], entry["Cat"]])]
    assert {e: p for e, p in done.prizes.items() if p} == {entry["Bob"]: 4800, entry["Ann"]: 3200}
    assert [done.place_of(entry[n]) for n in ("Bob", "Ann", "Cat", "Dan")] == ["1st", "2nd", "3rd-4th", None]
    round_robin = new_event(db, "Robin", players=("Ivy", "Jo", "Kim"), format="round-robin")
    assert playoffs.placed(db, round_robin).complete is False  # placed by its standings, not finished
    with pytest.raises(CribError, match=r'^Unplayed has no bracket yet \(make it with: crib-tourney cut "Unplayed"\)$'):
        playoffs.placed(db, new_event(db, "Unplayed", players=("Lou", "Max", "Ned", "Oz")))  # a bracket event without one
