"""Plain data for the printed documents, loaded in one go per document, and the
registry of documents: a new printed (or, later, web) document is one entry."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, cast
import re

from crib_tourney.services.standings import plays_a_cut, qualifiers_due, scoring_rules, three_sided_lines
from crib_tourney.services.standings import standings
from crib_tourney.tourney.scoring import GameLine, outcome_line
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names, member_names, members_of, roster
from crib_tourney.store.events import load_event
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.names import opponents_text
from crib_tourney.tourney.settings import as_dict
from crib_tourney.tourney.names import fold, duplicated
from crib_tourney.render.qr import page_address, qr_svg
from crib_tourney.services.noshows import played_entries, no_shows
from crib_tourney.store.links import of_event
from crib_tourney.services.links import live_links
from crib_tourney.services.checkin import door_list
from crib_tourney.tourney.money import format_money
from crib_tourney.errors import CribError
from crib_tourney.services.events import game_view
from crib_tourney.services.playoffs import bracket_json, match_slip
from crib_tourney.services.rulings import rulings_of, settled_disputes
from crib_tourney.services.leagues import season_print_data
from crib_tourney.tourney.league import dropped_nights, nights_shown
from crib_tourney.services.rankings import rankings
from crib_tourney.services.ratings import table
from crib_tourney.render import terms
from crib_tourney.services.money import EventLedger, winnings_and_ledger
from crib_tourney.tourney.ledger import LedgerLine


def _header(event: Event) -> dict[str, Any]:
    return {"name": event.name, **as_dict(event.settings)}


def _live_page(public_url: str | None, page: str) -> dict[str, str] | None:
    """The QR code of a live page, when the event (or league) has a public address."""
    if not public_url:
        return None

    address = page_address(public_url, page)
    return {"address": address, "svg": qr_svg(address)}


def standings_data(db: Db, event_id: int) -> dict[str, Any]:
    """The standings page: the rows (the no-shows listed apart), the cut line, the games not counted yet."""
    event = load_event(db, event_id)
    found = standings(db, event)
    # before any game counts nobody is shaded, but the legend says how many will qualify
    qualify = found.cut.qualifiers or (min(qualifiers_due(db, event), len(found.ranked)) if plays_a_cut(db, event) else 0)
    return {"event": _header(event), "rows": found.rows, "cut": found.cut.qualifiers, "qualify": qualify,
            "qr": _live_page(event.public_url, "standings"),
            "did_not_play": list(found.did_not_play), "pending": found.pending, "disputed": found.disputed}


def scorecards_data(db: Db, event_id: int, key: bytes | None = None) -> dict[str, Any]:
    """One card per entrant: a row per qualifying game, filled where played; with
    the database's link ``key``, each entrant's personal link as a QR code (those
    issued: `event links`)."""
    event = load_event(db, event_id)
    personal = _personal_links(db, event.id, key)
    rules = scoring_rules(event)

    names = entry_names(db, event)
    entered = played_entries(db, event)  # a no-show gets no card
    members = members_of(db, event)
    roster = players_by_id(db, [p for players in members.values() for p in players])
    acc = {e.id: ", ".join(roster[p].acc_number or "________" for p in members[e.id]) for e in entered}
    players = {e.id: [roster[p].name for p in members[e.id]] if e.team_name else [] for e in entered}
    entries = sorted(((e.id, names[e.id], acc[e.id]) for e in entered), key=lambda t: (fold(t[1]), t[0]))
    if event.sides == 3:  # a table of three: both opponents, and each line by place
        seats, played = _three_sided_seats(db, event, names)
    else:
        seats, played = _seats(db, event, names)
    cards = []
    for pid, _, acc_number in entries:
        rows: list[dict[str, Any]] = []
        totals, any_played = {"gp": 0, "plus": 0, "minus": 0}, False
        for game in range(1, event.games + 1):
            table, opponents, seat = seats.get(pid, {}).get(game, (None, (), 0))
            opponent = opponents_text(list(opponents)) or None
            row: dict[str, Any] = {"game": game, "table": table, "opponent": opponent, "opponents": list(opponents),
                                   "result": "", "gp": None, "plus": None, "minus": None, "total_gp": None, "total_spread": None}
            if game in seats.get(pid, {}) and opponent is None:  # the bye is known in advance: printed filled in
                row.update(opponent=terms.BYE, opponents=[terms.BYE], gp=rules.bye_points, plus=rules.bye_spread, minus=0)
            if (pid, game) in played:
                line, result = played[(pid, game)]
                row.update(gp=line.game_points, plus=line.plus, minus=line.minus, result=result)
            if row["gp"] is not None:
                any_played = True
                totals = {k: totals[k] + row[k] for k in totals}
                row.update(total_gp=totals["gp"], total_spread=terms.signed(totals["plus"] - totals["minus"]))
            rows.append(row)
        first = seats.get(pid, {}).get(1)
        start = f"table {first[0]}, seat {first[2]}" if first and first[0] is not None else (terms.BYE if first else None)
        cards.append({"player": names[pid], "members": players[pid], "acc_number": acc_number, "start": start,
                      "games": rows, "totals": totals if any_played else None, "qr": personal.get(pid)})

    issued = len({link.entry_id for link in of_event(db, event.id) if not link.revoked})
    return {"event": _header(event), "cards": cards, "links": len(personal), "links_issued": issued}


# A scorecard's seats: entry -> game -> (table, the opponents as printed (none for a
# bye), seat); and its results: (entry, game) -> (the line, W / L / 2nd / 3rd).
Seats = dict[int, dict[int, tuple[int | None, tuple[str, ...], int]]]
Played = dict[tuple[int, int], tuple[GameLine, str]]


def _seats(db: Db, event: Event, names: dict[int, str]) -> tuple[Seats, Played]:
    """Seats and results of a head-to-head event."""
    rules = scoring_rules(event)
    seats: Seats = {}
    for p in q.pairings(db, event.id):
        seats.setdefault(p.entry1_id, {})[p.game_no] = (p.table_no, (names[p.entry2_id],) if p.entry2_id else (), 1)
        if p.entry2_id:
            seats.setdefault(p.entry2_id, {})[p.game_no] = (p.table_no, (names[p.entry1_id],), 2)
    played: Played = {}
    for pid, own, opp, forfeit, _, _, game_no in q.outcome_lines(db, event.id):
        line = outcome_line(own, opp, forfeit, rules)
        played[(pid, game_no)] = (line, "W" if line.won else "L")
    return seats, played


def _three_sided_seats(db: Db, event: Event, names: dict[int, str]) -> tuple[Seats, Played]:
    """Seats and results of a three-sided event: a seat names both opponents, a
    result the place (W, 2nd, 3rd) and its line the place's points."""
    seats: Seats = {}
    for p in q.pairings(db, event.id):
        for seat, side in enumerate(p.sides, 1):
            seats.setdefault(side, {})[p.game_no] = (p.table_no, tuple(names[o] for o in p.sides if o != side), seat)
    played: Played = {(side.entry, side.game): (side.line, {1: "W", 2: "2nd", 3: "3rd"}[side.place])
                      for side in three_sided_lines(db, event)}
    return seats, played


def _personal_links(db: Db, event_id: int, key: bytes | None) -> dict[int, dict[str, str]]:
    """Each entry's live personal link as a QR code (none without the key)."""
    if key is None:
        return {}

    return {link.entry: {"address": link.url, "svg": qr_svg(link.url)} for link in live_links(db, event_id, key)}


def checkin_data(db: Db, event_id: int) -> dict[str, Any]:
    """The door sheet: every entrant alphabetically (by the folded name) with a
    check-in box and what he paid (a part of the fee marked with what he still
    owes), and the QR code of the event's page that says how to check in, under
    its public address; without one no QR code (a phone in the hall cannot reach
    the director's 127.0.0.1), and the sheet says how to set one.
    (Amounts as the template receives them: "25.00".)"""
    event = load_event(db, event_id)
    door = door_list(db, event.id)
    short = {r.entry for r in door.short}  # paid part of the fee: the sheet says what is still owed
    rows = [{"name": r.name, "members": list(r.members), "checked_in": r.checked_in, "withdrawn": r.withdrawn,
             "paid": format_money(r.paid) if r.paid is not None else None,
             "owes": format_money(event.entry_fee - (r.paid or 0)) if r.entry in short else None} for r in door.rows]
    return {"event": _header(event), "rows": rows, "entry_fee": format_money(event.entry_fee) if event.entry_fee else None,
            "present": len(door.present), "collected": format_money(door.collected), "short": len(short),
            "qr": _live_page(event.public_url, "checkin")}


def tables_data(db: Db, event_id: int, game: int | None = None) -> dict[str, Any]:
    """The seating of a game (default: the latest; 0: every game), with a
    find-your-table list by the folded name. Once the cut is made (and no game is
    asked for) the tables are the playoff matches waiting to be played, a round
    to its own pages; none waiting is refused with what to print instead."""
    event = load_event(db, event_id)
    last = q.scheduled_games(db, event.id)
    if game is None and st.seeded_count(db, event.id):
        return {"event": _header(event), "games": _playoff_tables(db, event, last), "qr": _live_page(event.public_url, "tables")}
    if last == 0:
        raise CribError(f"{event.name} has no games scheduled yet (make them with: crib-tourney round)")
    numbers = list(range(1, last + 1)) if game == 0 else [game or last]
    games = []
    for n in numbers:
        view: dict[str, Any] = dict(game_view(db, event, n).as_dict())
        find = [{"player": p, "table": t["table"]} for t in view["tables"] for p in t["players"]]
        for bye in view.get("byes") or ([view["bye"]] if view["bye"] else []):  # three sides: one or two have the bye
            find.append({"player": bye, "table": terms.BYE})
        view["find"] = _find_list(db, event, find)
        games.append(view)
    return {"event": _header(event), "games": games, "qr": _live_page(event.public_url, "tables")}


def _find_list(db: Db, event: Event, find: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Find-your-table by the folded name (Łukasz before Zoë); in a team event every
    member finds his table by his own name."""
    if event.team_size > 1:
        names = entry_names(db, event)
        by_name = {names[e]: players for e, players in member_names(db, event).items()}
        find = [{"player": member, "table": w["table"], "team": w["player"]} for w in find for member in by_name[w["player"]]]
    return sorted(find, key=lambda w: fold(w["player"]))


def _playoff_tables(db: Db, event: Event, qualifying_games: int) -> list[dict[str, Any]]:
    """The playoff matches waiting to be played (both players known, no winner), a
    round at a time, as table sheets: each match at its table, and who has a bye
    through to the next round."""

    data = bracket_json(db, event)
    names = entry_names(db, event)
    members = {names[e]: players for e, players in member_names(db, event).items()} if event.team_size > 1 else {}
    games = []
    for r in data["rounds"]:
        waiting = [m for m in r["matches"] if all(m["players"]) and not m["winner"]]
        if not waiting:
            continue
        tables: list[dict[str, Any]] = []
        for m in waiting:
            players = [p for p in m["players"] if p is not None]
            tables.append({"table": m["table"], "players": players, "match": m["key"],
                           **({"members": [members.get(p, []) for p in players]} if members else {})})
        byes = [p for m in r["matches"] if any(m["bye"]) for p in m["players"] if p]  # through to the next round
        find = [{"player": p, "table": t["table"]} for t in tables for p in t["players"]] + [{"player": p, "table": terms.BYE} for p in byes]
        games.append({"game": None, "title": f"playoffs, {r['name']}", "tables": tables, "bye": None, "byes": byes,
                      "matches": [t["match"] for t in tables], "find": _find_list(db, event, find)})
    if not games:
        done = f"{data['champion']} is the champion" if data["champion"] else "no playoff match is waiting to be played"
        hint = f" (print a qualifying game's tables with --game 1 to {qualifying_games})" if qualifying_games else ""
        raise CribError(f"{event.name} has no tables to print: {done}{hint}")
    return games


def slips_data(db: Db, event_id: int) -> dict[str, Any]:
    """A slip for every match whose two players are known and not yet decided,
    or, before any game is played, for every first-round match with two players."""
    event = load_event(db, event_id)
    data = bracket_json(db, event)
    keys = [m["key"] for r in data["rounds"] for m in r["matches"] if all(m["players"]) and not m["winner"]]
    if not keys:
        raise CribError(f"no playoff match of {event.name} is waiting to be played")
    slips = []
    for key in keys:
        slip = match_slip(db, event, key)
        rule = {"cut": "cut for deal before each game", "loser": "the loser of the previous game deals",
                "alternate": "cut for the first game, then alternate"}[event.first_dealer]
        slips.append({**slip, "match": key, "dealer_rule": rule})
    return {"event": _header(event), "slips": slips}


def rulings_data(db: Db, event_id: int) -> dict[str, Any]:
    """The rulings made at the table, and the card disputes the director settled
    (each score in seat order, as the sheet joins them: 121–100)."""
    event = load_event(db, event_id)
    return {"event": _header(event), "rulings": rulings_of(db, event.id),
            "settled": [asdict(d) for d in settled_disputes(db, event.id)]}


def bracket_data(db: Db, event_id: int) -> dict[str, Any]:
    event = load_event(db, event_id)
    return bracket_json(db, event) | {"event_header": _header(event)}


def season_data(db: Db, league_id: int) -> dict[str, Any]:
    data = season_print_data(db, league_id)
    season = data["season"]
    dropping = bool(season["drop_worst"] or season["best_of_nights"])
    for r in [*season["rows"], *season["guests"]]:  # the sheet writes nights one way, and marks the nights dropped
        r["nights_shown"] = nights_shown(r["counted_nights"], r["nights"], dropping)
        r["dropped"] = sorted(dropped_nights(r["per_night"], r["counted_nights"]), key=int)
    return data | {"qr": _live_page(data["league"].get("public_url"), ""), "dropping": dropping}


def cash_data(db: Db, event_id: int) -> dict[str, Any]:
    """One line per player paid anything: prize (and high non-qualifier prize),
    pools, total; the director has each one signed for. (The sheet shows the
    amounts as the template receives them: "12.50"; the ledger's lines and the
    overpay warning in the glossary's money: "−€10.00".)"""
    event = load_event(db, event_id)
    won, book = winnings_and_ledger(db, event.id)
    paid = {p: (won.prize.get(p, 0), won.pools.get(p, 0)) for p in set(won.prize) | set(won.pools)}
    owed = sorted(((p, prize, pools) for p, (prize, pools) in paid.items() if prize + pools),
                  key=lambda t: (-(t[1] + t[2]), fold(t[0])))
    # what each payee still owes of his entry fee (once the desk records payments), taken from what he is handed
    names, gone = entry_names(db, event), no_shows(db, event)
    still_owes = {names[e.id]: max(0, event.entry_fee - (e.paid or 0)) for e in entries_of(db, event)
                  if book.payments_recorded and e.id not in gone}
    rows = []
    for p, prize, pools in owed:
        debt = still_owes.get(p, 0)
        rows.append({"player": p, "prize": format_money(prize), "pools": format_money(pools),
                     "total": format_money(prize + pools), "cents": prize + pools, "owes": format_money(debt),
                     "net": format_money(prize + pools - debt), "net_cents": prize + pools - debt})
    return {"event": _header(event), "rows": rows, "total": format_money(sum(prize + pools for _, prize, pools in owed)),
            "net": format_money(sum(r["net_cents"] for r in rows)), "currency": event.currency,
            "complete": won.complete, "stage": _stage(db, event, won.complete), "ledger": book.as_dict(),
            "ledger_lines": [_paper_line(line, event.currency)
                             for line in book.lines(lambda cents: terms.money(cents, event.currency))],
            "overpaid": _paper_shortfall(book, event.currency)}


def _paper_line(line: LedgerLine, currency: str) -> dict[str, Any]:
    """A ledger line as paper shows it: going out with the minus sign and the currency ("−€23.50")."""
    cents = -line.cents if line.sign == "-" else line.cents
    return {"label": line.label, "note": line.note, "sign": line.sign, "amount": terms.money(cents, currency)}


def _paper_shortfall(book: EventLedger, currency: str) -> str | None:
    short = book.shortfall()
    return None if short is None else short.line(lambda cents: terms.money(cents, currency))


def _stage(db: Db, event: Event, final: bool) -> str:
    """Where the event stands, as the cash sheet heads its prizes."""
    if final:
        return "final: the places are decided"
    if st.seeded_count(db, event.id):
        return "playoffs in play: prizes are not final"
    scheduled = q.scheduled_games(db, event.id)
    if scheduled:
        return f"qualifying in play: game {scheduled} of {event.games}; prizes are not final"
    return "not started: prizes are not final"


def rankings_data(db: Db, season: str) -> dict[str, Any]:
    """A season's MRP rankings (`print rankings 2026-27`)."""
    return rankings(db, season).as_dict()


def ratings_data(db: Db, club: str | None) -> dict[str, Any]:
    """The rating list (services/ratings.table) as the sheet shows it: whole numbers, the 95% range."""
    rows = [{"rank": r.rank, "player": r.player, "club": r.club, "rating": f"{r.rating:.0f}",
             "range": f"{r.rating - 2 * r.rd:.0f}-{r.rating + 2 * r.rd:.0f}", "games": r.games, "last_played": r.last_played,
             "provisional": r.provisional} for r in table(db, club)]
    return {"club": club, "rows": rows}


@dataclass(frozen=True)
class Document:
    """A printed document: how to load its data, and which renderer draws it."""

    load: Callable[..., dict[str, Any]]  # (db, the event's id (the league's, of_league), [game] [, key])
    renderer: str  # a function of render/documents.py
    of_league: bool = False
    of_season: bool = False  # named by a season ("2026-27"), not an event
    takes_game: bool = False
    takes_key: bool = False  # prints personal links: needs the database's link key (tokens.py)
    of_roster: bool = False  # of every player (the argument, if any, is a club): not of an event


DOCUMENTS: dict[str, Document] = {
    "standings": Document(standings_data, "standings"),
    "bracket": Document(bracket_data, "bracket"),
    "scorecards": Document(scorecards_data, "scorecards", takes_key=True),
    "tables": Document(tables_data, "tables", takes_game=True),
    "slips": Document(slips_data, "slips"),
    "rulings": Document(rulings_data, "rulings"),
    "season": Document(season_data, "season", of_league=True),
    "cash": Document(cash_data, "cash"),
    "checkin": Document(checkin_data, "checkin"),
    "ratings": Document(ratings_data, "ratings", of_roster=True),
    "rankings": Document(rankings_data, "rankings", of_season=True),
}


def document_data(db: Db, kind: str, of: int, game: int | None = None, key: bytes | None = None) -> dict[str, Any]:
    """The data of a document of an event (or, ``of_league``, of a league): ``of`` is its id."""
    doc = DOCUMENTS[kind]
    if doc.takes_game:
        data = doc.load(db, of, game)
    else:
        data = doc.load(db, of, key) if doc.takes_key else doc.load(db, of)
    return cast(dict[str, Any], on_paper(db, data))


def paper_names(db: Db) -> dict[str, str]:
    """How namesakes are told apart on paper: the screen's 'Janet Novak #45' (a
    database id, meaningless to a player) becomes 'Janet Novak (ACC 90391)', or
    her club, or failing both her place among the namesakes ('Janet Novak (2)')."""
    names = roster(db)
    twins = sorted(duplicated(names))
    if not twins:
        return {}
    found = {p.id: p for p in players_by_id(db, twins).values()}
    ordinal: dict[str, int] = {}
    shown: dict[str, str] = {}
    for pid in twins:
        player = found[pid]
        ordinal[fold(player.name)] = ordinal.get(fold(player.name), 0) + 1
        tag = f"ACC {player.acc_number}" if player.acc_number else (player.club or str(ordinal[fold(player.name)]))
        shown[f"{names[pid]} #{pid}"] = f"{names[pid]} ({tag})"
    return shown


def on_paper(db: Db, data: Any, names: dict[str, str] | None = None) -> Any:
    """``data`` with every namesake's '#id' replaced as :func:`paper_names` says
    (in names, team names made of names, bracket winners alike)."""
    names = paper_names(db) if names is None else names
    if not names:
        return data
    # (?!\d) guards every name: 'Ann #1' is not the start of 'Ann #10'
    pattern = re.compile("(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\d)")

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return pattern.sub(lambda m: names[m.group(0)], value) if "#" in value else value
        if isinstance(value, dict):
            return {walk(k): walk(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(walk(v) for v in value)
        return value

    return walk(data)
