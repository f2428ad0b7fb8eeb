"""Rulings at the table: the engine's dispute check, stored with the game."""

from __future__ import annotations

from itertools import groupby
from typing import Any, Literal, TypedDict, Union, cast

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
from crib_tourney.store.directory import entries_of, entry_names, members_of
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


@record
class SettledDispute:
    """A table whose players' cards the director settled (ACC 12.2): its sides,
    the cards they handed in (kept when settled by the rule; none kept when a lone
    card was copied or the director chose one), and the result recorded for each
    side, every score in the table's seat order. ``how``: "rule" (by ACC 12.2 once every card
    was in), "provisional" (by the rule before the last qualifying game: judged
    again then), "rejudged" (judged again at cross-checking, the outcome changed),
    "director" (a lone card copied, or the card the director chose)."""

    game: int
    table: int | None
    sides: tuple[str, ...]
    cards: tuple[tuple[str, tuple[int, ...]], ...]  # (whose card, its scores)
    settled: tuple[tuple[str, tuple[int, ...]], ...]  # (for whom, the scores recorded): ACC 12.2(e) may charge each side a loss
    how: Literal["rule", "provisional", "rejudged", "director"]


def settled_disputes(db: Db, event_id: int) -> list[SettledDispute]:
    """Every card dispute of the event the director settled, in game and table order
    (the rulings sheet lists them with the rulings made at the table)."""
    event = load_event(db, event_id)
    names = entry_names(db, event)
    kept: dict[tuple[int, int | None], list[tuple[Any, ...]]] = {}
    for game, table, *card in store.kept_cards(db, event.id):
        kept.setdefault((game, table), []).append(tuple(card))
    found = []
    for (game, table, *entries), rows in groupby(store.settled_tables(db, event.id), key=lambda r: r[:5]):
        sides = tuple(e for e in entries if e is not None)
        outcomes = [r[5:] for r in rows]
        sources = {o[5] for o in outcomes}
        cards = kept.get((game, table), [])
        how: Literal["rule", "provisional", "rejudged", "director"] = (
            "rejudged" if "rejudged" in sources else "provisional" if "provisional" in sources else "rule" if cards else "director")
        found.append(SettledDispute(game, table, tuple(names[e] for e in sides),
                                    tuple((names[c[0]], _in_seat_order(sides, *c[:4])) for c in cards),
                                    tuple((names[o[0]], _in_seat_order(sides, *o[:4])) for o in outcomes), how))
    return found


def _in_seat_order(sides: tuple[int, ...], entry: int, own: int, opp: int, opp2: int | None) -> tuple[int, ...]:
    """One side's card (its own score, then the others') as scores in seat order.

    >>> _in_seat_order((4, 7), 7, 121, 100, None)
    (100, 121)
    >>> _in_seat_order((4, 7, 9), 7, 121, 100, 85)
    (100, 121, 85)
    """
    others = [s for s in sides if s != entry]
    by_side = dict(zip([entry, *others], (own, opp, opp2 or 0)))
    return tuple(by_side[s] for s in sides)
