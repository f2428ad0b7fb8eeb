"""Issue 20's paper: what a player reads off each sheet, checked in the PDF's
text (full names, no database ids, sizes, one page of sixty rows, words)."""

import re
from pathlib import Path

from pypdf import PdfReader

from tests.render.test_print import pdf_text

LONG = ["Russell Johansson-Whitfield", "Raymond Lindqvist", "Bartholomew Vandermeer-Ostrowski", "Lloyd Lachance"]


def layout(path: Path) -> list[str]:
    """Each page's text laid out as on paper (words of one line on one line)."""
    return [re.sub("[\u2002-\u200a]", " ", page.extract_text(extraction_mode="layout")) for page in PdfReader(path).pages]


def sizes(path: Path) -> dict[str, float]:
    """The size in points each piece of text is drawn at (the largest, where a
    text is drawn more than once)."""
    found: dict[str, float] = {}

    def visit(text, cm, tm, font, size):  # type: ignore[no-untyped-def]
        scale = abs(tm[3] * cm[3]) or 1
        for line in text.split("\n"):
            line = line.strip()
            if line:
                found[line] = max(found.get(line, 0), size * scale)

    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    return found


def namesakes(cli):
    """Two Janet Novaks with ACC numbers and long names, paired and played."""
    cli("player", "add", "Janet Novak", "--acc-number", "90391")
    cli("player", "add", "Janet Novak", "--acc-number", "70095", "--duplicate")
    cli("new-event", "Open", "--games", "3", "--date", "2026-10-17")
    cli("enter", "Open", "90391", "70095", *LONG, "--new")
    cli("round", "Open", "--all")
    for g in (1, 2, 3):
        for t in cli("round", "Open", "--show", g, "--json").json()["tables"]:
            cli("result", "Open", t["players"][0], 121, t["players"][1], 99, "--game", g)


def test_scorecards_print_whole_names_and_no_database_ids(cli, tmp_path):
    namesakes(cli)
    shown = {r["player"] for r in cli("standings", "Open", "--json").json()["rows"]}
    assert any(re.search(r"#\d+$", name) for name in shown)  # the screen tells the Novaks apart by id
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "Open", "-o", out)
    text = pdf_text(out)
    assert not re.search(r"#\d", text), text
    words = " ".join(text.split())
    for name in LONG:  # on each card as its owner, and as an opponent on others
        assert words.count(name) >= 2, name
    assert words.count("Janet Novak (ACC 90391)") >= 1 and words.count("Janet Novak (ACC 70095)") >= 1


def test_a_doubles_card_prints_both_partners(cli, tmp_path):
    cli("new-event", "D", "--variant", "four-player", "--games", "2")
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\n,Lloyd Lachance,Wayne Okafor-Fitzgerald\n,Ann Lee,Bob Ray\n"
                     ",Cat Moss,Dan Oak\nThe Skunk Hunters,Eve Fox,Fay Hill\n")
    cli("enter", "D", "--teams", teams, "--new")
    cli("round", "D", "--all")
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "D", "-o", out)
    lines = [line.strip() for page in layout(out) for line in page.splitlines()]
    assert any(line.startswith("Lloyd Lachance &") for line in lines)  # a team on two lines, both partners whole
    assert any(line.startswith("Wayne Okafor-Fitzgerald") for line in lines)
    assert "Eve Fox & Fay Hill" in " ".join(pdf_text(out).split())  # a named team lists its players


def test_scorecard_game_lines_use_the_card(cli, tmp_path):
    """Nine games: the totals line sits in the card's bottom quarter (it sat at
    60% of the card, the rest blank)."""
    cli("new-event", "Nine", "--games", "9")
    cli("enter", "Nine", *[f"P{i}" for i in range(8)], "--new")
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "Nine", "-o", out)
    page = PdfReader(out).pages[0]
    height = float(page.mediabox.height)
    tops: list[float] = []  # points from the page's top (WeasyPrint flips the page: cm is [0.75 0 0 -0.75 0 height])
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: tops.append(tm[5] * abs(cm[3])) if "Totals" in text else None)
    assert len(tops) == 4  # four cards to a sheet
    margin = 8 * 72 / 25.4
    card = (height - 2 * margin - 72 / 25.4) / 2
    for y in tops:
        assert (y - margin) % card > 0.8 * card, (y, card)


def test_table_sheet_names_at_14_points_and_find_your_table_in_columns(cli, tmp_path):
    namesakes(cli)
    out = tmp_path / "tables.pdf"
    cli("print", "tables", "Open", "--game", "1", "-o", out)
    drawn = sizes(out)
    names = ["Janet Novak (ACC 90391)", "Janet Novak (ACC 70095)", *LONG]
    for name in names:
        assert drawn.get(name, 0) >= 14 - 0.01, (name, drawn.get(name))
    by_table, find = layout(out)
    assert not re.search(r"#\d", by_table + find)
    rows = [line for line in find.splitlines() if sum(name in line for name in names) == 2]
    assert len(rows) == 3  # six players in two columns: each line names two
    assert "TABLE" in find and find.count("PLAYER") == 2


def test_standings_sixty_rows_to_a_page_with_headings_on_every_page(cli, tmp_path):
    for count, want in ((60, 1), (140, 3)):
        event = f"E{count}"
        cli("new-event", event, "--games", "1")
        cli("enter", event, *[f"Player {event} {i:03d}" for i in range(count)], "--new")
        out = tmp_path / f"{event}.pdf"
        cli("print", "standings", event, "-o", out)
        pages = layout(out)
        assert len(pages) == want, event
        for page in pages:
            heading = next(line for line in page.splitlines() if "RANK" in line)
            assert re.search(r"RANK +PLAYER +GP +W +L +SPREAD +PLUS +MINUS +SKUNKS +SKUNKED", heading), heading
        text = "\n".join(pages)
        assert all(f"Player {event} {i:03d}" in text for i in range(count))


def test_bracket_chart_marks_a_withdrawn_player(cli, tmp_path):
    cli("new-event", "Cup", "--format", "single-elim")
    cli("enter", "Cup", *[f"P{i:02d}" for i in range(1, 9)], "--new")
    cli("cut", "Cup")
    a, b = cli("bracket", "Cup", "--json").json()["rounds"][0]["matches"][0]["players"]
    cli("withdraw", "Cup", b)
    assert cli("bracket", "Cup", "--json").json()["rounds"][0]["matches"][0]["withdrawn"] == [False, True]
    assert f"{b} (withdrawn)" in cli("bracket", "Cup").stdout
    out = tmp_path / "bracket.pdf"
    cli("print", "bracket", "Cup", "-o", out)
    assert f"{b} (withdrawn)" in pdf_text(out)
    assert pdf_text(out).count("(withdrawn)") == 1


def test_rulings_sheet_counts_one_dispute(cli, tmp_path):
    cli("new-event", "R", "--games", "1")
    cli("enter", "R", "Ann", "Bob", "--new")
    cli("round", "R")
    cli("ruling", "R", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", "1", "--player", "Ann")
    out = tmp_path / "rulings.pdf"
    cli("print", "rulings", "R", "-o", out)
    text = pdf_text(out)
    assert "1 dispute" in text and "1 disputes" not in text


def test_season_sheet_marks_dropped_nights_and_writes_nights_one_way(cli, tmp_path):
    from tests.cli.test_leagues import MEMBERS, season

    season(cli, tmp_path, nights=4, formula="game-points", games=3, drop_worst=1)
    rows = cli("league", "standings", "Elm", "--json").json()["rows"]
    out = tmp_path / "season.pdf"
    cli("print", "season", "Elm", "-o", out)
    standings, grid = layout(out)[:2]
    assert "NIGHTS COUNTED/PLAYED" in standings and "worst 1 night dropped" in standings
    for r in rows:
        line = next(line for line in standings.splitlines() if re.search(rf"\b{r['player']}\b", line))
        assert f" {r['counted_nights']}/{r['nights']} " in line, line  # 3/4, and 3/3 alike
    for name in MEMBERS:
        line = next(line for line in grid.splitlines() if line.strip().startswith(name))
        played = next(r for r in rows if r["player"] == name)
        assert line.count("(") == played["nights"] - played["counted_nights"] == 1, line
    assert "(a number) a night dropped" in " ".join(grid.split())
