"""Money, exact to the cent: amounts are whole cents (ints) from the moment they
are typed; percentages are Decimals; a sum split into shares hands its leftover
cents to the higher places, so what is paid always adds up to the fund.

>>> split_cents(1000, [1, 1, 1])
[334, 333, 333]
>>> format_money(1250)
'12.50'
"""

from __future__ import annotations

import re
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import Sequence

from crib_tourney.errors import CribError
from crib_tourney.tourney.numbers import abbreviated

MAX_CENTS = 10**11  # a billion: no cribbage purse comes near, and far from the database's limits
_AMOUNT = re.compile(r"([0-9]{1,12})(?:\.([0-9]{1,2}))?")  # ASCII digits: \d takes Arabic-Indic ones too


def parse_money(text: str, what: str = "amount") -> int:
    """Cents of an amount typed as 25, 25.5 or 25.50 (no sign, no thousands, two decimals at most)."""
    clean = str(text).strip()
    clean = clean[1:] if clean.startswith("$") else clean  # one dollar sign: '$$25' is a slip, not 25
    match = _AMOUNT.fullmatch(clean)
    if not match:
        raise CribError(f"{what} must be an amount like 25 or 12.50, not '{text}'")
    cents = int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0"))
    if cents > MAX_CENTS:
        raise CribError(f"{what} {text} is out of range")
    return cents


def format_money(cents: int) -> str:
    """Cents as an amount; a negative one (a ledger's balance) keeps its sign: -1750 is -17.50."""
    sign, whole = ("-" if cents < 0 else ""), abs(cents)
    return f"{sign}{whole // 100}.{whole % 100:02d}"


# A percentage as typed: ASCII digits, at most four decimals. Decimal() alone also
# takes '1e2', '1_00' and Arabic-Indic digits.
_PERCENT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,4})?")


def parse_percent(text: str, what: str = "percentage") -> Decimal:
    clean = str(text).strip()
    if not _PERCENT.fullmatch(clean) or not 0 <= Decimal(clean) <= 100:
        raise CribError(f"{what} must be a number from 0 to 100, not '{text}'")
    return Decimal(clean)


def parse_payouts(text: str, stored: bool = False) -> list[Decimal]:
    """The payout table: percentages per place, e.g. 40,25,12.5,12.5. Every place
    is a percentage typed in ASCII digits ('50,,50' has an empty place; '1e2',
    '1_00' and '١٠٠' are refused). ``stored``: a table an older release kept,
    read as it read it."""
    if not text.strip():
        return []
    places = [v.strip() for v in text.replace(";", ",").split(",")]
    if stored:
        places = [v for v in places if v]
    for bad in ([] if stored else [v for v in places if not _PERCENT.fullmatch(v)][:1]):
        if bad.startswith("-") and _PERCENT.fullmatch(bad[1:]):
            raise CribError(f"payout percentages must be positive and add up to at most 100 (not {bad})")
        raise CribError("payouts must be percentages separated by commas, e.g. 40,25,12.5,12.5 ("
                        + (f"'{abbreviated(bad)}'" if bad else "an empty place") + f" in '{abbreviated(text, 80)}')")
    try:
        values = [Decimal(v) for v in places]
        if not all(v.is_finite() for v in values):
            raise InvalidOperation
    except InvalidOperation:
        raise CribError(f"payouts must be percentages separated by commas, e.g. 40,25,12.5,12.5 (not '{text}')") from None
    if any(v < 0 for v in values) or sum(values) > 100:
        raise CribError(f"payout percentages must be positive and add up to at most 100 (they add to {sum(values)})")
    return values


def split_cents(total: int, weights: Sequence[Decimal | int]) -> list[int]:
    """``total`` cents in proportion to ``weights``, floored to the cent, the
    leftover cents one each to the first (highest) shares."""
    whole = sum(Decimal(w) for w in weights)
    if total == 0 or whole == 0:
        return [0] * len(weights)
    shares = [int((Decimal(total) * Decimal(w) / whole).to_integral_value(ROUND_FLOOR)) for w in weights]
    paying = [k for k, w in enumerate(weights) if w]
    for k in range(total - sum(shares)):  # fewer cents than shares are left over
        shares[paying[k % len(paying)]] += 1
    return shares


def part_of(total: int, percent: Decimal) -> int:
    """The cents of ``percent`` of ``total``, floored."""
    return int((Decimal(total) * percent / 100).to_integral_value(ROUND_FLOOR))


def payout_shares(bands: list[tuple[int, int, list[int]]], fund: int, percents: list[Decimal]) -> dict[int, int]:
    """Cents per player: each place gets its percentage of the fund, players tied
    in a band share the places they cover equally, and the cents left by rounding
    go to the higher places, so the prizes add up to the paid part of the fund
    exactly (all of it when the percentages add up to 100)."""
    places = len(percents)
    paid = part_of(fund, sum(percents, Decimal(0))) if sum(percents, Decimal(0)) < 100 else fund
    per_place = split_cents(paid, percents) if percents else []
    prizes: dict[int, int] = {}
    for first, last, players in bands:
        pot = sum(per_place[i - 1] for i in range(first, last + 1) if i <= places)
        if not pot:
            continue  # places beyond the payout table win nothing
        for player, cents in zip(players, split_cents(pot, [1] * len(players))):
            prizes[player] = cents
    return prizes

