"""CSV rows into typed records: each kind of file the tool reads (results,
teams, a roster), read through csvfiles.py (one record a line, bounded fields,
bad rows listed by line) and checked here, before any service runs."""

from __future__ import annotations

from typing import Mapping, Union

from crib_tourney.csvfiles import read_rows
from crib_tourney.errors import CribError
from crib_tourney.tourney.numbers import abbreviated
from crib_tourney.inputs.names import NewPlayer, players_or_new
from crib_tourney.records import record
from crib_tourney.store.directory import find_entry, read_field
from crib_tourney.store.events import load_event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.names import checked_acc, checked_detail, checked_name, fold
from crib_tourney.tourney.numbers import whole_number
from crib_tourney.tourney.deskfiles import is_desk_roster, join_name


# --- results and teams of an event ------------------------------------------------

@record
class LineError:
    """A bad line of a file: the whole file is refused, every bad line named
    (csvfiles.refuse)."""

    line: int
    problem: str

    def text(self) -> str:
        return f"line {self.line}: {self.problem}"


@record
class ResultLine:
    """A game's two scores: entries by id, in the file's order."""

    line: int
    game: int | None  # None: their game without a result
    first: int
    first_score: int
    second: int
    second_score: int
    third: int | None = None  # a three-sided event's third side
    third_score: int | None = None


@record
class ForfeitLine:
    """An entry that forfeits its game."""

    line: int
    game: int | None
    loser: int
    named: tuple[int, ...] = ()  # the row's player1, player2 (, player3) when given: the loser's table must seat them


@record
class ResultsFile:
    """A results CSV: the rows that read well, and the lines that did not."""

    name: str
    rows: tuple[Union[ResultLine, ForfeitLine], ...]
    errors: tuple[LineError, ...]


RESULT_COLUMNS = ("player1", "score1", "player2", "score2")
THIRD_COLUMNS = ("player3", "score3")  # a three-sided event's third side


def results_file(db: Db, event_id: int, text: str, file_name: str) -> ResultsFile:
    """game, player1, score1, player2, score2[, forfeit] rows of a results CSV
    (a three-sided event's also player3, score3); players named as in `result`
    (an entrant, a team or any of its players)."""
    event = load_event(db, event_id)
    header, records = read_rows(text, file_name)
    three = event.sides == 3
    if not set(RESULT_COLUMNS + (THIRD_COLUMNS if three else ())) <= set(header):
        if three:
            raise CribError(f"{file_name}: the header needs columns game, player1, score1, player2, score2, player3, score3"
                            " (optional: forfeit)")
        raise CribError(f"{file_name}: the header needs columns game, player1, score1, player2, score2 (optional: forfeit)")
    rows: list[ResultLine | ForfeitLine] = []
    errors: list[LineError] = []
    read_field(db, event)  # every row names entrants: read them all once
    for line_no, row in records:
        if None in row:
            errors.append(LineError(line_no, "more fields than the header has"))
            continue
        try:
            game = whole_number(row["game"], "game") if row.get("game") else None
            if row.get("forfeit"):
                filled = [column for column in ("score1", "score2", "score3") if (row.get(column) or "").strip()]
                if filled:
                    raise CribError(f"a row is scores or a forfeit, not both: {', '.join(filled)} must stay empty"
                                    f" when {row['forfeit']} forfeits")
                typed = [row[c].strip() for c in ("player1", "player2", "player3") if (row.get(c) or "").strip()]
                named = tuple(find_entry(db, event, name).id for name in typed)
                loser = find_entry(db, event, row["forfeit"]).id
                if named and loser not in named:  # else the file's players are dropped and another table forfeits
                    columns = "player1, player2 or player3" if three else "player1 or player2"
                    raise CribError(f"the forfeit names {row['forfeit'].strip()}, who is not this row's {columns}"
                                    f" ({', '.join(typed)})")
                rows.append(ForfeitLine(line_no, game, loser, named))
                continue
            if not set(RESULT_COLUMNS) <= set(row):
                raise CribError("fewer fields than the header has")
            first, second = find_entry(db, event, row["player1"]).id, find_entry(db, event, row["player2"]).id
            scores = whole_number(row["score1"], "score1"), whole_number(row["score2"], "score2")
            if three:
                if not set(THIRD_COLUMNS) <= set(row):
                    raise CribError("fewer fields than the header has")
                third = find_entry(db, event, row["player3"]).id
                rows.append(ResultLine(line_no, game, first, scores[0], second, scores[1], third,
                                       whole_number(row["score3"], "score3")))
                continue
            if row.get("player3") or row.get("score3"):
                raise CribError(f"{event.name} seats two sides at a table: player3 and score3 stay empty")
            rows.append(ResultLine(line_no, game, first, scores[0], second, scores[1]))
        except CribError as exc:
            errors.append(LineError(line_no, str(exc)))
    return ResultsFile(file_name, tuple(rows), tuple(errors))


@record
class TeamLine:
    """A team: its name (None: its players' names joined) and its players."""

    line: int
    name: str | None
    players: tuple[int | NewPlayer, ...]


@record
class TeamsFile:
    name: str
    teams: tuple[TeamLine, ...]
    errors: tuple[LineError, ...]


def teams_file(db: Db, event_id: int, text: str, file_name: str, add_unknown: bool) -> TeamsFile:
    """team, player1, player2[, player3] rows of a teams CSV; with ``add_unknown``
    a name not on the roster is a NewPlayer."""
    event = load_event(db, event_id)
    header, records = read_rows(text, file_name)
    if not {"team", "player1", "player2"} <= set(header):
        raise CribError(f"{file_name}: the header needs columns team, player1, player2 (and player3 for teams of three)")
    teams: list[TeamLine] = []
    errors: list[LineError] = []
    for line_no, row in records:
        try:
            if None in row:
                raise CribError("more fields than the header has")
            refs = [row[c] for c in ("player1", "player2", "player3") if row.get(c)]
            if len(refs) != event.team_size:
                raise CribError(f"a team of {event.name} has {event.team_size} players, not {len(refs)}")
            teams.append(TeamLine(line_no, row.get("team") or None, tuple(players_or_new(db, refs, add_unknown))))
        except CribError as exc:
            errors.append(LineError(line_no, str(exc)))
    return TeamsFile(file_name, tuple(teams), tuple(errors))


# --- a roster of players ----------------------------------------------------------



@record
class RowError:
    """Why one line of a file was refused."""

    line: int
    why: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.why}"


@record
class RosterRow:
    """One player of a roster file, as it will be added."""

    line: int
    name: str
    acc_number: str | None
    club: str | None
    email: str | None
    start: tuple[float, float | None, float | None] | None = None  # a starting rating, rd, volatility (columns rating, rd, volatility)
    mrps: int | None = None  # lifetime MRPs earned before (the "mrps" column), if given


def starting_rating(row: Mapping[str, str | None]) -> tuple[float, float | None, float | None] | None:
    """A roster row's starting rating (optional columns rating, rd, volatility), checked.

    >>> starting_rating({"rating": "1650", "rd": "80", "volatility": ""})
    (1650.0, 80.0, None)
    """
    def number(column: str, low: float, high: float) -> float | None:
        text = (row.get(column) or "").strip()
        if not text:
            return None
        try:
            value = float(text)
        except ValueError:
            raise CribError(f"{column} {text[:20]!r} is not a number") from None
        if not low <= value <= high:  # NaN fails too
            raise CribError(f"{column} {text[:20]} is outside {low:g}-{high:g}")
        return value

    rating, rd, volatility = number("rating", 0, 4000), number("rd", 1, 350), number("volatility", 0.001, 1)
    if rating is None:
        if rd is not None or volatility is not None:
            raise CribError("rd and volatility need a rating")
        return None
    return rating, rd, volatility


@record
class RosterFile:
    """A roster CSV read: its good rows, and its bad ones by line. What only the
    database can tell (an ACC number held by someone else) the import checks."""

    file_name: str
    rows: tuple[RosterRow, ...]
    errors: tuple[RowError, ...]


def roster_rows(text: str, file_name: str = "the CSV") -> RosterFile:
    """The rows of a roster CSV (header: name, and optionally acc_number, club,
    email, and a starting rating: rating, rd, volatility). A file without a name column is refused at once; a bad row is kept
    as an error naming its line (the import refuses them all together)."""
    header, records = read_rows(text, file_name)
    if is_desk_roster(header):  # the ACC desk's roster: First Name,Last Name,Email,ACC #,Scorecard Type
        records = [(line_no, row if None in row else
                    {"name": join_name(row.get("first name") or "", row.get("last name") or ""),
                     "acc_number": row.get("acc #") or "", "email": row.get("email") or "", "mrps": row.get("mrps") or ""})
                   for line_no, row in records]
        header = ["name"]
    if "name" not in header:
        raise CribError(f"{file_name}: the CSV needs a header row with a 'name' column (and optionally acc_number, club, email,"
                        " rating, rd, volatility, mrps), or the ACC desk's First Name,Last Name,Email,ACC #,Scorecard Type")
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
            start = starting_rating(row)
            mrps = _lifetime_mrps(row.get("mrps"))
        except CribError as exc:
            errors.append(RowError(line_no, str(exc)))
            continue
        if acc and fold(acc) in seen_acc:  # ACC numbers compare case-blind
            errors.append(RowError(line_no, f"ACC number {acc} repeats line {seen_acc[fold(acc)]}"))
            continue
        if acc:
            seen_acc[fold(acc)] = line_no
        rows.append(RosterRow(line_no, name, acc, club, email, start, mrps))
    return RosterFile(file_name, tuple(rows), tuple(errors))


def _lifetime_mrps(text: str | None) -> int | None:
    """The "mrps" column: the lifetime MRPs a player brings in (a whole number, or empty)."""
    clean = (text or "").strip().replace(",", "")
    if not clean:
        return None
    if not (clean.isascii() and clean.isdigit()) or len(clean) > 7:
        raise CribError(f"mrps must be a whole number of MRPs (like 1250), not '{abbreviated(text or '')}'")
    return int(clean)
