"""The results report for the association (`report EVENT --acc`): the event's
heading, one row per qualifier, the playoff placements and the high
non-qualifier, read through the standings, placings, pools and MRP services,
checked by tourney/official.py before anyone sees it. Amounts in cents."""

from __future__ import annotations

from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.store.directory import acc_numbers, entries_of, entry_names, members_of
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.money import format_money, parse_money
from crib_tourney.tourney.official import QualifierLine, problems
from crib_tourney.services.playoffs import shown_bracket, placings_view
from crib_tourney.tourney import bracket as bk
from crib_tourney.services.mrps import mrps_of
from crib_tourney.services.pools import pool_report
from crib_tourney.services.standings import standings
from crib_tourney.tourney.noshows import played
from crib_tourney.store import qualifying as q
from crib_tourney.tourney.deskfiles import schedule_row

KIND_TITLES = {"main": "Main", "consolation": "Consolation"}


@record
class AccRow:
    """One qualifier: qualifying rank (his seed), his qualifying games, MRPs and awards in cents."""

    rank: int
    name: str
    acc_number: str
    game_points: int
    games_won: int
    plus: int
    minus: int
    net: int
    mrps: int | None
    q_pool: int
    other_awards: int

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "acc_number": self.acc_number, "game_points": self.game_points,
                "games_won": self.games_won, "plus": self.plus, "minus": self.minus, "net_spread": self.net,
                "mrps": self.mrps, "q_pool": format_money(self.q_pool), "other_awards": format_money(self.other_awards)}


@record
class Placement:
    place: str
    name: str
    prize: int

    def as_dict(self) -> dict[str, Any]:
        return {"place": self.place, "name": self.name, "prize": format_money(self.prize)}


@record
class HighNonQualifierLine:
    name: str
    rank: int
    prize: int

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rank": self.rank, "prize": format_money(self.prize)}


@record
class AccReport:
    tournament: str  # a consolation's main event; else the event itself
    event: str
    date: str | None
    location: str | None
    kind: str  # Main or Consolation
    participants: int
    qualifiers: int
    currency: str
    rows: tuple[AccRow, ...]
    placements: tuple[Placement, ...]
    high_nonqualifier: HighNonQualifierLine | None
    mrps_note: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"tournament": self.tournament, "event": self.event, "date": self.date, "location": self.location,
                "kind": self.kind, "participants": self.participants, "qualifiers": self.qualifiers,
                "currency": self.currency, "qualifier_rows": [r.as_dict() for r in self.rows],
                "placements": [p.as_dict() for p in self.placements],
                "high_nonqualifier": self.high_nonqualifier.as_dict() if self.high_nonqualifier else None,
                "mrps_note": self.mrps_note}


def acc_report(db: Db, event_id: int) -> AccReport:
    """The report, or one line saying why it cannot be written yet (what is missing,
    or what does not add up)."""
    return _acc_report(db, load_event(db, event_id))


def _unfinished(db: Db, event: Event) -> str | None:
    """What the event still lacks before its results are final (None: nothing)."""
    br = shown_bracket(db, event)
    if not br.exists:
        return f"no cut yet (the qualifying games, then: crib-tourney cut \"{event.name}\")"
    if bk.champion(br.specs, br.states) is None:
        waiting = [s.key for s in br.specs if br.states[s.key].winner is None and not br.states[s.key].void
                   and not (s.key == "F2")]
        return f"playoff matches not decided: {', '.join(waiting)}"
    return None


def _acc_report(db: Db, event: Event) -> AccReport:
    if event.acc_event not in KIND_TITLES:
        raise CribError(f"{event.name} is not an ACC event (mark it: crib-tourney event set \"{event.name}\" acc_event=main)")
    missing = _unfinished(db, event)
    if missing:
        raise CribError(f"{event.name} is not finished, so its report cannot be written: {missing}")
    br = shown_bracket(db, event)
    totals = {r.player: r for r in standings(db, event).every}
    names, members, numbers = entry_names(db, event), members_of(db, event), acc_numbers(db, event)
    earned = mrps_of(db, event)
    q_pool: dict[int, int] = {}
    other: dict[int, int] = {}
    for pool in pool_report(db, event.id).pools:
        for paid in pool.payouts:
            into = q_pool if pool.kind == "q" else other
            into[paid.entry_id] = into.get(paid.entry_id, 0) + paid.cents
    rows = []
    for seed, entry in sorted(br.seeds.items()):
        r = totals[entry]
        rows.append(AccRow(seed, names[entry], ", ".join(n for p in members[entry] if (n := numbers.get(p))), r.game_points,
                           r.wins, r.plus, r.minus, r.spread, earned.of(entry), q_pool.get(entry, 0), other.get(entry, 0)))
    placings = placings_view(db, event)
    placements = tuple(Placement(p["place"], p["player"], parse_money(p["prize"]) if p["prize"] else 0)
                       for p in placings["rows"])
    high = placings["high_nonqualifier"]
    high_line = HighNonQualifierLine(high["player"], high["rank"], parse_money(high["prize"]) if high["prize"] else 0) \
        if high else None
    found = problems([QualifierLine(r.rank, r.name, r.game_points, r.games_won, r.plus, r.minus, r.net) for r in rows],
                     [(p.place, p.name) for p in placements])
    if found:
        raise CribError(f"the report of {event.name} does not add up: {'; '.join(found)}")
    tournament = load_event(db, event.parent_event_id).name if event.parent_event_id is not None else event.name

    scheduled = q.scheduled_games(db, event.id)
    participants = sum(played(e, event.check_in, scheduled) for e in entries_of(db, event))
    return AccReport(tournament, event.name, event.date, event.location, KIND_TITLES[event.acc_event], participants, len(rows),
                     event.currency, tuple(rows), placements, high_line, earned.note())


def desk_schedule(db: Db, event_id: int, game: int) -> list[list[object]]:
    """Game ``game`` as the ACC desk reads a schedule (tourney/deskfiles.py): each
    player named by his ACC number. Refused while a player has none, naming them."""
    event = load_event(db, event_id)
    if event.sides != 2 or event.team_size != 1:
        raise CribError(f"the ACC desk's schedule seats two players at a table; {event.name} does not")
    if not q.game_exists(db, event.id, game):
        raise CribError(f"{event.name} has no game {game} scheduled")
    names, members, numbers = entry_names(db, event), members_of(db, event), acc_numbers(db, event)
    tables = [p for p in q.pairings(db, event.id, game)]
    number = {e: numbers.get(members[e][0]) if members.get(e) else None for p in tables for e in p.sides}
    missing = sorted({names[e] for e, n in number.items() if not n}, key=str.casefold)
    if missing:
        raise CribError(f"the ACC desk names players by ACC number; without one: {', '.join(missing)}"
                        " (give it with: crib-tourney player edit NAME --acc-number N)")
    rows = []
    for p in sorted(tables, key=lambda p: (p.table_no is None, p.table_no or 0)):
        second = number[p.entry2_id] if p.entry2_id is not None else None
        rows.append(schedule_row(game, p.table_no, str(number[p.entry1_id]), second))
    return rows
