"""Leagues: members, nights, season standings and the club's records."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.store import events as events_store
from crib_tourney.store import leagues as store
from crib_tourney.store.directory import entries_of, find_event, find_league_id, name_taken, player_names
from crib_tourney.store.leagues import League, load_league
from crib_tourney.services.players import find_or_add
from crib_tourney.store.players import players_by_id
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change, Log
from crib_tourney.tourney import league as lg
from crib_tourney.tourney import settings as schema
from crib_tourney.tourney.names import checked_name
from crib_tourney.tourney.settings import EventSettings, LeagueSettings


def find_league(db: Db, ref: str) -> League:
    return load_league(db, find_league_id(db, ref))


def create_league(db: Db, name: str, settings: LeagueSettings) -> League:
    name = checked_name(name, "league")
    taken = name_taken(db, "league", name)
    if taken:
        raise CribError(f"a league named '{taken}' already exists")
    change = Change(db, "league new")
    league_id = store.insert_league(change, name, settings)
    change.scope = Log(league_id=league_id)
    change.log(f"created {name}")
    return load_league(db, league_id)


def change_league(db: Db, ref: str, changes: dict[str, Any]) -> str:
    """Change settings; nights already played keep the formula they were played under."""
    league = find_league(db, ref)
    schema.changed(league.settings, changes)
    change = Change(db, "league set", Log(league_id=league.id))
    store.update_league(change, league.id, changes)
    change.log("set " + ", ".join(f"{k}={v}" for k, v in changes.items()))
    return league.name


def join(db: Db, ref: str, refs: list[str], add_unknown: bool) -> list[str]:
    league = find_league(db, ref)
    current = set(store.members(db, league.id))
    messages = []
    change = Change(db, "league join", Log(league_id=league.id))
    for p in find_or_add(change, refs, add_unknown):
        if p.id in current:
            raise CribError(f"{p.name} is already a member of {league.name}")
        store.add_member(change, league.id, p.id)
        current.add(p.id)
        messages.append(f"{p.name} joined {league.name}")
    change.log("; ".join(messages))
    return messages


def new_night(db: Db, ref: str, night_date: str | None, absent: list[str] | None = None) -> str:
    """Create the night's event with the league's settings and every member
    entered, but those marked absent (an absence is not a withdrawal)."""
    from crib_tourney.services.events import enter_players, insert_event

    league = find_league(db, ref)
    when = night_date or Date.today().isoformat()
    schema.iso_date("date", when)
    number = store.next_night_number(db, league.id)
    missing = _members(db, league, absent or [])
    name = f"{league.name} night {number} ({when})"
    change = Change(db, "league night", Log(league_id=league.id))  # in the league's log: undo there removes the night
    event = insert_event(change, name, EventSettings(date=when, games=league.games_per_night))
    store.insert_night(change, league, event.id, number, when)
    ids = [i for i in store.members(db, league.id) if i not in missing]
    by_id = players_by_id(db, ids)
    enter_players(change, event, [by_id[i] for i in ids])
    for player_id in missing:
        store.add_absence(change, league.id, number, player_id)
    change.log(f"night {number}: {name}" + (f", {len(missing)} absent" if missing else ""))
    return name


def _members(db: Db, league: League, refs: list[str]) -> list[int]:
    from crib_tourney.store.directory import find_player

    members = set(store.members(db, league.id))
    found = []
    for ref in refs:
        player = find_player(db, ref)
        if player.id not in members:
            raise CribError(f"{player.name} is not a member of {league.name}")
        if player.id in found:
            raise CribError(f"{player.name} is named twice")
        found.append(player.id)
    return found


def mark_absent(db: Db, ref: str, refs: list[str], night_no: int | None) -> list[str]:
    """Members who missed a night (default: the latest), before its games are paired."""
    from crib_tourney.store import qualifying as q

    league = find_league(db, ref)
    nights = {n["night_no"]: n for n in store.nights(db, league.id)}
    if not nights:
        raise CribError(f"{league.name} has no nights yet (make one with: crib-tourney league night)")
    number = max(nights) if night_no is None else night_no
    if number not in nights:
        raise CribError(f"{league.name} has no night {number} (nights 1-{max(nights)})")
    event = find_event(db, str(nights[number]["event_id"]))
    if q.scheduled_games(db, event.id):
        raise CribError(f"night {number} is already paired; mark absences before its first round (or withdraw the player)")
    already = store.absences(db, league.id).get(number, set())
    lines = []
    change = Change(db, "absent", Log(event.id))  # the night's entries change: in its own log, before its rounds
    for player_id in _members(db, league, refs):
        name = player_names(db, {player_id})[player_id]
        if player_id in already:
            raise CribError(f"{name} is already marked absent on night {number}")
        events_store.delete_entry_of(change, event.id, player_id)
        store.add_absence(change, league.id, number, player_id)
        lines.append(f"{name}: absent on night {number}")
    change.log("; ".join(lines))
    return lines


def _nights(db: Db, league: League, date_from: str | None, date_to: str | None) -> list[lg.Night]:
    from crib_tourney.services.standings import event_standings

    nights = []
    for night in store.nights(db, league.id):
        if (date_from and night["date"] < date_from) or (date_to and night["date"] > date_to):
            continue
        event = find_event(db, str(night["event_id"]))
        standings = [r for r in event_standings(db, event) if r.games > 0]
        if not standings:
            continue  # a night with no results yet scores nothing
        person = {e.id: e.player_id for e in entries_of(db, event)}  # a season adds up people, not entries
        ties: dict[int, int] = {}
        for r in standings:
            ties[r.rank] = ties.get(r.rank, 0) + 1
        rows = [lg.NightRow(person[r.player], r.name, r.game_points, r.wins, r.losses, r.spread, r.skunks, r.skunks_taken,  # type: ignore[index]
                            r.rank, ties[r.rank]) for r in standings]
        nights.append(lg.Night(night["night_no"], night["date"], event.name, night["formula"], night["threshold"],
                               lg.parse_place_points(night["place_points"], stored=True), rows))
    return nights


def season_view(db: Db, ref: str, date_from: str | None = None, date_to: str | None = None,
                formula: str | None = None, threshold: int | None = None) -> dict:
    """The season's standings; with ``formula`` (and ``threshold``) a preview of
    every night scored another way, the league left as it is."""
    for value in (date_from, date_to):
        schema.iso_date("date", value)
    league = find_league(db, ref)
    if formula is not None and formula not in lg.FORMULAS:
        raise CribError(f"unknown formula '{formula}' (formulas: {', '.join(lg.FORMULAS)})")
    nights = _nights(db, league, date_from, date_to)
    for night in nights if formula or threshold is not None else []:
        night.formula = formula or night.formula
        night.threshold = night.threshold if threshold is None else threshold
    counted = {n.number for n in nights}
    absent = {p: len([n for n, players in store.absences(db, league.id).items() if p in players and n in counted])
              for p in store.members(db, league.id)}
    ranked, guests = lg.season_standings(nights, set(store.members(db, league.id)), league.guest_limit,
                                         league.drop_worst, league.best_of_nights,
                                         absences=absent if league.drop_absences_first else None)
    return {
        "league": league.name, "season": league.season, "from": date_from, "to": date_to,
        "nights": len(nights), "formula": formula or league.formula, "drop_worst": league.drop_worst,
        "best_of_nights": league.best_of_nights, "preview": formula is not None or threshold is not None,
        "night_formulas": [{"night": n.number, "date": n.date, "formula": n.formula, "threshold": n.threshold} for n in nights],
        "rows": [r.as_dict() for r in ranked], "guests": [r.as_dict() for r in guests],
        "absences": {player_names(db, {p})[p]: sorted(n for n, players in store.absences(db, league.id).items()
                                                      if p in players and n in counted)
                     for p, k in absent.items() if k},
    }


def record_hand(db: Db, ref: str, player_ref: str, cards: list[str], starter: str, crib: bool,
                claim: int, event_ref: str | None) -> str:
    """A special hand for the club's records, counted by the engine first."""
    from crib_tourney.engine.cards import parse_cards
    from crib_tourney.engine.show import count_show
    from crib_tourney.store.directory import find_player

    league = find_league(db, ref)
    player = find_player(db, player_ref)
    seen: set = set()
    hand = parse_cards(cards, seen)
    (starter_card,) = parse_cards([starter], seen)
    shown = count_show(hand, starter_card, is_crib=crib)
    if shown.total != claim:
        raise CribError(f"that {'crib' if crib else 'hand'} counts {shown.total}, not {claim}: "
                        + " ".join(str(c) for c in hand) + f" with {starter_card}")
    event_id, when = None, Date.today().isoformat()
    if event_ref:
        event = find_event(db, event_ref)
        night = store.night_date(db, league.id, event.id)
        if night is None:
            raise CribError(f"{event.name} is not a night of {league.name}")
        if player.id not in {e.player_id for e in entries_of(db, event)}:
            raise CribError(f"{player.name} did not play {event.name}")
        event_id, when = event.id, night
    elif player.id not in store.members(db, league.id):
        raise CribError(f"{player.name} is not a member of {league.name} (a guest's hand: give --night)")
    change = Change(db, "league hand", Log(league_id=league.id))
    store.insert_hand(change, dict(league_id=league.id, player_id=player.id, event_id=event_id,
                                   cards=" ".join(str(c) for c in hand), starter=str(starter_card), crib=crib, points=claim, date=when))
    change.log(f"{player.name}'s {claim}: {' '.join(str(c) for c in hand)} with {starter_card}")
    return f"recorded {player.name}'s {claim}: {' '.join(str(c) for c in hand)} with {starter_card}"


def records(db: Db, ref: str) -> dict:
    league = find_league(db, ref)
    hands = [dict(h, crib=bool(h["crib"])) for h in store.hands(db, league.id)]
    return {"league": league.name, "special_hands": hands, **lg.club_records(_nights(db, league, None, None), league.skunk_pot)}


def league_summaries(db: Db) -> list[dict]:
    out = []
    for league_id in store.all_league_ids(db):
        members, nights = store.counts(db, league_id)
        out.append(load_league(db, league_id).as_dict() | {"members": members, "nights": nights})
    return out


def league_details(db: Db, ref: str) -> dict:
    league = find_league(db, ref)
    ids = store.members(db, league.id)
    names = player_names(db, set(ids))
    nights = [{"night": n["night_no"], "event": n["event"], "date": n["date"], "formula": n["formula"]}
              for n in store.nights(db, league.id)]
    return league.as_dict() | {"members": sorted((names[i] for i in ids), key=str.lower), "nights": nights}


def season_print_data(db: Db, ref: str) -> dict:
    league = find_league(db, ref)
    return {"season": season_view(db, ref), "records": records(db, ref), "league": league.as_dict()}
