"""The kept ratings brought up to date with the writes since they were kept, for
one player's read (`player history`), without rating every game again.

Glicko-2 rates a period from the ratings before it, so a result written in the
last rated period (the event in play) changes the ratings of its own players and
no one else's: theirs are stepped again (tourney/ratings.restep) from the ratings
they started the period with, against every game they now have in it, and
everyone else keeps his kept rating. The audit log says what was written since
the ratings were kept (`ratings rebuild` notes its newest entry): the tables
whose result could have changed give the players touched.

The first results of an event played after every rated one make a new period:
its players are rated as above, and everyone else sat it out, which grows his
deviation by one idle period (``Since.now``).

Anything else is not brought up to date here, and the reader makes the ratings
again from every game, as before: a result in an earlier event (every later
rating moves), results in two events, a changed date, variant, first-dealer
rule or starting rating, an entry given to another player, a deleted entry,
table or match, more than MOST players touched, or ratings kept by an older
release. What this gives equals a rebuild to the last bits of the
floating point (the kept rows hold ratings on the display scale); the tests
compare the two for every player after writes of each kind.
"""

from __future__ import annotations

from typing import Any, Iterable

from crib_tourney.records import record
from crib_tourney.services import rated_games
from crib_tourney.store import ratings as store
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import steps_after
from crib_tourney.tourney.glicko2 import SCALE, Rating, idle
from crib_tourney.tourney.ratings import Standing, Step, restep

MOST = 400  # players touched since the ratings were kept, at most (a night's results; a whole round is rated again)

# The tables a rating is made from, with the columns whose change is not brought up to
# date here (the order of the periods, who a side is, which event a game is of); a
# change to another column (a check-in, a withdrawal, a table's number) rates no game.
FIXED = {"event": {"date", "variant", "first_dealer", "created_at"}, "league_night": {"date", "event_id"},
         "player": {"start_rating", "start_rd", "start_volatility"}, "entry": {"player_id", "team_name", "event_id"},
         "playoff_match": {"event_id"}, "pairing": {"event_id", "entry1_id", "entry2_id", "entry3_id"},
         "outcome": {"pairing_id", "entry_id"}, "playoff_game": {"match_id", "entry1_id", "entry2_id"},
         "cut_playoff": {"event_id", "winner_entry_id", "loser_entry_id"}}
GAMES = {"pairing", "outcome", "playoff_game", "cut_playoff"}  # the tables whose rows are games or their cards


@record
class Since:
    """The players whose ratings the writes since the kept ones changed (all in one event)."""

    event: int | None  # the last rated period, where they played (None: nobody's rating changed)
    players: dict[int, Standing | None]  # their ratings now (None: not rated)
    kept: dict[int, Standing]  # their kept ratings (those who had one)
    steps: dict[int, Step]  # their step at ``event`` now (those with a game there)
    idle_cap: float | None = None  # ``event`` is a new period: everyone else sat it out (the cap of their deviation)

    def now(self, kept: Standing) -> Standing:
        """A kept rating of someone not among ``players``, as it is now: a new period
        he sat out grows his deviation (Glickman's step 6; not a starting rating's)."""
        if self.idle_cap is None or kept.games == 0:
            return kept
        return kept._replace(rd=SCALE * idle(kept.rd / SCALE, kept.volatility, 1, self.idle_cap))


NOTHING = Since(None, {}, {}, {})


class _Touched:
    """The games the steps touched: tables and playoff games (by id, or as rows gone)."""

    def __init__(self) -> None:
        self.pairings: set[int] = set()
        self.outcomes: set[int] = set()  # cards changed in place: their table is looked up
        self.playoff_games: set[int] = set()  # changed in place
        self.sides: list[tuple[int, list[int]]] = []  # (event, entries) of rows read from the steps themselves
        self.matches: list[tuple[int, list[int]]] = []  # (match, entries) of playoff games read from the steps

    def add(self, step: dict[str, Any]) -> bool:
        """Note one step; False: one not brought up to date here."""
        table, op = step["table"], step["op"]
        if table not in FIXED:
            return True  # not a table a rating is made from
        if op == "update":
            changed = {k for k, v in step["after"].items() if step["before"].get(k) != v}
            if changed & FIXED[table]:
                return False
            if table == "outcome":
                self.outcomes.add(int(step["id"]))
            elif table == "playoff_game":
                self.playoff_games.add(int(step["id"]))
            return True
        if table not in GAMES:  # a new event, entry, player, night or match has no game yet
            return op == "insert" or not step.get("before") and op == "replace"
        rows = step.get("rows", []) + step.get("before", []) + step.get("after", [])
        if table == "pairing":
            if op != "insert":  # a new table has no card yet
                self.sides += [(int(r["event_id"]), _entries(r, "entry1_id", "entry2_id", "entry3_id")) for r in rows]
        elif table == "outcome":
            self.pairings |= {int(r["pairing_id"]) for r in rows}
        elif table == "playoff_game":
            self.matches += [(int(r["match_id"]), _entries(r, "entry1_id", "entry2_id")) for r in rows]
        else:
            self.sides += [(int(r["event_id"]), _entries(r, "winner_entry_id", "loser_entry_id")) for r in rows]
        return True

    def games(self, db: Db) -> list[tuple[int, list[int]]] | None:
        """(event, entries) of every game touched; None: a match since deleted."""
        events = store.match_events(db, sorted({m for m, _ in self.matches}))
        if any(m not in events for m, _ in self.matches):
            return None
        return (self.sides + [(events[m], entries) for m, entries in self.matches]
                + store.pairing_sides(db, sorted(self.pairings | set(store.outcome_pairings(db, sorted(self.outcomes)))))
                + store.playoff_game_sides(db, sorted(self.playoff_games)))


def _entries(row: dict[str, Any], *columns: str) -> list[int]:
    return [int(row[c]) for c in columns if row.get(c) is not None]


def since_kept(db: Db, audit: int, periods: list[int], tau: float, newcomer: Rating, first_deal: float) -> Since | None:
    """What the writes after audit entry ``audit`` changed of the ratings kept then,
    whose rated periods were ``periods`` (event ids, in order); None: more than is
    brought up to date here (the caller rates every game again)."""
    touched = _Touched()
    if not all(touched.add(step) for step in steps_after(db, audit)):
        return None
    games = touched.games(db)
    if games is None:
        return None
    if not games:
        return NOTHING
    events = {e for e, _ in games}
    if len(events) != 1:
        return None
    (event,) = events
    if periods and event == periods[-1]:
        rated = periods
    elif event not in periods and _after(db, event, periods[-1] if periods else None):
        rated = periods + [event]  # a new period, last of all
    else:
        return None  # an earlier period: every later one moves
    entries = sorted({e for _, found in games for e in found})
    if len(entries) > 3 * MOST:
        return None
    owners = store.entry_players(db, entries)
    if len(owners) != len(entries):
        return None  # an entry since deleted
    players = sorted({p for p in owners.values() if p is not None})
    if len(players) > MOST:
        return None
    if not players:
        return NOTHING  # teams' games: not rated
    return _stepped_again(db, event, players, rated, event not in periods, tau, newcomer, first_deal)


def _after(db: Db, event: int, last: int | None) -> bool:
    """Whether the event is played after the event ``last`` (None: there is none)."""
    order = [e[0] for e in store.events(db)]
    return last is None or (last in order and order.index(event) > order.index(last))


def _stepped_again(db: Db, event: int, players: list[int], periods: list[int], new: bool, tau: float, newcomer: Rating,
                   first_deal: float) -> Since | None:
    """The players' ratings now, ``event`` the last of ``periods`` (``new``: a period not kept)."""
    here = len(periods) - 1
    cap = newcomer.rd / SCALE
    [period] = rated_games.periods(db, first_deal, store.Only(event, store.entries_of_players(db, event, players)))
    who = set(players)
    opponents = sorted({p for game in period.games for p in game[:2]} - who)
    began = {s.player: s.before for s in map(kept_step, store.kept_steps_in(db, event, players + opponents))}
    if any(p not in began for p in opponents):
        return None  # (cannot be: an opponent's game in this event is a kept one)
    earlier: dict[int, list[Step]] = {p: [] for p in players}  # each player's kept steps before the event
    for step in map(kept_step, store.kept_steps_of_players(db, players)):
        if step.event != event:
            earlier[step.player].append(step)
    order = {e: i for i, e in enumerate(periods)}
    if any(s.event not in order for steps in earlier.values() for s in steps):
        return None
    starts = rated_games.starting_ratings(db, players)
    pre: dict[int, Rating] = {p: began[p] for p in opponents}
    for p in players:
        if p in began:
            pre[p] = began[p]
        elif earlier[p]:
            last = earlier[p][-1]
            pre[p] = _widened(last.after, here - order[last.event] - 1, cap)
        else:
            pre[p] = starts.get(p, newcomer)
    after = restep(period.games, pre, who, tau)
    if not after and new:
        return NOTHING  # no rated game in it yet (a lone card, a forfeit): no new period
    if not after and not store.kept_step_outside(db, event, players):
        return None  # the event has no rated game left: the periods are fewer
    kept = {int(r[0]): kept_standing(r) for r in store.kept_players_of(db, players)}
    now: dict[int, Standing | None] = {}
    steps: dict[int, Step] = {}
    for p in players:
        played = sum(s.games for s in earlier[p])
        if p in after:
            rating, games, points = after[p]
            steps[p] = Step(p, event, pre[p], rating, games, points)
            now[p] = Standing(p, rating.rating, rating.rd, rating.volatility, played + games, event)
        elif earlier[p]:
            last = earlier[p][-1]
            widened = _widened(last.after, here - order[last.event], cap)
            now[p] = Standing(p, widened.rating, widened.rd, widened.volatility, played, last.event)
        elif p in starts:
            now[p] = Standing(p, starts[p].rating, starts[p].rd, starts[p].volatility, 0, None)
        else:
            now[p] = None
    return Since(event, now, kept, steps, cap if new else None)


def _widened(rating: Rating, idle_periods: int, cap: float) -> Rating:
    """A rating, its deviation grown by ``idle_periods`` periods without a game."""
    if idle_periods <= 0:
        return rating
    return rating._replace(rd=SCALE * idle(rating.rd / SCALE, rating.volatility, idle_periods, cap))


def kept_standing(row: Iterable[Any]) -> Standing:
    """A kept player's rating (store/ratings.kept_players' row)."""
    p, r, d, v, n, e = row
    return Standing(int(p), float(r), float(d), float(v), int(n), None if e is None else int(e))


def kept_step(row: Iterable[Any]) -> Step:
    """A kept step (store/ratings.kept_steps' row)."""
    p, e, rb, db, vb, r, d, v, n, s = row
    return Step(int(p), int(e), Rating(float(rb), float(db), float(vb)), Rating(float(r), float(d), float(v)), int(n), float(s))
