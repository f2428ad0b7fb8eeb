"""The integrity issue's defects, each reproduced: names with capital accents,
cut playoffs in the log and the standings, the bracket held to the standings
after the cut, and withdrawals from the bracket."""

import pytest


def seats(cli, event="E", game=1):
    data = cli("round", event, "--show", game, "--json").json()
    return [t["players"] for t in data["tables"]], data["bye"]


# --- names ------------------------------------------------------------------

def test_capital_accents_and_plain_letters_find_the_player(cli):
    cli("player", "add", "Émile Bélanger")
    cli("player", "add", "Søren Østergaard")
    for typed in ("Émile Bélanger", "émile bélanger", "EMILE BELANGER", "Belanger", "É Bélanger", "emile"):
        assert cli("player", "show", typed, "--json").json()["name"] == "Émile Bélanger", typed
    assert cli("player", "show", "soren ostergaard", "--json").json()["name"] == "Søren Østergaard"


def test_last_name_prefix_and_initial_resolve_and_ambiguity_lists_candidates(cli, unchanged):
    cli("player", "add", "Margaret Kowalski")
    cli("player", "add", "Lee Wong")
    assert cli("player", "show", "Kowalski", "--json").json()["name"] == "Margaret Kowalski"
    assert cli("player", "show", "marg", "--json").json()["name"] == "Margaret Kowalski"
    assert cli("player", "show", "M Kowalski", "--json").json()["name"] == "Margaret Kowalski"
    cli("player", "add", "Mark Kowalski")
    with unchanged():
        run = cli.fails("player", "show", "Kowalski", match="matches 2 players")
        assert "Margaret Kowalski" in run.stderr and "Mark Kowalski" in run.stderr


def test_events_and_leagues_match_as_typed(cli):
    cli("new-event", "Fête d'Été", "--games", "1")
    cli("league", "new", "Ålesund Club")
    assert cli("event", "show", "FETE D'ETE", "--json").json()["name"] == "Fête d'Été"
    assert cli("league", "show", "alesund club", "--json").json()["name"] == "Ålesund Club"
    cli.fails("new-event", "fete d'ete", match="already exists")


def test_new_with_a_short_name_adds_rather_than_guessing(cli):
    cli("player", "add", "Patricia Smith")
    cli("new-event", "E", "--games", "1")
    assert cli("enter", "E", "Pat", "--new").stdout.strip() == "entered Pat"
    names = {p["name"] for p in cli("player", "list", "--json").json()["players"]}
    assert names == {"Patricia Smith", "Pat"}


# --- cut playoffs --------------------------------------------------------------

def tied_across_the_line(cli):
    """Six players, one game, two qualifiers: one clear winner, two tied for the second place."""
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", *"ABCDEF", "--new")
    cli("round", "E")
    tables, _ = seats(cli)
    cli("result", "E", tables[0][0], 121, tables[0][1], 80)
    cli("result", "E", tables[1][0], 121, tables[1][1], 100)
    cli("result", "E", tables[2][0], 121, tables[2][1], 100)
    return tables[0][0], tables[1][0], tables[2][0]


def test_cut_playoff_is_logged_undone_alone_and_settles_the_standings(cli, unchanged):
    top, a, b = tied_across_the_line(cli)
    cli.fails("cut", "E", match="tie across the cut line")
    cli("result", "E", a, 121, b, 110, "--playoff")
    log = cli("log", "E", "--json").json()["log"]
    assert log[-1]["action"] == "cut playoff" and f"{a} 121 - {b} 110" in log[-1]["summary"]
    rows = {r["player"]: r for r in cli("standings", "E", "--json").json()["rows"]}
    assert (rows[a]["rank"], rows[a]["tied"], rows[a]["note"]) == (2, False, "won cut playoff")
    assert (rows[b]["rank"], rows[b]["tied"], rows[b]["note"]) == (3, False, "lost cut playoff")
    assert f"{a} (won cut playoff)" in cli("standings", "E").stdout
    # undo reverts the cut playoff, not the qualifying result before it
    assert "cut playoff" in cli("undo", "E").stdout
    rows = {r["player"]: r for r in cli("standings", "E", "--json").json()["rows"]}
    assert rows[a]["tied"] and rows[b]["tied"] and rows[a]["games"] == 1
    cli("result", "E", b, 121, a, 110, "--playoff")
    cut = cli("cut", "E", "--json").json()
    assert [s["player"] for s in cut["seeds"]] == [top, b]


def test_cut_playoff_refuses_players_not_tied_at_the_line_or_not_entered(cli, unchanged):
    top, a, b = tied_across_the_line(cli)
    cli("player", "add", "Outsider")
    with unchanged():
        cli.fails("result", "E", top, 121, a, 100, "--playoff", match="not tied across the cut line")
        cli.fails("result", "E", "Outsider", 121, a, 100, "--playoff", match="Outsider is not entered in E")


# --- after the cut -------------------------------------------------------------

def cut_event(cli):
    """Five players, one game, two qualifiers; the bye (2 points, no spread) is third."""
    cli("new-event", "E", "--games", "1", "--qualify-ratio", "0.4")
    cli("enter", "E", *"ABCDE", "--new")
    cli("round", "E")
    tables, bye = seats(cli)
    (w1, l1), (w2, l2) = tables
    cli("result", "E", w1, 121, l1, 60)  # a skunk: 3 points, +61
    cli("result", "E", w2, 121, l2, 95)  # 2 points, +26
    cli("cut", "E")
    return w1, l1, w2, l2, bye


def seeds_of(cli):
    first = cli("bracket", "E", "--json").json()["rounds"][0]["matches"][0]
    return first["players"]


def test_a_change_that_moves_a_qualifier_is_refused_naming_who(cli, unchanged):
    w1, l1, w2, l2, bye = cut_event(cli)
    with unchanged():
        run = cli.fails("event", "set", "E", "bye_points=3", match="would move")
        assert f"{w2} (seed 2 -> out)" in run.stderr and f"{bye} (out -> seed 2)" in run.stderr
        cli.fails("result", "E", w2, 121, l2, 125 - 4 - 100, "--replace", "--game", 1, match="would move")
    # a correction that keeps qualifiers and seeds is accepted
    cli("result", "E", w2, 121, l2, 90, "--replace", "--game", 1)
    assert seeds_of(cli) == [w1, w2]
    rows = cli("standings", "E", "--json").json()["rows"]
    assert [r["player"] for r in rows[:2]] == [w1, w2]


def test_recut_remakes_the_bracket_before_the_first_playoff_game_only(cli, unchanged):
    w1, l1, w2, l2, bye = cut_event(cli)
    out = cli("event", "set", "E", "bye_points=3", "--recut").stdout
    assert "recut the bracket" in out
    assert seeds_of(cli) == [w1, bye]
    rows = cli("standings", "E", "--json").json()["rows"]
    assert [r["player"] for r in rows[:2]] == [w1, bye]
    cli("undo", "E")  # the settings change and its recut go back together
    assert seeds_of(cli) == [w1, w2]
    cli("result", "E", w1, 121, w2, 100)  # the first playoff game
    with unchanged():
        cli.fails("event", "set", "E", "bye_points=3", "--recut", match="the playoffs have started")
        cli.fails("result", "E", w2, 121, l2, 20, "--replace", "--game", 1, "--recut", match="the playoffs have started")


def test_undo_of_the_cut_removes_the_bracket_and_reaches_qualifying(cli):
    w1, l1, w2, l2, bye = cut_event(cli)
    cli("result", "E", w1, 121, w2, 100)  # the first playoff game
    assert cli("undo", "E").stdout.startswith("undid playoff")
    assert cli("undo", "E").stdout.startswith("undid cut")
    cli.fails("bracket", "E", match="no bracket")
    # qualifying is open again: the last result goes, and a new cut follows the standings
    assert cli("undo", "E").stdout.startswith("undid result")
    cli("result", "E", w2, 121, l2, 120)
    cli("cut", "E")
    assert seeds_of(cli) == [w1, w2]


# --- withdrawals in the bracket ---------------------------------------------------

def test_withdrawn_seed_forfeits_a_match_whose_opponent_is_known_later(cli):
    cli("new-event", "K", "--format", "single-elim", "--best-of", "3", "--final-best-of", "3")
    cli("enter", "K", "Top", "Mid", "Low", "--new")
    cli("cut", "K")  # Top has the bye; the final waits for Mid v Low
    cli("withdraw", "K", "Top")
    out = cli("result", "K", "Mid", 121, "Low", 90).stdout + cli("result", "K", "Mid", 121, "Low", 90).stdout
    assert "Top forfeits" in out and "champion: Mid" in out
    data = cli("bracket", "K", "--json").json()
    final = data["rounds"][-1]["matches"][0]
    assert data["champion"] == "Mid" and final["withdrawn"] == [True, False] and final["wins"] == [0, 2]
    assert all(g["forfeit"] == "Top" for g in final["games"])
    assert "(withdrawn)" in cli("bracket", "K").stdout


def test_log_lists_every_kind_and_undo_reverts_exactly_the_last(cli):
    cli("new-event", "E", "--games", "2")
    cli("enter", "E", *"ABCD", "--new")
    cli("round", "E", "--all")
    (a, b), (c, d) = seats(cli)[0]
    cli("result", "E", a, 121, b, 100)
    cli("result", "E", c, 121, d, 100, "--card", c)
    cli("withdraw", "E", d)
    actions = [e["action"] for e in cli("log", "E", "--json").json()["log"]]
    assert actions == ["new-event", "enter", "round", "result", "card", "withdraw"]
    assert cli("undo", "E").stdout.startswith("undid withdraw")
    assert not any(r["withdrawn"] for r in cli("standings", "E", "--json").json()["rows"])
    assert cli("undo", "E").stdout.startswith("undid card")
    rows = {r["player"]: r for r in cli("standings", "E", "--json").json()["rows"]}
    assert rows[a]["games"] == 1 and rows[c]["games"] == 0


# --- the services, called directly ---------------------------------------------

def test_services_record_and_undo_without_the_cli(tmp_path):
    """Services take ids and typed values and return values; only the words of
    their results (and the log) are sentences."""
    from crib_tourney.inputs.names import NewPlayer
    from crib_tourney.services import events, results, standings
    from crib_tourney.services.events import EntryAdded
    from crib_tourney.services.results import GameResult
    from crib_tourney.store.db import transaction
    from crib_tourney.store.writer import Actor
    from crib_tourney.tourney.settings import EventSettings

    location = str(tmp_path / "direct.db")
    desk = Actor("web", "director")
    with transaction(location) as db:
        event = events.create_event(db, "Direct", EventSettings(games=1)).id
        entered = events.enter(db, event, [NewPlayer("Ann"), NewPlayer("Bob")], by=desk)
        assert entered.entries == (EntryAdded("Ann", 1), EntryAdded("Bob", 1))
        (game,) = events.make_round(db, event)
        ann, bob = (e.id for e in events.entries_of(db, events.store.load_event(db, event)))
        recorded = results.record_result(db, event, ann, 121, bob, 89)
    assert game.tables == ((1, "Ann", "Bob"),)
    assert recorded.facts == (GameResult(1, 1, "Ann", 121, "Bob", 89),) and (recorded.game, recorded.table) == (1, 1)
    assert recorded.lines() == ["recorded game 1 table 1: Ann 121 - Bob 89"]
    with transaction(location, write=False) as db:
        loaded = standings.standings(db, event)
        log = results.writer.log_entries(db, results.Log(event))
    assert loaded.event == "Direct"
    assert [(r["player"], r["game_points"], r["spread"]) for r in loaded.rows] == [("Ann", 3, 32), ("Bob", 0, -32)]
    assert [(e.action, e.source, e.actor) for e in log] == [("new-event", "cli", None), ("enter", "web", "director"),
                                                           ("round", "cli", None), ("result", "cli", None)]
    with transaction(location) as db:
        assert results.undo(db, event).lines() == ["undid result #4: game 1 table 1: Ann 121 - Bob 89"]
        assert results.undo(db, event).lines() == ["undid round #3: paired game 1"]
        assert results.undo(db, event).lines() == ["undid enter #2: entered Ann; entered Bob"]
        with pytest.raises(Exception, match="nothing to undo"):
            results.undo(db, event)
    with pytest.raises(Exception, match="Cy is named twice"), transaction(location) as db:
        events.enter(db, event, [NewPlayer("Cy"), NewPlayer("cy")])  # one new player, as one name on the roster would be
