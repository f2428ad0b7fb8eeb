"""Plain data for the printed documents, loaded in one go per document."""

from __future__ import annotations

from crib_tourney.store.directory import player_names
from crib_tourney.store.events import settings_of
from crib_tourney.store.results import scoring_rules
from crib_tourney.store.rows import Event, Pairing, fetch
from crib_tourney.store.sql import Db
from crib_tourney.store.standings import event_standings, outcome_line
from crib_tourney.tourney.bracket import qualifier_count


def event_header(event: Event) -> dict:
    return {"name": event.name, **settings_of(event)}


def standings_data(db: Db, event: Event) -> dict:
    rows = [r.as_dict() for r in event_standings(db, event)]
    cut = 0
    if event.format == "acc":
        entrants = db.scalar("SELECT COUNT(*) FROM entry WHERE event_id = :e", e=event.id)
        cut = min(qualifier_count(entrants, event.qualify_ratio), len(rows))
        seeded = db.scalar("SELECT COUNT(*) FROM seed WHERE event_id = :e", e=event.id)
        cut = seeded or cut
    return {"event": event_header(event), "rows": rows, "cut": cut}


def scorecards_data(db: Db, event: Event) -> dict:
    """One card per entrant: a row per qualifying game, filled where played."""
    rules = scoring_rules(event)
    entries = db.rows(
        "SELECT e.player_id, p.name, p.acc_number FROM entry e JOIN player p ON p.id = e.player_id"
        " WHERE e.event_id = :e ORDER BY LOWER(p.name), p.id", e=event.id,
    )
    names = player_names(db, {pid for pid, _, _ in entries})
    pairings = fetch(db, Pairing, "event_id = :e", "game_no, table_no", e=event.id)
    seats: dict[int, dict[int, tuple[int | None, int | None]]] = {}
    for p in pairings:
        seats.setdefault(p.player1_id, {})[p.game_no] = (p.table_no, p.player2_id)
        if p.player2_id:
            seats.setdefault(p.player2_id, {})[p.game_no] = (p.table_no, p.player1_id)
    played: dict[tuple[int, int], tuple[int, int, str]] = {}
    for pid, own, opp, forfeit, game_no in db.rows(
        "SELECT o.player_id, o.own_score, o.opp_score, o.forfeit, p.game_no FROM outcome o"
        " JOIN pairing p ON p.id = o.pairing_id WHERE o.event_id = :e", e=event.id,
    ):
        played[(pid, game_no)] = (own, opp, forfeit)
    games_with_results = {g for (_, g) in played}
    cards = []
    for pid, _, acc in entries:
        rows, totals, any_played = [], {"gp": 0, "plus": 0, "minus": 0}, False
        for game in range(1, event.games + 1):
            table, opponent = seats.get(pid, {}).get(game, (None, None))
            row = {"game": game, "table": table, "opponent": names.get(opponent) if opponent else None,
                   "gp": None, "plus": None, "minus": None}
            if game in seats.get(pid, {}) and opponent is None:
                row["opponent"] = "bye"
                if game in games_with_results:  # a bye counts once its game is under way
                    row.update(gp=rules.bye_points, plus=rules.bye_spread, minus=0)
            if (pid, game) in played:
                own, opp, forfeit = played[(pid, game)]
                line = outcome_line(own, opp, forfeit, rules)
                row.update(gp=line.game_points, plus=line.plus, minus=line.minus)
            if row["gp"] is not None:
                any_played = True
                totals = {k: totals[k] + row[k] for k in totals}
            rows.append(row)
        cards.append({"player": names[pid], "acc_number": acc, "games": rows, "totals": totals if any_played else None})
    return {"event": event_header(event), "cards": cards}


def tables_data(db: Db, event: Event, game: int | None) -> dict:
    from crib_tourney.errors import CribError
    from crib_tourney.store.schedule import game_view, scheduled_games

    last = scheduled_games(db, event)
    if last == 0:
        raise CribError(f"{event.name} has no games scheduled yet (make them with: crib-tourney round)")
    numbers = list(range(1, last + 1)) if game == 0 else [game or last]
    games = []
    for n in numbers:
        view = game_view(db, event, n).as_dict()
        find = [{"player": p, "table": t["table"]} for t in view["tables"] for p in t["players"]]
        if view["bye"]:
            find.append({"player": view["bye"], "table": "bye"})
        view["find"] = sorted(find, key=lambda w: w["player"].lower())
        games.append(view)
    return {"event": event_header(event), "games": games}


def slips_data(db: Db, event: Event) -> dict:
    """A slip for every match whose two players are known and not yet decided,
    or, before any game is played, for every first-round match with two players."""
    from crib_tourney.errors import CribError
    from crib_tourney.store.playoffs import bracket_json, match_slip

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
    return {"event": event_header(event), "slips": slips}
