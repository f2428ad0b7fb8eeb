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
    """ACC 12.2(e): "each card's spread will be moved to the minus column": a's card
    claims 121-100 (a -21), b's 121-110 (b -11); each is charged his own claim."""
    (a, b), _ = _event(cli, 1)
    cli("result", "Rec", a, 121, b, 100, "--card", a)
    cli("result", "Rec", b, 121, a, 110, "--card", b)
    cli("check", "Rec", "--resolve")
    assert _line(cli, a) == (0, 1, -21) and _line(cli, b) == (0, 1, -11)


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
    """ACC 12.2 judges the apparent qualifiers at cross-checking, after the last game:
    A leads then, so A takes B's version (121-101, no skunk). Settled at once, A was
    not yet an apparent qualifier (Cat led) and kept his skunk provisionally; when the
    last game's cards came in, the settlement was judged again, logged, and `check`
    names it. (The rule before judged on the standings before the disputed game and
    gave A 121-90: +31 where the rule gives +20.)"""
    now, later = Cli(tmp_path / "now.db"), Cli(tmp_path / "later.db")
    at_once = _disputed_then(now, resolve_at_once=True)
    at_the_end = _disputed_then(later, resolve_at_once=False)
    assert at_once == at_the_end == {"score": 121, "opponent_score": 101, "game_points": 2, "spread": 20}
    again = now("check", "Rec", "--json").json()["judged_again"]
    assert again == ["game 1 table 1 judged again at cross-checking: A 121-101; B 101-121 (cards: A 121-90; B 101-121)"]
    assert later("check", "Rec", "--json").json()["judged_again"] == []
    assert "judged again at cross-checking" in now("log", "Rec").stdout


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
