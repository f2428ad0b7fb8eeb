"""Leagues in the database: members, nights, season standings and club records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as Date
from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.store.directory import entries_of, find_league_id, name_taken
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.tourney import league as lg
from crib_tourney.tourney import settings as schema
from crib_tourney.tourney.settings import EventSettings, LeagueSettings

@dataclass
class League:
    id: int
    name: str
    settings: LeagueSettings

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "settings":
            raise AttributeError(name)
        return getattr(self.settings, name)

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, **schema.as_dict(self.settings)}


def load_league(db: Db, league_id: int) -> League:
    row = db.dicts(f"SELECT id, name, {', '.join(schema.names(LeagueSettings))} FROM league WHERE id = :id", id=league_id)[0]
    return League(row.pop("id"), row.pop("name"), LeagueSettings(**row))


def find_league(db: Db, ref: str) -> League:
    return load_league(db, find_league_id(db, ref))


def create_league(db: Db, name: str, settings: LeagueSettings) -> League:
    from crib_tourney.store.audit import now

    taken = name_taken(db, "league", name)
    if taken:
        raise CribError(f"a league named '{taken}' already exists")
    league_id = db.insert("league", dict(schema.as_dict(settings), name=name, created_at=now()))
    return load_league(db, league_id)


def change_league(db: Db, league: League, changes: dict[str, Any]) -> None:
    schema.changed(league.settings, changes)
    for key, value in changes.items():
        assert key in schema.names(LeagueSettings)  # column names come only from the settings schema
        db.execute(f"UPDATE league SET {key} = :v WHERE id = :id", v=value, id=league.id)


def join(db: Db, league: League, players: list[Player]) -> list[str]:
    messages = []
    for p in players:
        if db.scalar("SELECT COUNT(*) FROM league_member WHERE league_id = :l AND player_id = :p", l=league.id, p=p.id):
            raise CribError(f"{p.name} is already a member of {league.name}")
        db.insert("league_member", dict(league_id=league.id, player_id=p.id))
        messages.append(f"{p.name} joined {league.name}")
    return messages


def members(db: Db, league: League) -> list[int]:
    return [r[0] for r in db.rows("SELECT player_id FROM league_member WHERE league_id = :l ORDER BY id", l=league.id)]


def new_night(db: Db, league: League, night_date: str | None) -> str:
    """Create the night's event with the league's settings and every member entered."""
    from crib_tourney.services.events import create_event, enter_players
    from crib_tourney.store.rows import fetch
    from crib_tourney.store.sql import in_list

    when = night_date or Date.today().isoformat()
    schema.iso_date("date", when)
    number = (db.scalar("SELECT MAX(night_no) FROM league_night WHERE league_id = :l", l=league.id) or 0) + 1
    name = f"{league.name} night {number} ({when})"
    event = create_event(db, name, EventSettings(date=when, games=league.games_per_night))
    db.insert("league_night", dict(league_id=league.id, event_id=event.id, night_no=number, date=when,
                                   formula=league.formula, threshold=league.threshold, place_points=league.place_points))
    ids = members(db, league)
    if ids:
        marks, params = in_list("p", ids)
        by_id = {p.id: p for p in fetch(db, Player, f"id IN {marks}", **params)}
        enter_players(db, event, [by_id[i] for i in ids])
    return name


def _nights(db: Db, league: League, date_from: str | None, date_to: str | None) -> list[lg.Night]:
    from crib_tourney.services.standings import event_standings
    from crib_tourney.store.rows import Event, fetch_one

    nights = []
    for night_no, event_id, when, formula, threshold, place_points in db.rows(
        "SELECT night_no, event_id, date, formula, threshold, place_points FROM league_night"
        " WHERE league_id = :l ORDER BY night_no", l=league.id,
    ):
        if (date_from and when < date_from) or (date_to and when > date_to):
            continue
        event = fetch_one(db, Event, "id = :id", id=event_id)
        assert event is not None
        standings = [r for r in event_standings(db, event) if r.games > 0]
        person = {e.id: e.player_id for e in entries_of(db, event)}  # a season adds up people, not entries
        if not standings:
            continue  # a night with no results yet scores nothing
        ties: dict[int, int] = {}
        for r in standings:
            ties[r.rank] = ties.get(r.rank, 0) + 1
        rows = [lg.NightRow(person[r.player], r.name, r.game_points, r.wins, r.losses, r.spread, r.skunks, r.skunks_taken,
                            r.rank, ties[r.rank]) for r in standings]
        nights.append(lg.Night(night_no, when, event.name, formula, threshold, lg.parse_place_points(place_points), rows))
    return nights


def season_view(db: Db, league: League, date_from: str | None = None, date_to: str | None = None) -> dict:
    nights = _nights(db, league, date_from, date_to)
    ranked, guests = lg.season_standings(nights, set(members(db, league)), league.guest_limit,
                                         league.drop_worst, league.best_of_nights)
    return {
        "league": league.name, "season": league.season, "from": date_from, "to": date_to,
        "nights": len(nights), "formula": league.formula, "drop_worst": league.drop_worst,
        "best_of_nights": league.best_of_nights,
        "rows": [r.as_dict() for r in ranked], "guests": [r.as_dict() for r in guests],
    }


def record_hand(db: Db, league: League, player: Player, cards: list[str], starter: str, crib: bool,
                claim: int, event_ref: str | None) -> str:
    """A special hand for the club's records, counted by the engine first."""
    from crib_tourney.engine.cards import parse_cards
    from crib_tourney.engine.show import count_show

    seen: set = set()
    hand = parse_cards(cards, seen)
    (starter_card,) = parse_cards([starter], seen)
    shown = count_show(hand, starter_card, is_crib=crib)
    if shown.total != claim:
        raise CribError(f"that {'crib' if crib else 'hand'} counts {shown.total}, not {claim}: "
                        + " ".join(str(c) for c in hand) + f" with {starter_card}")
    event_id, when = None, Date.today().isoformat()
    if event_ref:
        from crib_tourney.store.directory import find_event

        event = find_event(db, event_ref)
        night = db.row("SELECT date FROM league_night WHERE league_id = :l AND event_id = :e", l=league.id, e=event.id)
        if night is None:
            raise CribError(f"{event.name} is not a night of {league.name}")
        event_id, when = event.id, night[0]
    db.insert("special_hand", dict(league_id=league.id, player_id=player.id, event_id=event_id,
                                   cards=" ".join(str(c) for c in hand), starter=str(starter_card), crib=crib,
                                   points=claim, date=when))
    return f"recorded {player.name}'s {claim}: {' '.join(str(c) for c in hand)} with {starter_card}"


def records(db: Db, league: League) -> dict:
    hands = [
        {"player": name, "points": points, "cards": cards, "starter": starter, "crib": bool(crib), "date": when}
        for name, points, cards, starter, crib, when in db.rows(
            "SELECT p.name, h.points, h.cards, h.starter, h.crib, h.date FROM special_hand h JOIN player p ON p.id = h.player_id"
            " WHERE h.league_id = :l ORDER BY h.points DESC, h.date, h.id", l=league.id,
        )
    ]
    nights = _nights(db, league, None, None)
    perfect = []
    skunks: dict[Any, dict] = {}
    for night in nights:
        for r in night.rows:
            if r.wins > 0 and r.losses == 0:
                perfect.append({"player": r.name, "night": night.event, "date": night.date, "wins": r.wins})
            entry = skunks.setdefault(r.player, {"player": r.name, "given": 0, "taken": 0})
            entry["given"] += r.skunks
            entry["taken"] += r.skunks_taken
    pot_rows = sorted((e for e in skunks.values() if e["given"] or e["taken"]), key=lambda e: (-e["taken"], e["player"]))
    total_taken = sum(e["taken"] for e in pot_rows)
    return {
        "league": league.name, "special_hands": hands, "perfect_nights": perfect,
        "skunk_pot": {"per_skunk": league.skunk_pot, "total": round(total_taken * league.skunk_pot, 2), "players": pot_rows},
    }


def league_summaries(db: Db) -> list[dict]:
    out = []
    for (league_id,) in db.rows("SELECT id FROM league ORDER BY id"):
        league = load_league(db, league_id)
        out.append(league.as_dict() | {
            "members": db.scalar("SELECT COUNT(*) FROM league_member WHERE league_id = :l", l=league.id),
            "nights": db.scalar("SELECT COUNT(*) FROM league_night WHERE league_id = :l", l=league.id),
        })
    return out


def season_print_data(db: Db, league: League) -> dict:
    return {"season": season_view(db, league), "records": records(db, league), "league": league.as_dict()}

