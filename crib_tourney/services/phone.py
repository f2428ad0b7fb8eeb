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
from dataclasses import dataclass, field, fields

from crib_tourney.errors import CribError
from crib_tourney.services.phone_report import WINNERS
from crib_tourney.services.phone_report import Conflict as Conflict  # what the web answers 409 for
from crib_tourney.services.phone_report import Holder as Holder
from crib_tourney.services.phone_report import idempotency_key, scores_of
from crib_tourney.services import recording
from crib_tourney.services.standings import scoring_rules
from crib_tourney.tourney.scoring import outcome_line
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import entries_of, entry_by_id, entry_names, names_of_entries
from crib_tourney.store.events import consolation_of
from crib_tourney.store.rows import Entry, Event, Outcome, Pairing, fetch_one
from crib_tourney.store import links as link_store
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Change, Log
from crib_tourney.tokens import looks_like_token, same_hash, token_hash
from crib_tourney.services import checkin, three_sides, results
from crib_tourney.services.phone_matches import match_now, parse_match_report, report_match_game
from crib_tourney.services.playoffs import Bracket, placed
from crib_tourney.store import brackets as st
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.money import format_money
from crib_tourney.tourney.reconcile import Card, is_final
from crib_tourney.tourney.scoring_three import parse_place_points, three_forfeit_line, three_line
from crib_tourney.tourney.reconcile_three import Card3, cards_agree, is_final3
from crib_tourney.tourney.scoring import ScoringRules

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
    entry = entry_by_id(db, event, row[1]) if event is not None else None  # his row, not the event's (nor the roster's)
    if event is None or entry is None:
        return None
    return Holder(event, entry, names_of_entries(db, event, [entry.id])[entry.id])


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
    seats: tuple[str, ...] | None = None  # a table of three: its sides in seat order (mine and theirs are in this order)

    def as_dict(self) -> dict[str, Any]:  # by hand: dataclasses.asdict deep-copies, 20 times slower for 1,800 games
        found: dict[str, Any] = {"game": self.game, "table": self.table, "opponent": self.opponent, "state": self.state, "mine": self.mine,
                 "theirs": self.theirs, "won": self.won, "points": self.points, "spread": self.spread}
        if self.seats is not None:
            found["seats"] = list(self.seats)
        return found


def _state(cards: list[Card]) -> str:
    if not cards:
        return "open"
    if is_final(cards):  # agreed by both players; or the director's result, a settled dispute, a forfeit
        return "agreed" if all(c.source == "card" and c.forfeit == "none" for c in cards) else "final"
    return "pending" if len(cards) == 1 else "disputed"


def game_state(db: Db, event: Event, entry_id: int, pairing: Pairing, names: dict[int, str]) -> GameState:
    outcomes = _cards(q.outcomes_for(db, [pairing.id])).get(pairing.id, [])
    return _game_state(event, scoring_rules(event), entry_id, pairing, outcomes, names)


def _game_state(event: Event, rules: ScoringRules, entry_id: int, pairing: Pairing, outcomes: list[Outcome],
                names: dict[int, str]) -> GameState:
    if pairing.entry2_id is None:
        return GameState(pairing.game_no, None, None, "bye", None, None, True, rules.bye_points, rules.bye_spread)
    if pairing.entry3_id is not None:  # a table of three: both opponents
        return _three_state(event, rules, entry_id, pairing, outcomes, names)
    cards = [Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source) for o in outcomes]
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


def _three_state(event: Event, rules: ScoringRules, entry_id: int, pairing: Pairing, outcomes: list[Outcome],
                 names: dict[int, str]) -> GameState:
    """A table of three from one side: every card read as its scores in seat order;
    final when every side's card agrees (or the director entered or settled it)."""
    three = [Card3(o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, o.source) for o in outcomes]
    sides = pairing.sides
    if not three:
        state = "open"
    elif is_final3(three, sides):
        state = "agreed" if all(c.source == "card" for c in three) else "final"
    else:
        state = "pending" if cards_agree(three, sides) else "disputed"
    mine = next((c for c in three if c.entry == entry_id), None)
    theirs = next((c for c in three if c.entry != entry_id), None)
    def in_seat_order(card: Card3) -> list[int]:
        return [card.version(sides)[s] for s in sides]

    won = points = spread = None
    if state in ("agreed", "final") and mine is not None:
        if mine.forfeit != "none":
            line = three_forfeit_line(mine.forfeit == "won", rules)
        else:
            line = three_line(mine.own, mine.opp, mine.opp2 or 0, rules, parse_place_points(event.place_points))
        won, points, spread = line.won, line.game_points, line.spread
    return GameState(pairing.game_no, pairing.table_no, " & ".join(names[e] for e in sides if e != entry_id), state,
                     None if mine is None else in_seat_order(mine), None if theirs is None else in_seat_order(theirs),
                     won, points, spread, tuple(names[e] for e in sides))


def _phone_state(event: Event, rules: ScoringRules, entry: Entry, name: str, games: list[GameState],
                 after_cut: AfterCut) -> dict[str, Any]:
    waiting = [g for g in games if g.state in ("open", "pending", "disputed")]
    now = waiting[0] if waiting else (games[-1] if games else None)
    place, prize = after_cut.places.get(entry.id, (None, None))
    return {"entry": entry.id, "name": name, "event": event.name,
            "game": now.game if now else None, "table": now.table if now else None,
            "opponent": now.opponent if now else None,
            "target": rules.target, "backward": rules.target_loses,
            "withdrawn": entry.withdrawn_after is not None,
            "checked_in": bool(entry.checked_in), "check_in_open": _check_in_open(event, entry, after_cut.scheduled),
            "entries": [g.as_dict() for g in games],
            "match": after_cut.matches.get(entry.id), "place": place, "prize": prize, "currency": event.currency,
            "consolation": _pointer(after_cut, entry.player_id)}


def _pointer(after_cut: "AfterCut", player_id: int) -> dict[str, Any] | None:
    """Where a non-qualifier entered in the consolation plays on: its name, and his own
    public page there (his table and games; his link for it is on its scorecard)."""
    if after_cut.consolation is None or player_id not in after_cut.in_consolation:
        return None
    return {"event": after_cut.consolation.name,
            "page": f"/events/{after_cut.consolation.id}/players/{after_cut.in_consolation[player_id]}"}


@dataclass(frozen=True)
class AfterCut:
    """What the phones show after the qualifying games: each entrant's match, place
    and prize (by entry), and how many qualifying games are paired."""

    matches: dict[int, dict[str, Any] | None]
    places: dict[int, tuple[str | None, str | None]]
    scheduled: int
    consolation: Event | None = None  # a non-qualifier entered there is pointed to it
    in_consolation: dict[int, int] = field(default_factory=dict)  # player -> his entry in it


def _after_cut(db: Db, event: Event, entry_ids: list[int]) -> AfterCut:
    scheduled = q.scheduled_games(db, event.id)
    bracket = Bracket(db, event) if st.seeded_count(db, event.id) else None
    if bracket is None or not bracket.exists:
        return AfterCut({}, {}, scheduled)
    matches = {e: match_now(db, event, e, bracket) for e in entry_ids}
    consolation = consolation_of(db, event.id)  # his link there is his own: the phone points him to it
    players = {e.player_id: e.id for e in entries_of(db, consolation)} if consolation is not None else {}
    if bk.champion(bracket.specs, bracket.states) is None:  # places and prizes come with the champion
        return AfterCut(matches, {}, scheduled, consolation, players)
    decided = placed(db, event)
    places = {e: (decided.place_of(e), format_money(decided.prizes[e]) if decided.prizes.get(e) else None)
              for e in entry_ids}
    return AfterCut(matches, places, scheduled, consolation, players)


def _check_in_open(event: Event, entry: Entry, scheduled: int) -> bool:
    """Whether the player may check himself in: check-in is on, he has not withdrawn,
    and his first game is not paired yet."""
    return bool(event.check_in) and entry.withdrawn_after is None and scheduled < entry.first_game


def _cards(outcomes: list[Outcome]) -> dict[int, list[Outcome]]:
    found: dict[int, list[Outcome]] = {}
    for o in outcomes:
        found.setdefault(o.pairing_id, []).append(o)
    return found


def phone_state(db: Db, who: Holder) -> dict[str, Any]:
    """What the phone page shows: my table and opponent now, and every game of mine.
    "Now" is the first game of mine still waiting for a result (else the last)."""
    names, rules = entry_names(db, who.event), scoring_rules(who.event)
    pairings = q.pairings_of(db, who.event.id, who.entry.id)
    cards = _cards(q.outcomes_for(db, [p.id for p in pairings]))
    games = [_game_state(who.event, rules, who.entry.id, p, cards.get(p.id, []), names) for p in pairings]
    return _phone_state(who.event, rules, who.entry, who.name, games, _after_cut(db, who.event, [who.entry.id]))


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
                games[side].append(_game_state(event, rules, side, p, cards.get(p.id, []), names))
    after_cut = _after_cut(db, event, list(games))
    return {e.id: _phone_state(event, rules, e, names[e.id], games[e.id], after_cut) for e in entries_of(db, event)}


def live_links(db: Db) -> dict[str, tuple[int, int]]:
    """token hash -> (event, entry) of every live link."""
    return link_store.live_links(db)


assert [f.name for f in fields(GameState)] == ["game", "table", "opponent", "state", "mine", "theirs", "won", "points", "spread",
                                               "seats"]


# --- a report ----------------------------------------------------------------------

@dataclass(frozen=True)
class Report:
    """A result as the phone sends it, checked for shape (not yet against the game):
    who won and the other score; or, at a table of three, the three scores."""

    game: int
    winner: str  # me | opponent ("" with scores)
    score: int  # the loser's score (the winner's in a backward event)
    key: str
    scores: tuple[int, ...] | None = None  # a table of three: every side's score, in seat order


def receive(db: Db, who: Holder, body: object, by: Actor | None = None) -> dict[str, Any]:
    """A phone's report, whatever it reports: a playoff match game (``"match"``), or
    a qualifying game (two sides, or a table of three's ``"scores"``). Returns the
    answer. Call in a write transaction."""
    if not isinstance(body, dict):
        raise CribError("send a JSON object: {\"game\": N, \"winner\": \"me\"|\"opponent\", \"loser_score\": S, \"key\": K}")
    backward = scoring_rules(who.event).target_loses
    if "match" in body:
        return report_match_game(db, who, parse_match_report(body, backward), by)
    return report_result(db, who, parse_report(body, backward), by)


def check_in_self(db: Db, who: Holder, by: Actor | None = None) -> dict[str, Any]:
    """A player's own "I'm here" from his link, while check-in is open for him (on,
    and his first game not paired yet). Payment stays with the desk. Again is no
    change. Call in a write transaction."""
    entry = next((e for e in entries_of(db, who.event) if e.id == who.entry.id), who.entry)
    if not who.event.check_in:
        raise Conflict(f"{who.event.name} has no check-in from the phones: see the desk")
    if entry.withdrawn_after is not None:
        raise Conflict("you have withdrawn from this event: see the desk")
    if not _check_in_open(who.event, entry, q.scheduled_games(db, who.event.id)):
        raise Conflict("your first game is already paired: see the desk to check in")
    if not entry.checked_in:
        checkin.check_in(db, who.event.id, [entry.id], None, by or Actor("web", who.name))
    return {"checked_in": True}


def parse_report(body: object, backward: bool) -> Report:
    """The JSON a phone posts, or a CribError naming what is wrong with it."""
    if not isinstance(body, dict):
        raise CribError("send a JSON object: {\"game\": N, \"winner\": \"me\"|\"opponent\", \"loser_score\": S, \"key\": K}")
    if "scores" in body:
        return _parse_three(body)
    score_field = "winner_score" if backward else "loser_score"
    unknown = sorted(set(body) - {"game", "winner", score_field, "key"})
    if unknown:
        raise CribError(f"unknown field {unknown[0]!r}" + (" (a backward event takes winner_score)" if unknown[0] == "loser_score"
                                                            else ""))
    game, winner, score, key = body.get("game"), body.get("winner"), body.get(score_field), body.get("key")
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= 10_000:
        raise CribError("game must be a game number (a whole number from 1)")
    if winner not in WINNERS:
        raise CribError('winner must be "me" or "opponent"')
    if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= 10_000:
        raise CribError(f"{score_field} must be a whole number of points")
    return Report(game, winner, score, idempotency_key(key).text)


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
    if (pairing.entry3_id is not None) != (report.scores is not None):
        raise Conflict(f"game {report.game} is a table of three: send the three scores in seat order (\"scores\": [a, b, c])"
                       if report.scores is None else f"game {report.game} is a table of two: send the winner and the loser's score")
    names = names_of_entries(db, event, [e for e in (pairing.entry1_id, pairing.entry2_id, pairing.entry3_id) if e is not None])
    before = game_state(db, event, who.entry.id, pairing, names)
    if before.state in ("agreed", "final"):
        raise Conflict(f"game {report.game} is {'agreed by both of you' if before.state == 'agreed' else 'entered by the director'}:"
                       " only the director can change it now")
    change = Change(db, "card", Log(event.id), by or Actor("web", who.name))  # the player, from his own phone
    if report.scores is not None:
        lines = _record_three(db, event, change, pairing, report.scores, who.entry.id)
    else:
        own, opp = scores_of(report, rules.target, rules.target_loses)
        opponent = pairing.entry2_id if pairing.entry1_id == who.entry.id else pairing.entry1_id
        them = entry_by_id(db, event, opponent)
        assert them is not None  # the pairing's entry
        lines = _record_outcome(db, event, change, [who.entry, them], [own, opp], report.game, card_of=who.entry)
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
    recorded = results._game_result(db, event, change, entries, (scores[0], scores[1]), game, True, card_of)
    return [recorded.line()] + _keep_bracket(db, event, change)


def _record_three(db: Db, event: Event, change: Change, pairing: Pairing, scores: tuple[int, ...], card_of: int) -> list[str]:
    """One side's card of a table of three (its three scores in seat order), as
    `result --card` records it; the bracket (none at three) and cross-checking after."""
    recorded = three_sides.three_result(db, event, change, list(zip(pairing.sides, scores)), pairing.game_no, True, card_of)
    return [recorded.line()] + _keep_bracket(db, event, change)


def _parse_three(body: dict[str, Any]) -> Report:
    unknown = sorted(set(body) - {"game", "scores", "key"})
    if unknown:
        raise CribError(f"unknown field {unknown[0]!r} (a table of three takes game, scores and key)")
    game, scores = body.get("game"), body.get("scores")
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= 10_000:
        raise CribError("game must be a game number (a whole number from 1)")
    if (not isinstance(scores, list) or len(scores) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10_000 for x in scores)):
        raise CribError("scores must be the table's three scores in seat order, whole numbers of points")
    return Report(game, "", 0, idempotency_key(body.get("key")).text, tuple(scores))


def _settled_rows(event: Event, pairing_id: int, cards: list[Card]) -> list[dict[str, Any]]:
    """Outcome rows of settled cards, as `check --resolve` writes them."""
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
