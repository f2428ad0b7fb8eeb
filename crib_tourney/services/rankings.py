"""Season rankings (`player rankings`, `print rankings`, the web index): each
player's MRPs over a season's finished ACC events (by the event's date), his
lifetime total (the MRPs he brought in with `player import`, plus every finished
ACC event up to the season's end), and the titles he crossed this season."""

from __future__ import annotations

import dataclasses
from datetime import date as Date
from typing import Any

from crib_tourney.records import record
from crib_tourney.store.directory import members_of
from crib_tourney.store.events import all_events
from crib_tourney.store.sql import Db
from crib_tourney.tourney.seasons import bounds, check_season, crossed, season_of, title
from crib_tourney.tourney.names import fold
from crib_tourney.services.mrps import mrps_of


@record
class RankingRow:
    rank: int
    player_id: int
    name: str
    acc_number: str | None
    season: int  # MRPs earned this season
    events: int  # ACC events that earned them
    lifetime: int  # at the season's end
    crossed: tuple[str, ...]  # titles reached this season
    title: str | None  # the highest title held at the season's end

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "acc_number": self.acc_number, "season_mrps": self.season,
                "events": self.events, "lifetime_mrps": self.lifetime, "titles_crossed": list(self.crossed),
                "title": self.title}


@record
class Rankings:
    season: str
    first: str
    last: str
    events: tuple[str, ...]  # the season's ACC events counted (finished, dated in the season)
    rows: tuple[RankingRow, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"season": self.season, "from": self.first, "to": self.last, "events": list(self.events),
                "rows": [r.as_dict() for r in self.rows]}


def _current_season() -> str:
    return season_of(Date.today().isoformat())


def rankings(db: Db, season: str | None = None) -> Rankings:
    """The season's rankings (default: the season of today), most MRPs first;
    players with the same season MRPs share a rank."""
    season = check_season(season) if season is not None else _current_season()
    first, last = bounds(season)
    in_season: dict[int, int] = {}
    before: dict[int, int] = {}  # lifetime MRPs from events before the season
    events_of: dict[int, int] = {}
    counted: list[str] = []
    for event in all_events(db):
        if event.acc_event not in ("main", "consolation") or not event.date or event.date > last:
            continue
        earned = mrps_of(db, event)
        if not earned.shown or earned.by_hand:
            continue
        members = members_of(db, event)
        here = event.date >= first
        if here:
            counted.append(event.name)
        for row in earned.rows:
            if row.total is None:
                continue
            for player in members.get(row.entry_id, []):
                if here:
                    in_season[player] = in_season.get(player, 0) + row.total
                    events_of[player] = events_of.get(player, 0) + 1
                else:
                    before[player] = before.get(player, 0) + row.total
    brought = dict(db.rows("SELECT id, mrps_before FROM player WHERE mrps_before <> 0"))
    ids = set(events_of)  # the players the season's events ranked
    info = {pid: (name, acc) for pid, name, acc in db.rows("SELECT id, name, acc_number FROM player")}
    rows = []
    for pid in ids:
        start = brought.get(pid, 0) + before.get(pid, 0)
        end = start + in_season.get(pid, 0)
        name, acc = info[pid]
        rows.append(RankingRow(0, pid, name, acc, in_season.get(pid, 0), events_of.get(pid, 0), end,
                               tuple(crossed(start, end)), title(end)))
    rows.sort(key=lambda r: (-r.season, -r.lifetime, fold(r.name), r.player_id))
    ranked: list[RankingRow] = []
    for k, r in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].season == r.season else k + 1
        ranked.append(dataclasses.replace(r, rank=rank))
    return Rankings(season, first, last, tuple(counted), tuple(ranked))
