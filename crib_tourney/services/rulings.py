"""Rulings at the table: the engine's dispute check, stored with the game."""

from __future__ import annotations

from crib_tourney.engine.cards import parse_cards
from crib_tourney.engine.dispute import rule
from crib_tourney.engine.game import SkunkLines, score_game
from crib_tourney.engine.gamefile import GameSheet
from crib_tourney.engine.play import score_play
from crib_tourney.engine.show import count_show
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError
from crib_tourney.store.writer import Change, Log
from crib_tourney.store import qualifying as q
from crib_tourney.store import rulings as store
from crib_tourney.store.directory import entries_of, find_event, find_player, members_of
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db


def make_ruling(
    db: Db, event_ref: str, game: int, player_ref: str, kind: str, tokens: list[str], claim: int,
    starter: str | None, crib: bool, seat: int, muggins_call: int | None, game_sheet: GameSheet | None = None,
) -> dict:
    if kind not in ("count", "peg", "game"):
        raise CribError(f"unknown ruling kind '{kind}' (count, peg or game)")
    event = find_event(db, event_ref)
    player = find_player(db, player_ref)
    members = members_of(db, event)  # in a team event the ruling is about one member of a team
    entry = next((e.id for e in entries_of(db, event) if player.id in members.get(e.id, ())), None)
    if entry is None or not q.pairings_of(db, event.id, entry, game):
        if not q.game_exists(db, event.id, game):
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{player.name} has no seat in game {game} of {event.name}")
    variant = get_variant(event.variant)
    players = 2 * event.team_size  # the table: two sides (partners of three: six players)
    if kind == "count":
        if starter is None:
            raise CribError("a count ruling needs --starter")
        seen: set = set()
        hand = parse_cards(tokens, seen)
        (starter_card,) = parse_cards([starter], seen)
        shown = count_show(hand, starter_card, is_crib=crib, variant=variant, players=players)
        true_score = shown.total
        items = [i.as_dict() for i in shown.items]
        cards = " ".join(str(c) for c in hand) + f" starter {starter_card}" + (" (crib)" if crib else "")
    else:
        if not 1 <= seat <= players:
            raise CribError(f"--seat must be 1 to {players}")
    if kind == "peg":
        played = score_play(tokens, players=players, variant=variant)
        true_score = played.totals[seat - 1]
        items = [e.as_dict() for e in played.events if e.seat == seat - 1 and e.points]
        cards = " ".join(tokens) + f" (seat {seat})"
    elif kind == "game":  # who went out first: the whole game, scored in the order of the rules
        if game_sheet is None:
            raise CribError("a game ruling needs the game's file")
        sides = 2 if variant.seated(players).teams else None  # a table seats two sides
        if get_variant(game_sheet.variant or variant.name) != variant or game_sheet.players not in (None, players) \
                or game_sheet.team_count not in (None, sides):
            raise CribError(f"the file's game is not {event.name}'s: {variant.name}, {players} players"
                            + (", two teams" if sides else ""))
        played_out = score_game(game_sheet, variant, players, sides, SkunkLines(event.skunk_margin, event.double_skunk_margin))
        true_score = played_out.final[seat - 1]
        items = [] if played_out.out is None else [played_out.out.as_dict()]
        cards = f"{len(played_out.deals)} deals (seat {seat}): {played_out.sentence()}"
    verdict = rule(true_score, claim, event.muggins and kind != "game", muggins_call)
    said = verdict.sentence() if kind != "game" else f"claimed {claim}, the game gives seat {seat} {true_score}"
    sentence = f"game {game}, {player.name}, {kind} {cards}: {said}"
    change = Change(db, "ruling", Log(event.id))
    store.insert_ruling(change, dict(event_id=event.id, game_no=game, player_id=player.id, kind="crib" if crib else kind,
                                     cards=cards, claim=claim, true_score=true_score, muggins=verdict.muggins,
                                     summary=said))
    change.log(sentence)
    return {"total": true_score, "items": items, **verdict.as_dict(), "ruling": sentence,
            **({"game": played_out.as_dict()} if kind == "game" else {})}


def rulings_of(db: Db, event: Event) -> list[dict]:
    return store.rulings_of(db, event.id)
