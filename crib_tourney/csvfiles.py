"""CSV files in and out, careful at both ends.

In: Python's csv module forgives too much for a roster. A row that opens a quote
and never closes it swallows every line after it ("imported 1 players"), and a
field over its size limit ends in a bare ``_csv.Error``. Here a record must sit on
one line (no name, score or club holds a line break), and every problem is one
line naming the file and the line.

Out: a cell that starts with = + - @ (or a tab or carriage return) is a formula
to a spreadsheet (a player named "=HYPERLINK(...)"); such text cells get a
leading apostrophe, the usual neutralisation. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterable, Sequence

from crib_tourney.errors import CribError
from crib_tourney.tourney.names import printable
from crib_tourney.tourney.numbers import abbreviated

MAX_LISTED_ERRORS = 10  # a 200,000-row bad file must not print a 22 MB line
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def read_rows(text: str, file_name: str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """(header in lower case, [(line number, {column: trimmed value})]) of a CSV
    with a header row; blank lines are skipped. A row with more fields than the
    header gets the key None (the caller names the line); a shorter row lacks
    the keys of its missing fields (optional columns may be left off the end;
    the caller says which are needed). A header naming a column twice is refused."""
    reader = csv.reader(io.StringIO(text), strict=True)
    header: list[str] | None = None
    rows: list[tuple[int, dict[str, Any]]] = []
    while True:
        line_no = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise CribError(f"{file_name} line {line_no}: {_why(exc)}; nothing imported") from None
        if reader.line_num != line_no:
            raise CribError(f"{file_name} line {line_no}: a quoted field runs on to line {reader.line_num}; "
                            "close the quote on the line it opens (nothing imported)")
        if not any(field.strip() for field in record):
            continue
        if header is None:
            header = [field.strip().lower() for field in record]
            twice = next((name for k, name in enumerate(header) if name and name in header[:k]), None)
            if twice is not None:
                raise CribError(f"{file_name} line {line_no}: the header names the column '{abbreviated(twice)}' twice;"
                                " nothing imported")
            continue
        row: dict[Any, Any] = {name: value.strip() for name, value in zip(header, record)}
        if len(record) > len(header):
            row[None] = record[len(header):]
        rows.append((line_no, row))
    return header or [], rows


def _why(exc: csv.Error) -> str:
    text = str(exc)
    if "field larger than field limit" in text:
        return f"a field is longer than {csv.field_size_limit():,} characters"
    if "unexpected end of data" in text:
        return "a quote opened here is never closed"
    return f"not valid CSV ({text})"


def refuse(errors: Sequence[str], file_name: str) -> None:
    """One line listing the first bad rows and how many more, if there are any."""
    if not errors:
        return
    listed = "; ".join(errors[:MAX_LISTED_ERRORS])
    more = len(errors) - MAX_LISTED_ERRORS
    raise CribError(f"{len(errors)} bad row(s) in {file_name}, nothing imported: {listed}"
                    + (f"; and {more} more" if more > 0 else ""))


def _text(cell: Any) -> Any:
    if cell is None:
        return ""
    return printable(cell) if isinstance(cell, str) else cell


def spreadsheet_safe(value: Any) -> Any:
    """A cell a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV document, every cell made spreadsheet-safe, and terminal-safe: a
    control character an older release kept in a name or club shows as '?'."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([spreadsheet_safe(_text(cell)) for cell in row] for row in rows)
    return buffer.getvalue()
