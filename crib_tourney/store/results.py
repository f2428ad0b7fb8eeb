"""Recording results: whole games, single scorecards, forfeits; the audit log and
undo. Every change to outcome rows goes through ``change_outcomes`` so it is logged
with the rows before and after."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone

from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError
from crib_tourney.store.directory import player_names
from crib_tourney.store.rows import Entry, Event, Outcome, Pairing, Player, fetch
from crib_tourney.store.sql import Db, in_list
from crib_tourney.tourney.scoring import ScoringRules, check_scores, won_game


def scoring_rules(event: Event) -> ScoringRules:
    variant = get_variant(event.variant)
    return ScoringRules(
        target=variant.game_target,
        target_loses=variant.reaching_target_loses,
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


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


def outcomes_of(db: Db, pairing_ids: list[int]) -> list[Outcome]:
    if not pairing_ids:
        return []
    marks, params = in_list("p", pairing_ids)
    return fetch(db, Outcome, f"pairing_id IN {marks}", "pairing_id, player_id", **params)


def _replace_rows(db: Db, pairing_ids: list[int], rows: list[dict]) -> None:
    if pairing_ids:
        marks, params = in_list("p", pairing_ids)
        db.execute(f"DELETE FROM outcome WHERE pairing_id IN {marks}", **params)
    db.insert_many("outcome", rows)


def log_change(db: Db, event: Event, action: str, summary: str, data: dict, undone: bool = False) -> None:
    db.insert("audit", dict(event_id=event.id, at=now(), action=action, summary=summary, data=json.dumps(data), undone=undone))


def change_outcomes(
    db: Db,
    event: Event,
    action: str,
    summary: str,
    new_rows: dict[int, list[dict]],
    entries_before: list[dict] | None = None,
) -> None:
    """Replace the outcome rows of each pairing in ``new_rows`` and log the change."""
    pairing_ids = sorted(new_rows)
    before = [o.values() for o in outcomes_of(db, pairing_ids)]
    after = [row for pid in pairing_ids for row in new_rows[pid]]
    _replace_rows(db, pairing_ids, after)
    data: dict = {"pairings": pairing_ids, "before": before, "after": after}
    if entries_before is not None:
        data["entries_before"] = entries_before
    log_change(db, event, action, summary, data)


def _row(event: Event, pairing: Pairing, player: int, own: int, opp: int, forfeit: str = "none", source: str = "result") -> dict:
    return dict(event_id=event.id, pairing_id=pairing.id, player_id=player, own_score=own, opp_score=opp, forfeit=forfeit, source=source)


def mirror_rows(event: Event, pairing: Pairing, scores: dict[int, int]) -> list[dict]:
    """Both players' rows of a game whose cards agree."""
    a, b = pairing.player1_id, pairing.player2_id
    assert b is not None
    return [_row(event, pairing, a, scores[a], scores[b]), _row(event, pairing, b, scores[b], scores[a])]


def forfeit_rows(event: Event, pairing: Pairing, loser: int) -> list[dict]:
    assert pairing.player2_id is not None
    winner = pairing.player2_id if loser == pairing.player1_id else pairing.player1_id
    return [_row(event, pairing, winner, 0, 0, "won"), _row(event, pairing, loser, 0, 0, "lost")]


def _has_result(db: Db, pairing: Pairing) -> bool:
    return db.scalar("SELECT COUNT(*) FROM outcome WHERE pairing_id = :p", p=pairing.id) > 0


def find_pairing(db: Db, event: Event, players: list[Player], game: int | None) -> Pairing:
    """The game in which these players sit together: the given game, or the one
    without a result (the latest if all have results)."""
    where = "event_id = :e AND (player1_id = :a OR player2_id = :a)"
    params: dict = {"e": event.id, "a": players[0].id}
    if game is not None:
        where += " AND game_no = :g"
        params["g"] = game
    candidates = fetch(db, Pairing, where, "game_no", **params)
    if game is not None and not candidates:
        if db.scalar("SELECT COUNT(*) FROM pairing WHERE event_id = :e AND game_no = :g", e=event.id, g=game) == 0:
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{players[0].name} has no seat in game {game} of {event.name}")
    if len(players) == 1:
        if game is None:
            open_ = [p for p in candidates if p.player2_id is not None and not _has_result(db, p)]
            if not open_:
                raise CribError(f"{players[0].name} has no game without a result; give --game")
            return open_[0]
        pairing = candidates[0]
        if pairing.player2_id is None:
            raise CribError(f"{players[0].name} has the bye in game {game}")
        return pairing
    b = players[1].id
    together = [p for p in candidates if {p.player1_id, p.player2_id} == {players[0].id, b}]
    if not together:
        where_text = f"game {game}" if game is not None else "any game"
        raise CribError(f"{players[0].name} and {players[1].name} are not seated together in {where_text} of {event.name}")
    if game is None:
        unplayed = [p for p in together if not _has_result(db, p)]
        return unplayed[0] if unplayed else together[-1]
    return together[0]


def refuse_withdrawn(db: Db, event: Event, pairing: Pairing) -> None:
    ids = [pairing.player1_id] + ([pairing.player2_id] if pairing.player2_id else [])
    marks, params = in_list("p", ids)
    for entry in fetch(db, Entry, f"event_id = :e AND player_id IN {marks}", e=event.id, **params):
        if entry.withdrawn_after is not None and pairing.game_no > entry.withdrawn_after:
            name = player_names(db, {entry.player_id})[entry.player_id]
            raise CribError(f"{name} withdrew from {event.name} after game {entry.withdrawn_after}")


@dataclass
class RecordedGame:
    game: int
    table: int | None
    summary: str


def record_result(
    db: Db,
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
    pairing = find_pairing(db, event, players, game)
    refuse_withdrawn(db, event, pairing)
    by_player = {players[0].id: scores[0], players[1].id: scores[1]}
    existing = outcomes_of(db, [pairing.id])
    names = player_names(db, set(by_player))
    a, b = players[0].id, players[1].id
    winner, loser = (a, b) if won_game(by_player[a], by_player[b], rules.target_loses) else (b, a)
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[winner]} {by_player[winner]} - {names[loser]} {by_player[loser]}"
    if card_of is None:
        if existing and not replace:
            raise CribError(f"game {pairing.game_no} between {names[winner]} and {names[loser]} already has a result; use --replace to correct it")
        change_outcomes(db, event, "replace" if existing else action, text, {pairing.id: mirror_rows(event, pairing, by_player)})
        return RecordedGame(pairing.game_no, pairing.table_no, text)
    if card_of.id not in by_player:
        raise CribError(f"--card {card_of.name}: that player is not in this game")
    opponent = next(pid for pid in by_player if pid != card_of.id)
    if any(o.player_id == card_of.id for o in existing) and not replace:
        raise CribError(f"{card_of.name}'s card for game {pairing.game_no} is already entered; use --replace to correct it")
    keep = [o.values() for o in existing if o.player_id != card_of.id]
    row = _row(event, pairing, card_of.id, by_player[card_of.id], by_player[opponent], source="card")
    summary = f"{names[card_of.id]}'s card, {text}"
    change_outcomes(db, event, "card", summary, {pairing.id: keep + [row]})
    return RecordedGame(pairing.game_no, pairing.table_no, summary)


def record_forfeit(db: Db, event: Event, loser: Player, game: int | None, replace: bool) -> RecordedGame:
    pairing = find_pairing(db, event, [loser], game)
    refuse_withdrawn(db, event, pairing)
    if _has_result(db, pairing) and not replace:
        raise CribError(f"game {pairing.game_no} of {loser.name} already has a result; use --replace to correct it")
    winner_id = pairing.player2_id if pairing.player1_id == loser.id else pairing.player1_id
    assert winner_id is not None
    names = player_names(db, {loser.id, winner_id})
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[loser.id]} forfeits to {names[winner_id]}"
    change_outcomes(db, event, "forfeit", text, {pairing.id: forfeit_rows(event, pairing, loser.id)})
    return RecordedGame(pairing.game_no, pairing.table_no, text)


def undo_last(db: Db, event: Event) -> str:
    last = db.row(
        "SELECT id, action, summary, data FROM audit WHERE event_id = :e AND undone = :f ORDER BY id DESC",
        e=event.id, f=False,
    )
    if last is None:
        raise CribError(f"nothing to undo in {event.name}")
    audit_id, action, summary, raw = last
    data = json.loads(raw)
    pairing_ids = data.get("pairings", [])
    current = [o.values() for o in outcomes_of(db, pairing_ids)]
    _replace_rows(db, pairing_ids, data.get("before", []))
    for entry_state in data.get("entries_before", []):
        db.execute("UPDATE entry SET withdrawn_after = :w WHERE id = :id", w=entry_state["withdrawn_after"], id=entry_state["id"])
    redo: dict = {"pairings": pairing_ids, "before": current, "after": data.get("before", [])}
    if data.get("matches"):
        from crib_tourney.store.playoffs import restore_games

        redo.update(matches=data["matches"], games_before=restore_games(db, data), games_after=data["games_before"])
    db.execute("UPDATE audit SET undone = :t WHERE id = :id", t=True, id=audit_id)
    log_change(db, event, "undo", f"undid #{audit_id}: {summary}", redo, undone=True)
    return f"undid {action} #{audit_id}: {summary}"


def merge_audits(db: Db, event: Event, since_id: int, action: str, summary: str) -> None:
    """Fold the audit entries written after ``since_id`` into one, so that one undo
    reverts a whole import."""
    entries = db.rows("SELECT id, data FROM audit WHERE event_id = :e AND id > :s ORDER BY id", e=event.id, s=since_id)
    if not entries:
        return
    pairings: list[int] = []
    before: list[dict] = []
    after_by_pairing: dict[int, list[dict]] = {}
    for _, raw in entries:
        data = json.loads(raw)
        for pid in data["pairings"]:
            if pid not in pairings:
                pairings.append(pid)
                before.extend(r for r in data["before"] if r["pairing_id"] == pid)
            after_by_pairing[pid] = [r for r in data["after"] if r["pairing_id"] == pid]
    db.execute("DELETE FROM audit WHERE event_id = :e AND id > :s", e=event.id, s=since_id)
    after = [r for pid in pairings for r in after_by_pairing[pid]]
    log_change(db, event, action, summary, {"pairings": pairings, "before": before, "after": after})


def last_audit_id(db: Db, event: Event) -> int:
    return db.scalar("SELECT MAX(id) FROM audit WHERE event_id = :e", e=event.id) or 0


def audit_log(db: Db, event: Event) -> list[dict]:
    return [
        {"id": i, "at": str(at)[:19], "action": action, "summary": summary, "undone": bool(undone) and action != "undo"}
        for i, at, action, summary, undone in db.rows(
            "SELECT id, at, action, summary, undone FROM audit WHERE event_id = :e ORDER BY id", e=event.id
        )
    ]

