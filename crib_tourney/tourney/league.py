"""Season points and season standings for club leagues, as pure functions.

A night is a short qualifying event. Each night turns into season points by the
formula the night was played under (kept with the night, so changing the league's
settings later does not rewrite history).

A night still in play (``Night.in_play``: some games of it are not yet played)
counts in the season standings as it stands, and every view marks it as in play
(its column, and "…" for those entered who have no result yet); the club's
records (a perfect night) come only from finished nights: one win at game 1 of 2
is not a perfect night.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any, Callable, Collection, Generic, Mapping

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.tourney.standings import P
from crib_tourney.tourney.names import fold
from crib_tourney.tourney.numbers import abbreviated

_POINTS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,2})?")  # ASCII digits: float() alone takes '1e3', '1_0' and '١'


def parse_place_points(text: str, stored: bool = False) -> list[float]:
    """Points for 1st, 2nd, ...: '10,8,6'. Every place is a number typed in ASCII
    digits ('10,,8' has an empty place); ``stored``: a list an older release
    kept, read as it read it."""
    places = [v.strip() for v in text.split(",")]
    if stored:
        places = [v for v in places if v]
    bad = [] if stored else [v for v in places if not _POINTS.fullmatch(v)]
    if bad and bad[0].startswith("-") and _POINTS.fullmatch(bad[0][1:]):
        raise CribError(f"place points must be zero or more, e.g. 10,8,6 (not '{text}')")
    if bad:
        raise CribError("place points must be numbers separated by commas, e.g. 10,8,6 ("
                        + (f"'{abbreviated(bad[0])}'" if bad[0] else "an empty place") + f" in '{abbreviated(text, 80)}')")
    try:
        values = [float(v) for v in places]
    except ValueError:
        raise CribError(f"place points must be numbers separated by commas, e.g. 10,8,6 (not '{text}')") from None
    if not values or any(v < 0 for v in values):
        raise CribError(f"place points must be zero or more, e.g. 10,8,6 (not '{text}')")
    return values


def _clean(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


@record
class NightScore:
    """One player's night, as a formula sees it."""

    game_points: int
    rank: int
    tied_with: int  # how many share the rank


def _grass_roots(night: NightScore, threshold: int, place_points: list[float]) -> float:
    return night.game_points if night.game_points >= threshold else 0


def _acc_internet(night: NightScore, threshold: int, place_points: list[float]) -> float:
    return night.game_points + 2 * (night.game_points - 11) if night.game_points >= threshold else 0


def _game_points(night: NightScore, threshold: int, place_points: list[float]) -> float:
    return night.game_points


def _placing(night: NightScore, threshold: int, place_points: list[float]) -> float:
    """Players tied for a place share the points of the places they cover."""
    places = range(night.rank, night.rank + night.tied_with)
    return _clean(sum(place_points[p - 1] if p <= len(place_points) else 0 for p in places) / night.tied_with)


# name -> season points of one night; a new formula is one entry here
FORMULAS: dict[str, Callable[[NightScore, int, list[float]], float]] = {
    "grass-roots": _grass_roots,
    "acc-internet": _acc_internet,
    "game-points": _game_points,
    "placing": _placing,
}


def night_points(formula: str, threshold: int, place_points: list[float], game_points: int,
                 rank: int, tied_with: int) -> int | float:
    """Season points one player earns from one night."""
    return FORMULAS[formula](NightScore(game_points, rank, tied_with), threshold, place_points)


@record(frozen=False)
class NightRow(Generic[P]):
    player: P
    name: str
    game_points: int
    wins: int
    losses: int
    spread: int
    skunks: int
    skunks_taken: int
    rank: int
    tied_with: int  # how many share this rank (1 when not tied)


@record(frozen=False)
class Night(Generic[P]):
    number: int
    date: str
    event: str
    formula: str
    threshold: int
    place_points: list[float]
    rows: list[NightRow[P]]
    in_play: bool = False  # games of the night still to be played (the module's docstring)
    waiting: list[str] = field(default_factory=list)  # in play: those entered with no result yet, by name


@record(frozen=False)
class SeasonRow(Generic[P]):
    player: P
    name: str
    member: bool
    season_points: float = 0
    nights: int = 0
    counted_nights: int = 0
    game_points: int = 0
    wins: int = 0
    spread: int = 0
    skunks: int = 0
    skunks_taken: int = 0
    best_night: float = 0
    best_night_event: str | None = None
    per_night: list[tuple[int, float]] = field(default_factory=list)
    rank: int = 0
    tied: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank, "player": self.name, "season_points": _clean(self.season_points),
            "nights": self.nights, "counted_nights": self.counted_nights, "game_points": self.game_points,
            "wins": self.wins, "spread": self.spread, "best_night": _clean(self.best_night),
            "best_night_event": self.best_night_event, "skunks": self.skunks, "skunks_taken": self.skunks_taken,
            "member": self.member, "tied": self.tied,
            "per_night": {str(number): _clean(points) for number, points in self.per_night},
        }


def season_standings(nights: list[Night[P]], members: Collection[P], guest_limit: int, drop_worst: int,
                     best_of_nights: int | None, absences: Mapping[P, int] | None = None) -> tuple[list[SeasonRow[P]], list[SeasonRow[P]]]:
    """(ranked rows, guests listed apart). A player's nights are scored, the worst
    ``drop_worst`` dropped (only while more nights than that remain), then only the
    best ``best_of_nights`` kept when that is set. With ``absences`` (player ->
    nights missed), the nights a member missed count as the first dropped ones."""
    rows: dict[P, SeasonRow[P]] = {}
    for night in nights:
        for r in night.rows:
            row = rows.setdefault(r.player, SeasonRow(r.player, r.name, r.player in members))
            points = night_points(night.formula, night.threshold, night.place_points, r.game_points, r.rank, r.tied_with)
            row.per_night.append((night.number, points))
            row.nights += 1
            row.game_points += r.game_points
            row.wins += r.wins
            row.spread += r.spread
            row.skunks += r.skunks
            row.skunks_taken += r.skunks_taken
            if points > row.best_night or row.best_night_event is None:
                row.best_night, row.best_night_event = points, night.event
    for row in rows.values():
        scores = sorted((p for _, p in row.per_night), reverse=True)
        drops = max(0, drop_worst - (absences or {}).get(row.player, 0))
        if drops and len(scores) > drops:
            scores = scores[: len(scores) - drops]
        if best_of_nights:
            scores = scores[:best_of_nights]
        row.counted_nights = len(scores)
        row.season_points = sum(scores)
    ranked = [r for r in rows.values() if r.member or r.nights <= guest_limit]
    guests = [r for r in rows.values() if not r.member and r.nights > guest_limit]
    return _rank(ranked), _rank(guests)


def nights_shown(counted: int, played: int, dropping: bool) -> str:
    """A row's nights as every view writes them: '7/8' (counted of played) in a
    league that drops or caps nights, for every row alike; else '8'.

    >>> nights_shown(7, 8, True), nights_shown(8, 8, True), nights_shown(8, 8, False)
    ('7/8', '8/8', '8')
    """
    return f"{counted}/{played}" if dropping else str(played)


def dropped_nights(per_night: Mapping[str, float], counted: int) -> set[str]:
    """Which of a row's nights were dropped: as many as were not counted, the
    lowest scores (the earlier night first among equal scores), as
    season_standings drops them."""
    extra = len(per_night) - counted
    if extra <= 0:
        return set()
    order = sorted(per_night, key=lambda night: (per_night[night], int(night)))
    return set(order[:extra])


def _rank(rows: list[SeasonRow[P]]) -> list[SeasonRow[P]]:
    def key(r: SeasonRow[P]) -> tuple[float, int, int, int]:
        return (-r.season_points, -r.game_points, -r.wins, -r.spread)

    ordered = sorted(rows, key=lambda r: key(r) + (fold(r.name),))  # level rows by the folded name
    for i, row in enumerate(ordered):
        if i and key(ordered[i - 1]) == key(row):
            row.rank = ordered[i - 1].rank
            row.tied = ordered[i - 1].tied = True
        else:
            row.rank = i + 1
    return ordered


def club_records(nights: list[Night[P]], per_skunk: float) -> dict[str, Any]:
    """Perfect nights (won every game of a finished night) and the skunk pot (paid
    per skunk taken, as the skunks are taken).

    >>> row = NightRow("ann", "Ann", 2, 1, 0, 21, 0, 0, 1, 1)
    >>> night = Night(2, "2026-09-08", "Elm night 2", "grass-roots", 5, [], [row], in_play=True)
    >>> club_records([night], 1.0)["perfect_nights"]
    []
    >>> night.in_play = False
    >>> [p["player"] for p in club_records([night], 1.0)["perfect_nights"]]
    ['Ann']
    """
    perfect = []
    skunks: dict[P, dict[str, Any]] = {}
    for night in nights:
        for r in night.rows:
            if r.wins > 0 and r.losses == 0 and not night.in_play:
                perfect.append({"player": r.name, "night": night.event, "date": night.date, "wins": r.wins})
            tally = skunks.setdefault(r.player, {"player": r.name, "given": 0, "taken": 0})
            tally["given"] += r.skunks
            tally["taken"] += r.skunks_taken
    pot = sorted((t for t in skunks.values() if t["given"] or t["taken"]), key=lambda t: (-t["taken"], t["player"]))
    taken = sum(t["taken"] for t in pot)
    return {"perfect_nights": perfect,
            "skunk_pot": {"per_skunk": per_skunk, "total": round(taken * per_skunk, 2), "players": pot}}
