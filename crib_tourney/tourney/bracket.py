"""Playoff brackets as pure functions: the cut, seeding, layouts for single and
double elimination, and the state of a bracket computed from its games.

A bracket is stored as a layout (matches whose two slots name a *source*: a seed,
or the winner or loser of an earlier match) plus the games played. Everything else
(who is in each match, who won, the champion) is computed from those two, so a
corrected game can never leave a stale name behind in a later round.
"""

from __future__ import annotations

import math
from dataclasses import field
from typing import Mapping

from crib_tourney.records import record
from crib_tourney.tourney.scoring import won_game
from crib_tourney.errors import CribError

# Where a slot's player comes from: ('seed', seed number) or ('winner' | 'loser' | 'reset', match key).
Source = tuple[str, int | str]


def qualifier_count(entrants: int, ratio: float) -> int:
    """One in four by ACC rules, fractions rounded up, never to a full bracket."""
    return math.ceil(entrants * ratio - 1e-9)


def bracket_size(qualifiers: int) -> int:
    return 1 << max(1, (qualifiers - 1).bit_length())


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order: 1 and 2 can meet only in the final, 1-4 only in the
    semifinals, and so on; first-round pairs are (s, size+1-s)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def wins_needed(best_of: int) -> int:
    return best_of // 2 + 1


@record(frozen=False)
class MatchSpec:
    """One match of a layout. Sources: ('seed', s), ('winner', key), ('loser', key),
    or ('reset', key) for a grand-final reset played only if the losers' side won."""

    key: str
    bracket: str  # W (winners / single), L (losers), F (grand final)
    round: int
    position: int
    sources: tuple[Source, Source]
    best_of: int
    stage: int | None  # a loser here is eliminated at this stage (None: drops to L)


def single_elimination(qualifiers: int, best_of: int, final_best_of: int) -> list[MatchSpec]:
    size = bracket_size(qualifiers)
    rounds = size.bit_length() - 1
    order = seed_order(size)
    specs: list[MatchSpec] = []
    for r in range(1, rounds + 1):
        for p in range(1, size // 2**r + 1):
            sources: tuple[Source, Source]
            if r == 1:
                sources = (("seed", order[2 * p - 2]), ("seed", order[2 * p - 1]))
            else:
                sources = (("winner", f"W{r-1}.{2*p-1}"), ("winner", f"W{r-1}.{2*p}"))
            specs.append(MatchSpec(f"W{r}.{p}", "W", r, p, sources, final_best_of if r == rounds else best_of, r))
    return specs


def double_elimination(qualifiers: int, best_of: int, final_best_of: int, reset: bool) -> list[MatchSpec]:
    """Winners' bracket, losers' bracket (losers of each winners' round drop in,
    in reversed order so early rematches are avoided), grand final and reset."""
    size = bracket_size(qualifiers)
    k = size.bit_length() - 1
    specs = [MatchSpec(s.key, "W", s.round, s.position, s.sources, best_of, None)
             for s in single_elimination(qualifiers, best_of, best_of)]
    stage = 0
    if k >= 2:
        for j in range(1, k):
            # odd losers' round: pair up (losers of W1 in round 1, else survivors)
            stage += 1
            count = size // 2 ** (j + 1)
            for p in range(1, count + 1):
                if j == 1:
                    sources = (("loser", f"W1.{2*p-1}"), ("loser", f"W1.{2*p}"))
                else:
                    sources = (("winner", f"L{2*j-2}.{2*p-1}"), ("winner", f"L{2*j-2}.{2*p}"))
                specs.append(MatchSpec(f"L{2*j-1}.{p}", "L", 2 * j - 1, p, sources, best_of, stage))
            # even losers' round: survivors meet the losers of the next winners' round
            stage += 1
            for p in range(1, count + 1):
                sources = (("winner", f"L{2*j-1}.{p}"), ("loser", f"W{j+1}.{count + 1 - p}"))
                specs.append(MatchSpec(f"L{2*j}.{p}", "L", 2 * j, p, sources, best_of, stage))
        losers_champion: Source = ("winner", f"L{2*k-2}.1")
    else:
        losers_champion = ("loser", "W1.1")
    stage += 1
    specs.append(MatchSpec("F1", "F", 1, 1, (("winner", f"W{k}.1"), losers_champion), final_best_of, stage))
    if reset:
        specs.append(MatchSpec("F2", "F", 2, 1, (("reset", "F1"), ("reset", "F1")), final_best_of, stage + 1))
    return specs


BYE = -1  # a slot that will never hold a player


@record(frozen=False)
class GameRecord:
    players: tuple[int, int]
    scores: tuple[int, int]
    forfeit_by: int | None = None
    target_loses: bool = False  # backward cribbage

    @property
    def winner(self) -> int:
        if self.forfeit_by is not None:
            return self.players[1] if self.forfeit_by == self.players[0] else self.players[0]
        return self.players[0] if won_game(self.scores[0], self.scores[1], self.target_loses) else self.players[1]


@record(frozen=False)
class MatchState:
    spec: MatchSpec
    players: list[int | None]  # None: not known yet; BYE: never filled
    games: list[GameRecord] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None  # a player id, BYE, or None while undecided
    loser: int | None = None
    invalid_games: list[GameRecord] = field(default_factory=list)

    @property
    def open(self) -> bool:
        return self.winner is None and all(p is not None and p != BYE for p in self.players)

    @property
    def void(self) -> bool:
        return self.players == [BYE, BYE]


def compute(specs: list[MatchSpec], seeds: dict[int, int], games: dict[str, list[GameRecord]]) -> dict[str, MatchState]:
    """Fill every match from its sources, in layout order, and decide it from its
    games. Games whose two players are not the match's players are set aside as
    invalid (a correction upstream changed who plays there)."""
    states: dict[str, MatchState] = {}
    for spec in specs:
        players: list[int | None] = []
        for kind, ref in spec.sources:
            if kind == "seed":
                players.append(seeds.get(int(ref), BYE))
            else:
                source = states[str(ref)]
                if kind == "winner":
                    players.append(source.winner)
                elif kind == "loser":
                    players.append(source.loser)
                else:  # reset: the final is replayed only if the losers' champion won it
                    if source.winner is None:
                        players.append(None)
                    elif source.winner == source.players[1] and source.winner != BYE:
                        players.append(source.players[len(players)])
                    else:
                        players.append(BYE)
        state = MatchState(spec, players)
        _decide(state, games.get(spec.key, []))
        states[spec.key] = state
    return states


def _decide(state: MatchState, games: list[GameRecord]) -> None:
    a, b = state.players
    if a == BYE or b == BYE:
        if a == BYE and b == BYE:
            state.winner = state.loser = BYE
        elif a is not None and b is not None:
            state.winner, state.loser = (b, a) if a == BYE else (a, b)
        state.invalid_games = list(games)
        return
    if a is None or b is None:
        state.invalid_games = list(games)
        return
    needed = wins_needed(state.spec.best_of)
    for game in games:
        if set(game.players) != {a, b} or state.winner is not None:
            state.invalid_games.append(game)
            continue
        state.games.append(game)
        state.wins[0 if game.winner == a else 1] += 1
        if max(state.wins) >= needed:
            state.winner, state.loser = (a, b) if state.wins[0] > state.wins[1] else (b, a)


def champion(specs: list[MatchSpec], states: dict[str, MatchState]) -> int | None:
    last = specs[-1]
    if last.key == "F2" and states["F2"].void:
        last = specs[-2]
    winner = states[last.key].winner
    return None if winner in (None, BYE) else winner


def placings(specs: list[MatchSpec], states: dict[str, MatchState], qualifiers: int) -> list[tuple[int, int, list[int]]]:
    """(first place, last place, players) bands: champion, runner-up, then losers
    by the stage they went out, later stages placing higher. Before the champion is
    known, the bands of every finished stage are already certain, counted up from
    the last place, so early prizes can be paid."""
    by_stage: dict[int, list[int]] = {}
    finished: dict[int, bool] = {}
    for spec in specs:
        state = states[spec.key]
        if spec.stage is None:
            continue
        finished[spec.stage] = finished.get(spec.stage, True) and state.winner is not None
        if state.loser in (None, BYE):
            continue
        if spec.key == "F1" and "F2" in states and not states["F2"].void:
            continue  # the winners' champion lost F1 but plays on in the reset
        by_stage.setdefault(spec.stage, []).append(state.loser)
    top = champion(specs, states)
    if top is None:
        bands: list[tuple[int, int, list[int]]] = []
        last = qualifiers
        for stage in sorted(finished):
            if not finished[stage]:
                break
            players = by_stage.get(stage, [])
            if players:
                bands.insert(0, (last - len(players) + 1, last, players))
                last -= len(players)
        return bands
    bands = [(1, 1, [top])]
    place = 2
    for stage in sorted(by_stage, reverse=True):
        players = by_stage[stage]
        bands.append((place, place + len(players) - 1, players))
        place += len(players)
    return bands


def tables(specs: list[MatchSpec], states: dict[str, MatchState]) -> dict[str, int]:
    """The table of each match to be played: a round's matches sit at tables 1, 2, ...
    in bracket order, and a bye is no match (no table), so the real matches of a
    round with byes still sit at 1..n, not at the even numbers. Byes are known from
    the seeds at the cut, so a match's table never moves as the bracket is played.

    In a double elimination the losers' bracket is played while the winners' is
    (its first round starts as soon as two winners' first-round matches end), so its
    tables follow the winners' first round's: never two matches at one table.

    >>> specs = single_elimination(6, 3, 5)  # a bracket of 8: seeds 1 and 2 have byes
    >>> tables(specs, compute(specs, {s: 10 + s for s in range(1, 7)}, {}))
    {'W1.2': 1, 'W1.4': 2, 'W2.1': 1, 'W2.2': 2, 'W3.1': 1}
    >>> double = tables(specs := double_elimination(8, 1, 1, True), compute(specs, {s: s for s in range(1, 9)}, {}))
    >>> [double[k] for k in ("W1.1", "W1.4", "W2.1", "L1.1", "L1.2", "L2.1", "F1")]
    [1, 4, 1, 5, 6, 5, 1]
    """
    found: dict[str, int] = {}
    count: dict[tuple[str, int], int] = {}
    for spec in specs:
        if BYE in states[spec.key].players:
            continue
        n = count[(spec.bracket, spec.round)] = count.get((spec.bracket, spec.round), 0) + 1
        found[spec.key] = n
    after = count.get(("W", 1), 0)  # the losers' bracket sits after the winners' first round
    return {key: n + after if key.startswith("L") else n for key, n in found.items()}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def round_name(spec: MatchSpec, specs: list[MatchSpec]) -> str:
    if spec.bracket == "F":
        return "grand final" if spec.round == 1 else "grand final (reset)"
    rounds = max(s.round for s in specs if s.bracket == spec.bracket)
    if spec.bracket == "L":
        return f"losers' round {spec.round}" + (" (final)" if spec.round == rounds else "")
    left = rounds - spec.round
    if any(s.bracket == "F" for s in specs):
        return f"winners' round {spec.round}" + (" (final)" if left == 0 else "")
    return {0: "final", 1: "semifinal", 2: "quarterfinal"}.get(left, f"round {spec.round}")


def first_dealer(rule: str, game: int, state: MatchState, names: Mapping[int, str]) -> str:
    """Who deals first in game ``game`` of a match under the event's rule."""
    if game == 1 or rule == "cut":
        return "cut for deal"
    if game - 2 < len(state.games):
        previous = state.games[game - 2]
        loser = previous.players[1] if previous.winner == previous.players[0] else previous.players[0]
        if rule == "loser":
            return f"{names.get(loser, 'loser of game %d' % (game - 1))} (lost game {game - 1})"
    if rule == "loser":
        return f"loser of game {game - 1}"
    return f"whoever did not deal game {game - 1}"


def cascade(specs: list[MatchSpec], seeds: dict[int, int], games: dict[str, list[GameRecord]], key: str,
            new_games: list[GameRecord]) -> tuple[dict[str, MatchState], list[str]]:
    """The bracket with match ``key`` played as ``new_games``, and the later
    matches whose games could no longer stand (a correction changed who plays
    there). Refuses a correction that voids later games of the same match."""
    trial = dict(games)
    trial[key] = new_games
    states = compute(specs, seeds, trial)
    if states[key].invalid_games:
        raise CribError(f"with this correction the match {key} is decided after game {len(states[key].games)}, "
                        f"so games after it could not stand; correct those games first")
    return states, [k for k, st in states.items() if st.invalid_games]
