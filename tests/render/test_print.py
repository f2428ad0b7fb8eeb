"""print KIND EVENT through the real CLI, checked with pypdf."""

import shutil
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

EVIL = '<img src="file:///etc/passwd">'
JINJA = "{{7*7}}"


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def pages(path: Path) -> int:
    return len(PdfReader(path).pages)


def small_event(cli, tmp_path, games=3, players=("Ann Lee", "Bob Ray", "Cat Moss", "Dan Oak", EVIL, JINJA)):
    cli("new-event", "Spring Open", "--date", "2026-04-11", "--location", "Elm Hall", "--games", games, "--muggins")
    cli("enter", "Spring Open", *players, "--new")
    cli("round", "Spring Open", "--all")
    return cli


def play_all(cli, event="Spring Open"):
    data = cli("round", event, "--show", "1", "--json").json()
    games = cli("event", "show", event, "--json").json()["scheduled"]
    for g in range(1, games + 1):
        for k, t in enumerate(cli("round", event, "--show", g, "--json").json()["tables"]):
            cli("result", event, t["players"][0], 121, t["players"][1], 100 - 10 * k, "--game", g)
    return data


def test_standings_pdf(cli, tmp_path):
    small_event(cli, tmp_path)
    play_all(cli)
    out = tmp_path / "standings.pdf"
    run = cli("print", "standings", "Spring Open", "-o", out)
    assert f"wrote {out} (1 page)" in run.stderr
    text = pdf_text(out)
    assert "Spring Open" in text and "2026-04-11" in text and "Elm Hall" in text and "muggins" in text
    rows = cli("standings", "Spring Open", "--json").json()["rows"]
    for r in rows:
        assert r["player"] in text
    assert EVIL in text and JINJA in text and "49" not in text  # printed literally
    assert "page 1 of 1" in text


def test_scorecards_blank_before_play_and_filled_after(cli, tmp_path):
    small_event(cli, tmp_path)
    blank = tmp_path / "blank.pdf"
    cli("print", "scorecards", "Spring Open", "-o", blank)
    assert pages(blank) == 1  # six short cards (three games), six to a sheet
    text = pdf_text(blank)
    assert text.count("Checked by") == 6 and "Totals" in text
    game1 = cli("round", "Spring Open", "--show", "1", "--json").json()["tables"][0]
    assert game1["players"][1] in text  # opponents printed before play
    play_all(cli)
    filled = tmp_path / "filled.pdf"
    cli("print", "scorecards", "Spring Open", "-o", filled)
    numbers = " ".join(pdf_text(filled).replace("\u2007", " ").split())  # boxes are right-aligned with figure spaces
    for r in cli("standings", "Spring Open", "--json").json()["rows"]:
        # each card's totals: game points, plus, minus
        assert f"{r['game_points']} {r['plus']} {r['minus']}" in numbers, r


def test_tables_pdf_has_find_your_table(cli, tmp_path):
    small_event(cli, tmp_path)
    out = tmp_path / "tables.pdf"
    cli("print", "tables", "Spring Open", "--game", "2", "-o", out)
    text = pdf_text(out)
    assert "game 2" in text and "Find your table" in text.replace("FIND YOUR TABLE", "Find your table")
    for name in ("Ann Lee", "Bob Ray", EVIL, JINJA):
        assert text.count(name) >= 2  # by table and in the alphabetical list
    every = tmp_path / "all.pdf"
    cli("print", "tables", "Spring Open", "--game", "0", "-o", every)
    assert pages(every) == 6  # three games, two pages each


def test_bracket_blank_then_played_and_slips(cli, tmp_path):
    cli("new-event", "Cup", "--format", "single-elim")
    names = [f"Player {i:02d}" for i in range(1, 7)] + [EVIL]
    cli("enter", "Cup", *names, "--new")
    with_no_bracket = tmp_path / "none.pdf"
    cli.fails("print", "bracket", "Cup", "-o", with_no_bracket, match="no bracket yet")
    assert not with_no_bracket.exists()
    cli("cut", "Cup")
    blank = tmp_path / "blank.pdf"
    cli("print", "bracket", "Cup", "-o", blank)
    text = pdf_text(blank)
    assert pages(blank) == 1 and all(n in text for n in names) and "bye" in text
    slips = tmp_path / "slips.pdf"
    cli("print", "slips", "Cup", "-o", slips)
    assert pdf_text(slips).count("Signatures") == 3  # three first-round matches, one bye
    winners = []
    for m in cli("bracket", "Cup", "--json").json()["rounds"][0]["matches"]:
        if all(m["players"]):
            for _ in range(2):
                cli("result", "Cup", m["players"][0], 121, m["players"][1], 99)
            winners.append(m["players"][0])
    played = tmp_path / "played.pdf"
    cli("print", "bracket", "Cup", "-o", played)
    text = pdf_text(played)
    # each first-round winner is drawn twice: in the first round and again in the second
    assert winners and all(text.count(w) == 2 for w in winners), text


def test_bracket_over_32_slots_splits_across_pages(cli, tmp_path):
    cli("new-event", "Big", "--format", "single-elim")
    cli("enter", "Big", *[f"P{i:03d}" for i in range(1, 41)], "--new")
    cli("cut", "Big")  # 40 players: a bracket of 64
    out = tmp_path / "big.pdf"
    cli("print", "bracket", "Big", "-o", out)
    assert pages(out) == 3  # two 32-slot sections and the final rounds
    text = pdf_text(out)
    assert all(f"P{i:03d}" in text for i in range(1, 41))


def test_rulings_pdf(cli, tmp_path):
    small_event(cli, tmp_path)
    player = cli("round", "Spring Open", "--show", "1", "--json").json()["tables"][0]["players"][0]
    cli("ruling", "Spring Open", "count", "5H", "5D", "5S", "JC", "--starter", "5C", "--claim", "28", "--game", "1", "--player", player)
    out = tmp_path / "rulings.pdf"
    cli("print", "rulings", "Spring Open", "-o", out)
    text = pdf_text(out)
    assert "under-counted by 1" in text and "muggins: opponent may take 1" in text and player in text


def test_a4_and_landscape(cli, tmp_path):
    small_event(cli, tmp_path)
    out = tmp_path / "a4.pdf"
    cli("print", "standings", "Spring Open", "--paper", "a4", "--landscape", "-o", out)
    box = PdfReader(out).pages[0].mediabox
    assert round(float(box.width) / 72 * 25.4) == 297 and round(float(box.height) / 72 * 25.4) == 210


def test_bad_print_requests(cli, tmp_path, unchanged):
    small_event(cli, tmp_path)
    with unchanged():
        cli.fails("print", "posters", "Spring Open", match="unknown kind 'posters'")
        cli.fails("print", "standings", "Spring Open", "--paper", "legal", match="paper must be letter or a4")
        cli.fails("print", "standings", "Nope", match="unknown event")
        cli.fails("print", "standings", "Spring Open", "-o", tmp_path / "missing" / "x.pdf", match="does not exist")
        cli.fails("print", "standings", "Spring Open", "-o", tmp_path, match="it is a folder")
    # a folder nobody may write in, root included (sysfs takes no new files)
    cli.fails("print", "standings", "Spring Open", "-o", "/sys/x.pdf", match="permission denied")
    assert list(tmp_path.glob("**/*.part")) == []


def test_interrupted_render_leaves_no_file(cli, tmp_path, monkeypatch):
    small_event(cli, tmp_path)
    import crib_tourney.render.pdf as pdf

    def interrupted(chunks, progress):
        raise KeyboardInterrupt

    monkeypatch.setattr(pdf, "_render_all", interrupted)
    out = tmp_path / "standings.pdf"
    cli.fails("print", "standings", "Spring Open", "-o", out, match="interrupted")
    assert not out.exists() and list(tmp_path.glob("*.part")) == []


def test_fetcher_serves_only_templates():
    from crib_tourney.render.pdf import _allowed
    from crib_tourney.render.templates import templates_dir

    assert _allowed((templates_dir() / "print.css").as_uri())
    assert not _allowed("file:///etc/passwd")
    assert not _allowed((templates_dir() / ".." / "pyproject.toml").resolve().as_uri())
    assert not _allowed("http://example.org/logo.png")


def test_html_injection_in_a_template_cannot_fetch_files(tmp_path):
    from crib_tourney.render.pdf import render_chunk

    secret = tmp_path / "secret.css"
    secret.write_text("body::after { content: 'LEAKED-SECRET' }")
    html = f'<html><head><link rel="stylesheet" href="{secret.as_uri()}"></head><body><p>hello</p></body></html>'
    out = tmp_path / "x.pdf"
    out.write_bytes(render_chunk(html))
    text = pdf_text(out)
    assert "hello" in text and "LEAKED-SECRET" not in text


def test_cli_does_not_import_weasyprint_until_printing():
    code = "import sys, crib_tourney.cli.app; print('weasyprint' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


def test_templates_found_inside_an_installed_package(tmp_path):
    """A wheel ships templates/ as crib_tourney/_templates (pyproject force-include)."""
    import crib_tourney
    from crib_tourney.render.templates import templates_dir

    package = Path(crib_tourney.__file__).parent
    site = tmp_path / "site"
    shutil.copytree(package, site / "crib_tourney", ignore=shutil.ignore_patterns("__pycache__", "_templates"))
    shutil.copytree(templates_dir(), site / "crib_tourney" / "_templates")
    code = "from crib_tourney.render.templates import templates_dir; print(templates_dir())"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path,
                         env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert run.stdout.strip() == str(site / "crib_tourney" / "_templates")
    pyproject = (package.parent / "pyproject.toml")
    if pyproject.exists():
        assert '"templates" = "crib_tourney/_templates"' in pyproject.read_text()


def test_large_event_standings_and_scorecards(cli, tmp_path):
    """120 players: standings run over two pages (sixty rows a page) with the
    column headings repeated on each; every player's name and card is printed."""
    names = [f"Player Number {i:03d}" for i in range(1, 121)]
    cli("new-event", "Big", "--games", "2")
    cli("enter", "Big", *names, "--new")
    cli("round", "Big", "--all")
    lines = ["game,player1,score1,player2,score2"]
    for g in (1, 2):
        for k, t in enumerate(cli("round", "Big", "--show", g, "--json").json()["tables"]):
            lines.append(f"{g},{t['players'][0]},121,{t['players'][1]},{60 + k}")
    (tmp_path / "r.csv").write_text("\n".join(lines) + "\n")
    cli("result", "import", "Big", tmp_path / "r.csv")
    standings = tmp_path / "standings.pdf"
    cli("print", "standings", "Big", "-o", standings)
    reader = PdfReader(standings)
    assert len(reader.pages) == 2
    texts = [p.extract_text() for p in reader.pages]
    assert all("RANK" in t.upper() and "PLAYER" in t.upper() for t in texts)  # repeated table header
    assert all(f"page {i} of {len(texts)}" in t for i, t in enumerate(texts, start=1))
    joined = "\n".join(texts)
    assert all(n in joined for n in names)
    cards = tmp_path / "cards.pdf"
    cli("print", "scorecards", "Big", "-o", cards)
    assert pages(cards) == 20  # 120 short cards (two games), six to a sheet
    text = pdf_text(cards)
    assert text.count("Checked by") == 120 and all(n in text for n in names)


def test_print_kinds_are_the_document_registry():
    """`print`'s help lists its kinds without importing the services; they must be
    exactly the registry's documents, each with a renderer."""
    from crib_tourney.cli.printing import KINDS
    from crib_tourney.render import documents
    from crib_tourney.services.printing import DOCUMENTS

    assert KINDS == tuple(DOCUMENTS)
    assert all(callable(getattr(documents, d.renderer)) for d in DOCUMENTS.values())


def test_the_scorecard_is_the_official_player_card(cli, tmp_path):
    from crib_tourney.services.printing import scorecards_data
    from crib_tourney.store.db import transaction
    from crib_tourney.store.directory import find_event

    cli("new-event", "Card", "--games", "2")
    cli("enter", "Card", "Ann", "Bob", "Cat", "--new")
    cli("round", "Card", "--all")
    with transaction(str(cli.db), write=False) as db:
        cards = {c["player"]: c for c in scorecards_data(db, find_event(db, "Card").id)["cards"]}
    assert all(c["start"] for c in cards.values())
    bye = next(g for c in cards.values() for g in c["games"] if g["opponent"] == "bye")
    assert bye["gp"] == 2 and bye["plus"] == 0  # the bye is printed filled in, before play
    a, b = cli("round", "Card", "--show", "1", "--json").json()["tables"][0]["players"]
    cli("result", "Card", a, "121", b, "100")
    with transaction(str(cli.db), write=False) as db:
        card = next(c for c in scorecards_data(db, find_event(db, "Card").id)["cards"] if c["player"] == a)
    first = card["games"][0]
    assert (first["result"], first["gp"], first["total_gp"], first["total_spread"]) == ("W", 2, 2, "+21")
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "Card", "-o", out)
    text = pdf_text(out)
    assert "W/L" in text and "OPP." in text and "starts at table 1, seat 1" in text


def test_slips_fit_four_to_a_page_and_the_chart_names_rounds_keys_and_tables(cli, tmp_path):
    cli("new-event", "S", "--format", "single-elim", "--date", "2026-11-01")
    cli("enter", "S", *[f"P{i:02d}" for i in range(1, 17)], "--new")
    cli("cut", "S")
    assert [m["table"] for m in cli("bracket", "S", "--json").json()["rounds"][0]["matches"]] == list(range(1, 9))
    slips = tmp_path / "slips.pdf"
    cli("print", "slips", "S", "-o", slips)
    first = PdfReader(slips).pages[0].extract_text()
    assert first.count("Signatures") >= 4 and "TABLE" in first.upper()
    chart = tmp_path / "bracket.pdf"
    cli("print", "bracket", "S", "-o", chart)
    text = pdf_text(chart)
    assert "2026-11-01" in text and "QUARTERFINAL" in text.upper() and "W1.3 · t3" in text
