"""Rulings at the table: the engine's dispute check, stored with the game."""

from __future__ import annotations

from sqlmodel import Session, select

from crib_tourney.engine.cards import parse_cards
from crib_tourney.engine.dispute import rule
from crib_tourney.engine.play import score_play
from crib_tourney.engine.show import count_show
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError
from crib_tourney.store.models import Event, Pairing, Player, Ruling


def make_ruling(
    session: Session, event: Event, game: int, player: Player, kind: str, tokens: list[str], claim: int,
    starter: str | None, crib: bool, seat: int, muggins_call: int | None,
) -> dict:
    seated = session.exec(
        select(Pairing.id).where(Pairing.event_id == event.id, Pairing.game_no == game,
                                 (Pairing.player1_id == player.id) | (Pairing.player2_id == player.id))
    ).first()
    if seated is None:
        if not session.exec(select(Pairing.id).where(Pairing.event_id == event.id, Pairing.game_no == game)).first():
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{player.name} has no seat in game {game} of {event.name}")
    variant = get_variant(event.variant)
    items: list[dict] = []
    if kind == "count":
        if starter is None:
            raise CribError("a count ruling needs --starter")
        seen: set = set()
        hand = parse_cards(tokens, seen)
        (starter_card,) = parse_cards([starter], seen)
        shown = count_show(hand, starter_card, is_crib=crib, variant=variant)
        true_score = shown.total
        items = [i.as_dict() for i in shown.items]
        cards = " ".join(str(c) for c in hand) + f" starter {starter_card}" + (" (crib)" if crib else "")
    else:
        players = max(variant.min_players, 2)
        if not 1 <= seat <= players:
            raise CribError(f"--seat must be 1 to {players}")
        played = score_play(tokens, players=players, variant=variant)
        true_score = played.totals[seat - 1]
        items = [e.as_dict() for e in played.events if e.seat == seat - 1 and e.points]
        cards = " ".join(tokens) + f" (seat {seat})"
    verdict = rule(true_score, claim, event.muggins, muggins_call)
    sentence = f"game {game}, {player.name}, {kind} {cards}: {verdict.sentence()}"
    session.add(Ruling(event_id=event.id, game_no=game, player_id=player.id, kind="crib" if crib else kind, cards=cards,
                       claim=claim, true_score=true_score, muggins=verdict.muggins, summary=sentence))
    session.flush()
    return {"total": true_score, "items": items, **verdict.as_dict(), "ruling": sentence}


def rulings_of(session: Session, event: Event) -> list[dict]:
    rows = session.exec(select(Ruling, Player.name).join(Player, Player.id == Ruling.player_id)  # type: ignore[arg-type]
                        .where(Ruling.event_id == event.id).order_by(Ruling.id)).all()
    return [{"id": r.id, "game": r.game_no, "player": name, "kind": r.kind, "cards": r.cards, "claim": r.claim,
             "total": r.true_score, "muggins": r.muggins, "ruling": r.summary} for r, name in rows]
