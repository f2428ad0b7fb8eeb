"""Prize money: the payout table and each place's share."""

from __future__ import annotations

import math

from crib_tourney.errors import CribError


def payout_shares(bands: list[tuple[int, int, list[int]]], fund: float, percents: list[float]) -> dict[int, float]:
    """Prize per player: a band shares the percentages of the places it covers."""
    prizes: dict[int, float] = {}
    for first, last, players in bands:
        share = sum(percents[i - 1] for i in range(first, last + 1) if i <= len(percents))
        if not share:
            continue  # places beyond the payout table win nothing
        for player in players:
            prizes[player] = round(fund * share / 100 / len(players), 2)
    return prizes


def parse_payouts(text: str) -> list[float]:
    if not text.strip():
        return []
    try:
        values = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
        if not all(math.isfinite(v) for v in values):
            raise ValueError
    except ValueError:
        raise CribError(f"payouts must be percentages separated by commas, e.g. 40,25,12.5,12.5 (not '{text}')") from None
    if any(v < 0 for v in values) or sum(values) > 100 + 1e-9:
        raise CribError(f"payout percentages must be positive and add up to at most 100 (they add to {sum(values):g})")
    return values
