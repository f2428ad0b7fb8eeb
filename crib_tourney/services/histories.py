"""What a player did: his games in one event (for settling a dispute), his record
across every event and league night, and an event's results report."""

from __future__ import annotations

from dataclasses import dataclass, field

from crib_tourney.errors import CribError
from crib_tourney.services.standings import event_standings, outcome_line, scoring_rules
from crib_tourney.store import qualifying as q
from crib_tourney.store.events import events_of_player
from crib_tourney.store.directory import entry_names, entry_of, find_entry, find_event, find_player, members_of
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.money import format_money, parse_money
from crib_tourney.tourney.reconcile import Card, agree


def games_of(db: Db, event: Event, entry_id: int) -> list[dict]:
    """Every qualifying game of one entry: table, opponent, both scores as its own
    card says, game points, spread, and whether the two cards agree."""
    names, rules = entry_names(db, event), scoring_rules(event)
    pairings = q.pairings_of(db, event.id, entry_id)
    cards: dict[int, dict[int, Card]] = {}
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        cards.setdefault(o.pairing_id, {})[o.entry_id] = Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source)
    games = []
    for p in pairings:
        opponent = p.entry2_id if p.entry1_id == entry_id else p.entry1_id
        row = {"game": p.game_no, "table": p.table_no, "opponent": names[opponent] if opponent else "bye",
               "score": None, "opponent_score": None, "game_points": None, "spread": None, "cards_agree": None}
        own, theirs = cards.get(p.id, {}).get(entry_id), cards.get(p.id, {}).get(opponent) if opponent else None
        if own is None and theirs is not None:  # only the opponent's card: read it from this side
            own = Card(entry_id, theirs.opp, theirs.own, {"won": "lost", "lost": "won"}.get(theirs.forfeit, "none"), theirs.source)
        if own is not None:
            line = outcome_line(own.own, own.opp, own.forfeit, rules)
            row.update(score=own.own, opponent_score=own.opp, game_points=line.game_points, spread=line.plus - line.minus,
                       forfeit=own.forfeit if own.forfeit != "none" else None,
                       cards_agree=agree(own, theirs) if theirs is not None and entry_id in cards.get(p.id, {}) else None)
        elif opponent is None and rules.bye_points:
            row.update(game_points=rules.bye_points, spread=rules.bye_spread)
        games.append(row)
    return games


def player_games(db: Db, event_ref: str, player_ref: str) -> dict:
    event = find_event(db, event_ref)
    entry = find_entry(db, event, player_ref)
    return {"event": event.name, "player": entry_names(db, event)[entry.id], "games": games_of(db, event, entry.id)}


@dataclass
class Winnings:
    """What an event pays, by display name, in cents: placings (with the high
    non-qualifier prize) and pools; ``finish`` the playoff place of each placed entry."""

    finish: dict[str, str] = field(default_factory=dict)
    prize: dict[str, int] = field(default_factory=dict)
    pools: dict[str, int] = field(default_factory=dict)
    complete: bool = False


def winnings(db: Db, event: Event) -> Winnings:
    from crib_tourney.services.playoffs import placings_view
    from crib_tourney.services.pools import pool_report

    won = Winnings()
    try:
        placings = placings_view(db, event)
    except CribError:
        placings = None  # no bracket (yet): no playoff finishes or prizes; pools may still pay
    if placings is not None:
        won.complete = placings["complete"]
        for row in placings["rows"]:
            won.finish[row["player"]] = row["place"]
            won.prize[row["player"]] = parse_money(row["prize"]) if row["prize"] else 0
        high = placings["high_nonqualifier"]
        if high and high["prize"]:
            won.prize[high["player"]] = won.prize.get(high["player"], 0) + parse_money(high["prize"])
    for pool in pool_report(db, str(event.id))["pools"]:
        for paid in pool["payouts"]:
            won.pools[paid["player"]] = won.pools.get(paid["player"], 0) + parse_money(paid["amount"])
    return won


def report(db: Db, event_ref: str) -> dict:
    """The final results an association asks for: one row per entrant."""
    from crib_tourney.services.playoffs import Bracket

    event = find_event(db, event_ref)
    names = entry_names(db, event)
    members = members_of(db, event)
    roster = players_by_id(db, [p for players in members.values() for p in players])
    br = Bracket(db, event)
    seeded = set(br.seeds.values()) if br.exists else set()
    won = winnings(db, event)
    rows = []
    for r in event_standings(db, event):
        name = names[r.player]  # type: ignore[index]
        acc = ", ".join(roster[p].acc_number or "" for p in members[r.player])  # type: ignore[index]
        rows.append({"place": r.rank, "name": name, "acc_number": acc, "game_points": r.game_points, "wins": r.wins,
                     "losses": r.losses, "spread": r.spread, "qualified": r.player in seeded,
                     "playoff_finish": won.finish.get(name) if r.player in seeded or not br.exists else None,
                     "prize": format_money(won.prize.get(name, 0)), "pools": format_money(won.pools.get(name, 0)),
                     "withdrawn": r.withdrawn})
    return {"event": event.name, "date": event.date, "entrants": len(rows), "rows": rows}


def history(db: Db, player_ref: str) -> dict:
    """A player's record in every event (league nights included), newest last."""
    player = find_player(db, player_ref)
    events = []
    totals = {"events": 0, "game_points": 0, "wins": 0, "losses": 0, "spread": 0, "prize": 0}
    for event_id in events_of_player(db, player.id):
        event = find_event(db, f"#{event_id}")
        try:
            entry = entry_of(db, event, player)
        except CribError:
            continue
        data = report(db, str(event.id))
        name = entry_names(db, event)[entry.id]
        row = next(r for r in data["rows"] if r["name"] == name)
        prize = parse_money(row["prize"]) + parse_money(row["pools"])
        events.append({"event": event.name, "date": event.date, "place": row["playoff_finish"] or row["place"],
                       "game_points": row["game_points"], "wins": row["wins"], "losses": row["losses"],
                       "spread": row["spread"], "prize": format_money(prize)})
        for key in ("game_points", "wins", "losses", "spread"):
            totals[key] += row[key]
        totals["prize"] += prize
        totals["events"] += 1
    return {"player": player.name, "events": events, "totals": totals | {"prize": format_money(totals["prize"])}}
