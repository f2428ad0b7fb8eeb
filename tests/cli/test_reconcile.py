"""ACC rule 12.2 through the CLI: two cards that both claim the win, the same
settlement whenever the director resolves, and the director's choice of card."""

from __future__ import annotations

from tests.conftest import Cli


def _event(cli: Cli, games: int) -> list[list[str]]:
    cli("new-event", "Rec", "--games", games)
    cli("enter", "Rec", "Cat", "Fay", "Ann", "Bob", "--new")
    return [t["players"] for t in cli("round", "Rec", "--json").json()["tables"]]


def _line(cli: Cli, name: str) -> tuple[int, int, int]:
    row = next(r for r in cli("standings", "Rec", "--json").json()["rows"] if r["player"] == name)
    return row["wins"], row["losses"], row["spread"]


def test_both_cards_claiming_the_win_is_a_loss_for_both(cli):
    (a, b), _ = _event(cli, 1)
    cli("result", "Rec", a, 121, b, 100, "--card", a)
    cli("result", "Rec", b, 121, a, 110, "--card", b)
    cli("check", "Rec", "--resolve")
    assert _line(cli, a) == (0, 1, -11) and _line(cli, b) == (0, 1, -21)


def _disputed_then(cli: Cli, resolve_at_once: bool) -> dict[str, object]:
    """Game 1: A's card says A skunked B 121-90, B's that A won 121-101. After game
    1 Cat leads (121-50); by the end A leads. Judged on today's standings, A would
    keep his skunk if resolved at once and lose it at the end (an apparent
    qualifier takes the version worse for him)."""
    cli("new-event", "Rec", "--games", 3, "--qualify-ratio", "0.25")
    cli("enter", "Rec", "A", "Cat", "Dan", "B", "--new")
    tables = [t["players"] for t in cli("round", "Rec", "--json").json()["tables"]]
    assert sorted(map(sorted, tables)) == [["A", "B"], ["Cat", "Dan"]], tables
    cli("result", "Rec", "Cat", 121, "Dan", 50)
    cli("result", "Rec", "A", 121, "B", 90, "--card", "A")
    cli("result", "Rec", "B", 101, "A", 121, "--card", "B")
    if resolve_at_once:
        cli("check", "Rec", "--resolve")
    for _ in (2, 3):
        for one, two in (t["players"] for t in cli("round", "Rec", "--json").json()["tables"]):
            winner, loser = (one, two) if one == "A" or two == "Cat" else (two, one)
            cli("result", "Rec", winner, 121, loser, 60 if winner == "A" else 100)
    if not resolve_at_once:
        cli("check", "Rec", "--resolve")
    assert cli("standings", "Rec", "--json").json()["rows"][0]["player"] == "A"
    game1 = cli("player", "games", "Rec", "A", "--json").json()["games"][0]
    return {k: game1[k] for k in ("score", "opponent_score", "game_points", "spread")}


def test_the_settlement_does_not_depend_on_when_it_runs(tmp_path):
    at_once = _disputed_then(Cli(tmp_path / "now.db"), resolve_at_once=True)
    at_the_end = _disputed_then(Cli(tmp_path / "later.db"), resolve_at_once=False)
    assert at_once == at_the_end == {"score": 121, "opponent_score": 90, "game_points": 3, "spread": 31}


def test_the_directors_card_settles_one_game(cli, unchanged):
    (a, b), _ = _event(cli, 1)
    cli("result", "Rec", a, 121, b, 100, "--card", a)
    cli("result", "Rec", b, 121, a, 110, "--card", b)
    with unchanged():
        cli.fails("check", "Rec", "--resolve", 1, 1, match="--use-card", code=2)
        cli.fails("check", "Rec", "--resolve", 1, 2, "--use-card", a, match="no two disagreeing cards")
        cli.fails("check", "Rec", "--use-card", a, match="needs the game and table", code=2)
    out = cli("check", "Rec", "--resolve", 1, 1, "--use-card", b).stdout
    assert "resolved" in out
    assert _line(cli, b) == (1, 0, 11) and _line(cli, a) == (0, 1, -11)
    assert [p for p in cli("check", "Rec", "--json").json()["problems"] if p["table"] == 1] == []
