"""Exact distribution of show scores over every (hand, starter) combination.

Scoring all 12,994,800 standard combinations one by one is far too slow in Python.
Fifteens, pairs and runs depend on ranks alone, so we walk the rank multisets of
the hand (1,820 for four cards) times the starter's rank, and then count suit
patterns: by symmetry the starter's suit is fixed (times 4), and only a flush and
nobs depend on which suits the hand cards hold. Each hand's subset sums are counted
once, so a starter of value v adds the hand's subsets making 15 and 15 - v: the
fifteens of all 13 starters cost one pass, not 13 x 31 subsets.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any, Iterator

from crib_tourney.engine.cards import JACK
from crib_tourney.engine.show import run_points
from crib_tourney.engine.variants import STANDARD, Variant
from crib_tourney.errors import VariantError
from crib_tourney.records import record


@record
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

    def as_dict(self) -> dict[str, Any]:
        return {"combinations": self.combinations, "mean": self.mean, "counts": self.counts}


def score_distribution(variant: Variant = STANDARD, crib: bool = False) -> Distribution:
    if crib and not variant.has_crib:
        raise VariantError(f"{variant.name} has no crib")
    size = variant.crib_size if crib else variant.hand_size
    tally: Counter[int] = Counter()
    held = [0] * 15  # held[r]: cards of rank r (1-13) in the hand; 14 stays 0 to end runs
    for _ in _rank_multisets(held, size, 1):
        # Scored once per hand: the subsets summing to each total, the pairs, the
        # suit choices. Each starter then adds O(1) fifteens and pairs, and runs.
        sums = _subset_sums(held)
        hand_pairs = sum(m * (m - 1) for m in held)
        suit_ways = 1
        for m in held:
            suit_ways *= COMB4[m]
        distinct = max(held) == 1
        for starter in range(1, 14):
            m = held[starter]
            if m == 4:
                continue
            value = VALUE[starter]
            base = 2 * (sums[15] + sums[15 - value]) + hand_pairs + 2 * m
            held[starter] += 1
            base += run_points(held, variant.run_of_three_points)
            held[starter] -= 1
            ways = suit_ways // COMB4[m] * COMB3[m]  # the starter's rank has one suit fewer for the hand
            _add_suit_patterns(tally, base, ways, held, starter, distinct, crib, size, variant)
    top = max(score for score, n in tally.items() if n)
    # times 4: the starter's suit was fixed to one of four symmetric suits
    return Distribution([4 * tally.get(score, 0) for score in range(top + 1)])


VALUE = [0] + [min(rank, 10) for rank in range(1, 14)]
COMB4 = [comb(4, m) for m in range(5)]
COMB3 = [comb(3, m) for m in range(4)]


def _rank_multisets(held: list[int], left: int, rank: int) -> Iterator[None]:
    """Fill ``held`` in place with every multiset of ``left`` more ranks from
    ``rank`` up (at most four of a rank), yielding once for each."""
    if left == 0:
        yield
        return
    if rank > 13:
        return
    for m in range(min(4, left), -1, -1):
        held[rank] = m
        yield from _rank_multisets(held, left - m, rank + 1)
    held[rank] = 0


def _subset_sums(held: list[int]) -> list[int]:
    """sums[t]: subsets of the hand whose pip values add to t (0-15)."""
    sums = [1] + [0] * 15
    for rank in range(1, 14):
        for _ in range(held[rank]):
            value = VALUE[rank]
            for total in range(15, value - 1, -1):
                sums[total] += sums[total - value]
    return sums


def _add_suit_patterns(
    tally: Counter[int],
    base: int,
    ways: int,
    held: list[int],
    starter: int,
    distinct: bool,
    crib: bool,
    size: int,
    variant: Variant,
) -> None:
    """Add every suit assignment of the hand (``ways`` of them), with the starter's suit fixed."""
    # Hands with a jack of the starter's suit (never when the starter is a jack).
    jacks = held[JACK]
    nobs_ways = 0
    if jacks and starter != JACK:
        nobs_ways = ways // COMB4[jacks] * COMB3[jacks - 1]
    flush_with_starter = flush_without = 0
    if distinct:
        flush_with_starter = 0 if held[starter] else 1
        flush_without = 3
    has_jack = bool(jacks)
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
