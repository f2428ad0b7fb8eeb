"""The ledger of `report` in words: the lines of tourney/ledger.py's sum, as the
report prints them under its table (the JSON has them under "ledger")."""

from typing import Any

from crib_tourney.cli.output import text_table
from crib_tourney.csvfiles import csv_text

# (key of report --json's "ledger", label, sign as the sum uses it)
LINES = [
    ("entry_fees", "entry fees collected", "+"), ("pools_collected", "pool money collected", "+"),
    ("collected", "collected", "="), ("house", "house's share", "-"), ("sanctioning", "sanctioning fee", "-"),
    ("prizes", "prizes (payout table)", "-"), ("high_nonqualifier", "high non-qualifier", "-"),
    ("pool_prizes", "pool prizes", "-"), ("balance", "balance", "="),
]


def ledger_rows(ledger: dict[str, Any]) -> list[list[str]]:
    """[label, amount] rows; amounts going out are shown negative."""
    notes = {
        "entry_fees": f" ({ledger['paid_entrants']} of {ledger['entrants']} paid"
                      + (f", {ledger['unpaid']} owed)" if ledger["unpaid"] != "0.00" else ")")
        if ledger["payments_recorded"] else f" ({ledger['entrants']} entrants; no payments recorded: all taken as paid)",
        "sanctioning": f" ({ledger['entrants']} entrants)",
        "high_nonqualifier": " (from the prize fund)" if ledger["high_nonqualifier_from_fund"] else " (on top of the fund)",
        "prizes": "" if ledger["final"] else " (not final: the event is not decided)",
    }
    return [[label + notes.get(key, ""), ("-" if sign == "-" and ledger[key] != "0.00" else "") + ledger[key]]
            for key, label, sign in LINES]


def ledger_text(title: str, ledger: dict[str, Any]) -> str:
    return text_table(title, ["ledger", "amount"], ledger_rows(ledger), right=["amount"])


def ledger_csv(ledger: dict[str, Any]) -> str:
    """item,amount rows (amounts as in the JSON, going out negative)."""
    return csv_text(["item", "amount"], ([key, ("-" if sign == "-" and ledger[key] != "0.00" else "") + ledger[key]]
                                         for key, _, sign in LINES))
