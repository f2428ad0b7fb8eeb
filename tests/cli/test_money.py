"""The director's money through the CLI: fees, fund, payouts to the cent,
round-robin placings, the high non-qualifier."""

from __future__ import annotations


def _played(cli, name, players, fmt="acc", games=3, *settings):
    cli("new-event", name, "--format", fmt, "--games", str(games), *settings)
    cli("enter", name, *[f"P{i:02d}" for i in range(players)], "--new")
    if fmt == "round-robin":
        cli("round", name, "--all")
        last = cli("event", "show", name, "--json").json()["settings"]["games"]
    else:
        for _ in range(games):
            cli("round", name)
        last = games
    for game in range(1, last + 1):
        for k, table in enumerate(cli("round", name, "--show", str(game), "--json").json()["tables"]):
            a, b = table["players"]
            cli("result", name, min(a, b), "121", max(a, b), str(100 - k), "--game", str(game))


def play_bracket(cli, name):
    """Every open match until the champion: the first-listed player wins each game."""
    bracket = cli("bracket", name, "--json").json()
    while not bracket["champion"]:
        for r in bracket["rounds"]:
            for m in r["matches"]:
                if all(m["players"]) and not m["winner"]:
                    cli("result", name, m["players"][0], "121", m["players"][1], "100")
        bracket = cli("bracket", name, "--json").json()


def test_the_fund_follows_the_entries_and_pays_out_to_the_cent(cli):
    _played(cli, "E", 12, "acc", 3, "--entry-fee", "25", "--house-share", "12.5", "--payouts", "50,30,20",
            "--high-nonqualifier-prize", "10")
    shown = cli("event", "show", "E", "--json").json()["settings"]
    assert (shown["entry_fee"], shown["house_share"], shown["prize_fund"]) == ("25.00", 12.5, "0.00")
    cli("cut", "E", "--qualifiers", "4")
    play_bracket(cli, "E")
    placings = cli("placings", "E", "--json").json()
    assert placings["prize_fund"] == "262.50"  # 12 x 25.00 less 12.5 %
    assert [r["prize"] for r in placings["rows"]][:2] == ["131.25", "78.75"]
    assert sum(int(r["prize"].replace(".", "")) for r in placings["rows"] if r["prize"]) == 262_50
    high = placings["high_nonqualifier"]
    assert high["rank"] == 5 and high["prize"] == "10.00"
    assert "high non-qualifier:" in cli("placings", "E").stdout


def test_a_round_robin_has_placings_a_champion_and_payouts(cli):
    _played(cli, "R", 5, "round-robin", 1, "--prize-fund", "100", "--payouts", "60,40")
    placings = cli("placings", "R", "--json").json()
    assert placings["complete"] and placings["champion"] == placings["rows"][0]["player"]
    assert [r["prize"] for r in placings["rows"][:2]] == ["60.00", "40.00"]
    assert placings["high_nonqualifier"] is None
