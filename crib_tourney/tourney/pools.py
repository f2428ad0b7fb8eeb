"""Side pools and Q-pools: how a pool pays what it collected, to the cent.

A pool's payout is one of
  places:50,30,20  by finishing place among the pool's entrants (a Q-pool: by seed
                   among its entrants who qualified); tied entrants share;
  equal            equal shares among its entrants who qualified;
  top-double       the same, the best of them taking a double share;
  graduated:RATIO  the ACC portal's graduated side pool (below), by finishing place.
Every pool pays exactly what it collected once its winners are known, but a
graduated pool, whose amounts are rounded to $5: what rounding leaves over (to
the cent) is the director's to place.

The graduated pool, as the ACC portal's calculator computes it: winners
w = ceil(players / ratio); fund = players x fee; base = fund / (w(w+1)/2). If
base > fee, place i (1..w) gets round5(base x (w - i + 1)); else each gets his fee
back plus round5(base' x (w - i)), base' = (fund - fee x w) / (w(w+1)/2 - w).
round5 rounds to the nearest $5, halves up. The issue's examples:

>>> [c // 100 for c in graduated_table(20, 6, 1000)]
[80, 60, 40, 20]
>>> [c // 100 for c in graduated_table(25, 4, 1000)]
[60, 55, 45, 35, 25, 20, 10]
>>> [c // 100 for c in graduated_table(10, 2, 1000)]
[30, 25, 20, 15, 10]
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from crib_tourney.errors import CribError
from crib_tourney.tourney.numbers import abbreviated
from crib_tourney.tourney.money import parse_payouts, payout_shares, split_cents

KINDS = {"side": 6, "q": 2}  # the most of each an event may run (as ACC events run them)
DEFAULT_PAYOUT = {"side": "places:50,30,20", "q": "equal"}


FIVE_DOLLARS = 500  # cents: what graduated payouts are rounded to
MAX_RATIO = 1000


def parse_payout(text: str, stored: bool = False) -> tuple[str, list[Decimal]]:
    """('places', percentages) | ('equal', []) | ('top-double', []) | ('graduated', [ratio]);
    ``stored``: as an older release read its places."""
    clean = text.strip().lower()
    if clean in ("equal", "top-double"):
        return clean, []
    if clean.startswith("graduated:"):
        ratio = clean[len("graduated:"):].strip()
        if not (ratio.isascii() and ratio.isdigit()) or len(ratio) > 4 or not 1 <= int(ratio) <= MAX_RATIO:
            raise CribError(f"a graduated pool pays one player in RATIO: a whole number from 1 to {MAX_RATIO}"
                            f" (graduated:6), not '{abbreviated(ratio)}'")
        return "graduated", [Decimal(int(ratio))]
    if clean.startswith("places:"):
        percents = parse_payouts(clean[len("places:"):], stored)
        if not percents or sum(percents) != 100:
            raise CribError(f"a pool pays out all it collects: the places must add up to 100, not {sum(percents)}"
                            f" ('{text}')")
        return "places", percents
    raise CribError(f"a pool pays by places:50,30,20, equal, top-double or graduated:RATIO, not '{text}'")


def round5(cents: Fraction) -> int:
    """To the nearest $5, halves up.

    >>> round5(Fraction(1250)), round5(Fraction(1249)), round5(Fraction(5143))
    (1500, 1000, 5000)
    """
    return math.floor(cents / FIVE_DOLLARS + Fraction(1, 2)) * FIVE_DOLLARS


def graduated_table(players: int, ratio: int, fee: int) -> list[int]:
    """The cents each place wins in a graduated pool of ``players`` who paid ``fee`` cents."""
    if players < 1:
        return []
    winners = min(players, math.ceil(players / ratio))
    fund = players * fee
    triangle = winners * (winners + 1) // 2
    base = Fraction(fund, triangle)
    if base > fee:
        return [round5(base * (winners - i + 1)) for i in range(1, winners + 1)]
    if triangle == winners:  # one winner, who paid as much as the fund holds: his fee back
        return [fee]
    rest = Fraction(fund - fee * winners, triangle - winners)
    return [fee + round5(rest * (winners - i)) for i in range(1, winners + 1)]



def pool_prizes(payout: str, collected: int, finish: list[list[int]], qualified: list[int]) -> dict[int, int]:
    """Cents per entrant. ``finish``: the pool's entrants in finishing order,
    tied ones grouped; ``qualified``: its entrants who qualified, in seed order."""
    how, percents = parse_payout(payout, stored=True)
    if how == "graduated":
        players = sum(len(group) for group in finish)
        table = graduated_table(players, int(percents[0]), collected // players if players else 0)
        return _by_places(finish, table)
    if how == "places":
        bands, place = [], 1
        for group in finish:
            bands.append((place, place + len(group) - 1, group))
            place += len(group)
        return payout_shares(bands, collected, percents)
    if not qualified:
        return {}
    weights = [2 if how == "top-double" and k == 0 else 1 for k in range(len(qualified))]
    return dict(zip(qualified, split_cents(collected, weights)))


def _by_places(finish: list[list[int]], amounts: list[int]) -> dict[int, int]:
    """Cents per entrant when place i wins ``amounts[i - 1]``: tied entrants share
    the places they cover equally (the leftover cents to the first of them)."""
    prizes: dict[int, int] = {}
    place = 1
    for group in finish:
        pot = sum(amounts[place - 1:place - 1 + len(group)])
        place += len(group)
        if pot:
            prizes.update(zip(group, split_cents(pot, [1] * len(group))))
    return prizes
