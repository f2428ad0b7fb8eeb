"""A whole game as written down: its deals (hands, crib, starter, play), read from
JSON or from a simple text form into frozen values. This module checks the
shape and the card codes; whether the game could have happened under a
variant's rules (hand sizes, one deck, the play following the hands) is
``engine.game``'s business.

JSON::

    {"variant": "standard", "players": 2,
     "deals": [{"dealer": 1, "hands": [["5H", "5D", "5S", "JC"], ["2C", "3C", "4C", "6D"]],
                "crib": ["7H", "8H", "9S", "KD"], "starter": "JH",
                "play": ["2C", "5H", "3C", "5D", "4C", "5S", "6D", "JC"]}]}

Seats are numbered 1..N in playing order (to the dealer's left is the next
seat); the play lists the cards in the order they were played, and whose card
each is and where the goes fell follow from the hands. Optional keys:
``team_count`` (partners: how many teams), ``start`` (each seat's score before
the first deal listed, when the file holds only the end of a game) and, in
solitaire, ``free_crib`` (``{"cards": [...], "starter": ...}``).

The text form holds the same, one item a line (``#`` starts a comment)::

    variant standard
    players 2
    dealer 1
    seat 1: 5H 5D 5S JC
    seat 2: 2C 3C 4C 6D
    crib: 7H 8H 9S KD
    starter: JH
    play: 2C 5H 3C 5D 4C 5S 6D JC

Every ``dealer N`` line starts a deal; ``free crib: ...`` then ``starter: ...``
give solitaire's free crib.
"""

from __future__ import annotations

import json
from typing import Any

from crib_tourney.engine.cards import Card, parse_card
from crib_tourney.errors import CardError, GameError
from crib_tourney.records import record

MAX_DEALS = 1000  # every deal pegs at least the last card: no game to 121 comes near
MAX_SEATS = 52
MAX_SCORE = 10_000
TOP_KEYS = ("variant", "players", "team_count", "start", "deals", "free_crib")
DEAL_KEYS = ("dealer", "hands", "crib", "starter", "play")


@record
class DealSheet:
    """One deal as written: ``dealer`` is a seat number from 1 (None: the next
    seat after the last deal's dealer), ``hands`` the cards each seat kept for
    the play and the show, in seat order."""

    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card
    play: tuple[Card, ...]


@record
class FreeCrib:
    """Solitaire's free crib: the last four cards and their starter."""

    cards: tuple[Card, ...]
    starter: Card


@record
class GameSheet:
    variant: str | None
    players: int | None
    team_count: int | None
    start: tuple[int, ...] | None  # each seat's score before the first deal listed
    deals: tuple[DealSheet, ...]
    free_crib: FreeCrib | None = None


def parse_game(text: str) -> GameSheet:
    """A game from its JSON (text starting with '{') or its text form."""
    if text.lstrip().startswith("{"):
        return game_from_data(_load_json(text))
    return game_from_data(_text_to_data(text))


def _load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameError(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise GameError("not valid JSON: nested too deeply") from None
    except ValueError:  # an integer past Python's 4,300 digits
        raise GameError("not valid JSON: a number far too long") from None


def _shown(value: Any) -> str:
    """A value in an error message, never a page long."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"{what} must be a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise GameError(f"{what} must be {low} to {high}, not {_shown(value)}")
    return value


def _list(value: Any, what: str, longest: int) -> list[Any]:
    if not isinstance(value, list):
        raise GameError(f"{what} must be a list, not {_shown(value)}")
    if len(value) > longest:
        raise GameError(f"{what} has {len(value)} entries; at most {longest}")
    return value


def _card(value: Any, what: str) -> Card:
    if not isinstance(value, str):
        raise GameError(f"{what}: {_shown(value)} is not a card (write cards as text, e.g. \"5H\")")
    if value.strip().lower() == "go":
        raise GameError(f"{what}: list only the cards played; the goes follow from the hands")
    try:
        return parse_card(value)
    except CardError as exc:
        raise GameError(f"{what}: {exc}") from None


def _cards(value: Any, what: str, longest: int = MAX_SEATS) -> tuple[Card, ...]:
    return tuple(_card(v, f"{what}, card {i}") for i, v in enumerate(_list(value, what, longest), start=1))


def _check_keys(data: dict[str, Any], allowed: tuple[str, ...], what: str) -> None:
    for key in data:
        if key not in allowed:
            raise GameError(f"{what}: unknown key {_shown(key)} (keys: {', '.join(allowed)})")


def game_from_data(data: Any) -> GameSheet:
    """A game from parsed JSON (or the text form's equivalent)."""
    if not isinstance(data, dict):
        raise GameError(f"a game is an object with its deals, not {_shown(data)}")
    _check_keys(data, TOP_KEYS, "the game")
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise GameError(f"variant must be a name, not {_shown(variant)}")
    players = None if data.get("players") is None else _whole(data["players"], "players", 1, MAX_SEATS)
    team_count = None if data.get("team_count") is None else _whole(data["team_count"], "team_count", 1, MAX_SEATS)
    start = None
    if data.get("start") is not None:
        start = tuple(_whole(v, f"start, seat {i}", 0, MAX_SCORE)
                      for i, v in enumerate(_list(data["start"], "start", MAX_SEATS), start=1))
    if "deals" not in data:
        raise GameError("the game has no 'deals'")
    deals = _list(data["deals"], "deals", MAX_DEALS)
    free_crib = None
    if data.get("free_crib") is not None:
        free = data["free_crib"]
        if not isinstance(free, dict):
            raise GameError(f"free_crib must be an object with its cards and starter, not {_shown(free)}")
        _check_keys(free, ("cards", "starter"), "free_crib")
        if "starter" not in free:
            raise GameError("free_crib has no starter")
        free_crib = FreeCrib(_cards(free.get("cards", []), "free crib"), _card(free["starter"], "free crib, starter"))
    if not deals and free_crib is None:
        raise GameError("the game has no deals")
    return GameSheet(variant, players, team_count, start,
                     tuple(_deal(d, n) for n, d in enumerate(deals, start=1)), free_crib)


def _deal(data: Any, number: int) -> DealSheet:
    where = f"deal {number}"
    if not isinstance(data, dict):
        raise GameError(f"{where} must be an object (dealer, hands, crib, starter, play), not {_shown(data)}")
    _check_keys(data, DEAL_KEYS, where)
    dealer = None if data.get("dealer") is None else _whole(data["dealer"], f"{where}, dealer", 1, MAX_SEATS)
    if "hands" not in data:
        raise GameError(f"{where} has no hands")
    if "starter" not in data:
        raise GameError(f"{where} has no starter")
    hands = tuple(_cards(hand, f"{where}, seat {seat}'s hand")
                  for seat, hand in enumerate(_list(data["hands"], f"{where}, hands", MAX_SEATS), start=1))
    crib = _cards(data.get("crib") or [], f"{where}, crib")
    starter = _card(data["starter"], f"{where}, starter")
    play = _cards(data.get("play") or [], f"{where}, play", 4 * MAX_SEATS)
    return DealSheet(dealer, hands, crib, starter, play)


# --- the text form -------------------------------------------------------------

def _number(token: str, what: str, line: int) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 9:
        raise GameError(f"line {line}: {what} '{token[:20]}' is not a whole number")
    return int(token)


def _text_to_data(text: str) -> dict[str, Any]:
    """The text form, as the JSON it stands for (so both are checked alike)."""
    data: dict[str, Any] = {"deals": []}
    deal: dict[str, Any] | None = None
    free: dict[str, Any] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].replace(":", " ").split()
        if not words:
            continue
        key, rest = words[0].lower(), words[1:]
        key = "team_count" if key == "teams" else key
        where = f"line {number}"
        if key in ("variant", "players", "team_count", "start") and deal is None and free is None:
            if key == "variant":
                data[key] = " ".join(rest)
            elif key == "start":
                data[key] = [_number(w, "start", number) for w in rest]
            else:
                if len(rest) != 1:
                    raise GameError(f"{where}: {key} takes one number")
                data[key] = _number(rest[0], key, number)
        elif key == "dealer":
            if len(rest) != 1:
                raise GameError(f"{where}: dealer takes one seat number")
            deal = {"dealer": _number(rest[0], "dealer", number), "hands": [], "crib": [], "play": []}
            data["deals"].append(deal)
            free = None
        elif key == "free" and rest[:1] and rest[0].lower() == "crib":
            free = {"cards": rest[1:]}
            data["free_crib"] = free
            deal = None
        elif key == "starter" and (deal is not None or free is not None):
            if len(rest) != 1:
                raise GameError(f"{where}: starter takes one card")
            holder = deal if deal is not None else free
            assert holder is not None
            holder["starter"] = rest[0]
        elif key in ("seat", "hand") and deal is not None:
            if not rest:
                raise GameError(f"{where}: {key} needs a seat number, then its cards")
            seat = _number(rest[0], "seat", number)
            if seat != len(deal["hands"]) + 1:
                raise GameError(f"{where}: seat {seat}'s hand comes after seat {len(deal['hands'])}'s"
                                " (list the hands in seat order, from seat 1)")
            deal["hands"].append(rest[1:])
        elif key in ("crib", "play") and deal is not None:
            deal[key] = deal[key] + rest
        else:
            raise GameError(f"{where}: unexpected '{' '.join(words)[:30]}' (a game is variant, players, start, then for"
                            " each deal: dealer N, seat N: cards, crib: cards, starter: card, play: cards)")
    return data
