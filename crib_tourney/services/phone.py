"""A player's phone: who a personal link opens, his table now, his card, and
the results he reports from the table.

A phone's report IS a scorecard. "I won, the loser scored 97" becomes this
entry's own card (own and opponent's score; the winner's score is the event's
game target, and in a backward event, where reaching the target loses, the loser
is the one at the target). Each side's card is one outcome row (source "card"),
exactly as `result --card` records a paper card:

- one card: the game is *pending* (the opponent's page asks to confirm);
- two cards that agree: *agreed*, the result stands (both rows);
- two cards that disagree: *disputed*; `check` lists it and the director settles
  it (`check --resolve`, or the desk) by ACC rule 12.2, as for two paper cards.

A player may replace his own card while the opponent's is missing or disagrees;
once the two agree, or the director has entered or settled the game, only the
director can change it. Every report is one change through the writer (source
"web", the entrant's name as actor), with its idempotency key kept in the same
change (table web_request): the same key sent again is answered as the first
time and writes nothing.
"""

from __future__ import annotations

from typing import Any

import json
from dataclasses import dataclass, fields

from crib_tourney.errors import CribError
from crib_tourney.services import recording
from crib_tourney.services.standings import scoring_rules
from crib_tourney.tourney.scoring import outcome_line
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_names
from crib_tourney.store.rows import Entry, Event, Outcome, Pairing, fetch_one
from crib_tourney.store import links as link_store
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Change, Log
from crib_tourney.tokens import looks_like_token, same_hash, token_hash
from crib_tourney.tourney.reconcile import Card, is_final
from crib_tourney.tourney.scoring import ScoringRules

WINNERS = ("me", "opponent")
KEY_LENGTH = 100  # an idempotency key: 1 to 100 printable ASCII characters


class Conflict(CribError):
    """A report the game's state does not allow now (the web answers 409)."""


@dataclass(frozen=True)
class Holder:
    """Whom a live personal link belongs to."""

    event: Event
    entry: Entry
    name: str


def holder(db: Db, token: str) -> Holder | None:
    """The entrant a token opens; None for anything else (malformed, unknown,
    revoked), so that the caller answers all of them alike. Only the token's
    hash is looked up, and compared again in constant time."""
    if not looks_like_token(token):
        return None
    wanted = token_hash(token)
    row = link_store.link_by_hash(db, wanted)
    if row is None or row[3] or not same_hash(row[2], wanted):
        return None
    event = fetch_one(db, Event, "id = :id", id=row[0])
    entry = next((e for e in entries_of(db, event) if e.id == row[1]), None) if event is not None else None
    if event is None or entry is None:
        return None
    return Holder(event, entry, entry_names(db, event)[entry.id])


# --- a game's state ----------------------------------------------------------------

@dataclass(frozen=True)
class GameState:
    """One game of an entrant, from his side of the table. ``mine`` and ``theirs``
    are the two cards as [my score, opponent's score] (the opponent's card read
    from my side, so the two compare directly)."""

    game: int
    table: int | None
    opponent: str | None
    state: str  # open | pending | agreed | disputed | final | bye
    mine: list[int] | None
    theirs: list[int] | None
    won: bool | None
    points: int | None
    spread: int | None

    def as_dict(self) -> dict[str, Any]:  # by hand: dataclasses.asdict deep-copies, 20 times slower for 1,800 games
        return {"game": self.game, "table": self.table, "opponent": self.opponent, "state": self.state, "mine": self.mine,
                "theirs": self.theirs, "won": self.won, "points": self.points, "spread": self.spread}


def _state(cards: list[Card]) -> str:
    if not cards:
        return "open"
    if is_final(cards):  # agreed by both players; or the director's result, a settled dispute, a forfeit
        return "agreed" if all(c.source == "card" and c.forfeit == "none" for c in cards) else "final"
    return "pending" if len(cards) == 1 else "disputed"


def game_state(db: Db, event: Event, entry_id: int, pairing: Pairing, names: dict[int, str]) -> GameState:
    cards = [Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source) for o in q.outcomes_for(db, [pairing.id])]
    return _game_state(scoring_rules(event), entry_id, pairing, cards, names)


def _game_state(rules: ScoringRules, entry_id: int, pairing: Pairing, cards: list[Card], names: dict[int, str]) -> GameState:
    if pairing.entry2_id is None:
        return GameState(pairing.game_no, None, None, "bye", None, None, True, rules.bye_points, rules.bye_spread)
    if pairing.entry3_id is not None:  # a table of three: both opponents; its scores go in at the desk
        others = " & ".join(names[e] for e in pairing.sides if e != entry_id)
        state = "open" if not cards else "final" if any(c.source != "card" or c.forfeit != "none" for c in cards) else "pending"
        mine3 = next((c for c in cards if c.entry == entry_id), None)
        return GameState(pairing.game_no, pairing.table_no, others, state, None if mine3 is None else [mine3.own, mine3.opp],
                         None, None, None, None)
    other = pairing.entry2_id if pairing.entry1_id == entry_id else pairing.entry1_id
    mine = next((c for c in cards if c.entry == entry_id), None)
    theirs = next((c for c in cards if c.entry == other), None)
    state = _state(cards)
    counted = mine or (Card(entry_id, theirs.opp, theirs.own, {"won": "lost", "lost": "won"}.get(theirs.forfeit, "none"), "card")
                       if theirs is not None and state == "final" else None)
    won = points = spread = None
    if counted is not None and state in ("agreed", "final"):
        line = outcome_line(counted.own, counted.opp, counted.forfeit, rules)
        won, points, spread = line.won, line.game_points, line.spread
    return GameState(pairing.game_no, pairing.table_no, names[other], state,
                     None if mine is None else [mine.own, mine.opp], None if theirs is None else [theirs.opp, theirs.own],
                     won, points, spread)


def _phone_state(event: Event, rules: ScoringRules, entry: Entry, name: str, games: list[GameState]) -> dict[str, Any]:
    waiting = [g for g in games if g.state in ("open", "pending", "disputed")]
    now = waiting[0] if waiting else (games[-1] if games else None)
    return {"entry": entry.id, "name": name, "event": event.name,
            "game": now.game if now else None, "table": now.table if now else None,
            "opponent": now.opponent if now else None,
            "target": rules.target, "backward": rules.target_loses,
            "withdrawn": entry.withdrawn_after is not None,
            "entries": [g.as_dict() for g in games]}


def _cards(outcomes: list[Outcome]) -> dict[int, list[Card]]:
    found: dict[int, list[Card]] = {}
    for o in outcomes:
        found.setdefault(o.pairing_id, []).append(Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source))
    return found


def phone_state(db: Db, who: Holder) -> dict[str, Any]:
    """What the phone page shows: my table and opponent now, and every game of mine.
    "Now" is the first game of mine still waiting for a result (else the last)."""
    names, rules = entry_names(db, who.event), scoring_rules(who.event)
    pairings = q.pairings_of(db, who.event.id, who.entry.id)
    cards = _cards(q.outcomes_for(db, [p.id for p in pairings]))
    games = [_game_state(rules, who.entry.id, p, cards.get(p.id, []), names) for p in pairings]
    return _phone_state(who.event, rules, who.entry, who.name, games)


def event_states(db: Db, event: Event) -> dict[int, dict[str, Any]]:
    """Every entrant's phone_state at once, from two queries (what the server keeps
    per data version, so that 200 phones polling cost a dictionary lookup each)."""
    names, rules = entry_names(db, event), scoring_rules(event)
    pairings = q.pairings(db, event.id)
    cards = _cards(q.event_outcomes(db, event.id))
    games: dict[int, list[GameState]] = {e.id: [] for e in entries_of(db, event)}
    for p in pairings:
        for side in p.sides:
            if side in games:
                games[side].append(_game_state(rules, side, p, cards.get(p.id, []), names))
    return {e.id: _phone_state(event, rules, e, names[e.id], games[e.id]) for e in entries_of(db, event)}


def live_links(db: Db) -> dict[str, tuple[int, int]]:
    """token hash -> (event, entry) of every live link."""
    return link_store.live_links(db)


assert [f.name for f in fields(GameState)] == ["game", "table", "opponent", "state", "mine", "theirs", "won", "points", "spread"]


# --- a report ----------------------------------------------------------------------

@dataclass(frozen=True)
class Report:
    """A result as the phone sends it, checked for shape (not yet against the game)."""

    game: int
    winner: str  # me | opponent
    score: int  # the loser's score (the winner's in a backward event)
    key: str


def parse_report(body: object, backward: bool) -> Report:
    """The JSON a phone posts, or a CribError naming what is wrong with it."""
    if not isinstance(body, dict):
        raise CribError("send a JSON object: {\"game\": N, \"winner\": \"me\"|\"opponent\", \"loser_score\": S, \"key\": K}")
    field = "winner_score" if backward else "loser_score"
    unknown = sorted(set(body) - {"game", "winner", field, "key"})
    if unknown:
        raise CribError(f"unknown field {unknown[0]!r}" + (" (a backward event takes winner_score)" if unknown[0] == "loser_score"
                                                            else ""))
    game, winner, score, key = body.get("game"), body.get("winner"), body.get(field), body.get("key")
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= 10_000:
        raise CribError("game must be a game number (a whole number from 1)")
    if winner not in WINNERS:
        raise CribError('winner must be "me" or "opponent"')
    if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= 10_000:
        raise CribError(f"{field} must be a whole number of points")
    if not isinstance(key, str) or not 1 <= len(key) <= KEY_LENGTH or not all(" " < c <= "~" for c in key):
        raise CribError(f"key must be 1 to {KEY_LENGTH} printable ASCII characters (a new one for each new entry)")
    return Report(game, winner, score, key)


def scores_of(report: Report, rules_target: int, backward: bool) -> tuple[int, int]:
    """(my score, opponent's score) of a report."""
    winner, loser = (rules_target, report.score) if not backward else (report.score, rules_target)
    return (winner, loser) if report.winner == "me" else (loser, winner)


def report_result(db: Db, who: Holder, report: Report, by: Actor | None = None) -> dict[str, Any]:
    """Record a phone's report as this entry's card; returns the answer (kept under
    the report's key: the same key again returns it and writes nothing). Call in a
    write transaction."""
    kept = link_store.kept_answer(db, who.entry.id, report.key)
    if kept is not None:
        return dict(json.loads(kept), repeated=True)
    event, rules = who.event, scoring_rules(who.event)
    pairings = q.pairings_of(db, event.id, who.entry.id, report.game)
    if not pairings:
        raise Conflict(f"you have no table in game {report.game} (not paired yet?)")
    pairing = pairings[0]
    if pairing.entry2_id is None:
        raise Conflict(f"game {report.game} is your bye: there is nothing to enter")
    if pairing.entry3_id is not None:
        raise Conflict(f"game {report.game} is a table of three: the director enters its three scores")
    names = entry_names(db, event)
    before = game_state(db, event, who.entry.id, pairing, names)
    if before.state in ("agreed", "final"):
        raise Conflict(f"game {report.game} is {'agreed by both of you' if before.state == 'agreed' else 'entered by the director'}:"
                       " only the director can change it now")
    own, opp = scores_of(report, rules.target, rules.target_loses)
    opponent = pairing.entry2_id if pairing.entry1_id == who.entry.id else pairing.entry1_id
    by_id = {e.id: e for e in entries_of(db, event)}
    change = Change(db, "card", Log(event.id), by or Actor("web", who.name))  # the player, from his own phone
    lines = _record_outcome(db, event, change, [who.entry, by_id[opponent]], [own, opp], report.game, card_of=who.entry)
    after = game_state(db, event, who.entry.id, pairing, names)
    answer = {"state": after.state, "game": after.game, "table": after.table, "mine": after.mine, "theirs": after.theirs}
    change.insert("web_request", {"event_id": event.id, "entry_id": who.entry.id, "request_key": report.key,
                                  "answer": json.dumps(answer)})
    change.log(f"from {who.name}'s phone: " + "; ".join(line.removeprefix("recorded ") for line in lines) + f" ({after.state})")
    return answer


# --- the one door into services/results.py -------------------------------------------
# The web writes results through the same code as `result` and `result --card`,
# inside a change it opened itself (source "web", its actor, the request's key in
# the same entry). Only this function calls into services/results.py.

def _record_outcome(db: Db, event: Event, change: Change, entries: list[Entry], scores: list[int], game: int,
                   card_of: Entry | None) -> list[str]:
    """One side's card (``card_of``), or with None the whole result (the director
    correcting a game); the bracket, if there is one, held to it. Returns the lines
    the CLI would print."""
    from crib_tourney.services import results

    recorded = results._game_result(db, event, change, entries, (scores[0], scores[1]), game, True, card_of)
    return [recorded.line()] + _keep_bracket(db, event, change)


def _settled_rows(event: Event, pairing_id: int, cards: list[Card]) -> list[dict[str, Any]]:
    """Outcome rows of settled cards, as `check --resolve` writes them."""
    from crib_tourney.services import results

    return [results.outcome_row(event, pairing_id, c) for c in cards]


def _keep_bracket(db: Db, event: Event, change: Change) -> list[str]:
    return [fact.line() for fact in recording.after_change(db, event, change, False)]


def entrant_state(db: Db, event: Event, entry_id: int) -> dict[str, Any] | None:
    """One entrant's phone_state, read now (None: no such entry): what the server
    answers a phone while the room's results stream in (see web/phones.py)."""
    entry = next((e for e in entries_of(db, event) if e.id == entry_id), None)
    if entry is None:
        return None
    return phone_state(db, Holder(event, entry, entry_names(db, event)[entry_id]))
