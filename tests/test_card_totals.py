"""The card totals the writer keeps (store/totals.py) are always the cards' own sums:
after any sequence of results, cards, forfeits, replacements, undos, withdrawals and
changes of the scoring rules, through the real CLI."""

from __future__ import annotations

import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crib_tourney.store import totals
from crib_tourney.store.db import read_only
from crib_tourney.store.events import all_events
from crib_tourney.tourney.standings import LINE_TOTALS
from tests.conftest import Cli

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

actions = st.lists(st.one_of(
    st.tuples(st.just("result"), st.integers(0, 2), st.integers(0, 120), st.booleans()),
    st.tuples(st.just("card"), st.integers(0, 2), st.integers(0, 120), st.booleans()),
    st.tuples(st.just("forfeit"), st.integers(0, 5)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("round")),
    st.tuples(st.just("withdraw"), st.integers(0, 5)),
    st.tuples(st.just("set"), st.sampled_from(["skunk_points=4", "skunk_points=3", "skunk_margin=21", "win_points=3",
                                               "forfeit_spread=5", "variant=five-card", "variant=standard"])),
), min_size=1, max_size=14)


def _tables(cli: Cli) -> list[list[str]]:
    shown = cli("round", "Open", "--show", str(_games(cli)), "--json", ok=None)
    return [t["players"] for t in shown.json()["tables"] if len(t["players"]) == 2] if shown.code == 0 else []


def _games(cli: Cli) -> int:
    con = sqlite3.connect(cli.db)
    try:
        return int(con.execute("SELECT COALESCE(MAX(game_no), 1) FROM pairing").fetchone()[0])
    finally:
        con.close()


def _kept_and_summed(cli: Cli) -> tuple[list[tuple[int, ...]] | None, list[tuple[int, ...]]]:
    with read_only(str(cli.db)) as db:
        event = next(e for e in all_events(db) if e.name == "Open")
        rules = event.settings.scoring_rules()
        return totals.kept(db, event.id, rules), sorted(totals.card_sums(db, event.id, rules))


def _agreed(cli: Cli) -> list[int]:
    """The tables the writer keeps as having two agreeing cards."""
    con = sqlite3.connect(cli.db)
    try:
        return [r[0] for r in con.execute("SELECT pairing_id FROM table_agreed ORDER BY pairing_id")]
    finally:
        con.close()


def _agreeing(cli: Cli) -> list[int]:
    """The tables whose two cards agree, read off the cards."""
    con = sqlite3.connect(cli.db)
    try:
        return [r[0] for r in con.execute(
            "SELECT DISTINCT a.pairing_id FROM outcome a JOIN outcome b ON b.pairing_id = a.pairing_id AND b.entry_id > a.entry_id"
            f" WHERE {totals.AGREE} ORDER BY a.pairing_id")]
    finally:
        con.close()


def _act(cli: Cli, action: tuple) -> None:
    kind = action[0]
    if kind in ("result", "card"):
        tables = _tables(cli)
        if not tables:
            return
        a, b = tables[action[1] % len(tables)]
        target = 61 if "five-card" in cli("event", "show", "Open").stdout else 121
        loser = min(action[2], target - 1)
        scores = [a, target, b, loser] if action[3] else [a, loser, b, target]
        extra = ["--card", a] if kind == "card" else []
        cli("result", "Open", *map(str, scores), "--replace", *extra, ok=None)
    elif kind == "forfeit":
        cli("result", "Open", "--forfeit", PLAYERS[action[1]], "--game", str(_games(cli)), ok=None)
    elif kind == "undo":
        cli("undo", "Open", ok=None)
    elif kind == "round":
        cli("round", "Open", ok=None)
    elif kind == "withdraw":
        cli("withdraw", "Open", PLAYERS[action[1]], ok=None)
    else:
        cli("event", "set", "Open", action[1], ok=None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions)
def test_kept_totals_are_the_cards_sums(tmp_path_factory, steps):
    cli = Cli(tmp_path_factory.mktemp("totals") / "t.db")
    cli("new-event", "Open", "--games", "4")
    cli("enter", "Open", *PLAYERS, "--new")
    cli("round", "Open")
    for action in steps:
        _act(cli, action)
        kept, summed = _kept_and_summed(cli)
        assert kept is not None, "every change keeps the event's totals"
        assert sorted(kept) == summed, action
        assert _agreed(cli) == _agreeing(cli), action


def test_the_standings_read_the_kept_totals_and_agree_with_the_cards(cli):
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *PLAYERS, "--new")
    for t in cli("round", "Open", "--json").json()["tables"]:
        if len(t["players"]) == 2:
            cli("result", "Open", t["players"][0], 121, t["players"][1], 80)
    kept, summed = _kept_and_summed(cli)
    assert kept is not None and sorted(kept) == summed and len(summed) == 6
    shown = cli("standings", "Open", "--json").json()["rows"]
    con = sqlite3.connect(cli.db)
    con.execute("DELETE FROM totals_kept")  # as an upgraded database before its first change: the cards are summed
    con.commit()
    con.close()
    assert _kept_and_summed(cli)[0] is None
    assert cli("standings", "Open", "--json").json()["rows"] == shown
    assert [r["game_points"] for r in shown].count(3) == 3  # three skunks by 41 points


def test_the_columns_follow_the_lines():
    assert len(totals.SUMS) == len(LINE_TOTALS)


def test_a_savepoint_rolled_back_takes_its_cards_out_of_the_totals(cli):
    """A line of an import that fails is undone alone (services/results.py): the sums
    read inside it, and its cards, go with it; what came before stays counted."""
    import pytest

    from crib_tourney.store.db import transaction
    from crib_tourney.store.writer import Change, Log

    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *PLAYERS, "--new")
    tables = [t["players"] for t in cli("round", "Open", "--json").json()["tables"] if len(t["players"]) == 2]
    with transaction(str(cli.db)) as db:
        event = next(e for e in all_events(db) if e.name == "Open")
        pairings = db.rows("SELECT id, entry1_id, entry2_id FROM pairing WHERE event_id = :e ORDER BY table_no", e=event.id)

        def card(pairing: tuple[int, int, int], loser: int) -> dict:
            return dict(event_id=event.id, pairing_id=pairing[0], entry_id=pairing[1], own_score=121, opp_score=loser,
                        forfeit="none", source="result")

        change = Change(db, "import", Log(event.id))
        change.insert("outcome", card(pairings[0], 90))
        with pytest.raises(RuntimeError), change.savepoint():
            change.insert("outcome", card(pairings[1], 50))
            assert totals.kept(db, event.id, event.settings.scoring_rules()) is not None  # summed inside the savepoint
            raise RuntimeError("a bad line")
        change.insert("outcome", card(pairings[2], 100))
        change.log("two of three lines")
    kept, summed = _kept_and_summed(cli)
    assert kept is not None and sorted(kept) == summed
    assert [row[1] for row in summed] == [1, 1]  # the cards of tables 1 and 3, not 2's
    assert len(tables) == 3 and _agreed(cli) == _agreeing(cli) == []  # one card a table: none agree yet


def test_check_lists_the_same_tables_with_agreement_kept_or_not(cli):
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *PLAYERS, "--new")
    tables = [t["players"] for t in cli("round", "Open", "--json").json()["tables"] if len(t["players"]) == 2]
    cli("result", "Open", tables[0][0], 121, tables[0][1], 90)  # agreed
    cli("result", "Open", tables[1][0], 121, tables[1][1], 90, "--card", tables[1][0])  # one card
    cli("result", "Open", tables[1][0], 80, tables[1][1], 121, "--card", tables[1][1])  # a second that disagrees
    shown = cli("check", "Open", "--json").json()
    assert len(_agreed(cli)) == 1
    con = sqlite3.connect(cli.db)
    con.execute("DELETE FROM totals_kept")  # not kept: the cards are read instead
    con.commit()
    con.close()
    assert cli("check", "Open", "--json").json() == shown
    assert [p["problem"] for p in shown["problems"]] == ["disagree", "missing"]


def test_a_schema_16_database_keeps_its_tables_after_the_upgrade(cli):
    """Schema 16 kept totals without the agreeing tables: the upgrade forgets them, so
    check reads the cards until the next change keeps both again."""
    cli("new-event", "Open", "--games", "2")
    cli("enter", "Open", *PLAYERS, "--new")
    tables = [t["players"] for t in cli("round", "Open", "--json").json()["tables"] if len(t["players"]) == 2]
    for a, b in tables:
        cli("result", "Open", a, 121, b, 90)
    con = sqlite3.connect(cli.db)
    con.execute("DROP TABLE table_agreed")
    con.execute("DROP INDEX ix_pairing_bye")  # schema 18
    con.execute("DROP INDEX ix_pairing_met")  # schema 19
    con.execute("DROP TABLE desk_session")  # schema 21
    con.execute("CREATE INDEX ix_pairing_event_game ON pairing (event_id, game_no)")
    for statement in ("DROP TABLE settled_card", "DROP TABLE playoff_card", "DROP INDEX ix_outcome_uncounted", "DROP INDEX ix_outcome_cards",  # schema 20
                      "ALTER TABLE outcome DROP COLUMN counted",
                      "CREATE INDEX ix_outcome_cards ON outcome (event_id, entry_id, own_score, opp_score, forfeit)"):
        con.execute(statement)
    for table in ("player_rating", "rating_change", "ratings_kept"):  # schema 22
        con.execute(f"DROP TABLE {table}")
    for column in ("start_rating", "start_rd", "start_volatility"):
        con.execute(f"ALTER TABLE player DROP COLUMN {column}")
    for table, column in (("event", "acc_event"), ("event", "fund_from"), ("event", "currency"), ("player", "mrps_before")):
        con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")  # schema 23
    for index in ("ix_pairing_entry1", "ix_pairing_entry2", "ix_pairing_entry3", "ix_player_name_lower", "ix_player_name_beyond_ascii",
                  "ix_entry_total_empty"):
        con.execute(f"DROP INDEX {index}")  # schema 24
    con.execute("UPDATE schema_version SET version = 16")
    con.commit()
    con.close()
    assert cli("check", "Open", "--json").json()["problems"] == []  # upgraded on the way in
    assert _agreed(cli) == [] and _kept_and_summed(cli)[0] is None
    cli("result", "Open", tables[0][0], 121, tables[0][1], 91, "--replace")
    assert _agreed(cli) == _agreeing(cli) and len(_agreed(cli)) == 3
    assert cli("check", "Open", "--json").json()["problems"] == []
