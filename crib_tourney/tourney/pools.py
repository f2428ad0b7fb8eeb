"""Side pools and Q-pools: how a pool pays what it collected, to the cent.

A pool's payout is one of
  places:50,30,20  by finishing place among the pool's entrants (a Q-pool: by seed
                   among its entrants who qualified); tied entrants share;
  equal            equal shares among its entrants who qualified;
  top-double       the same, the best of them taking a double share.
Every pool pays exactly what it collected once its winners are known.
"""

from __future__ import annotations

from decimal import Decimal

from crib_tourney.errors import CribError
from crib_tourney.tourney.money import parse_payouts, payout_shares, split_cents

KINDS = {"side": 6, "q": 2}  # the most of each an event may run (as ACC events run them)
DEFAULT_PAYOUT = {"side": "places:50,30,20", "q": "equal"}


def parse_payout(text: str, stored: bool = False) -> tuple[str, list[Decimal]]:
    """('places', percentages) | ('equal', []) | ('top-double', []); ``stored``:
    as an older release read its places."""
    clean = text.strip().lower()
    if clean in ("equal", "top-double"):
        return clean, []
    if clean.startswith("places:"):
        percents = parse_payouts(clean[len("places:"):], stored)
        if not percents or sum(percents) != 100:
            raise CribError(f"a pool pays out all it collects: the places must add up to 100, not {sum(percents)}"
                            f" ('{text}')")
        return "places", percents
    raise CribError(f"a pool pays by places:50,30,20, equal or top-double, not '{text}'")


def pool_prizes(payout: str, collected: int, finish: list[list[int]], qualified: list[int]) -> dict[int, int]:
    """Cents per entrant. ``finish``: the pool's entrants in finishing order,
    tied ones grouped; ``qualified``: its entrants who qualified, in seed order."""
    how, percents = parse_payout(payout, stored=True)
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
