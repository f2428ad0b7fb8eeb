"""What the pages of the live view and the published site read, besides the
services the CLI shares with them (standings, tables, brackets, histories):
typed values keyed by entry id, so that web/site.py builds each page from one
call per fact and never maps a display name back to an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from datetime import datetime

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services.events import game_view
from crib_tourney.services.playoffs import bracket_json, event_decided, placings_view
from crib_tourney.services.printing import on_paper, paper_names
from crib_tourney.services.rankings import Rankings, rankings
from crib_tourney.tourney.formats import FORMATS
from crib_tourney.tourney.names import fold
from crib_tourney.tourney.seasons import season_of
from crib_tourney.services.standings import StandingRow, standings
from crib_tourney.store import brackets as st
from crib_tourney.store import directory
from crib_tourney.store import events as event_store
from crib_tourney.store import leagues as league_store
from crib_tourney.store import qualifying as q
from crib_tourney.store.rows import Event as Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import last_change_at


def event_of(db: Db, event_id: int) -> Event:
    """The event, or NotFound (a page's 404)."""
    try:
        return event_store.load_event(db, event_id)
    except CribError:
        raise NotFound(f"no event {event_id}") from None


def event_ids(db: Db) -> list[int]:
    """Every event, oldest first."""
    return event_store.event_ids(db)


def league_ids(db: Db) -> list[int]:
    """Every league."""
    return league_store.all_league_ids(db)


def last_change(db: Db) -> datetime | None:
    """When anything last changed (the newest audit entry, UTC); None before any change."""
    at = last_change_at(db)
    return None if at is None else datetime.fromisoformat(at)


def entry_ids(db: Db, event: Event) -> list[int]:
    """The event's entries, in entry order."""
    return [e.id for e in directory.entries_of(db, event)]


def entry_names(db: Db, event: Event) -> dict[int, str]:
    """entry id -> the name the pages show (a player's, or a team's)."""
    return directory.entry_names(db, event)


def member_names(db: Db, event: Event) -> dict[int, list[str]]:
    """entry id -> its players' names (a team event)."""
    return directory.member_names(db, event)


def entries_by_name(db: Db, event: Event) -> dict[str, int]:
    """The name shown -> its entry: for the documents that name their players only
    (the bracket chart, a league's season), to link each name to its page."""
    return {name: entry for entry, name in directory.entry_names(db, event).items()}


def cut_made(db: Db, event_id: int) -> bool:
    """Whether the playoff bracket is seeded (the cut is made)."""
    return bool(st.seeded_count(db, event_id))


def seeds(db: Db, event_id: int) -> dict[int, int]:
    """entry id -> its seed in the bracket (empty before the cut)."""
    return {entry: seed for seed, entry in st.seeds(db, event_id).items()}


def games_scheduled(db: Db, event_id: int) -> bool:
    """Whether any game of the event is drawn."""
    return bool(q.scheduled_games(db, event_id))


@dataclass(frozen=True)
class StandingsTable:
    """The standings as the standings page shows them: the rows of `standings
    --json`, the cut line (0: none), and each row's entry (the same order)."""

    rows: list[StandingRow]
    cut: int
    entries: tuple[int, ...]
    pending: int  # games not counted yet: a lone card
    disputed: int  # and cards that disagree
    did_not_play: list[str]  # the no-shows, not ranked


def standings_table(db: Db, event: Event) -> StandingsTable:
    """The standings once: its rows and their entries come from the same ranking
    (standings keeps it for the transaction), the no-shows set apart."""
    found = standings(db, event)
    return StandingsTable(found.rows, found.cut.qualifiers, found.entries, found.pending, found.disputed,
                          list(found.did_not_play))


def newest_season_rankings(db: Db) -> Rankings | None:
    """The MRP rankings of the season of the newest dated ACC event (None: no such event, or nobody ranked)."""
    dates = [e.date for e in event_store.all_events(db) if e.acc_event != "none" and e.date]
    if not dates:
        return None
    found = rankings(db, season_of(max(dates)))
    return found if found.rows else None


@dataclass(frozen=True)
class LeagueNights:
    """A league's nights: night number (as a string, as the season's columns name
    them) -> its event; and per night the name shown -> its entry."""

    events: dict[str, int]
    entries: dict[str, dict[str, int]]


def league_nights(db: Db, league_id: int) -> LeagueNights:
    events = {str(n["night_no"]): int(n["event_id"]) for n in league_store.nights(db, league_id)}
    entries = {night: entries_by_name(db, event_store.load_event(db, event_id)) for night, event_id in events.items()}
    return LeagueNights(events, entries)


def event_changed(db: Db, event_id: int) -> datetime | None:
    """When this event last changed (its newest audit entry, UTC), else when it was made
    (a league night is made in its league's log); None: no such event."""
    at = db.scalar("SELECT MAX(at) FROM audit WHERE event_id = :e", e=event_id)
    if at is None:
        at = db.scalar("SELECT created_at FROM event WHERE id = :e", e=event_id)
    return None if at is None else datetime.fromisoformat(str(at))


def league_night_events(db: Db) -> set[int]:
    """The events that are a league's nights."""
    return {int(n["event_id"]) for league_id in league_store.all_league_ids(db) for n in league_store.nights(db, league_id)}


def league_changed(db: Db, league_id: int) -> datetime | None:
    """When this league or one of its nights last changed (UTC); None before any change."""
    at = db.scalar("SELECT MAX(at) FROM audit WHERE league_id = :l OR event_id IN"
                   " (SELECT event_id FROM league_night WHERE league_id = :l)", l=league_id)
    return None if at is None else datetime.fromisoformat(str(at))


# --- find your table: where each entrant is now --------------------------------

PLAYING = "playing"  # at a table (a qualifying game, or a playoff match whose sides are known)
BYE = "bye"  # this game without an opponent (a qualifying game's bye, or a first-round bye in the bracket)
NOT_CHECKED_IN = "not checked in"  # entered, not in the game: the desk has not checked him in
NOT_PAIRED = "not paired"  # entered, not in the game (entered after it was paired), or no game paired yet
WITHDRAWN = "withdrawn"
WAITING = "waiting"  # playoffs: won (or had a bye), the next match's other side not known yet
OUT = "out"  # playoffs: lost, no match left
CHAMPION = "champion"
NOT_QUALIFIED = "not qualified"  # the cut is made without him
PLACED = "placed"  # a finished event placed by its standings (a round robin, a three-sided event)
STATES = (PLAYING, BYE, NOT_CHECKED_IN, NOT_PAIRED, WITHDRAWN, WAITING, OUT, CHAMPION, NOT_QUALIFIED, PLACED)


@dataclass(frozen=True)
class Whereabouts:
    """One person's line of find-your-table: where he (or his team) is now.
    ``state`` is one of STATES; the rest says what the state needs: the table and
    the opponents (playing), the playoff round's name (playing, waiting for,
    out in) and its number, the match's key and games won (playing), the place (a
    finished event's, or his qualifying rank when not qualified)."""

    entry: int
    name: str  # the person looking: a player, or a member of a team
    team: str | None  # his team's name (a team event)
    key: str  # the name folded as names are matched (no accents, no case): what a search compares with
    state: str
    table: int | None = None
    seat: int | None = None  # 1st, 2nd (or 3rd) in the table's order, as the table sheet lists the sides
    opponents: tuple[str, ...] = ()
    round: str | None = None
    round_no: int | None = None
    match: str | None = None
    wins: tuple[int, int] | None = None
    place: str | None = None
    rank: str | None = None  # his qualifying rank ("3", "2=")
    game_points: int | None = None


@dataclass(frozen=True)
class FindList:
    """Find-your-table of an event: the game paired (None: none yet, or the
    playoffs), whether the playoffs are on, whether the event is finished, and
    one line per person, by the folded name."""

    game: int | None
    playoffs: bool
    finished: bool
    rows: tuple[Whereabouts, ...]


def find_your_table(db: Db, event: Event) -> FindList:
    """Where every entrant is now: at which table against whom, on a bye, not
    checked in, waiting for the next round, out, champion, not qualified, or
    placed; a team's members each under their own name."""

    names = entry_names(db, event)
    members = member_names(db, event) if event.team_size > 1 else {}
    entries = directory.entries_of(db, event)
    shown = paper_names(db)  # namesakes as screens and paper name them: what a search is matched with
    ranked = standings_table(db, event) if games_scheduled(db, event.id) else None
    standing = {}
    if ranked is not None:
        standing = {entry: (f"{r['rank']}{'=' if r['tied'] else ''}", int(r["game_points"]))
                    for entry, r in zip(ranked.entries, ranked.rows)}
    finished = event_decided(db, event)
    states: dict[int, dict[str, Any]] = {}
    game: int | None = None
    playoffs = cut_made(db, event.id)
    if playoffs:
        states = _playoff_states(db, event, bracket_json(db, event), names)
    elif finished and (FORMATS[event.format].placed_by_standings or event.sides == 3):
        places = placings_view(db, event)
        by_name = {r["player"]: r["place"] for r in places["rows"]}
        for e in entries:
            if e.id in standing:
                states[e.id] = {"state": CHAMPION if by_name.get(names[e.id]) == "1st" else PLACED, "place": by_name.get(names[e.id])}
    elif games_scheduled(db, event.id):
        game = q.scheduled_games(db, event.id)
        view = game_view(db, event, game).as_dict()
        entry_of = {name: entry for entry, name in names.items()}
        for t in view["tables"]:
            for seat, side in enumerate(t["players"], 1):
                states[entry_of[side]] = {"state": PLAYING, "table": int(t["table"]), "seat": seat,
                                          "opponents": tuple(o for o in t["players"] if o != side)}
        byes: list[str] = view.get("byes") or [b for b in [view.get("bye")] if b]
        for side in byes:
            states[entry_of[side]] = {"state": BYE}
    rows = []
    for e in entries:
        found = states.get(e.id)
        if found is None:
            if e.withdrawn_after is not None:
                found = {"state": WITHDRAWN}
            elif event.check_in and not e.checked_in:
                found = {"state": NOT_CHECKED_IN}
            else:
                found = {"state": NOT_QUALIFIED if playoffs else NOT_PAIRED}
        rank, gp = standing.get(e.id, (None, None))
        team = on_paper(db, names[e.id], shown) if e.id in members else None
        for person in on_paper(db, members.get(e.id) or [names[e.id]], shown):
            rows.append(Whereabouts(e.id, person, team, fold(person + (" " + team if team else "")), rank=rank, game_points=gp,
                                    **found))
    rows.sort(key=lambda w: (fold(w.name), w.entry))
    return FindList(game, playoffs, finished, tuple(rows))


def _playoff_states(db: Db, event: Event, full: Any, names: dict[int, str]) -> dict[int, dict[str, Any]]:
    """Each qualifier's state in the bracket: his match being played (or ready to
    be), the round he waits for, the round he went out in, or champion."""
    seeds = {entry for entry in st.seeds(db, event.id).values()}
    entry_of = {name: entry for entry, name in names.items()}
    states: dict[int, dict[str, Any]] = {}
    last: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}  # name: (round, match) of his latest match
    for r in full["rounds"]:
        for m in r["matches"]:
            for i, side in enumerate(m["players"]):
                if side is None:
                    continue
                last[side] = (r, m)
                other = m["players"][1 - i] if len(m["players"]) == 2 else None
                if m["winner"] is None and other is not None and not any(m["bye"]):
                    states.setdefault(entry_of[side], {"state": PLAYING, "table": m["table"], "seat": i + 1, "opponents": (other,),
                                                       "round": r["name"], "round_no": r["round"], "match": m["key"],
                                                       "wins": (m["wins"][i], m["wins"][1 - i])})
    for side, (r, m) in last.items():
        entry = entry_of[side]
        if entry in states:
            continue
        if full["champion"] == side:
            states[entry] = {"state": CHAMPION, "place": "1st"}
        elif m["winner"] is not None and m["winner"] != side:
            states[entry] = {"state": OUT, "round": r["name"], "round_no": r["round"]}
        elif any(m["bye"]) and m["winner"] == side:
            states[entry] = {"state": BYE, "round": r["name"], "round_no": r["round"]}
        else:  # his next match waits for its other side
            states[entry] = {"state": WAITING, "round": r["name"], "round_no": r["round"], "match": m["key"]}
    for entry in seeds:
        states.setdefault(entry, {"state": WAITING})
    return states
