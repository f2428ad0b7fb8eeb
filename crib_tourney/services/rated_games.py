"""The rated games, read from the database: every final game of every event as
Glicko-2 sees it (tourney/ratings.py rates them; services/ratings.py keeps them).

A two-sided table counts when its cards count (they agree, or the director entered
or settled the game) and neither side forfeited: 1 for a win, 0 for a loss, 1/2 for
a drawn score, the other way round in a variant where reaching the target loses.
A three-sided table counts as the pairwise results of its places once every side
has a card and they agree (or were settled into versions that give the same
places). Each playoff game not forfeited counts, the first dealer's edge going to
the player who dealt first where the event has the loser of a game deal the next;
a cut playoff counts as one game. The ratings start from those imported with the
roster (starting_ratings), else from a newcomer's.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any, Sequence

from crib_tourney.engine.variants import get_variant
from crib_tourney.store import ratings as store
from crib_tourney.store.sql import Db
from crib_tourney.tourney.glicko2 import Rating
from crib_tourney.tourney.ratings import START, Game, Period, pairwise


def _result(own: int, opp: int, backward: bool) -> float:
    if own == opp:
        return 0.5
    return 1.0 if (own < opp if backward else own > opp) else 0.0


def periods(db: Db, first_deal: float, only: store.Only | None = None) -> list[Period]:
    """Every event's rated games, events in the order played (``only``: one event's
    games that some entries played, in the same order)."""
    events = [e for e in store.events(db) if only is None or e[0] == only.event]
    games: dict[int, list[tuple[int, int, float, float]]] = {e[0]: [] for e in events}
    backward = {e[0]: get_variant(e[3]).reaching_target_loses for e in events}
    loser_deals = {e[0] for e in events if e[4] == "loser"}
    for event, a, b, own, opp, b_own, b_opp in store.two_sided(db, only):
        if own == b_opp and opp == b_own:  # the cards agree (nearly every table: tested inline, 220,000 of them)
            if own != opp:
                games[event].append((a, b, 1.0 if (own > opp) != backward[event] else 0.0, 0.0))
            else:
                games[event].append((a, b, 0.5, 0.0))
            continue
        score = _result(own, opp, backward[event])
        if score == 1.0 - _result(b_own, b_opp, backward[event]):  # settled: a table where both were charged a loss is no result
            games[event].append((a, b, score, 0.0))
    for (event, _pairing, *seats), cards in groupby(store.three_sided(db, only), key=lambda r: r[:5]):
        games[event] += _three_handed(seats, [c[5:] for c in cards], backward[event])
    for (event, _match), played in groupby(store.playoff_games(db, only), key=lambda r: r[:2]):
        previous: tuple[Any, ...] | None = None
        for _, _, game, a, b, s1, s2 in played:
            score = _result(s1, s2, backward[event])
            edge = 0.0
            if event in loser_deals and previous is not None and previous[0] == game - 1:
                dealer = previous[1]  # the loser of the game before deals this one
                edge = first_deal if dealer == a else (-first_deal if dealer == b else 0.0)
            games[event].append(Game(a, b, score, edge))
            previous = (game, a if score == 0.0 else (b if score == 1.0 else None))
    for event, winner, loser in store.cut_playoffs(db, only):
        games[event].append(Game(winner, loser, 1.0))
    return [Period(e[0], games[e[0]]) for e in events]


def _three_handed(seats: Sequence[int | None], cards: list[tuple[Any, ...]], backward: bool) -> Sequence[tuple[int, int, float, float]]:
    """The pairwise results of a three-sided table, in seat order, when it is final: every
    side has a card, no forfeit, and the cards agree, or were settled (by the ACC rule or
    the director: each keeps his version) into versions that all give the same places.
    Else none."""
    sides = [s for s in seats if s is not None]
    if len(cards) != len(sides) or {c[0] for c in cards} != set(sides) or any(c[4] != "none" for c in cards):
        return []
    player = {c[0]: int(c[5]) for c in cards}
    versions = []
    for entry, own, opp, opp2, _, _, _ in cards:  # each card's version: every side's score, in seat order
        scores = dict(zip([s for s in sides if s != entry], [opp, opp2]))
        scores[entry] = own
        versions.append([(player[s], int(scores[s])) for s in sides])
    if all(v == versions[0] for v in versions):
        return pairwise(versions[0], backward)
    if all(c[6] == "resolved" for c in cards):
        results = [pairwise(v, backward) for v in versions]
        if all(r == results[0] for r in results):
            return results[0]
    return []


def starting_ratings(db: Db, players: Sequence[int] | None = None) -> dict[int, Rating]:
    """Every player given a starting rating (of these ``players``): the rating, with the
    deviation and volatility imported with it, else a newcomer's by default
    (tourney/ratings.START, whatever a rebuild's settings)."""
    return {p: Rating(r, START.rd if d is None else float(d), START.volatility if v is None else float(v))
            for p, r, d, v in store.start_ratings(db, players)}
