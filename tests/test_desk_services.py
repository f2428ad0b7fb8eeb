"""The director's desk as a library, on databases built through the CLI: it shows
what it will change before it acts (the settlement's cards, rule and result; the
names at a table), undo names the change it undoes, a qualifying change after the
cut waits for a confirmed re-cut, playoff match games and tables of three can be
entered, and the round grid and check-in list say where everything stands."""

from __future__ import annotations

import pytest

from crib_tourney.errors import Stale
from crib_tourney.services import desk
from crib_tourney.services.phone_report import Conflict
from crib_tourney.store.db import transaction
from tests.conftest import Cli


def _desk(cli: Cli, write: bool = False):  # type: ignore[no-untyped-def]
    return transaction(str(cli.db), write=write)


def _event(tmp_path, games: int = 2) -> tuple[Cli, list[list[str]]]:  # type: ignore[no-untyped-def]
    cli = Cli(tmp_path / "desk.db")
    cli("new-event", "Open", "--games", games, "--qualify-ratio", "0.5", "--entry-fee", "20")
    cli("enter", "Open", "Hal", "Flo", "Ann", "Bob", "--new")
    return cli, [t["players"] for t in cli("round", "Open", "--json").json()["tables"]]


def test_settle_shows_both_cards_the_rule_and_the_result_before_it_acts(tmp_path):
    cli, ((a, b), _) = _event(tmp_path)
    cli("result", "Open", a, 121, b, 100, "--card", a)
    cli("result", "Open", b, 121, a, 111, "--card", b)
    before = cli.snapshot()
    with _desk(cli) as db:
        shown = desk.settle_preview(db, desk.event_of(db, 1), 1, 1)
    assert cli.snapshot() == before  # a preview writes nothing
    assert shown.players == (a, b)
    assert [(c.name, c.scores) for c in shown.cards] == [(a, (121, 100)), (b, (111, 121))] or \
        [(c.name, c.scores) for c in shown.cards] == [(b, (111, 121)), (a, (121, 100))]
    assert shown.rule.startswith("12.2(e): both cards claim the win")
    assert sorted((c.name, c.scores) for c in shown.result) == sorted([(a, (100, 121)), (b, (121, 111))])
    assert shown.provisional is True  # game 2 is still to come
    with _desk(cli, write=True) as db:
        done = desk.settle(db, desk.event_of(db, 1), 1, 1)
    assert done.resolved[0].line().startswith("game 1 resolved provisionally:")
    with _desk(cli) as db, pytest.raises(Conflict, match="nothing to settle"):
        desk.settle_preview(db, desk.event_of(db, 1), 1, 1)


def test_a_lone_card_preview_names_rule_c(tmp_path):
    cli, ((a, b), _) = _event(tmp_path)
    cli("result", "Open", a, 121, b, 90, "--card", a)
    with _desk(cli) as db:
        shown = desk.settle_preview(db, desk.event_of(db, 1), 1, 1)
    assert shown.rule == f"12.2(c): the only card, {a}'s, is copied to {b}"
    assert sorted((c.name, c.scores) for c in shown.result) == sorted([(a, (121, 90)), (b, (121, 90))])


def test_undo_names_the_change_the_page_showed(tmp_path):
    cli, ((a, b), (c, d)) = _event(tmp_path)
    cli("result", "Open", a, 121, b, 100)
    seen = cli("log", "Open", "--json").json()["log"][-1]["id"]
    cli("result", "Open", c, 121, d, 90, "--card", c)  # a player's card lands after the page was loaded
    with _desk(cli, write=True) as db, pytest.raises(Stale, match=f"a newer change arrived: #{seen + 1}, .*{c}'s card"):
        desk.undo(db, desk.event_of(db, 1), expected=seen)
    with _desk(cli, write=True) as db:
        assert desk.undo(db, desk.event_of(db, 1), expected=seen + 1).entry.id == seen + 1


def test_after_the_cut_a_qualifying_change_waits_for_a_confirmed_recut(tmp_path):
    cli, tables = _event(tmp_path, games=1)
    for (a, b), loser in zip(tables, (90, 100)):
        cli("result", "Open", a, 121, b, loser)
    cli("cut", "Open")
    before = cli.snapshot()
    with _desk(cli) as db:
        assert desk.table_at(db, desk.event_of(db, 1), 1, 1) == desk.TableAt(1, 1, tuple(tables[0]), True)
    with _desk(cli, write=True) as db, pytest.raises(Conflict, match="confirm the re-cut"):
        desk.enter(db, desk.event_of(db, 1), 1, 1, 121, 95)
    assert cli.snapshot() == before
    with _desk(cli, write=True) as db:
        desk.enter(db, desk.event_of(db, 1), 1, 1, 121, 95, recut=True)
    rows = {r["player"]: r for r in cli("standings", "Open", "--json").json()["rows"]}
    assert rows[tables[0][0]]["spread"] == 26


def test_a_playoff_match_game_and_a_table_of_three_at_the_desk(tmp_path):
    cli, tables = _event(tmp_path, games=1)
    for (a, b), loser in zip(tables, (90, 100)):
        cli("result", "Open", a, 121, b, loser)
    cli("cut", "Open")
    final = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]
    with _desk(cli, write=True) as db:
        facts = desk.enter_match_game(db, desk.event_of(db, 1), final["key"].lower(), (121, 104))
    assert facts[0].line().startswith("recorded")
    games = cli("bracket", "Open", "--json").json()["rounds"][0]["matches"][0]["games"]
    assert [(g["players"], g["scores"]) for g in games] == [(final["players"], [121, 104])]
    three = Cli(tmp_path / "three.db")
    three("new-event", "T", "--variant", "three-player", "--games", "1")
    three("enter", "T", "Ann", "Bob", "Cat", "--new")
    seats = three("round", "T", "--json").json()["tables"][0]["players"]
    with _desk(three, write=True) as db:
        desk.enter(db, desk.event_of(db, 1), 1, 1, 121, 100, 80)
        with pytest.raises(Exception, match="give 3 scores, not 2"):
            desk.enter(db, desk.event_of(db, 1), 1, 1, 121, 100)
    rows = {r["player"]: r for r in three("standings", "T", "--json").json()["rows"]}
    assert rows[seats[0]]["wins"] == 1 and rows[seats[2]]["thirds"] == 1


def test_the_round_grid_shows_every_table_with_its_state_and_who_entered_it(tmp_path):
    cli, ((a, b), (c, d)) = _event(tmp_path)
    cli("result", "Open", a, 121, b, 100, "--card", a)
    with _desk(cli) as db:
        grid = desk.round_grid(db, desk.event_of(db, 1))
    assert (grid.game, grid.games, grid.pending, grid.disputed) == (1, 1, 1, 0)
    assert [(t.table, t.players, t.state, t.entered_by) for t in grid.tables] == [
        (1, (a, b), "pending", (a,)), (2, (c, d), "open", ())]
    cli("result", "Open", c, 121, d, 100)
    cli("result", "Open", b, 100, a, 121, "--card", b)
    with _desk(cli) as db:
        grid = desk.round_grid(db, desk.event_of(db, 1))
    assert [(t.state, t.entered_by) for t in grid.tables] == [("agreed", tuple(sorted((a, b)))), ("final", ("director",))]


def test_the_check_in_list_says_what_each_still_owes(tmp_path):
    cli, _ = _event(tmp_path)
    cli("checkin", "Open", "Hal", "--paid", "20")
    cli("checkin", "Open", "Flo", "--paid", "5")
    with _desk(cli) as db:
        found = {r.name: (r.paid, r.owed) for r in desk.check_in_list(db, desk.event_of(db, 1))}
    assert found == {"Hal": (2000, 0), "Flo": (500, 1500), "Ann": (None, 2000), "Bob": (None, 2000)}
