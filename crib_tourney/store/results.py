"""Recording results: whole games, single scorecards, forfeits; the audit log and
undo. Every change to outcome rows goes through ``change_outcomes`` so it is logged
with the rows before and after."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlmodel import Session, col, delete, select

from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError
from crib_tourney.store.directory import player_names
from crib_tourney.store.models import Audit, Entry, Event, Outcome, Pairing, Player
from crib_tourney.tourney.scoring import ScoringRules, check_scores

OUTCOME_FIELDS = ("event_id", "pairing_id", "player_id", "own_score", "opp_score", "forfeit", "source")


def scoring_rules(event: Event) -> ScoringRules:
    return ScoringRules(
        target=get_variant(event.variant).game_target,
        win_points=event.win_points,
        skunk_points=event.skunk_points,
        double_skunk_points=event.double_skunk_points,
        skunk_margin=event.skunk_margin,
        double_skunk_margin=event.double_skunk_margin,
        forfeit_points=event.forfeit_points,
        forfeit_spread=event.forfeit_spread,
        bye_points=event.bye_points,
        bye_spread=event.bye_spread,
    )


def _row_dict(outcome: Outcome) -> dict:
    return {name: getattr(outcome, name) for name in OUTCOME_FIELDS}


def outcomes_of(session: Session, pairing_ids: list[int]) -> list[Outcome]:
    if not pairing_ids:
        return []
    return list(
        session.exec(select(Outcome).where(col(Outcome.pairing_id).in_(pairing_ids)).order_by(Outcome.pairing_id, Outcome.player_id)).all()
    )


def change_outcomes(
    session: Session,
    event: Event,
    action: str,
    summary: str,
    new_rows: dict[int, list[dict]],
    entries_before: list[dict] | None = None,
) -> None:
    """Replace the outcome rows of each pairing in ``new_rows`` and log the change."""
    pairing_ids = sorted(new_rows)
    before = [_row_dict(o) for o in outcomes_of(session, pairing_ids)]
    session.exec(delete(Outcome).where(col(Outcome.pairing_id).in_(pairing_ids)))  # type: ignore[call-overload]
    after = []
    for pid in pairing_ids:
        for row in new_rows[pid]:
            session.add(Outcome(**row))
            after.append(row)
    data = {"pairings": pairing_ids, "before": before, "after": after}
    if entries_before is not None:
        data["entries_before"] = entries_before
    session.add(Audit(event_id=event.id, action=action, summary=summary, data=json.dumps(data)))
    session.flush()


def mirror_rows(event: Event, pairing: Pairing, scores: dict[int, int]) -> list[dict]:
    """Both players' rows of a game whose cards agree."""
    a, b = pairing.player1_id, pairing.player2_id
    assert b is not None
    return [
        dict(event_id=event.id, pairing_id=pairing.id, player_id=a, own_score=scores[a], opp_score=scores[b], forfeit="none", source="result"),
        dict(event_id=event.id, pairing_id=pairing.id, player_id=b, own_score=scores[b], opp_score=scores[a], forfeit="none", source="result"),
    ]


def forfeit_rows(event: Event, pairing: Pairing, loser: int) -> list[dict]:
    assert pairing.player2_id is not None
    winner = pairing.player2_id if loser == pairing.player1_id else pairing.player1_id
    return [
        dict(event_id=event.id, pairing_id=pairing.id, player_id=winner, own_score=0, opp_score=0, forfeit="won", source="result"),
        dict(event_id=event.id, pairing_id=pairing.id, player_id=loser, own_score=0, opp_score=0, forfeit="lost", source="result"),
    ]


def find_pairing(session: Session, event: Event, players: list[Player], game: int | None) -> Pairing:
    """The game in which these players sit together: the given game, or the one
    without a result (the latest if all have results)."""
    query = select(Pairing).where(Pairing.event_id == event.id)
    if game is not None:
        query = query.where(Pairing.game_no == game)
    a = players[0].id
    query = query.where((Pairing.player1_id == a) | (Pairing.player2_id == a)).order_by(Pairing.game_no)
    candidates = session.exec(query).all()
    if game is not None and not candidates:
        if not session.exec(select(Pairing.id).where(Pairing.event_id == event.id, Pairing.game_no == game)).first():
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{players[0].name} has no seat in game {game} of {event.name}")
    if len(players) == 1:
        if game is None:
            open_ = [p for p in candidates if p.player2_id is not None and not outcomes_of(session, [p.id])]
            if not open_:
                raise CribError(f"{players[0].name} has no game without a result; give --game")
            return open_[0]
        pairing = candidates[0]
        if pairing.player2_id is None:
            raise CribError(f"{players[0].name} has the bye in game {game}")
        return pairing
    b = players[1].id
    together = [p for p in candidates if {p.player1_id, p.player2_id} == {a, b}]
    if not together:
        where = f"game {game}" if game is not None else "any game"
        raise CribError(f"{players[0].name} and {players[1].name} are not seated together in {where} of {event.name}")
    if game is None:
        unplayed = [p for p in together if not outcomes_of(session, [p.id])]
        return unplayed[0] if unplayed else together[-1]
    return together[0]


def refuse_withdrawn(session: Session, event: Event, pairing: Pairing) -> None:
    ids = [pairing.player1_id, pairing.player2_id]
    entries = session.exec(select(Entry).where(Entry.event_id == event.id, col(Entry.player_id).in_(ids))).all()
    for entry in entries:
        if entry.withdrawn_after is not None and pairing.game_no > entry.withdrawn_after:
            name = session.get(Player, entry.player_id).name  # type: ignore[union-attr]
            raise CribError(f"{name} withdrew from {event.name} after game {entry.withdrawn_after}")


@dataclass
class RecordedGame:
    game: int
    table: int | None
    summary: str


def record_result(
    session: Session,
    event: Event,
    players: list[Player],
    scores: list[int],
    game: int | None = None,
    replace: bool = False,
    card_of: Player | None = None,
    action: str = "result",
) -> RecordedGame:
    """Record a game from two scores, or one player's own card of it."""
    if players[0].id == players[1].id:
        raise CribError(f"{players[0].name} cannot play against themselves")
    rules = scoring_rules(event)
    check_scores(scores[0], scores[1], rules.target)
    pairing = find_pairing(session, event, players, game)
    refuse_withdrawn(session, event, pairing)
    by_player = {players[0].id: scores[0], players[1].id: scores[1]}
    existing = outcomes_of(session, [pairing.id])
    names = player_names(session, set(by_player))
    winner = max(by_player, key=by_player.__getitem__)
    loser = min(by_player, key=by_player.__getitem__)
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[winner]} {by_player[winner]} - {names[loser]} {by_player[loser]}"
    if card_of is None:
        if existing and not replace:
            raise CribError(f"game {pairing.game_no} between {names[winner]} and {names[loser]} already has a result; use --replace to correct it")
        rows = mirror_rows(event, pairing, by_player)
        change_outcomes(session, event, "replace" if existing else action, text, {pairing.id: rows})
        return RecordedGame(pairing.game_no, pairing.table_no, text)
    if card_of.id not in by_player:
        raise CribError(f"--card {card_of.name}: that player is not in this game")
    opponent = next(pid for pid in by_player if pid != card_of.id)
    own = [o for o in existing if o.player_id == card_of.id]
    if own and not replace:
        raise CribError(f"{card_of.name}'s card for game {pairing.game_no} is already entered; use --replace to correct it")
    keep = [_row_dict(o) for o in existing if o.player_id != card_of.id]
    row = dict(event_id=event.id, pairing_id=pairing.id, player_id=card_of.id, own_score=by_player[card_of.id], opp_score=by_player[opponent], forfeit="none", source="card")
    change_outcomes(session, event, "card", f"{names[card_of.id]}'s card, {text}", {pairing.id: keep + [row]})
    return RecordedGame(pairing.game_no, pairing.table_no, f"{names[card_of.id]}'s card, {text}")


def record_forfeit(session: Session, event: Event, loser: Player, game: int | None, replace: bool) -> RecordedGame:
    pairing = find_pairing(session, event, [loser], game)
    refuse_withdrawn(session, event, pairing)
    if outcomes_of(session, [pairing.id]) and not replace:
        raise CribError(f"game {pairing.game_no} of {loser.name} already has a result; use --replace to correct it")
    winner_id = pairing.player2_id if pairing.player1_id == loser.id else pairing.player1_id
    names = player_names(session, {loser.id, winner_id})  # type: ignore[arg-type]
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[loser.id]} forfeits to {names[winner_id]}"  # type: ignore[index]
    change_outcomes(session, event, "forfeit", text, {pairing.id: forfeit_rows(event, pairing, loser.id)})  # type: ignore[arg-type]
    return RecordedGame(pairing.game_no, pairing.table_no, text)


def undo_last(session: Session, event: Event) -> str:
    last = session.exec(
        select(Audit).where(Audit.event_id == event.id, Audit.undone == False).order_by(col(Audit.id).desc())  # noqa: E712
    ).first()
    if last is None:
        raise CribError(f"nothing to undo in {event.name}")
    data = json.loads(last.data)
    pairing_ids = data["pairings"]
    current = [_row_dict(o) for o in outcomes_of(session, pairing_ids)]
    session.exec(delete(Outcome).where(col(Outcome.pairing_id).in_(pairing_ids)))  # type: ignore[call-overload]
    for row in data["before"]:
        session.add(Outcome(**row))
    for entry_state in data.get("entries_before", []):
        entry = session.get(Entry, entry_state["id"])
        if entry is not None:
            entry.withdrawn_after = entry_state["withdrawn_after"]
            session.add(entry)
    last.undone = True
    session.add(last)
    undo_data = {"pairings": pairing_ids, "before": current, "after": data["before"]}
    session.add(Audit(event_id=event.id, action="undo", summary=f"undid #{last.id}: {last.summary}", data=json.dumps(undo_data), undone=True))
    session.flush()
    return f"undid {last.action} #{last.id}: {last.summary}"


def merge_audits(session: Session, event: Event, since_id: int, action: str, summary: str) -> None:
    """Fold the audit entries written after ``since_id`` into one, so that one undo
    reverts a whole import."""
    entries = session.exec(select(Audit).where(Audit.event_id == event.id, Audit.id > since_id).order_by(Audit.id)).all()
    if not entries:
        return
    pairings: list[int] = []
    before: list[dict] = []
    after_by_pairing: dict[int, list[dict]] = {}
    for entry in entries:
        data = json.loads(entry.data)
        for pid in data["pairings"]:
            if pid not in pairings:
                pairings.append(pid)
                before.extend(r for r in data["before"] if r["pairing_id"] == pid)
            after_by_pairing[pid] = [r for r in data["after"] if r["pairing_id"] == pid]
        session.delete(entry)
    after = [r for pid in pairings for r in after_by_pairing[pid]]
    session.add(Audit(event_id=event.id, action=action, summary=summary, data=json.dumps({"pairings": pairings, "before": before, "after": after})))
    session.flush()


def last_audit_id(session: Session, event: Event) -> int:
    from sqlalchemy import func

    return session.exec(select(func.max(Audit.id)).where(Audit.event_id == event.id)).one() or 0


def audit_log(session: Session, event: Event) -> list[dict]:
    return [
        {"id": a.id, "at": a.at.strftime("%Y-%m-%d %H:%M:%S"), "action": a.action, "summary": a.summary, "undone": a.undone and a.action != "undo"}
        for a in session.exec(select(Audit).where(Audit.event_id == event.id).order_by(Audit.id)).all()
    ]
