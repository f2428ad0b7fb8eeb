"""Cards as typed (5H, 10h, TH, Q♠, ...) into Cards: a hand with its starter
from one deck, or a pegging sequence of cards and go's. The parsing of one card
is the engine's (engine/cards.py); here the tokens a person typed become the
values the services take, and a bad token is refused before any service runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Sequence, Union

from crib_tourney.engine.cards import Card, parse_card, parse_cards
from crib_tourney.engine.play import GO
from crib_tourney.errors import CardError, CribError, PlayError
from crib_tourney.records import record

if TYPE_CHECKING:
    from crib_tourney.engine.gamefile import GameSheet

Cards = tuple[Card, ...]
Go = Literal["go"]
PlayToken = Union[Card, Go]  # a card played, or a go


def cards(tokens: Sequence[str]) -> Cards:
    """Cards from one deck: a card typed twice is refused, naming it.

    >>> [str(c) for c in cards(["th", "Q♠"])]
    ['10H', 'QS']
    """
    return tuple(parse_cards(tokens))


def hand(tokens: Sequence[str], starter: str) -> tuple[Cards, Card]:
    """A hand (or crib) and its starter, all from one deck."""
    seen: set[Card] = set()
    held = tuple(parse_cards(tokens, seen))
    (turned,) = parse_cards([starter], seen)
    return held, turned


def play(tokens: Sequence[str]) -> tuple[PlayToken, ...]:
    """A pegging sequence as it happened: each token a card or 'go'. Whether the
    sequence could have happened (a card played twice, a count past 31) is the
    engine's to judge; here each token must be a card or a go."""
    found: list[PlayToken] = []
    for position, raw in enumerate(tokens, start=1):
        token = raw.strip()
        if token.lower() == GO:
            found.append("go")
            continue
        try:
            found.append(parse_card(token))
        except CardError as exc:
            raise PlayError(f"token {position} '{raw}': {exc}") from None
    return tuple(found)



@record
class Count:
    """A disputed count: a hand (or crib) and its starter."""

    hand: Cards
    starter: Card
    crib: bool = False


@record
class Peg:
    """A disputed pegging: the play as it happened, and the seat in dispute (1 = who led)."""

    play: tuple[PlayToken, ...]
    seat: int = 1


@record
class WholeGame:
    """A disputed game (who went out first): its deals, and the seat in dispute."""

    sheet: GameSheet
    seat: int = 1


def disputed(kind: str, tokens: Sequence[str], starter: str | None, crib: bool = False, seat: int = 1,
             sheet: GameSheet | None = None) -> Count | Peg | WholeGame:
    """What a ruling is asked about: a count (the hand and --starter), a peg (the
    play, and --seat) or a whole game (its file, read by the caller, and --seat)."""
    if kind not in ("count", "peg", "game"):
        raise CribError(f"unknown ruling kind '{kind}' (count, peg or game)")
    if kind == "game":
        if sheet is None:
            raise CribError("a game ruling needs the game's file")
        return WholeGame(sheet, seat)
    if kind == "peg":
        return Peg(play(tokens), seat)
    if starter is None:
        raise CribError("a count ruling needs --starter")
    held, turned = hand(tokens, starter)
    return Count(held, turned, crib)
