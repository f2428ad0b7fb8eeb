"""Side pools and Q-pools: what is paid equals what was collected, to the cent."""

from __future__ import annotations

from tests.cli.test_money import _played, play_bracket


def _finished(cli):
    _played(cli, "E", 12, "acc", 3, "--prize-fund", "100", "--payouts", "70,30")
    cli("cut", "E", "--qualifiers", "4")
    play_bracket(cli, "E")
    return cli("standings", "E", "--json").json()["rows"]


def test_pools_pay_what_they_collect(cli, tmp_path):
    rows = _finished(cli)
    everyone = [r["player"] for r in rows]
    cli("pool", "add", "E", "Skins", "--fee", "3.33")
    cli("pool", "add", "E", "Q", "--fee", "5", "--kind", "q", "--payout", "top-double")
    cli("pool", "add", "E", "Even", "--fee", "2", "--kind", "q")
    cli("pool", "join", "E", "Skins", *everyone[:7])
    cli("pool", "join", "E", "Q", *everyone[2:9])  # two of the four qualifiers, and five who missed the cut
    cli("pool", "join", "E", "Even", *everyone)
    cli("pool", "leave", "E", "Even", everyone[-1])
    report = cli("pool", "report", "E", "--json").json()
    cents = lambda text: int(text.replace(".", ""))  # noqa: E731
    by_name = {p["name"]: p for p in report["pools"]}
    assert by_name["Skins"]["collected"] == "23.31" and sum(cents(p["amount"]) for p in by_name["Skins"]["payouts"]) == 23_31
    assert [p["amount"] for p in by_name["Skins"]["payouts"]] == ["11.66", "6.99", "2.33", "2.33"]  # 50/30/20: the two semifinal losers share 3rd
    q = by_name["Q"]
    assert len(q["payouts"]) == 2 and [p["amount"] for p in q["payouts"]] == ["23.34", "11.66"]  # seed 3 double, seed 4 single
    assert [p["amount"] for p in by_name["Even"]["payouts"]] == ["5.50"] * 4 and by_name["Even"]["collected"] == "22.00"
    assert report["collected"] == report["paid"] == "80.31"
    out = tmp_path / "cash.pdf"
    cli("print", "cash", "E", "-o", out)
    from pypdf import PdfReader

    text = PdfReader(out).pages[0].extract_text()
    assert "SIGNED FOR" in text.upper() and "180.31" in text  # 100.00 prize fund and 80.31 of pools


def test_pool_mistakes_are_refused(cli, unchanged):
    cli("new-event", "E")
    cli("enter", "E", "Ann", "Bob", "--new")
    cli("pool", "add", "E", "Skins", "--fee", "5")
    cli("pool", "join", "E", "Skins", "Ann")
    for k in range(5):
        cli("pool", "add", "E", f"S{k}", "--fee", "1")
    cli("pool", "add", "E", "Q1", "--fee", "1", "--kind", "q")
    cli("pool", "add", "E", "Q2", "--fee", "1", "--kind", "q")
    with unchanged():
        cli.fails("pool", "add", "E", "X", "--fee", "-5", match="must be an amount")
        cli.fails("pool", "add", "E", "X", "--fee", "5", "--payout", "places:60,50", match="add up to at most 100")
        cli.fails("pool", "add", "E", "X", "--fee", "5", "--payout", "places:60,30", match="must add up to 100")
        cli.fails("pool", "add", "E", "X", "--fee", "5", "--payout", "winner", match="places:50,30,20, equal, top-double or graduated:RATIO")
        cli.fails("pool", "add", "E", "X", "--fee", "5", "--kind", "mega", match="side or q")
        cli.fails("pool", "add", "E", "skins", "--fee", "5", match="already has a pool named")
        cli.fails("pool", "add", "E", "X", "--fee", "5", match="already runs 6 side pools")
        cli.fails("pool", "add", "E", "X", "--fee", "5", "--kind", "q", match="already runs 2 Q-pools")
        cli.fails("pool", "join", "E", "Skins", "Ann", match="Ann is already in the pool Skins")
        cli.fails("pool", "join", "E", "Nope", "Ann", match="no pool named 'Nope'")
        cli.fails("pool", "leave", "E", "Skins", "Bob", match="Bob is not in the pool Skins")
        cli.fails("pool", "join", "E", "Skins", "Zed", match="unknown player")
