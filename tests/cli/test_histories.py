"""A player's games, his history across events, and an event's results report."""

from __future__ import annotations

import csv
import io

from tests.cli.test_pools import _finished


def test_player_games_show_both_scores_and_whether_the_cards_agree(cli):
    cli("new-event", "E", "--games", "2")
    cli("enter", "E", "Ann", "Bob", "Cat", "--new")
    cli("round", "E", "--all")
    game1 = cli("round", "E", "--show", "1", "--json").json()
    a, b = game1["tables"][0]["players"]
    cli("result", "E", a, "121", b, "97", "--card", a)
    cli("result", "E", a, "121", b, "93", "--card", b)
    games = cli("player", "games", "E", a, "--json").json()["games"]
    first = next(g for g in games if g["game"] == 1)
    # two cards that disagree: disputed, so no game points until the game is final (his card's scores still shown)
    assert (first["score"], first["opponent_score"], first["game_points"], first["cards_agree"], first["state"]) == (
        121, 97, None, False, "disputed")
    bye = next(g for g in games if g["opponent"] == "bye")
    assert bye["game_points"] == 2
    assert "NO" in cli("player", "games", "E", a).stdout


def test_history_and_report(cli, tmp_path):
    _finished(cli)
    rows = cli("report", "E", "--json").json()["rows"]
    assert len(rows) == 12 and sum(r["qualified"] for r in rows) == 4
    champion = next(r for r in rows if r["playoff_finish"] == "1st")
    assert champion["prize"] == "70.00"
    out = tmp_path / "results.csv"
    cli("report", "E", "--csv", "-o", out)
    table = list(csv.DictReader(io.StringIO(out.read_text())))
    assert table[0].keys() >= {"place", "name", "acc_number", "qualified", "playoff_finish", "prize"} and len(table) == 12
    cli("new-event", "F", "--games", "1")
    cli("enter", "F", champion["name"], "P11")
    cli("round", "F")
    cli("result", "F", champion["name"], "121", "P11", "60")
    history = cli("player", "history", champion["name"], "--json").json()
    assert [e["event"] for e in history["events"]] == ["E", "F"]
    assert history["events"][0]["place"] == "1st" and history["events"][0]["prize"] == "70.00"
    assert history["totals"]["events"] == 2 and history["totals"]["prize"] == "70.00"
    assert history["totals"]["wins"] == sum(e["wins"] for e in history["events"])


def test_standings_are_computed_once_per_command(cli, tmp_path, monkeypatch):
    """report --csv reads them three ways (the rows, the best non-qualifier, the
    pools' finishing order): one computation; player history none (issue 31: his
    row without ranking the field, services/one_standing.py)."""
    import crib_tourney.services.standings as standings

    _finished(cli)
    computed = []
    real = standings._event_standings
    monkeypatch.setattr(standings, "_event_standings", lambda *a: computed.append(a[1].id) or real(*a))
    cli("report", "E", "--csv", "-o", tmp_path / "results.csv")
    assert len(computed) == 1
    computed.clear()
    name = cli("standings", "E", "--json").json()["rows"][0]["player"]
    computed.clear()
    cli("player", "history", name)
    assert computed == []  # his one event: his row alone


def test_report_gives_a_team_the_acc_numbers_its_players_have(cli):
    """A team's ACC column lists its players' numbers; players without one add
    nothing (it printed ',' for a team of two without numbers, 'K1, ' for one)."""
    cli("player", "add", "Ann", "--acc-number", "K1")
    cli("player", "add", "Bob", "--acc-number", "K2")
    cli("new-event", "S", "--variant", "partners", "--sides", "3", "--games", "1")
    cli("enter", "S", "--team", "Ann", "Bob", "--team-name", "Aces")
    cli("enter", "S", "--team", "Cat", "Dan", "--team-name", "Cees", "--new")
    cli("player", "add", "Eve", "--acc-number", "K5")
    cli("enter", "S", "--team", "Eve", "Fay", "--team-name", "Ees", "--new")
    cli("round", "S")
    cli("result", "S", "Aces", "121", "Cees", "100", "Ees", "90")
    rows = {r["name"]: r["acc_number"] for r in cli("report", "S", "--json").json()["rows"]}
    assert rows == {"Aces": "K1, K2", "Cees": "", "Ees": "K5"}
    assert "│ ,   │" not in cli("report", "S").stdout
