"""Money as typed into cents, and a pool's terms (its kind and how it pays) into
the values the pool services take. Amounts are whole cents from here on
(tourney/money.py holds the rule for what an amount may look like)."""

from __future__ import annotations

from typing import Literal

from crib_tourney.errors import CribError
from crib_tourney.tourney.money import parse_money
from crib_tourney.tourney.pools import DEFAULT_PAYOUT, parse_payout

PoolKind = Literal["side", "q"]
POOL_KINDS: dict[str, PoolKind] = {"side": "side", "q": "q"}


def cents(text: str, what: str = "amount") -> int:
    """The cents of an amount typed as 25, 25.5, 25.50 or $25 (no sign, no
    thousands, two decimals at most).

    >>> cents("12.5")
    1250
    """
    return parse_money(text, what)


def pool_kind(text: str) -> PoolKind:
    """side (pays by final place) or q (a Q-pool), as typed in any case."""
    kind = text.strip().lower()
    if kind not in POOL_KINDS:
        raise CribError(f"a pool is side or q (a Q-pool), not '{kind}'")
    return POOL_KINDS[kind]


def pool_payout(text: str | None, kind: PoolKind) -> str:
    """How a pool pays, checked (places:50,30,20, equal or top-double) and in
    the form it is stored in; none typed: the usual payout of its kind.

    >>> pool_payout(" Places:60,40 ", "side"), pool_payout(None, "q")
    ('places:60,40', 'equal')
    """
    chosen = text or DEFAULT_PAYOUT[kind]
    parse_payout(chosen)
    return chosen.strip().lower()
