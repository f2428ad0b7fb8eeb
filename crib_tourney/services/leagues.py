"""Leagues: members, nights, season standings and the club's records."""

from __future__ import annotations

from datetime import date as Date
from typing import Any, TypedDict

from crib_tourney.engine.cards import Card
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.cards import Cards
from crib_tourney.inputs.names import NewPlayer
from crib_tourney.records import record
from crib_tourney.services.players import resolve_players
from crib_tourney.store import events as events_store
from crib_tourney.store import leagues as store, qualifying as q
from crib_tourney.store.directory import entries_of, name_taken, player_names
from crib_tourney.store.events import load_event
from crib_tourney.store.leagues import League, load_league
from crib_tourney.store.players import players_by_id
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.tourney import league as lg
from crib_tourney.tourney import settings as schema
from crib_tourney.tourney.names import checked_name, fold
from crib_tourney.tourney.settings import EventSettings, LeagueSettings
from crib_tourney.services.events import enter_players, insert_event
from crib_tourney.services.standings import standings
from crib_tourney.engine.show import count_show


def _league(db: Db, league_id: int) -> League:
    if league_id not in store.all_league_ids(db):
        raise NotFound(f"no league #{league_id}")
    return load_league(db, league_id)


def create_league(db: Db, name: str, settings: LeagueSettings, by: Actor = CLI) -> League:
    name = checked_name(name, "league")
    taken = name_taken(db, "league", name)
    if taken:
        raise CribError(f"a league named '{taken}' already exists")
    change = Change(db, "league new", by=by)
    league_id = store.insert_league(change, name, settings)
    change.scope = Log(league_id=league_id)
    change.log(f"created {name}")
    return load_league(db, league_id)


def change_league(db: Db, league_id: int, changes: dict[str, Any], by: Actor = CLI) -> League:
    """Change settings; nights already played keep the formula they were played under."""
    league = _league(db, league_id)
    schema.changed(league.settings, changes)
    change = Change(db, "league set", Log(league_id=league.id), by)
    store.update_league(change, league.id, changes)
    change.log("set " + ", ".join(f"{k}={v}" for k, v in changes.items()))
    return load_league(db, league.id)


@record
class Joined:
    """Players who just joined a league, by name."""

    league: str
    players: tuple[str, ...]


def join(db: Db, league_id: int, players: list[int | NewPlayer], by: Actor = CLI) -> Joined:
    """Make players members (a NewPlayer is added to the roster as part of the change)."""
    league = _league(db, league_id)
    current = set(store.members(db, league.id))
    joined: list[str] = []
    change = Change(db, "league join", Log(league_id=league.id), by)
    for p in resolve_players(change, players):
        if p.id in current:
            raise CribError(f"{p.name} is already a member of {league.name}")
        store.add_member(change, league.id, p.id)
        current.add(p.id)
        joined.append(p.name)
    change.log("; ".join(f"{name} joined {league.name}" for name in joined))
    return Joined(league.name, tuple(joined))


@record
class Night:
    """A league night just made: its event, with every member entered but ``absent`` of them."""

    event_id: int
    event: str
    number: int
    absent: int


def new_night(db: Db, league_id: int, night_date: Date | None = None, absent: list[int] | None = None,
              by: Actor = CLI) -> Night:
    """Create the night's event (default: today's) with the league's settings and
    every member entered, but those marked absent (an absence is not a withdrawal)."""
    league = _league(db, league_id)
    when = (night_date or Date.today()).isoformat()
    number = store.next_night_number(db, league.id)
    missing = _members(db, league, absent or [])
    name = f"{league.name} night {number} ({when})"
    change = Change(db, "league night", Log(league_id=league.id), by)  # in the league's log: undo there removes the night
    event = insert_event(change, name, EventSettings(date=when, games=league.games_per_night))
    store.insert_night(change, league, event.id, number, when)
    ids = [i for i in store.members(db, league.id) if i not in missing]
    by_id = players_by_id(db, ids)
    enter_players(change, event, [by_id[i] for i in ids])
    for player_id in missing:
        store.add_absence(change, league.id, number, player_id)
    change.log(f"night {number}: {name}" + (f", {len(missing)} absent" if missing else ""))
    return Night(event.id, event.name, number, len(missing))


def _members(db: Db, league: League, player_ids: list[int]) -> list[int]:
    """These players, each a member of the league and named once."""
    members = set(store.members(db, league.id))
    roster = players_by_id(db, player_ids)
    found: list[int] = []
    for player_id in player_ids:
        if player_id not in roster:
            raise NotFound(f"no player #{player_id}")
        if player_id not in members:
            raise CribError(f"{roster[player_id].name} is not a member of {league.name}")
        if player_id in found:
            raise CribError(f"{roster[player_id].name} is named twice")
        found.append(player_id)
    return found


@record
class Absences:
    """Members marked absent from a night, by display name."""

    night: int
    players: tuple[str, ...]


def mark_absent(db: Db, league_id: int, player_ids: list[int], night_no: int | None = None, by: Actor = CLI) -> Absences:
    """Members who missed a night (default: the latest), before its games are paired."""
    league = _league(db, league_id)
    nights = {n["night_no"]: n for n in store.nights(db, league.id)}
    if not nights:
        raise CribError(f"{league.name} has no nights yet (make one with: crib-tourney league night)")
    number = max(nights) if night_no is None else night_no
    if number not in nights:
        raise CribError(f"{league.name} has no night {number} (nights 1-{max(nights)})")
    event = load_event(db, nights[number]["event_id"])
    if q.scheduled_games(db, event.id):
        raise CribError(f"night {number} is already paired; mark absences before its first round (or withdraw the player)")
    already = store.absences(db, league.id).get(number, set())
    marked: list[str] = []
    change = Change(db, "absent", Log(event.id), by)  # the night's entries change: in its own log, before its rounds
    for player_id in _members(db, league, player_ids):
        name = player_names(db, {player_id})[player_id]
        if player_id in already:
            raise CribError(f"{name} is already marked absent on night {number}")
        events_store.delete_entry_of(change, event.id, player_id)
        store.add_absence(change, league.id, number, player_id)
        marked.append(name)
    change.log("; ".join(f"{name}: absent on night {number}" for name in marked))
    return Absences(number, tuple(marked))


def _nights(db: Db, league: League, date_from: Date | None, date_to: Date | None) -> list[lg.Night[int]]:
    nights = []
    for night in store.nights(db, league.id):
        if (date_from and night["date"] < date_from.isoformat()) or (date_to and night["date"] > date_to.isoformat()):
            continue
        event = load_event(db, night["event_id"])
        every = standings(db, event).every
        played = [r for r in every if r.games > 0]
        if not played:
            continue  # a night with no results yet scores nothing
        person = {e.id: e.player_id for e in entries_of(db, event)}  # a season adds up people, not entries
        ties: dict[int, int] = {}
        for r in played:
            ties[r.rank] = ties.get(r.rank, 0) + 1
        rows = [lg.NightRow(person[r.player], r.name, r.game_points, r.wins, r.losses, r.spread, r.skunks, r.skunks_taken,
                            r.rank, ties[r.rank]) for r in played]
        in_play = q.scheduled_games(db, event.id) < event.games or q.first_open_game(db, event.id) is not None
        nights.append(lg.Night(night["night_no"], night["date"], event.name, night["formula"], night["threshold"],
                               lg.parse_place_points(night["place_points"], stored=True), rows, in_play,
                               sorted((r.name for r in every if r.games == 0), key=fold) if in_play else []))
    return nights


class NightFormula(TypedDict):
    night: int
    date: str
    formula: str
    threshold: int


# `league standings --json`, the league's web page and the season sheet ("from" is a keyword: the functional form)
Season = TypedDict("Season", {
    "league": str, "season": str | None, "from": str | None, "to": str | None, "nights": int, "formula": str,
    "drop_worst": int, "best_of_nights": int | None, "preview": bool, "night_formulas": list[NightFormula],
    "rows": list[dict[str, Any]], "guests": list[dict[str, Any]], "absences": dict[str, list[int]],
    "in_play": dict[str, list[str]],  # a night in play (tourney/league.py): its number -> those with no result yet
})


def season_view(db: Db, league_id: int, date_from: Date | None = None, date_to: Date | None = None,
                formula: str | None = None, threshold: int | None = None) -> Season:
    """The season's standings; with ``formula`` (and ``threshold``) a preview of
    every night scored another way, the league left as it is."""
    league = _league(db, league_id)
    if formula is not None and formula not in lg.FORMULAS:
        raise CribError(f"unknown formula '{formula}' (formulas: {', '.join(lg.FORMULAS)})")
    nights = _nights(db, league, date_from, date_to)
    for night in nights if formula or threshold is not None else []:
        night.formula = formula or night.formula
        night.threshold = night.threshold if threshold is None else threshold
    counted = {n.number for n in nights}
    missed = store.absences(db, league.id)
    absent = {p: len([n for n, players in missed.items() if p in players and n in counted]) for p in store.members(db, league.id)}
    ranked, guests = lg.season_standings(nights, set(store.members(db, league.id)), league.guest_limit,
                                         league.drop_worst, league.best_of_nights,
                                         absences=absent if league.drop_absences_first else None)
    return {
        "league": league.name, "season": league.season,
        "from": date_from.isoformat() if date_from else None, "to": date_to.isoformat() if date_to else None,
        "nights": len(nights), "formula": formula or league.formula, "drop_worst": league.drop_worst,
        "best_of_nights": league.best_of_nights, "preview": formula is not None or threshold is not None,
        "night_formulas": [NightFormula(night=n.number, date=n.date, formula=n.formula, threshold=n.threshold) for n in nights],
        "rows": [r.as_dict() for r in ranked], "guests": [r.as_dict() for r in guests],
        "absences": {player_names(db, {p})[p]: sorted(n for n, players in missed.items() if p in players and n in counted)
                     for p, k in absent.items() if k},
        "in_play": {str(n.number): n.waiting for n in nights if n.in_play},
    }


@record
class HandRecorded:
    """A special hand kept in the club's records, its count confirmed by the engine."""

    player: str
    points: int
    hand: Cards
    starter: Card
    crib: bool


def record_hand(db: Db, league_id: int, player_id: int, hand: Cards, starter: Card, crib: bool, claim: int,
                event_id: int | None = None, by: Actor = CLI) -> HandRecorded:
    """A special hand for the club's records, counted by the engine first; held
    on a night of the league (``event_id``), or by a member."""
    league = _league(db, league_id)
    player = players_by_id(db, [player_id]).get(player_id)
    if player is None:
        raise NotFound(f"no player #{player_id}")
    shown = count_show(hand, starter, is_crib=crib)
    cards = " ".join(str(c) for c in hand)
    if shown.total != claim:
        raise CribError(f"that {'crib' if crib else 'hand'} counts {shown.total}, not {claim}: {cards} with {starter}")
    night_event, when = None, Date.today().isoformat()
    if event_id is not None:
        event = load_event(db, event_id)
        night = store.night_date(db, league.id, event.id)
        if night is None:
            raise CribError(f"{event.name} is not a night of {league.name}")
        if player.id not in {e.player_id for e in entries_of(db, event)}:
            raise CribError(f"{player.name} did not play {event.name}")
        night_event, when = event.id, night
    elif player.id not in store.members(db, league.id):
        raise CribError(f"{player.name} is not a member of {league.name} (a guest's hand: give --night)")
    change = Change(db, "league hand", Log(league_id=league.id), by)
    store.insert_hand(change, dict(league_id=league.id, player_id=player.id, event_id=night_event,
                                   cards=cards, starter=str(starter), crib=crib, points=claim, date=when))
    change.log(f"{player.name}'s {claim}: {cards} with {starter}")
    return HandRecorded(player.name, claim, hand, starter, crib)


class Records(TypedDict):
    """The club's side records (`league records --json`)."""

    league: str
    special_hands: list[dict[str, Any]]
    perfect_nights: list[dict[str, Any]]
    skunk_pot: dict[str, Any]


def records(db: Db, league_id: int) -> Records:
    league = _league(db, league_id)
    hands = [dict(h, crib=bool(h["crib"])) for h in store.hands(db, league.id)]
    club = lg.club_records(_nights(db, league, None, None), league.skunk_pot)
    return Records(league=league.name, special_hands=hands, perfect_nights=club["perfect_nights"], skunk_pot=club["skunk_pot"])


def league_summaries(db: Db) -> list[dict[str, Any]]:
    """Every league: its settings, members and nights (counts)."""
    out = []
    for league_id in store.all_league_ids(db):
        members, nights = store.counts(db, league_id)
        out.append(load_league(db, league_id).as_dict() | {"members": members, "nights": nights})
    return out


def league_details(db: Db, league_id: int) -> dict[str, Any]:
    """A league's settings, its members (names) and its nights."""
    league = _league(db, league_id)
    ids = store.members(db, league.id)
    names = player_names(db, set(ids))
    nights = [{"night": n["night_no"], "event": n["event"], "date": n["date"], "formula": n["formula"]}
              for n in store.nights(db, league.id)]
    return league.as_dict() | {"members": sorted((names[i] for i in ids), key=fold), "nights": nights}


def season_print_data(db: Db, league_id: int) -> dict[str, Any]:
    """The season sheet: standings, records, the league's settings and the
    currency of its money (the skunk pot): its first night's event's, else "$"."""
    nights = store.nights(db, league_id)
    currency = load_event(db, nights[0]["event_id"]).currency if nights else "$"
    return {"season": season_view(db, league_id), "records": records(db, league_id), "league": _league(db, league_id).as_dict(),
            "currency": currency}
