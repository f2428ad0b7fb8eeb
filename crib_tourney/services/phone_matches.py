"""A player's phone after the cut: his playoff match (round, opponent, table,
best-of, games won, the next game), his own card of each match game, and his place
and prize once the event is decided.

A match game is entered from the phones by the two-card rule of the qualifying
games (services/phone.py): each player's report is his own card of that game
(table playoff_card, schema 20); when the opponent's card of the same game agrees,
the game is recorded in the bracket in the same change (services/playoffs.
match_game, as `result` records it after the cut). A lone card is *pending*, two
that disagree *disputed*: nothing is recorded, and the desk enters the game.
Every report is one change through the writer, its idempotency key kept with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from crib_tourney.errors import CribError
from crib_tourney.services.phone_report import WINNERS, Conflict, Holder, idempotency_key, scores_of
from crib_tourney.services.playoffs import Bracket, match_game, placed
from crib_tourney.store import links as link_store
from crib_tourney.store.directory import entry_names
from crib_tourney.store.events import scoring_rules
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Actor, Change, Log
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.scoring import check_scores


@dataclass(frozen=True)
class MatchReport:
    """A match game as the phone sends it, checked for shape."""

    match: str  # the match's key, as the bracket names it (W1.1)
    match_game: int
    winner: str  # me | opponent
    score: int  # the loser's score (the winner's in a backward event)
    key: str


def parse_match_report(body: dict[str, Any], backward: bool) -> MatchReport:
    """The JSON a phone posts for a playoff game, or a CribError naming what is wrong."""
    field = "winner_score" if backward else "loser_score"
    unknown = sorted(set(body) - {"match", "match_game", "winner", field, "key"})
    if unknown:
        raise CribError(f"unknown field {unknown[0]!r}")
    match, game, winner, score, key = (body.get(k) for k in ("match", "match_game", "winner", field, "key"))
    if not isinstance(match, str) or not 1 <= len(match) <= 12 or not match.isascii() or not match.replace(".", "").isalnum():
        raise CribError("match must be the match's name as the bracket shows it (like W1.1)")
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= 99:
        raise CribError("match_game must be the game's number in the match (1, 2, ...)")
    if winner not in WINNERS:
        raise CribError('winner must be "me" or "opponent"')
    if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= 10_000:
        raise CribError(f"{field} must be a whole number of points")
    return MatchReport(match, game, winner, score, idempotency_key(key).text)


def _cards(db: Db, match_id: int, game_no: int) -> dict[int, tuple[int, int]]:
    return {int(e): (int(own), int(opp)) for e, own, opp in db.rows(
        "SELECT entry_id, own_score, opp_score FROM playoff_card WHERE match_id = :m AND game_no = :g", m=match_id, g=game_no)}


def _card_state(mine: tuple[int, int] | None, theirs: tuple[int, int] | None) -> str:
    if mine is None and theirs is None:
        return "open"
    if mine is None or theirs is None:
        return "pending"
    return "agreed" if mine == (theirs[1], theirs[0]) else "disputed"


def match_now(db: Db, event: Event, entry_id: int, br: Bracket | None = None) -> dict[str, Any] | None:
    """The player's playoff match now (his open match, else his last), as state.json's
    "match": id, round, opponent, table, best_of, games_won [mine, theirs], game (the
    next game's number; null once the match is decided), the state of that game's
    cards (open, pending, disputed), both cards read from his side, and whether he won."""
    br = br or Bracket(db, event)
    if not br.exists:
        return None
    mine = [br.states[s.key] for s in br.specs if entry_id in br.states[s.key].players]
    if not mine:
        return None
    state = next((m for m in mine if m.open), mine[-1])
    spec = state.spec
    side = state.players.index(entry_id)
    other = state.players[1 - side]
    names = entry_names(db, event)
    opponent = names.get(other) if other is not None and other != bk.BYE else None
    next_game = len(state.games) + 1 if state.open else None
    cards: dict[int, tuple[int, int]] = {}
    if next_game is not None:
        cards = _cards(db, br.match_ids[spec.key], next_game)
    own = cards.get(entry_id)
    theirs = cards.get(other) if other is not None else None
    return {"id": spec.key, "round": bk.round_name(spec, br.specs), "opponent": opponent, "table": br.tables.get(spec.key),
            "best_of": spec.best_of, "games_won": [state.wins[side], state.wins[1 - side]], "game": next_game,
            "bye": other == bk.BYE, "waiting": other is None,
            "state": _card_state(own, theirs) if next_game is not None and opponent is not None else "decided" if state.winner else "open",
            "mine": list(own) if own else None, "theirs": [theirs[1], theirs[0]] if theirs else None,
            "won": None if state.winner is None else state.winner == entry_id}


@dataclass(frozen=True)
class Placement:
    """A player's place (1st, 3rd-4th) and prize in cents, once the event is decided."""

    place: str | None
    prize: int | None


@dataclass(frozen=True)
class MatchCards:
    """The next game of an open match with a player's card in and no result yet:
    pending (one card) or disputed (two that disagree): the desk enters it."""

    match: str
    game: int
    table: int
    players: tuple[str, str]  # in the match's seat order
    state: str  # pending | disputed
    cards: tuple[tuple[str, int, int], ...]  # (whose, own, opponent's)


def waiting_match_games(db: Db, event: Event) -> list[MatchCards]:
    """Every open match whose next game has cards but no result."""
    br = Bracket(db, event)
    if not br.exists:
        return []
    names = entry_names(db, event)
    found = []
    for spec in br.specs:
        state = br.states[spec.key]
        if not state.open:
            continue
        game = len(state.games) + 1
        cards = _cards(db, br.match_ids[spec.key], game)
        a, b = (p for p in state.players if p is not None)
        shown = tuple((names.get(e, "?"), own, opp) for e, (own, opp) in sorted(cards.items()) if e in (a, b))
        if not shown:
            continue
        mine, theirs = cards.get(a), cards.get(b)
        found.append(MatchCards(spec.key, game, br.tables[spec.key], (names.get(a, "?"), names.get(b, "?")),
                                _card_state(mine, theirs), shown))
    return found


def place_and_prize(db: Db, event: Event, entry_id: int) -> Placement:
    """The player's place and prize once the event is decided (both None before)."""
    try:
        found = placed(db, event)
    except CribError:  # no bracket yet, and not placed by its standings: nothing is decided
        return Placement(None, None)
    if not found.complete:
        return Placement(None, None)
    return Placement(found.place_of(entry_id), found.prizes.get(entry_id) or None)


def report_match_game(db: Db, who: Holder, report: MatchReport, by: Actor | None = None) -> dict[str, Any]:
    """Record a phone's report of a playoff game as this player's card; the game is
    recorded when the opponent's card agrees. Returns the answer (kept under the
    report's key). Call in a write transaction."""
    kept = link_store.kept_answer(db, who.entry.id, report.key)
    if kept is not None:
        return dict(json.loads(kept), repeated=True)
    event, rules = who.event, scoring_rules(who.event)
    br = Bracket(db, event)
    spec = next((s for s in br.specs if s.key.lower() == report.match.strip().lower()), None)
    if spec is None:
        raise Conflict(f"there is no match {report.match} in {event.name}")
    state = br.states[spec.key]
    if who.entry.id not in state.players:
        raise Conflict(f"you do not play in match {spec.key}")
    if not state.open:
        raise Conflict(f"match {spec.key} is decided: only the director can change it now")
    if report.match_game != len(state.games) + 1:
        raise Conflict(f"the next game of match {spec.key} is game {len(state.games) + 1}, not {report.match_game}")
    other = next(p for p in state.players if p != who.entry.id)
    assert other is not None
    own, opp = scores_of(report, rules.target, rules.target_loses)
    check_scores(own, opp, rules.target)
    match_id = br.match_ids[spec.key]
    cards = _cards(db, match_id, report.match_game)
    change = Change(db, "card", Log(event.id), by or Actor("web", who.name))
    names = entry_names(db, event)
    change.replace("playoff_card", {"match_id": match_id, "game_no": report.match_game, "entry_id": who.entry.id},
                   [dict(event_id=event.id, match_id=match_id, game_no=report.match_game, entry_id=who.entry.id,
                         own_score=own, opp_score=opp)])
    theirs = cards.get(other)
    card_state = _card_state((own, opp), theirs)
    lines = [f"{names[who.entry.id]}'s card, match {spec.key} game {report.match_game}: {own}-{opp}"]
    if card_state == "agreed":  # recorded in the match's seat order, as the bracket shows it
        first_is_me = state.players[0] == who.entry.id
        facts = match_game(db, event, change, br, state, (who.entry.id, other) if first_is_me else (other, who.entry.id),
                           (own, opp) if first_is_me else (opp, own))
        lines += [f.line() for f in facts]
    answer = {"state": card_state, "match": spec.key, "match_game": report.match_game, "mine": [own, opp],
              "theirs": [theirs[1], theirs[0]] if theirs else None}
    change.insert("web_request", {"event_id": event.id, "entry_id": who.entry.id, "request_key": report.key,
                                  "answer": json.dumps(answer)})
    change.log(f"from {who.name}'s phone: " + "; ".join(lines) + f" ({card_state})")
    return answer
