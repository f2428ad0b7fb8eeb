"""The show: counting a hand or crib (its cards plus the starter)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from dataclasses import dataclass
from typing import Any, Sequence

from crib_tourney.engine.cards import JACK, Card
from crib_tourney.engine.variants import STANDARD, Variant
from crib_tourney.errors import CardError, VariantError


@dataclass(frozen=True, slots=True)
class Item:
    kind: str  # fifteen, pair, run, flush, nobs
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class ShowCount:
    hand: tuple[Card, ...]
    starter: Card
    is_crib: bool
    items: tuple[Item, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def as_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "items": [item.as_dict() for item in self.items],
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.is_crib,
        }


def _value(rank: int) -> int:
    return min(rank, 10)


def fifteens(cards: Sequence[Card]) -> list[Item]:
    items = []
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(c.value for c in combo) == 15:
                items.append(Item("fifteen", tuple(combo), 2))
    return items


def pairs(cards: Sequence[Card]) -> list[Item]:
    return [Item("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank == b.rank]


def runs(cards: Sequence[Card], three_points: int = 3) -> list[Item]:
    """Every distinct run: for the longest stretch of consecutive ranks (3+), one
    run per way of choosing one card of each rank (double, triple, double-double).
    A run of exactly three scores ``three_points`` (Noddy: 2, in the hand as in the play)."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(cards):
        by_rank.setdefault(card.rank, []).append(card)
    items: list[Item] = []
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        stretch = []
        while rank in by_rank:
            stretch.append(rank)
            rank += 1
        if len(stretch) >= 3:
            combos: list[tuple[Card, ...]] = [()]
            for r in stretch:
                combos = [combo + (card,) for combo in combos for card in by_rank[r]]
            points = three_points if len(stretch) == 3 else len(stretch)
            items.extend(Item("run", combo, points) for combo in combos)
    return items


def flush(hand: Sequence[Card], starter: Card, is_crib: bool, variant: Variant) -> list[Item]:
    suits = {card.suit for card in hand}
    if len(suits) != 1:
        return []
    with_starter = starter.suit in suits
    if is_crib and variant.crib_flush_needs_starter and not with_starter:
        return []
    cards = tuple(hand) + ((starter,) if with_starter and variant.flush_counts_starter else ())
    return [Item("flush", cards, len(cards) * variant.hand_flush_points_per_card)]


def nobs(hand: Sequence[Card], starter: Card, variant: Variant) -> list[Item]:
    return [
        Item("nobs", (card,), variant.nobs_points)
        for card in hand
        if card.rank == JACK and card.suit == starter.suit
    ]


def check_show_cards(hand: Sequence[Card], starter: Card, is_crib: bool, variant: Variant, players: int | None = None) -> None:
    if is_crib and not variant.has_crib:
        raise VariantError(f"{variant.name} has no crib")
    expected = variant.crib_cards(players) if is_crib else variant.hand_size
    what = "crib" if is_crib else f"{variant.name} hand"
    if len(hand) != expected:
        raise CardError(f"a {what} holds {expected} cards plus the starter, not {len(hand)}")
    if starter in hand:
        raise CardError(f"card {starter} is both in the hand and the starter")
    if len(set(hand)) != len(hand):
        dup = next(c for c in hand if list(hand).count(c) > 1)
        raise CardError(f"card {dup} appears twice; one deck has one {dup}")


def count_show(
    hand: Sequence[Card], starter: Card, is_crib: bool = False, variant: Variant = STANDARD, players: int | None = None
) -> ShowCount:
    """Count a hand (or crib) with its starter, item by item, in the order a
    player says it: fifteens, pairs, runs, flush, nobs. ``players`` at the table
    sets the crib's size where it varies (partners with five or six)."""
    check_show_cards(hand, starter, is_crib, variant, players)
    all_cards = list(hand) + [starter]
    items = (
        fifteens(all_cards)
        + pairs(all_cards)
        + runs(all_cards, variant.run_of_three_points)
        + flush(hand, starter, is_crib, variant)
        + nobs(hand, starter, variant)
    )
    return ShowCount(tuple(hand), starter, is_crib, tuple(items))


def rank_points(ranks: Sequence[int]) -> int:
    """Points of the show that depend on ranks alone (fifteens, pairs, runs).
    Used by the exact statistics, which add flush and nobs by counting suits."""
    points = 0
    values = [_value(r) for r in ranks]
    n = len(values)
    # fifteens over every subset, by bitmask
    for mask in range(3, 1 << n):
        total = 0
        for i in range(n):
            if mask >> i & 1:
                total += values[i]
        if total == 15:
            points += 2
    held = [0] * 15
    for rank in ranks:
        held[rank] += 1
    return points + sum(m * (m - 1) for m in held) + run_points(held)  # C(m,2) pairs x 2 points


def run_points(held: Sequence[int], three_points: int = 3) -> int:
    """Runs of three or more, each counted once per way to pick its cards;
    ``held[r]`` is how many cards of rank r (1-13) there are, ``held[14]`` is 0.
    A run of exactly three scores ``three_points`` (Noddy: 2)."""
    points = 0
    rank = 1
    while rank <= 13:
        if not held[rank]:
            rank += 1
            continue
        length, ways = 0, 1
        while held[rank]:
            length += 1
            ways *= held[rank]
            rank += 1
        if length >= 3:
            points += (three_points if length == 3 else length) * ways
    return points


_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen"
    " fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS_WORDS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_word(n: int) -> str:
    """A count as it is said: 'twenty-two', 'one hundred sixteen'. A partners crib
    of six cards goes well past twenty fifteens-points (45 and more)."""
    if n < 0:
        return f"minus {number_word(-n)}"
    if n < 20:
        return _NUMBER_WORDS[n]
    if n < 100:
        tens, units = divmod(n, 10)
        return _TENS_WORDS[tens] + (f"-{_NUMBER_WORDS[units]}" if units else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_NUMBER_WORDS[hundreds]} hundred" + (f" {number_word(rest)}" if rest else "")
    return str(n)


def _pair_phrase(pair_count: int) -> str:
    return {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}.get(pair_count, f"{pair_count} pairs")


def spoken(count: ShowCount) -> str:
    """The count the way a player says it, e.g. 'fifteen two, fifteen four, ... and
    one for his nobs is 29'."""
    if count.total == 0:
        return "nineteen (no points) is 0"
    phrases: list[str] = []
    running = 0
    for item in count.items:
        if item.kind == "fifteen":
            running += item.points
            phrases.append(f"fifteen {number_word(running)}")
    pair_items = [i for i in count.items if i.kind == "pair"]
    by_rank = Counter(i.cards[0].rank for i in pair_items)
    for rank_pairs in by_rank.values():
        running += 2 * rank_pairs
        phrases.append(f"{_pair_phrase(rank_pairs)} is {running}")
    run_items = [i for i in count.items if i.kind == "run"]
    if run_items:
        length = len(run_items[0].cards)
        running += sum(i.points for i in run_items)
        label = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}.get(
            len(run_items), f"{len(run_items)} runs"
        )
        phrases.append(f"{label} of {number_word(length)} is {running}")
    for item in count.items:
        if item.kind == "flush":
            running += item.points
            phrases.append(f"a flush of {number_word(len(item.cards))} is {running}")
        elif item.kind == "nobs":
            running += item.points
            phrases.append(f"one for his nobs is {running}")
    if len(phrases) > 1:
        text = ", ".join(phrases[:-1]) + " and " + phrases[-1]
    else:
        text = phrases[0]
    if not text.endswith(f"is {count.total}"):
        text += f" is {count.total}"
    return text


def heels(starter: Card, variant: Variant = STANDARD) -> int:
    """His heels: the dealer's points for a jack turned as starter."""
    return variant.heels_points if starter.rank == JACK else 0
