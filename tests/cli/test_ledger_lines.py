"""The ledger's lines are computed once (tourney/ledger.py's ``ledger_lines``):
`report` prints them under its table and the cash sheet prints them under its
payees, the same lines in the same order with the same notes and amounts."""

from __future__ import annotations

import re

from tests.cli.test_checkin import _small_event, ledger_lines_of
from tests.render.test_print import pdf_text, play_all


def _report_ledger(cli, event: str) -> list[tuple[str, str]]:
    text = cli("report", event).stdout
    table = text[text.index(f"{event}: ledger"):]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if len(cells) == 2 and cells != ["ledger", "amount"]:
            rows.append((cells[0], cells[1]))
    return rows


def _sheet_ledger(cli, tmp_path, event: str) -> str:
    out = tmp_path / "cash.pdf"
    cli("print", "cash", event, "-o", out)
    return re.sub(r"\s+", " ", pdf_text(out))


def _paper(amount: str) -> str:
    """An amount of the report ("-23.50") as paper writes it ("−$23.50")."""
    return f"−${amount[1:]}" if amount.startswith("-") else f"${amount}"


def test_the_report_and_the_cash_sheet_show_the_same_lines(cli, tmp_path):
    _small_event(cli)
    lines = ledger_lines_of(cli, "L")
    shown = _report_ledger(cli, "L")
    assert shown == [(line.text, line.amount) for line in lines]
    assert shown == [
        ("entry fees collected (8 of 8 paid, 5.00 owed)", "235.00"), ("pool money collected", "40.00"),
        ("collected", "275.00"), ("house's share", "-23.50"), ("sanctioning fee (8 entrants)", "-8.00"),
        ("prizes (payout table)", "-216.00"), ("high non-qualifier (on top of the fund)", "-5.00"),
        ("pool prizes", "-40.00"), ("balance (negative: the house must add this)", "-17.50")]
    sheet = _sheet_ledger(cli, tmp_path, "L")
    ledger = sheet[sheet.index("Ledger"):]
    at = 0
    for label, amount in shown:  # each line, in order, capitalised as a sheet starts a line
        # paper writes the same amounts in the glossary's money (issue 33): "$5.00 owed", "−$23.50"
        label, amount = label.replace("5.00 owed", "$5.00 owed"), _paper(amount)
        found = ledger.find(f"{label[0].upper()}{label[1:]} {amount}", at)
        assert found >= 0, (label, amount, ledger)
        at = found


def test_before_the_end_both_say_the_prizes_are_not_final(cli, tmp_path):
    cli("new-event", "E", "--games", "3", "--entry-fee", "20")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    cli("round", "E")
    prizes = [line for line in ledger_lines_of(cli, "E") if line.key == "prizes"][0]
    assert prizes.text == "prizes (payout table) (not final: the event is not decided)"
    assert ("prizes (payout table) (not final: the event is not decided)", "0.00") in _report_ledger(cli, "E")
    sheet = _sheet_ledger(cli, tmp_path, "E")
    assert "Prizes (payout table) (not final: the event is not decided) $0.00" in sheet


def test_the_cash_sheet_says_where_the_event_stands_and_has_lines_to_sign(cli, tmp_path):
    cli("new-event", "E", "--games", "2", "--entry-fee", "20")
    cli("enter", "E", "Ann", "Bob", "Cat", "Dan", "--new")
    assert "not started: prizes are not final" in _sheet_ledger(cli, tmp_path, "E")
    cli("round", "E")
    sheet = _sheet_ledger(cli, tmp_path, "E")
    assert "qualifying in play: game 1 of 2; prizes are not final" in sheet
    assert "the playoffs are not finished" not in sheet  # what it said at game 1 before
    assert "Director Date" in sheet and "Treasurer or witness Date" in sheet
    cli("round", "E")
    play_all(cli, "E")
    cli("cut", "E", "--qualifiers", "2")
    assert "playoffs in play: prizes are not final" in _sheet_ledger(cli, tmp_path, "E")
