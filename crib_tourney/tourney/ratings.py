"""Ratings across events: every rated game of the database, a Glicko-2 rating period
per event (a league night is an event), in the order the events were played.

What is rated (the caller turns the database into games): each final game of two
sides (1 for a win, 0 for a loss, 1/2 for a drawn score); a three-handed table as
the three pairwise results of its places (1st beats 2nd and 3rd, 2nd beats 3rd,
losers on one score draw); each playoff game, and a cut playoff. Forfeits and
byes are not games and are not rated. A game may carry an advantage for the
player who dealt first (where the database knows who did).

A player's first period starts from the rating imported for him, or from a
newcomer's 1500 / RD 50 / volatility 0.01 (START). Not Glickman's 350 / 0.06, which
suit chess, where players differ by hundreds of points: cribbage is mostly luck
(players' true strengths spread some 50 points, the best tenth beating the worst
tenth about 70% of the time), and a deviation of 350 reads one lucky night as a
300-point player, its predictions 15 points too sure (tests/benchmarks/bench_ratings.py
measured 350 / 0.06, 80 / 0.01 and 50 / 0.01: the largest gap between predicted and
observed win rates in a decile 14.8, 5.2 and 1.5 points; Spearman with true skill
0.56, 0.68, 0.68). A period in which a rated player has no game widens his deviation
(Glickman's step 6), so a player idle for many events is shown less certain; it
never grows past a newcomer's.
Those widenings are applied when he next plays, and at the end, all at once:
k idle periods add k times the volatility squared, exactly as k single steps.

>>> games = [Game(1, 2, 1.0), Game(1, 3, 1.0), Game(2, 3, 0.5)]
>>> done = rate([Period(10, games)], {})
>>> [(p.player, round(p.rating), round(p.rd), p.games) for p in ranked(done.players.values())]
[(1, 1514, 49, 2), (2, 1493, 49, 2), (3, 1493, 49, 2)]
>>> pairwise([(7, 121), (8, 100), (9, 100)], target_loses=False)
[Game(a=7, b=8, score=1.0, advantage=0.0), Game(a=7, b=9, score=1.0, advantage=0.0), Game(a=8, b=9, score=0.5, advantage=0.0)]
"""

from __future__ import annotations

from typing import Collection, Iterable, Mapping, NamedTuple, Sequence

from crib_tourney.tourney.glicko2 import BASE, SCALE, TAU, Rating, g, idle, step

START = Rating(1500.0, 50.0, 0.01)  # a newcomer's rating (see above)
PROVISIONAL = 0.9  # a rating whose RD is above 90% of a newcomer's is provisional: about his first nine games
FIRST_DEAL = 38.0  # the first dealer's edge in rating points, where who dealt first is known


class Game(NamedTuple):
    """One rated game: players a and b, a's score (1, 1/2, 0), a's advantage in rating points."""

    a: int
    b: int
    score: float
    advantage: float = 0.0


class Period(NamedTuple):
    """One event's rated games: Games, or plain (a, b, score, advantage) tuples (a rebuild
    makes 220,000 of them: a tuple costs a third of a Game)."""

    event: int
    games: Sequence[tuple[int, int, float, float]]


class Standing(NamedTuple):
    """A player's rating now: after his last period, widened by the periods since."""

    player: int
    rating: float
    rd: float
    volatility: float
    games: int
    last_event: int | None


def provisional(rd: float, start_rd: float = START.rd) -> bool:
    """A rating still as uncertain as a newcomer's, nearly."""
    return rd > PROVISIONAL * start_rd


class Step(NamedTuple):
    """One player's rating before and after one event."""

    player: int
    event: int
    before: Rating
    after: Rating
    games: int
    points: float  # his score in the event's rated games


class Ratings(NamedTuple):
    players: dict[int, Standing]
    steps: list[Step]


def rank_key(p: Standing) -> tuple[float, float, int]:
    """Where a player stands on the list (the smaller first): highest rating first,
    equal ratings (to six places) by the smaller deviation, then player id."""
    return (-round(p.rating, 6), round(p.rd, 6), p.player)


def ranked(players: Iterable[Standing]) -> list[Standing]:
    """Highest rating first; equal ratings by the smaller deviation, then player id."""
    return sorted(players, key=rank_key)


def pairwise(places: Sequence[tuple[int, int]], target_loses: bool) -> list[Game]:
    """A table of several sides, (player, score) each, as the pairwise results of their places."""
    games = []
    for i, (a, own) in enumerate(places):
        for b, other in places[i + 1:]:
            better = own < other if target_loses else own > other
            games.append(Game(a, b, 0.5 if own == other else (1.0 if better else 0.0)))
    return games


def restep(games: Iterable[tuple[int, int, float, float]], pre: Mapping[int, Rating], who: Collection[int],
           tau: float = TAU) -> dict[int, tuple[Rating, int, float]]:
    """rate()'s step of one period for the players ``who`` alone: each one's rating
    after it, his games and his points (those without a game left out), from the
    ratings at the period's start (``pre``: theirs and their opponents'). A step
    starts from the ratings before the period, so another player's does not depend
    on theirs: a few players' results changed in the last period are rated again
    without the others (services/ratings_since.py).

    >>> games = [Game(1, 2, 1.0), Game(1, 3, 1.0), Game(2, 3, 0.5)]
    >>> again = restep(games, dict.fromkeys((1, 2, 3), START), {2})
    >>> step_2 = next(s for s in rate([Period(10, games)], {}).steps if s.player == 2)
    >>> again[2] == (step_2.after, step_2.games, step_2.points)
    True
    """
    shown = {p: ((r.rating - BASE) / SCALE, r.rd / SCALE, r.volatility) for p, r in pre.items()}
    faced: dict[int, list[tuple[float, float, float, float]]] = {p: [] for p in who}
    points = dict.fromkeys(who, 0.0)
    for a, b, score, advantage in games:
        edge = advantage / SCALE if advantage else 0.0
        if a in faced:
            faced[a].append((shown[b][0], g(shown[b][1]), score, edge))
            points[a] += score
        if b in faced:
            faced[b].append((shown[a][0], g(shown[a][1]), 1.0 - score, -edge))
            points[b] += 1.0 - score
    after = {}
    for p, opponents in faced.items():
        if opponents:
            mu, phi, sigma = step(*shown[p], opponents, tau)
            after[p] = (Rating(BASE + SCALE * mu, SCALE * phi, sigma), len(opponents), points[p])
    return after


def rate(periods: Iterable[Period], start: Mapping[int, Rating], tau: float = TAU, unrated: Rating = START) -> Ratings:
    """Every player's rating after ``periods`` (in order), from ``start`` ratings (others
    from ``unrated``, whose deviation is also the most any deviation grows to)."""
    # each rated player: mu, phi, sigma (Glicko-2's scale), the index of his last period
    # with a game, his games, that period's event (one dict: a rebuild writes it 440,000 times)
    state: dict[int, tuple[float, float, float, int, int, int]] = {}
    steps: list[Step] = []
    cap = unrated.rd / SCALE
    index = 0
    for period in periods:
        if not period.games:
            continue
        pre: dict[int, tuple[float, float, float, float]] = {}  # mu, phi, sigma, g(phi) at the period's start
        for game in period.games:
            for p in game[:2]:
                if p in pre:
                    continue
                known = state.get(p)
                if known is not None:
                    m, ph, sg, last = known[:4]
                    if last != index - 1:
                        ph = idle(ph, sg, index - last - 1, cap)
                    pre[p] = (m, ph, sg, g(ph))
                else:
                    r = start.get(p, unrated)
                    ph = r.rd / SCALE
                    pre[p] = ((r.rating - BASE) / SCALE, ph, r.volatility, g(ph))
        opponents: dict[int, list[tuple[float, float, float, float]]] = {p: [] for p in pre}
        points = dict.fromkeys(pre, 0.0)
        for a, b, score, advantage in period.games:
            mu_a, _, _, g_a = pre[a]
            mu_b, _, _, g_b = pre[b]
            edge = advantage / SCALE if advantage else 0.0
            opponents[a].append((mu_b, g_b, score, edge))
            opponents[b].append((mu_a, g_a, 1.0 - score, -edge))
            points[a] += score
            points[b] += 1.0 - score
        event = period.event
        for p, faced in opponents.items():
            m, ph, sg, _ = pre[p]
            new_mu, new_phi, new_sigma = step(m, ph, sg, faced, tau)
            steps.append(Step(p, event, Rating(BASE + SCALE * m, SCALE * ph, sg),
                              Rating(BASE + SCALE * new_mu, SCALE * new_phi, new_sigma), len(faced), points[p]))
            known = state.get(p)
            state[p] = (new_mu, new_phi, new_sigma, index, len(faced) + (known[4] if known else 0), event)
        index += 1
    players = {p: Standing(p, BASE + SCALE * m, SCALE * idle(ph, sg, index - last - 1, cap), sg, n, event)
               for p, (m, ph, sg, last, n, event) in state.items()}
    for p, r in start.items():  # imported, not yet played here
        if p not in players:
            players[p] = Standing(p, r.rating, r.rd, r.volatility, 0, None)
    return Ratings(players, steps)
