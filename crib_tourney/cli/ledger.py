"""The ledger of `report` in words: the lines of tourney/ledger.py's sum
(``ledger_lines``, the same lines the cash sheet prints), as the report prints
them under its table (the JSON has the amounts under "ledger")."""

from typing import Sequence

from crib_tourney.cli.output import text_table
from crib_tourney.tourney.ledger import LedgerLine


def ledger_rows(lines: Sequence[LedgerLine]) -> list[list[str]]:
    """[label (note), amount] rows; amounts going out are shown negative."""
    return [[line.text, line.amount] for line in lines]


def ledger_text(title: str, lines: Sequence[LedgerLine]) -> str:
    return text_table(title, ["ledger", "amount"], ledger_rows(lines), right=["amount"])
