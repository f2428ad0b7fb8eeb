"""round --draw, players kept apart, clubs kept apart: through the real CLI."""

from __future__ import annotations


def _event(cli, games=5, clubs=False, **settings):
    cli("new-event", "E", "--games", str(games), *[a for k, v in settings.items() for a in (f"--{k.replace('_', '-')}", str(v))])
    for i in range(1, 13):
        cli("player", "add", f"P{i:02d}", *(["--club", f"Club {i % 3}"] if clubs else []))
    cli("enter", "E", *[f"P{i:02d}" for i in range(1, 13)])


def _tables(cli, game):
    return [tuple(t["players"]) for t in cli("round", "E", "--show", str(game), "--json").json()["tables"]]


def test_a_drawn_game_is_reproducible_from_its_stored_seed(tmp_path):
    from tests.conftest import Cli

    one, two = Cli(tmp_path / "one.db"), Cli(tmp_path / "two.db")
    for cli in (one, two):
        _event(cli)
        cli("round", "E")
    drawn = one("round", "E", "--draw", "4711", "--json").json()
    assert drawn["draw_seed"] == 4711 and two("round", "E", "--draw", "4711", "--json").json() == drawn
    assert "Game 2 (drawn, seed 4711)" in one("round", "E", "--show", "2").stdout
    assert one("round", "E", "--show", "1", "--json").json()["draw_seed"] is None
    other = one("round", "E", "--draw", "--json").json()  # no seed given: a new one, shown
    assert isinstance(other["draw_seed"], int)
    one("round", "E", "--unschedule-from", "2")
    one("round", "E")  # paired again by the rotation: the draw is gone with its game
    assert one("round", "E", "--show", "2", "--json").json()["draw_seed"] is None


def test_players_kept_apart_are_never_paired(cli):
    _event(cli, games=11)
    cli("player", "edit", "P01", "--avoid", "P12", "--avoid", "P02")
    assert "never paired with: P02, P12" in cli("player", "show", "P01").stdout
    cli("round", "E", "--all")
    met = {frozenset(t) for g in range(1, 12) for t in _tables(cli, g)}
    assert frozenset(("P01", "P12")) not in met and frozenset(("P01", "P02")) not in met
    assert len(met) >= 62  # 66 tables, 64 pairs allowed: P01 must meet two opponents twice
    cli("player", "edit", "P01", "--no-avoid", "P12")
    assert "never paired with: P02" in cli("player", "show", "P01").stdout


def test_clubs_are_kept_apart_for_the_first_games(cli):
    _event(cli, games=6, clubs=True, avoid_same_club_games=3)
    cli("round", "E", "--all")
    club = {f"P{i:02d}": i % 3 for i in range(1, 13)}
    for game in range(1, 4):
        assert all(club[a] != club[b] for a, b in _tables(cli, game)), game
    met = [frozenset(t) for g in range(1, 7) for t in _tables(cli, g)]
    assert len(met) == len(set(met))  # and still no repeat


def test_pairing_options_refuse_mistakes(cli, unchanged):
    _event(cli)
    with unchanged():
        cli.fails("round", "E", "5", match="a seed needs --draw", code=2)
        cli.fails("round", "E", "--draw", "5", "--all", match="--draw seats one new game")
        cli.fails("player", "edit", "P01", "--avoid", "P01", match="cannot be kept apart from themselves")
        cli.fails("player", "edit", "P01", "--avoid", "Nobody", match="unknown player")
        cli.fails("event", "set", "E", "avoid_same_club_games=-1", match="cannot be negative")
