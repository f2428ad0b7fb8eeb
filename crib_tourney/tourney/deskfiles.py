"""The files the ACC's digital tournament desk reads and writes, pure.

Roster: ``First Name,Last Name,Email,ACC #,Scorecard Type``; a name is split at
its last space (the surname last), and read back joined by one space.

>>> split_name("Mary Ann van Dyke"), split_name("Cher")
(('Mary Ann van', 'Dyke'), ('Cher', ''))
>>> join_name(" Mary Ann ", "Smith ")
'Mary Ann Smith'

Schedule of one game: ``Game,Player A ID,Player B ID,Player A Table/Seat,Player B
Table/Seat``; a player's ID is his ACC number, his seat the table and 1 (listed
first at the table) or 2; the bye has no player B.

>>> schedule_row(3, 7, "A1", "B2")
[3, 'A1', 'B2', '7/1', '7/2']
>>> schedule_row(3, None, "A1", None)
[3, 'A1', '', 'bye', '']
"""

from __future__ import annotations

ROSTER_HEADER = ["First Name", "Last Name", "Email", "ACC #", "Scorecard Type"]
SCHEDULE_HEADER = ["Game", "Player A ID", "Player B ID", "Player A Table/Seat", "Player B Table/Seat"]
SCORECARD_TYPE = "Paper"  # what crib-tourney's printed scorecards are


def is_desk_roster(header: list[str]) -> bool:
    """Whether a CSV's header (as read: lower case) is the ACC desk's roster."""
    return {"first name", "last name"} <= {h.strip().lower() for h in header}


def split_name(name: str) -> tuple[str, str]:
    first, _, last = name.strip().rpartition(" ")
    return (first, last) if first else (last, "")


def join_name(first: str, last: str) -> str:
    return " ".join(part for part in (first.strip(), last.strip()) if part)


def schedule_row(game: int, table: int | None, a_id: str, b_id: str | None) -> list[object]:
    if table is None or b_id is None:
        return [game, a_id, "", "bye", ""]
    return [game, a_id, b_id, f"{table}/1", f"{table}/2"]
