"""Rulings at the table: the engine's dispute check, stored with the game."""

from __future__ import annotations

from typing import Literal, TypedDict, Union, cast

from crib_tourney.engine.dispute import Ruling, rule
from crib_tourney.engine.game import GameResult, Score, SkunkLines, score_game
from crib_tourney.engine.play import PlayEvent, score_play
from crib_tourney.engine.show import Item, count_show
from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.cards import Count, Peg, WholeGame
from crib_tourney.records import record
from crib_tourney.store import qualifying as q
from crib_tourney.store import rulings as store
from crib_tourney.store.directory import entries_of, members_of
from crib_tourney.store.events import load_event
from crib_tourney.store.players import players_by_id
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log


@record
class RulingMade:
    """A ruling kept with its game: the true count item by item, and the verdict on the claim."""

    game: int
    player: str
    kind: Literal["count", "peg", "game"]
    cards: str  # the cards as the ruling records them: "5H 5D 5S JC starter 5C (crib)"
    total: int
    items: tuple[Union[Item, PlayEvent, Score], ...]
    verdict: Ruling
    claim: int
    seat: int | None = None  # a peg or whole-game ruling: the seat in dispute
    played: GameResult | None = None  # a whole-game ruling: the game as the rules score it

    def said(self) -> str:
        """The verdict as a ruling is kept and printed (a whole game has no muggins)."""
        if self.kind != "game":
            return self.verdict.sentence()
        return f"claimed {self.claim}, the game gives seat {self.seat} {self.total}"


def make_ruling(db: Db, event_id: int, game: int, player_id: int, disputed: Count | Peg | WholeGame, claim: int,
                muggins_call: int | None = None, by: Actor = CLI) -> RulingMade:
    """Settle a disputed count, pegging or whole game (who went out first) of a
    player who sat in this game, and keep the ruling with the game (in the event's log)."""
    event = load_event(db, event_id)
    player = players_by_id(db, [player_id]).get(player_id)
    if player is None:
        raise NotFound(f"no player #{player_id}")
    members = members_of(db, event)  # in a team event the ruling is about one member of a team
    entry = next((e.id for e in entries_of(db, event) if player.id in members.get(e.id, ())), None)
    if entry is None or not q.pairings_of(db, event.id, entry, game):
        if not q.game_exists(db, event.id, game):
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{player.name} has no seat in game {game} of {event.name}")
    variant = get_variant(event.variant)
    players = event.sides * event.team_size  # the table: two sides (partners of three: six players), or three
    items: tuple[Union[Item, PlayEvent, Score], ...]
    played_out: GameResult | None = None
    kind: Literal["count", "peg", "game"]
    if isinstance(disputed, Count):
        kind = "count"
        shown = count_show(disputed.hand, disputed.starter, is_crib=disputed.crib, variant=variant, players=players)
        true_score, items = shown.total, shown.items
        cards = " ".join(str(c) for c in disputed.hand) + f" starter {disputed.starter}" + (" (crib)" if disputed.crib else "")
    elif not 1 <= disputed.seat <= players:
        raise CribError(f"--seat must be 1 to {players}")
    elif isinstance(disputed, Peg):
        kind = "peg"
        tokens = [str(t) for t in disputed.play]  # the engine reads the play as tokens: each card in its canonical form
        played = score_play(tokens, players=players, variant=variant)
        true_score = played.totals[disputed.seat - 1]
        items = tuple(e for e in played.events if e.seat == disputed.seat - 1 and e.points)
        cards = " ".join(tokens) + f" (seat {disputed.seat})"
    else:  # who went out first: the whole game, scored in the order of the rules
        kind = "game"
        sheet = disputed.sheet
        sides = event.sides if variant.seated(players).teams else None  # a table seats two sides, or three
        if get_variant(sheet.variant or variant.name) != variant or sheet.players not in (None, players) \
                or sheet.team_count not in (None, sides):
            raise CribError(f"the file's game is not {event.name}'s: {variant.name}, {players} players"
                            + ({2: ", two teams", 3: ", three teams"}[sides] if sides else ""))
        played_out = score_game(sheet, variant, players, sides, SkunkLines(event.skunk_margin, event.double_skunk_margin))
        true_score = played_out.final[disputed.seat - 1]
        items = () if played_out.out is None else (played_out.out,)
        cards = f"{len(played_out.deals)} deals (seat {disputed.seat}): {played_out.sentence()}"
    verdict = rule(true_score, claim, event.muggins and kind != "game", muggins_call)
    seat = None if isinstance(disputed, Count) else disputed.seat
    made = RulingMade(game, player.name, kind, cards, true_score, items, verdict, claim, seat, played_out)
    change = Change(db, "ruling", Log(event.id), by)
    store.insert_ruling(change, dict(event_id=event.id, game_no=game, player_id=player.id,
                                     kind="crib" if isinstance(disputed, Count) and disputed.crib else kind,
                                     cards=cards, claim=claim, true_score=true_score, muggins=verdict.muggins,
                                     summary=made.said()))
    change.log(f"game {game}, {player.name}, {kind} {cards}: {made.said()}")
    return made


class RulingRow(TypedDict):
    """A ruling as kept (`print rulings`)."""

    id: int
    game: int
    player: str
    kind: str
    cards: str
    claim: int
    total: int
    muggins: int
    verdict: str


def rulings_of(db: Db, event_id: int) -> list[RulingRow]:
    return cast(list[RulingRow], store.rulings_of(db, event_id))
