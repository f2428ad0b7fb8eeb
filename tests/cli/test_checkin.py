"""Players at the table, the desk's part: check-in and payments, personal links
(listed, revoked, printed on the scorecard as a QR code that reads back as the
link), the door sheet, and the ledger of a small event worked by hand."""

from __future__ import annotations

import doctest
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.render.test_print import pdf_text


def _log(cli, event: str) -> list[dict]:
    return cli("log", event, "--json").json()["log"]


def test_checkin_marks_records_payments_and_a_repeat_writes_nothing(cli):
    cli("new-event", "E", "--entry-fee", "25", "--games", "2")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    run = cli("checkin", "E", "Ann", "Bob", "--paid")
    assert run.stdout == "Ann: checked in, paid 25.00\nBob: checked in, paid 25.00\n"
    assert _log(cli, "E")[-1]["action"] == "checkin"
    cli("checkin", "E", "Cat", "--amount", "12.5")
    entries = len(_log(cli, "E"))
    before = cli.snapshot()
    again = cli("checkin", "E", "Ann", "Bob")
    assert again.stdout == "Ann: already checked in\nBob: already checked in\nnothing changed in E\n"
    assert cli.snapshot() == before and len(_log(cli, "E")) == entries  # a no-op writes no entry
    cli("checkin", "E", "Bob", "--unpaid")
    door = cli("checkin", "E", "--list", "--json").json()
    assert door["missing"] == ["Dan"] and door["unpaid"] == ["Bob", "Dan"] and door["collected"] == "37.50"
    assert [(r["name"], r["checked_in"], r["paid"]) for r in door["rows"]] == [
        ("Ann", True, "25.00"), ("Bob", True, None), ("Cat", True, "12.50"), ("Dan", False, None)]
    assert "3 of 4 checked in; collected 37.50" in cli("checkin", "E", "--list").stdout
    cli("undo", "E")  # the whole command goes: Bob's 25.00 is back
    assert cli("checkin", "E", "--list", "--json").json()["rows"][1]["paid"] == "25.00"
    cli("withdraw", "E", "Dan")
    cli.fails("checkin", "E", "Dan", match="Dan has withdrawn from E")
    assert cli("checkin", "E", "--list", "--json").json()["missing"] == []


def test_the_door_list_names_who_paid_short(cli):
    """The ledger counts a part payment's rest as owed; the door list named only
    those who paid nothing, so the desk could not find who owed the rest."""
    cli("new-event", "E", "--entry-fee", "20", "--games", "2")
    cli("enter", "E", "Ann", "Bob", "Cat", "--new")
    cli("checkin", "E", "Ann", "--paid")
    cli("checkin", "E", "Bob", "--amount", "10")
    door = cli("checkin", "E", "--list", "--json").json()
    assert door["unpaid"] == ["Cat"] and door["short"] == ["Bob"]
    assert "paid short: Bob (10.00 of 20.00)" in cli("checkin", "E", "--list").stdout.splitlines()


def test_who_game_one_waits_for():
    from types import SimpleNamespace as Entry

    import crib_tourney.tourney.checkin as rule
    import crib_tourney.tourney.ledger as ledger

    assert doctest.testmod(rule).failed == 0 and doctest.testmod(ledger).failed == 0
    field = [Entry(id=7, checked_in=False, withdrawn_after=None, first_game=1),
             Entry(id=8, checked_in=False, withdrawn_after=2, first_game=1)]
    assert rule.waiting_for(field, check_in=True, game=1) == [7]
    assert rule.waiting_for(field, check_in=True, game=2) == []


def test_event_links_list_revoke_and_reissue_nothing_twice(cli):
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "--new")
    cli("event", "set", "E", "public_url=https://club.example.org/events/1/")
    first = cli("event", "links", "E", "--json").json()
    assert first["new"] == 2 and [r["name"] for r in first["links"]] == ["Ann", "Bob"]
    assert all(re.fullmatch(r"https://club\.example\.org/p/[A-Za-z0-9_-]{27}", r["url"]) for r in first["links"])
    assert Path(str(cli.db) + ".key").stat().st_mode & 0o077 == 0  # the key is its owner's only
    before, entries = cli.snapshot(), len(_log(cli, "E"))
    assert cli("event", "links", "E", "--json").json() == {**first, "new": 0}  # the same links, nothing written
    assert cli.snapshot() == before and len(_log(cli, "E")) == entries
    again = cli("event", "links", "E", "--revoke", "Ann", "--json").json()
    assert again["revoked"] == 1 and again["new"] == 1
    assert again["links"][0]["url"] != first["links"][0]["url"] and again["links"][1] == first["links"][1]
    csv = cli("event", "links", "E", "--csv").stdout.splitlines()
    assert csv[0] == "entry,name,url" and csv[1].endswith(again["links"][0]["url"])


def _qr_text(svg: str) -> str:
    """What a phone reads from a segno SVG: its path drawn module by module, decoded by zxing-cpp."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from PIL import Image

    path = re.search(r' d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, a, b in re.findall(r"([MmHh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark |= {(int(x) + k, int(y)) for k in range(int(float(a)))}
            x += float(a)
    size = max(max(c) for c in dark) + 3
    image = Image.new("L", (size * 8, size * 8), 255)
    for cx, cy in dark:
        image.paste(0, (cx * 8, cy * 8, cx * 8 + 8, cy * 8 + 8))
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return found[0].text


def _pdf_qr_texts(pdf: Path, tmp_path: Path) -> list[str] | None:
    """The QR codes of a PDF's first page as printed (pdftoppm, when installed)."""
    zxingcpp = pytest.importorskip("zxingcpp")
    if shutil.which("pdftoppm") is None:
        return None
    from PIL import Image

    subprocess.run(["pdftoppm", "-png", "-r", "300", "-f", "1", "-l", "1", pdf, tmp_path / "page"], check=True)
    page = next(tmp_path.glob("page*.png"))
    return sorted(r.text for r in zxingcpp.read_barcodes(Image.open(page)))


def test_the_scorecard_carries_the_entrants_link_as_a_qr_code(cli, tmp_path):
    from crib_tourney import tokens
    from crib_tourney.services.printing import scorecards_data
    from crib_tourney.store.db import transaction
    from crib_tourney.store.directory import find_event

    cli("new-event", "Card", "--games", "2")
    cli("enter", "Card", "Ann", "Bob", "Cat", "--new")
    cli("round", "Card", "--all")
    blank = tmp_path / "blank.pdf"
    run = cli("print", "scorecards", "Card", "-o", blank)
    assert "your page" not in pdf_text(blank) and "personal links" not in run.stderr  # no links issued: no QR, no fuss
    links = {r["name"]: r["url"] for r in cli("event", "links", "Card", "--json").json()["links"]}
    with transaction(str(cli.db), write=False) as db:
        cards = scorecards_data(db, find_event(db, "Card").id, tokens.load_key(str(cli.db), create=False))["cards"]
    assert {c["player"]: _qr_text(c["qr"]["svg"]) for c in cards} == links
    out = tmp_path / "cards.pdf"
    cli("print", "scorecards", "Card", "-o", out)
    assert pdf_text(out).count("your page") == 3
    printed = _pdf_qr_texts(out, tmp_path)
    if printed is not None:
        assert printed == sorted(links.values())
    Path(str(cli.db) + ".key").unlink()  # the key gone: the cards print without links, and say why
    run = cli("print", "scorecards", "Card", "-o", out)
    assert "the personal links are not printed: their key cannot be read" in run.stderr
    assert "your page" not in pdf_text(out)


def test_the_door_sheet(cli, tmp_path):
    cli("new-event", "Door", "--games", "1", "--entry-fee", "25", "--date", "2026-05-01")
    cli("enter", "Door", "Zed Young", "Ann Lee", "Bob Ray", "Cat Moss", "--new")
    cli("checkin", "Door", "Ann Lee", "--paid")
    cli("checkin", "Door", "Zed Young", "--amount", "20")
    cli("withdraw", "Door", "Cat Moss")
    out = tmp_path / "door.pdf"
    cli("print", "checkin", "Door", "-o", out)
    text = pdf_text(out)
    lines = [line.strip() for line in text.splitlines()]
    start = lines.index("IN PLAYER PAID")  # alphabetical, a tick for who is in, and what each paid
    # the event's currency on every amount; a part of the fee marked with what is still owed (issue 33)
    assert lines[start + 1:start + 5] == ["✓ Ann Lee $25.00", "Bob Ray", "Cat Moss (withdrawn)",
                                          "✓ Zed Young $20.00 of $25.00 owes $5.00"]
    assert "4 entrants · 2 checked in · entry fee $25.00 · collected $45.00 · 1 paid part of the fee" in " ".join(text.split())
    # no public address: no QR code (a phone cannot reach the director's 127.0.0.1), and a note on how to set one
    assert "127.0.0.1" not in text and "how to check in" not in text
    assert 'the event has no public address (crib-tourney event set "Door" public_url=https://…)' in " ".join(text.split())
    assert _pdf_qr_texts(out, tmp_path) in (None, [])
    cli("event", "set", "Door", "public_url=https://club.example.org/events/9/")
    cli("print", "checkin", "Door", "-o", out)
    # the QR opens the page that says how to check in, and its caption says so
    assert "how to check in: https://club.example.org/events/9/checkin" in pdf_text(out).replace("\n", "")
    assert "no public address" not in pdf_text(out)
    printed = _pdf_qr_texts(out, tmp_path)
    if printed is not None:
        assert printed == ["https://club.example.org/events/9/checkin"]


def _small_event(cli) -> None:
    """8 entrants at 30.00 (house 10 %), sanctioning 1.00 each, payouts 60/40, a
    high non-qualifier prize of 5.00 and a 10.00 side pool of four: seven pay the
    fee, Hal pays 25.00. Ann beats Bob in the final; Cat is the high non-qualifier."""
    cli("new-event", "L", "--games", "1", "--entry-fee", "30", "--house-share", "10", "--payouts", "60,40",
        "--qualify-ratio", "0.25", "--final-best-of", "1")
    cli("event", "set", "L", "sanctioning_fee=1", "high_nonqualifier_prize=5")
    cli("enter", "L", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "--new")
    cli("checkin", "L", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "--paid")
    cli("checkin", "L", "Hal", "--amount", "25")
    cli("pool", "add", "L", "Skins", "--fee", "10", "--payout", "places:50,30,20")
    cli("pool", "join", "L", "Skins", "Ann", "Bob", "Cat", "Dan")
    cli("round", "L")
    for a, b, score in (("Ann", "Hal", 50), ("Bob", "Gus", 100), ("Cat", "Fay", 110), ("Dan", "Eve", 115)):
        cli("result", "L", a, 121, b, score)
    cli("cut", "L")
    cli("result", "L", "Ann", 121, "Bob", 90)


def test_the_ledger_of_a_small_event_worked_by_hand(cli, tmp_path):
    _small_event(cli)
    report = cli("report", "L", "--json").json()
    assert list(report)[:5] == ["event", "date", "entrants", "rows", "ledger"]  # the old keys kept, the ledger added
    # fees: 7 x 30.00 + 25.00 = 235.00 (5.00 owed); pool: 4 x 10.00; house: 10 % of 235.00;
    # sanctioning 8 x 1.00; prizes 60/40 of the fund (8 x 30.00 less 10 %: 216.00): 129.60 + 86.40;
    # high non-qualifier 5.00 on top; the pool pays its 40.00 (20.00, 12.00, 8.00);
    # balance 275.00 - 23.50 - 8.00 - 216.00 - 5.00 - 40.00 = -17.50
    assert report["ledger"] == {
        "entrants": 8, "paid_entrants": 8, "payments_recorded": True, "entry_fees": "235.00", "unpaid": "5.00",
        "pools_collected": "40.00", "collected": "275.00", "house": "23.50", "sanctioning": "8.00", "prizes": "216.00",
        "high_nonqualifier": "5.00", "pool_prizes": "40.00", "balance": "-17.50", "high_nonqualifier_from_fund": False,
        "final": True}
    out = tmp_path / "cash.pdf"
    cli("print", "cash", "L", "-o", out)
    text = pdf_text(out)
    # money in the glossary's words on paper (issue 33): the currency sign, the minus sign
    for line in ("Entry fees collected (8 of 8 paid, $5.00 owed) $235.00", "Collected $275.00", "House's share −$23.50",
                 "Sanctioning fee (8 entrants) −$8.00", "Prizes (payout table) −$216.00",
                 "High non-qualifier (on top of the fund) −$5.00", "Pool prizes −$40.00"):
        assert line in text, line
    assert "Balance (negative: the house must add this) −$17.50" in text.replace("\n", " ")
    from crib_tourney.cli.ledger import ledger_rows

    # the report's rows are the sheet's lines (tests/cli/test_ledger_lines.py): the balance's note included
    assert ledger_rows(ledger_lines_of(cli, "L"))[-1] == ["balance (negative: the house must add this)", "-17.50"]


def ledger_lines_of(cli, event: str):
    """The typed lines of an event's ledger, as the service computes them."""
    from crib_tourney.inputs.names import event_id
    from crib_tourney.services.money import event_ledger
    from crib_tourney.store.db import transaction

    with transaction(str(cli.db)) as db:
        return event_ledger(db, event_id(db, event)).lines()


def test_the_report_prints_its_ledger_under_the_results(cli):
    _small_event(cli)
    text = cli("report", "L").stdout
    ledger = text[text.index("L: ledger"):]
    for label, amount in (("entry fees collected (8 of 8 paid, 5.00 owed)", "235.00"), ("house's share", "-23.50"),
                          ("high non-qualifier (on top of the fund)", "-5.00"), ("balance", "-17.50")):
        assert any(line.split("│")[1:3] and label in line and line.rstrip(" │").endswith(amount)
                   for line in ledger.splitlines()), (label, ledger)


def test_a_high_nonqualifier_paid_from_the_fund_comes_out_of_the_places(cli):
    _small_event(cli)
    cli("event", "set", "L", "high_nonqualifier_from_fund=on")
    placings = cli("placings", "L", "--json").json()
    # the fund 216.00 less Cat's 5.00: 211.00 shared 60/40
    assert placings["prize_fund"] == "211.00"
    assert [(r["player"], r["prize"]) for r in placings["rows"][:2]] == [("Ann", "126.60"), ("Bob", "84.40")]
    assert placings["high_nonqualifier"]["prize"] == "5.00"
    ledger = cli("report", "L", "--json").json()["ledger"]
    assert (ledger["prizes"], ledger["high_nonqualifier"], ledger["balance"]) == ("211.00", "5.00", "-12.50")


def test_without_recorded_payments_every_entrant_is_taken_as_paid(cli):
    cli("new-event", "E", "--games", "1", "--entry-fee", "20", "--house-share", "25")
    cli("enter", "E", "Ann", "Bob", "--new")
    ledger = cli("report", "E", "--json").json()["ledger"]
    assert (ledger["payments_recorded"], ledger["entry_fees"], ledger["house"], ledger["prizes"], ledger["balance"],
            ledger["final"]) == (False, "40.00", "10.00", "0.00", "30.00", False)


def test_paid_takes_an_amount_after_it(cli, unchanged):
    """`checkin EVENT P... --paid 25`: the amount is what each paid; a number that is
    an entrant's ACC number stays a player."""
    cli("new-event", "D", "--entry-fee", "30")
    cli("enter", "D", "Ann", "Bob", "Cat", "--new")
    cli("player", "edit", "Cat", "--acc-number", "25")
    assert cli("checkin", "D", "Ann", "--paid", "12.50").stdout == "Ann: checked in, paid 12.50\n"
    assert cli("checkin", "D", "Bob", "--paid").stdout == "Bob: checked in, paid 30.00\n"
    assert cli("checkin", "D", "25", "--paid").stdout == "Cat: checked in, paid 30.00\n"
    with unchanged():
        cli.fails("checkin", "D", "Ann", "--paid", "20", "--amount", "20", match="give the amount once", code=2)
        cli.fails("checkin", "D", "Ann", "--paid", "12", "13", match="one amount after --paid, not 2", code=2)
        cli.fails("checkin", "D", "--paid", "20", match="name the players who are here", code=2)


def test_links_made_under_another_key_are_never_printed(cli, unchanged, tmp_path):
    """A database moved without its .key file: `event links` does not make a new key
    for an event that has links, and neither it nor the scorecards print links the
    key on hand did not make; --reissue is the way out."""
    cli("new-event", "E", "--games", "1")
    cli("enter", "E", "Ann", "Bob", "--new")
    cli("round", "E")
    first = cli("event", "links", "E", "--json").json()["links"]
    key = Path(str(cli.db) + ".key")
    key.rename(tmp_path / "kept.key")  # copied to the desk laptop without it
    with unchanged():
        run = cli.fails("event", "links", "E", match=f"no link key at {key}")
        assert "--reissue" in run.stderr and "kept" not in run.stderr
    assert not key.exists()  # no key made for an event with links
    cli("new-event", "F", "--games", "1")
    cli("enter", "F", "Cat", "Dan", "--new")
    cli("event", "links", "F")  # an event with no links: its key is made
    assert key.exists()
    with unchanged():
        run = cli.fails("event", "links", "E", match="were not made with the key in")
        assert 'crib-tourney event links E --reissue' in run.stderr
        cli.fails("event", "links", "E", "--csv", match="were not made with the key in")
        cli.fails("print", "scorecards", "E", "-o", str(tmp_path / "cards.pdf"), match="were not made with the key in")
    assert not (tmp_path / "cards.pdf").exists()
    again = cli("event", "links", "E", "--reissue", "--json").json()
    assert (again["new"], again["revoked"]) == (2, 2)
    assert {r["url"] for r in again["links"]}.isdisjoint(r["url"] for r in first)
    assert cli("event", "links", "E", "--json").json()["links"] == again["links"]  # made with the key on hand now
    key.unlink()
    (tmp_path / "kept.key").rename(key)  # the old key back: E's new links are not its
    with unchanged():
        cli.fails("event", "links", "E", match="were not made with the key in")


def test_the_door_list_sorts_by_the_folded_name(cli):
    """Alphabetical as a reader expects: Łukasz with the L's, Émile with the E's, not after Zoë."""
    cli("new-event", "Door", "--games", "1")
    cli("enter", "Door", "Zoë Bélanger", "Łukasz Nowak", "Émile Roy", "Anna Berg", "--new")
    rows = cli("checkin", "Door", "--list", "--json").json()["rows"]
    assert [r["name"] for r in rows] == ["Anna Berg", "Émile Roy", "Łukasz Nowak", "Zoë Bélanger"]
