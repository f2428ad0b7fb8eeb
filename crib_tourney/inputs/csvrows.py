"""CSV rows into typed records: each kind of file the tool reads (results,
teams, a roster), read through csvfiles.py (one record a line, bounded fields,
bad rows listed by line) and checked here, before any service runs."""

from __future__ import annotations


# --- results and teams of an event ------------------------------------------------



# --- a roster of players ----------------------------------------------------------

# each section keeps its own imports, so the two can change apart
from dataclasses import dataclass  # noqa: E402

from crib_tourney.csvfiles import read_rows  # noqa: E402
from crib_tourney.errors import CribError  # noqa: E402
from crib_tourney.tourney.names import checked_acc, checked_detail, checked_name, fold  # noqa: E402


@dataclass(frozen=True)
class RowError:
    """Why one line of a file was refused."""

    line: int
    why: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.why}"


@dataclass(frozen=True)
class RosterRow:
    """One player of a roster file, as it will be added."""

    line: int
    name: str
    acc_number: str | None
    club: str | None
    email: str | None


@dataclass(frozen=True)
class RosterFile:
    """A roster CSV read: its good rows, and its bad ones by line. What only the
    database can tell (an ACC number held by someone else) the import checks."""

    file_name: str
    rows: tuple[RosterRow, ...]
    errors: tuple[RowError, ...]


def roster_rows(text: str, file_name: str = "the CSV") -> RosterFile:
    """The rows of a roster CSV (header: name, and optionally acc_number, club,
    email). A file without a name column is refused at once; a bad row is kept
    as an error naming its line (the import refuses them all together)."""
    header, records = read_rows(text, file_name)
    if "name" not in header:
        raise CribError(f"{file_name}: the CSV needs a header row with a 'name' column (and optionally acc_number, club, email)")
    rows: list[RosterRow] = []
    errors: list[RowError] = []
    seen_acc: dict[str, int] = {}
    for line_no, row in records:
        if None in row:
            errors.append(RowError(line_no, "more fields than the header has"))
            continue
        try:  # the checks `player add` and `player edit` make, row by row
            name = checked_name(row.get("name") or "", "player")
            acc = checked_acc(row.get("acc_number"))
            club, email = checked_detail(row.get("club"), "a club"), checked_detail(row.get("email"), "an e-mail address")
        except CribError as exc:
            errors.append(RowError(line_no, str(exc)))
            continue
        if acc and fold(acc) in seen_acc:  # ACC numbers compare case-blind
            errors.append(RowError(line_no, f"ACC number {acc} repeats line {seen_acc[fold(acc)]}"))
            continue
        if acc:
            seen_acc[fold(acc)] = line_no
        rows.append(RosterRow(line_no, name, acc, club, email))
    return RosterFile(file_name, tuple(rows), tuple(errors))
