"""League absences, drop_absences_first, the formula preview, night sheets without
a cut line, the season grid."""

from __future__ import annotations

from pypdf import PdfReader


def _night(cli, date, absent=(), results=True):
    args = ["league", "night", "Club", "--date", date, "--json"] + [a for p in absent for a in ("--absent", p)]
    event = cli(*args).json()["event"]
    if results:
        for table in cli("round", event, "--json").json()["tables"]:
            a, b = table["players"]
            cli("result", event, min(a, b), "121", max(a, b), "100")
    return event


def test_absences_are_not_withdrawals_and_can_count_as_dropped_nights(cli, unchanged, tmp_path):
    cli("league", "new", "Club", "--games-per-night", "1", "--drop-worst", "1", "--formula", "game-points")
    cli("league", "join", "Club", "Ann", "Bob", "Cat", "Dan", "--new")
    _night(cli, "2026-09-01")
    second = _night(cli, "2026-09-08", absent=["Dan"])
    _night(cli, "2026-09-15")
    fourth = _night(cli, "2026-09-22", results=False)
    assert "Dan" not in [r["player"] for r in cli("standings", second, "--json").json()["rows"]]  # not entered, not withdrawn
    assert "Cat: absent on night 4" in cli("league", "absent", "Club", "Cat").stdout
    assert "Cat" not in [r["player"] for r in cli("standings", fourth, "--json").json()["rows"]]
    season = cli("league", "standings", "Club", "--json").json()
    assert season["absences"] == {"Dan": [2]} and set(season["rows"][0]["per_night"]) <= {"1", "2", "3"}
    dan = next(r for r in season["rows"] if r["player"] == "Dan")
    assert (dan["nights"], dan["counted_nights"]) == (2, 1)  # two nights played, the worse one dropped
    cli("league", "set", "Club", "drop_absences_first=on")
    dan = next(r for r in cli("league", "standings", "Club", "--json").json()["rows"] if r["player"] == "Dan")
    assert (dan["nights"], dan["counted_nights"]) == (2, 2)  # his absence is the dropped night: both nights played count
    with unchanged():
        cli.fails("league", "hand", "Club", "Dan", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "29", "--night", second,
                  match="Dan did not play")
        cli.fails("league", "absent", "Club", "Dan", "--night", "1", match="already paired")
        cli.fails("league", "absent", "Club", "Zed", match="unknown player")
        cli.fails("league", "absent", "Club", "Cat", match="already marked absent on night 4")
        cli.fails("league", "absent", "Club", "Ann", "--night", "9", match="no night 9")
        cli.fails("league", "night", "Club", "--absent", "Outsider", match="unknown player")
    out = tmp_path / "season.pdf"
    cli("print", "season", "Club", "-o", out)
    grid = PdfReader(out).pages[1].extract_text()
    assert "NIGHT BY NIGHT" in grid.upper() and "night 1: game-points" in grid


def test_a_formula_preview_leaves_the_league_as_it_is(cli):
    cli("league", "new", "Club", "--games-per-night", "1", "--formula", "game-points")
    cli("league", "join", "Club", "Ann", "Bob", "--new")
    _night(cli, "2026-09-01")
    preview = cli("league", "standings", "Club", "--formula", "placing", "--json").json()
    assert preview["preview"] and preview["formula"] == "placing" and preview["rows"][0]["season_points"] == 10
    assert cli("league", "show", "Club", "--json").json()["formula"] == "game-points"
    assert cli("league", "standings", "Club", "--json").json()["rows"][0]["season_points"] == 2
    cli.fails("league", "standings", "Club", "--formula", "fancy", match="unknown formula")


def test_a_league_night_sheet_has_no_cut_line(cli, tmp_path):
    cli("league", "new", "Club", "--games-per-night", "1")
    cli("league", "join", "Club", "Ann", "Bob", "Cat", "Dan", "--new")
    event = _night(cli, "2026-09-01")
    out = tmp_path / "night.pdf"
    cli("print", "standings", event, "-o", out)
    assert "dashed line marks the cut" not in PdfReader(out).pages[0].extract_text()
