"""Exact distribution of show scores over every (hand, starter) combination.

Scoring all 12,994,800 standard combinations one by one is far too slow in Python.
Fifteens, pairs and runs depend on ranks alone, so we walk the rank multisets of
the hand (1,820 for four cards) times the starter's rank, score each once, and then
count suit patterns: by symmetry the starter's suit is fixed (times 4), and only a
flush and nobs depend on which suits the hand cards hold.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

from crib_tourney.engine.cards import JACK
from crib_tourney.engine.show import rank_points
from crib_tourney.engine.variants import STANDARD, Variant
from crib_tourney.errors import VariantError


@dataclass(frozen=True)
class Distribution:
    counts: list[int]  # counts[s] = number of combinations scoring s

    @property
    def combinations(self) -> int:
        return sum(self.counts)

    @property
    def total_points(self) -> int:
        return sum(score * n for score, n in enumerate(self.counts))

    @property
    def mean(self) -> float:
        return self.total_points / self.combinations

    def as_dict(self) -> dict:
        return {"combinations": self.combinations, "mean": self.mean, "counts": self.counts}


def score_distribution(variant: Variant = STANDARD, crib: bool = False) -> Distribution:
    if crib and not variant.has_crib:
        raise VariantError(f"{variant.name} has no crib")
    size = variant.crib_size if crib else variant.hand_size
    tally: Counter[int] = Counter()
    for hand_ranks in combinations_with_replacement(range(1, 14), size):
        held = Counter(hand_ranks)
        if max(held.values()) > 4:
            continue
        distinct = len(held) == size
        for starter in range(1, 14):
            if held[starter] == 4:
                continue
            base = rank_points(hand_ranks + (starter,))
            _add_suit_patterns(tally, base, held, starter, distinct, crib, size, variant)
    top = max(score for score, n in tally.items() if n)
    # times 4: the starter's suit was fixed to one of four symmetric suits
    return Distribution([4 * tally.get(score, 0) for score in range(top + 1)])


def _add_suit_patterns(
    tally: Counter[int],
    base: int,
    held: Counter[int],
    starter: int,
    distinct: bool,
    crib: bool,
    size: int,
    variant: Variant,
) -> None:
    """Add every suit assignment of the hand, with the starter's suit fixed."""
    # Ways to give each hand rank its suits; the starter's rank has one suit fewer.
    ways = 1
    for rank, n in held.items():
        ways *= comb(3 if rank == starter else 4, n)
    # Hands with a jack of the starter's suit (never when the starter is a jack).
    nobs_ways = 0
    if held[JACK] and starter != JACK:
        nobs_ways = ways // comb(4, held[JACK]) * comb(3, held[JACK] - 1)
    flush_with_starter = flush_without = 0
    if distinct:
        flush_with_starter = 0 if starter in held else 1
        flush_without = 3
    has_jack = bool(held[JACK])
    per_card = variant.hand_flush_points_per_card
    # A flush in the starter's suit includes any jack, so it always carries nobs.
    five_points = (size + 1) * per_card if variant.flush_counts_starter else size * per_card
    nobs_in_flush = flush_with_starter if has_jack and starter != JACK else 0
    tally[base + five_points + variant.nobs_points * has_jack * (starter != JACK)] += flush_with_starter
    if crib and variant.crib_flush_needs_starter:
        flush_points = 0  # four of a suit without the starter is no crib flush
    else:
        flush_points = size * per_card
    tally[base + flush_points] += flush_without
    plain_nobs = nobs_ways - nobs_in_flush
    tally[base + variant.nobs_points] += plain_nobs
    tally[base] += ways - flush_with_starter - flush_without - plain_nobs
