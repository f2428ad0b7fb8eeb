"""Leagues in the database: members, nights, season standings and club records."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date as Date
from typing import Any

from crib_tourney.errors import CribError, NotFound
from crib_tourney.store.rows import Player
from crib_tourney.store.sql import Db
from crib_tourney.tourney import league as lg

LEAGUE_SETTINGS = {
    "season": str, "games_per_night": int, "threshold": int, "formula": str, "place_points": str,
    "drop_worst": int, "best_of_nights": int, "guest_limit": int, "skunk_pot": float,
}


@dataclass
class League:
    id: int
    name: str
    season: str | None
    games_per_night: int
    threshold: int
    formula: str
    place_points: str
    drop_worst: int
    best_of_nights: int | None
    guest_limit: int
    skunk_pot: float

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


COLUMNS = ", ".join(f.name for f in fields(League))


def validate_league_settings(values: dict[str, Any]) -> dict[str, Any]:
    if "formula" in values:
        lg.check_formula(values["formula"])
    if "place_points" in values:
        lg.parse_place_points(values["place_points"])
    if "games_per_night" in values and not 1 <= values["games_per_night"] <= 30:
        raise CribError(f"games per night must be 1 to 30, not {values['games_per_night']}")
    for key in ("threshold", "drop_worst", "guest_limit"):
        if key in values and values[key] < 0:
            raise CribError(f"{key} cannot be negative ({values[key]})")
    if values.get("best_of_nights") is not None and values["best_of_nights"] < 1:
        raise CribError(f"best of nights must be at least 1, not {values['best_of_nights']}")
    if "skunk_pot" in values and values["skunk_pot"] < 0:
        raise CribError(f"skunk_pot cannot be negative ({values['skunk_pot']})")
    return values


def parse_league_setting(pair: str) -> tuple[str, Any]:
    if "=" not in pair:
        raise CribError(f"'{pair}' is not SETTING=VALUE")
    key, raw = pair.split("=", 1)
    key = key.strip().lower().replace("-", "_")
    if key not in LEAGUE_SETTINGS:
        raise CribError(f"unknown league setting '{key}' (settings: {', '.join(LEAGUE_SETTINGS)})")
    if key == "best_of_nights" and raw.strip().lower() in ("", "none", "all"):
        return key, None
    try:
        return key, LEAGUE_SETTINGS[key](raw)
    except ValueError:
        raise CribError(f"league setting {key} needs {LEAGUE_SETTINGS[key].__name__}, not '{raw}'") from None


def create_league(db: Db, name: str, settings: dict[str, Any]) -> League:
    from crib_tourney.store.results import now

    if db.scalar("SELECT COUNT(*) FROM league WHERE LOWER(name) = :n", n=name.lower()):
        raise CribError(f"a league named '{name}' already exists")
    validate_league_settings(settings)
    league_id = db.insert("league", dict(settings, name=name, created_at=now()))
    return find_league(db, f"#{league_id}")


def find_league(db: Db, ref: str) -> League:
    text = ref.strip()
    row = None
    if text.lstrip("#").isdigit():
        row = db.row(f"SELECT {COLUMNS} FROM league WHERE id = :id", id=int(text.lstrip("#")))
    if row is None:
        row = db.row(f"SELECT {COLUMNS} FROM league WHERE LOWER(name) = :n", n=" ".join(text.split()).lower())
    if row is None:
        raise NotFound(f"unknown league '{ref}' (see: crib-tourney league list)")
    return League(*row)


def change_league(db: Db, league: League, changes: dict[str, Any]) -> None:
    validate_league_settings(changes)
    for key, value in changes.items():
        assert key in LEAGUE_SETTINGS  # column names come only from the settings table
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
    from crib_tourney.store.entries import enter_players
    from crib_tourney.store.events import create_event
    from crib_tourney.store.rows import fetch
    from crib_tourney.store.sql import in_list
    from crib_tourney.tourney.settings import DEFAULTS, validate_settings

    when = night_date or Date.today().isoformat()
    validate_settings({"date": when})
    number = (db.scalar("SELECT MAX(night_no) FROM league_night WHERE league_id = :l", l=league.id) or 0) + 1
    name = f"{league.name} night {number} ({when})"
    event = create_event(db, name, DEFAULTS | {"date": when, "games": league.games_per_night})
    db.insert("league_night", dict(league_id=league.id, event_id=event.id, night_no=number, date=when,
                                   formula=league.formula, threshold=league.threshold, place_points=league.place_points))
    ids = members(db, league)
    if ids:
        marks, params = in_list("p", ids)
        by_id = {p.id: p for p in fetch(db, Player, f"id IN {marks}", **params)}
        enter_players(db, event, [by_id[i] for i in ids])
    return name


def _nights(db: Db, league: League, date_from: str | None, date_to: str | None) -> list[lg.Night]:
    from crib_tourney.store.rows import Event, fetch_one
    from crib_tourney.store.standings import event_standings

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
        if not standings:
            continue  # a night with no results yet scores nothing
        ties: dict[int, int] = {}
        for r in standings:
            ties[r.rank] = ties.get(r.rank, 0) + 1
        rows = [lg.NightRow(r.player, r.name, r.game_points, r.wins, r.losses, r.spread, r.skunks, r.skunks_taken,
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
    rows = db.rows(f"SELECT {COLUMNS} FROM league ORDER BY id")
    out = []
    for row in rows:
        league = League(*row)
        out.append(league.as_dict() | {
            "members": db.scalar("SELECT COUNT(*) FROM league_member WHERE league_id = :l", l=league.id),
            "nights": db.scalar("SELECT COUNT(*) FROM league_night WHERE league_id = :l", l=league.id),
        })
    return out


def season_print_data(db: Db, league: League) -> dict:
    return {"season": season_view(db, league), "records": records(db, league), "league": league.as_dict()}

