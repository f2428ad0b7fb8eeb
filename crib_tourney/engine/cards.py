"""Cards and their parsing.

Users type cards in many ways: ``5H``, ``10h``, ``TH``, ``qs``, ``Q♠``, ``J♦``,
``a♣``. Every card prints back in one canonical form (``10H``, ``QS``).
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from crib_tourney.errors import CardError

RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_TOKENS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_TOKENS.update({str(n): n for n in range(2, 10)})
_SUIT_TOKENS = {
    "S": "S", "♠": "S", "♤": "S",
    "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D",
    "C": "C", "♣": "C", "♧": "C",
}
SUITS = "SHDC"
JACK = 11


class Card(NamedTuple):
    """A card, ordered by rank then suit. A named tuple rather than an ordered frozen
    dataclass (the same immutable value): made at every count, its dataclass cost
    the engine commands 2 ms of start-up."""

    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # one of S H D C

    @property
    def value(self) -> int:
        """Pip value: ace 1, faces 10."""
        return min(self.rank, 10)

    def __str__(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"


def parse_card(token: str) -> Card:
    """Parse one card token, or raise CardError naming the token."""
    text = token.strip().upper()
    if len(text) < 2:
        raise CardError(f"'{token}' is not a card (expected rank and suit, e.g. 5H, 10S, QD)")
    rank_text, suit_text = text[:-1], text[-1]
    if rank_text not in _RANK_TOKENS:
        raise CardError(f"'{token}' is not a card: unknown rank '{rank_text}' (use A 2-10 T J Q K)")
    if suit_text not in _SUIT_TOKENS:
        raise CardError(f"'{token}' is not a card: unknown suit '{token.strip()[-1]}' (use S H D C or ♠ ♥ ♦ ♣)")
    return Card(_RANK_TOKENS[rank_text], _SUIT_TOKENS[suit_text])


def parse_cards(tokens: Iterable[str], seen: set[Card] | None = None) -> list[Card]:
    """Parse tokens into cards, refusing any card already in ``seen`` (one deck:
    a card appears once in a whole situation). ``seen`` is updated in place."""
    seen = set() if seen is None else seen
    cards = []
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardError(f"card {card} ('{token}') appears twice; one deck has one {card}")
        seen.add(card)
        cards.append(card)
    return cards


def full_deck() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
