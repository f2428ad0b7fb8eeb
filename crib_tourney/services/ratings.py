"""Ratings across events (Glicko-2): made from every final game of the database
(services/rated_games.py reads them, tourney/ratings.py rates them).

How they are kept: `ratings rebuild` makes them from scratch and keeps them
(player_rating, rating_change) with the data version it made them at, the
settings (tau, the first deal's edge), the events rated and the newest audit
entry. A read of every player's rating asks whether that version is still the
database's: if so the kept rows are read; if anything was written since (a
result, an undo, an import), the ratings are made again from scratch for that
read, with the kept settings, and a read command that had to do so keeps what it
made once it has printed (``keep_made``: at the data version it read, which
does not move), so only the first read pays (a database of 20,000 players takes
about a second or two to rate). So what is shown always equals a rebuild (a
test drives the CLI and checks it). One player's rating (`player history`: ``of_player``) reads his own
rows, and his place on the list counts the players ranked before him (the
database counts those rated well above him; those near him are compared by
tourney/ratings.rank_key), not every player's rating; results written since in
the event in play (or a new one) are brought up to date for their own players
alone (services/ratings_since.py), anything more has every game rated again.
"""

from __future__ import annotations

from typing import Any, Sequence

from crib_tourney.errors import CribError
from crib_tourney.records import record
from crib_tourney.services import rated_games
from crib_tourney.services.ratings_since import NOTHING, Since, kept_standing, kept_step, since_kept
from crib_tourney.store import ratings as store
from crib_tourney.store.directory import entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import ALL, keep_ratings, newest_audit_id, versions
from crib_tourney.tourney.glicko2 import TAU, Rating
from crib_tourney.tourney.ratings import FIRST_DEAL, START, Ratings, Standing, Step, provisional, rank_key, ranked, rate


@record
class Settings:
    """How the ratings are made: Glicko-2's tau, the first dealer's edge, a newcomer's RD and volatility."""

    tau: float = TAU
    first_deal: float = FIRST_DEAL
    start_rd: float = START.rd
    start_volatility: float = START.volatility

    def as_dict(self) -> dict[str, float]:
        return {"tau": self.tau, "first_deal": self.first_deal, "start_rd": self.start_rd,
                "start_volatility": self.start_volatility}

    @property
    def newcomer(self) -> Rating:
        return Rating(START.rating, self.start_rd, self.start_volatility)


LIMITS = {"tau": (0.2, 2.0, "tau"), "first_deal": (-200.0, 200.0, "the first deal's edge"),
          "start_rd": (1.0, 350.0, "a newcomer's RD"), "start_volatility": (0.001, 0.2, "a newcomer's volatility")}


def check_settings(**given: float | None) -> None:
    for name, value in given.items():
        low, high, what = LIMITS[name]
        if value is not None and not low <= value <= high:  # NaN fails too
            raise CribError(f"{what} must be between {low:g} and {high:g}, not {value:g}")


def settings(db: Db) -> Settings:
    """The settings of the last rebuild (the defaults before any)."""
    found = store.kept(db)
    if found is None:
        return Settings()
    return Settings(**{k: float(v) for k, v in found[1].items() if k in LIMITS})


def rebuilt(db: Db, chosen: Settings) -> Ratings:
    """The ratings made from scratch, from every final game."""
    return rate(rated_games.periods(db, chosen.first_deal), rated_games.starting_ratings(db), chosen.tau, chosen.newcomer)


# The way ratings are made: kept ratings made another way (an older release) are made again.
METHOD = 1


def _fresh(db: Db) -> bool:
    found = store.kept(db)
    return found is not None and found[0] == versions(db, [ALL])[0] and found[1].get("method") == METHOD


# What the ratings are read from: a write to one of these drops the ratings a command
# (or the live view, for one data version) has read.
READS = ("outcome", "pairing", "playoff_game", "playoff_match", "cut_playoff", "entry", "event", "player", "league_night",
         "ratings_kept")


def current(db: Db) -> Ratings:
    """The ratings now: the kept ones while nothing changed since they were made, else made
    again (once per command, or per data version of the live view)."""
    return db.memo(("ratings",), READS, lambda: _current(db))


def _current(db: Db) -> Ratings:
    if not _fresh(db):
        chosen = settings(db)
        made = rebuilt(db, chosen)
        db.memo(("ratings made",), READS, lambda: Made(made, chosen, versions(db, [ALL])[0]))
        return made
    players = {int(row[0]): kept_standing(row) for row in store.kept_players(db)}
    steps = [kept_step(row) for row in store.kept_steps(db)]
    return Ratings(players, steps)


@record
class Rebuilt:
    players: int
    games: int
    events: int
    settings: Settings


def rebuild(db: Db, tau: float | None = None, first_deal: float | None = None, start_rd: float | None = None,
            start_volatility: float | None = None) -> Rebuilt:
    """Make the ratings from scratch and keep them (settings given are kept for later reads)."""
    given = {"tau": tau, "first_deal": first_deal, "start_rd": start_rd, "start_volatility": start_volatility}
    check_settings(**given)
    chosen = Settings(**{**settings(db).as_dict(), **{k: v for k, v in given.items() if v is not None}})
    made = rebuilt(db, chosen)
    _keep(db, made, chosen, None)
    return Rebuilt(len(made.players), sum(s.games for s in made.steps) // 2, len({s.event for s in made.steps}), chosen)


def _keep(db: Db, made: Ratings, chosen: Settings, made_at: int | None) -> None:
    players = [{"player_id": p.player, "rating": p.rating, "rd": p.rd, "volatility": p.volatility, "games": p.games,
                "last_event_id": p.last_event} for p in made.players.values()]
    changes = [{"player_id": s.player, "event_id": s.event, "rating_before": s.before.rating, "rd_before": s.before.rd,
                "volatility_before": s.before.volatility, "rating": s.after.rating, "rd": s.after.rd,
                "volatility": s.after.volatility, "games": s.games, "points": s.points} for s in made.steps]
    # what later reads bring up to date from (services/ratings_since.py): the rated periods and the newest change
    periods = list(dict.fromkeys(s.event for s in made.steps))
    keep_ratings(db, {**chosen.as_dict(), "method": METHOD, "periods": periods, "audit": newest_audit_id(db)}, players, changes,
                 made_at)


@record
class Made:
    """Ratings a read made from every game (none were kept, or not for this data):
    with the settings and at the data version they were made at."""

    ratings: Ratings
    settings: Settings
    version: int


def made_here(db: Db) -> Made | None:
    """The ratings this transaction made from every game (None: it read kept ones, or none)."""
    found: Made | None = db.memoized(("ratings made",))
    return found


def keep_made(db: Db, made: Made) -> bool:
    """Keep ratings a read made (``made_here``), in a writing transaction of their own,
    while the data is still what they were made from and nothing is kept for it: a
    later read of one player reads them, with what is written since brought up to
    date (`player history`). The versions do not move: nothing shown changes. False:
    nothing kept (the data moved on, or they were kept meanwhile)."""
    if versions(db, [ALL])[0] != made.version or _fresh(db) or settings(db) != made.settings:
        return False
    _keep(db, made.ratings, made.settings, made.version)
    return True


# --- what the commands show ---------------------------------------------------------

@record
class RatingRow:
    rank: int
    player_id: int
    player: str
    club: str | None
    rating: float
    rd: float
    volatility: float
    games: int
    last_played: str | None  # the day of his last rated event
    provisional: bool

    def as_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "club": self.club, "rating": round(self.rating, 2),
                "rd": round(self.rd, 2), "volatility": round(self.volatility, 6), "games": self.games,
                "last_played": self.last_played, "provisional": self.provisional}


def table(db: Db, club: str | None = None, min_games: int = 0) -> list[RatingRow]:
    """The rating list: highest first, of a club's players if given, with at least ``min_games`` rated games."""
    if min_games < 0:
        raise CribError(f"--min-games cannot be negative ({min_games})")
    names = store.players(db)
    line = settings(db).start_rd
    if club is not None:
        wanted = club.strip().casefold()
        members = {p for p, (_, c) in names.items() if c is not None and c.strip().casefold() == wanted}
        if not members:
            raise CribError(f"unknown club {club!r}: no player on the roster is of that club")
    days = {e[0]: e[2] for e in store.events(db)}
    rows: list[RatingRow] = []
    for p in ranked(current(db).players.values()):
        if p.player not in names or (club is not None and p.player not in members) or p.games < min_games:
            continue
        rows.append(RatingRow(len(rows) + 1, p.player, names[p.player][0], names[p.player][1], p.rating, p.rd, p.volatility,
                              p.games, None if p.last_event is None else days.get(p.last_event), provisional(p.rd, line)))
    return rows


@record
class EventRating:
    event: str
    date: str
    before: float
    after: float
    rd: float
    games: int
    points: float

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "date": self.date, "rating_before": round(self.before, 2), "rating": round(self.after, 2),
                "change": round(self.after - self.before, 2), "rd": round(self.rd, 2), "games": self.games, "points": self.points}


@record
class PlayerRating:
    rating: float | None
    rd: float | None
    volatility: float | None
    games: int
    provisional: bool
    rank: int | None
    events: tuple[EventRating, ...]

    def as_dict(self) -> dict[str, Any]:
        if self.rating is None or self.rd is None or self.volatility is None:
            return {"rating": None, "rd": None, "volatility": None, "games": 0, "provisional": True, "rank": None, "events": []}
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "volatility": round(self.volatility, 6),
                "games": self.games, "provisional": self.provisional, "rank": self.rank,
                "events": [e.as_dict() for e in self.events]}


def of_player(db: Db, player_id: int) -> PlayerRating:
    """One player's rating now, his place on the list, and its change at each event."""
    if db.memoized(("ratings",)) is None:
        since = NOTHING if _fresh(db) else changed_since_kept(db)
        if since is not None:
            return _kept_of_player(db, player_id, since)
    made = current(db)
    found = made.players.get(player_id)
    if found is None:
        return PlayerRating(None, None, None, 0, True, None, ())
    order = [p.player for p in ranked(made.players.values())]
    names = {e[0]: (e[1], e[2]) for e in store.events(db)}
    events = tuple(EventRating(names[s.event][0], names[s.event][1], s.before.rating, s.after.rating, s.after.rd, s.games, s.points)
                   for s in made.steps if s.player == player_id and s.event in names)
    return PlayerRating(found.rating, found.rd, found.volatility, found.games, provisional(found.rd, settings(db).start_rd),
                        order.index(player_id) + 1, events)


def changed_since_kept(db: Db) -> Since | None:
    """What the writes since the ratings were kept changed of them (None: more than
    services/ratings_since.py brings up to date, or kept by an older release)."""
    found = store.kept(db)
    if found is None or found[1].get("method") != METHOD or "audit" not in found[1]:
        return None
    chosen = settings(db)
    return since_kept(db, int(found[1]["audit"]), [int(e) for e in found[1]["periods"]], chosen.tau, chosen.newcomer,
                      chosen.first_deal)


# Ratings further apart than this are in the same order rounded to six places (tourney/ratings.rank_key).
_APART = 1e-5


def _kept_of_player(db: Db, player_id: int, since: Since) -> PlayerRating:
    """of_player from the kept ratings and what changed since (``since``), his rows
    alone: his place on the list is one more than the players ranked before him:
    of the kept ratings, those rated well above him counted by the database, and
    those of his very rating and deviation with a smaller id (the order of rank_key
    among equals), the others rated near him compared by rank_key; then those whose
    rating changed since moved from where they were kept to where they are now."""
    if player_id in since.players:
        found = since.players[player_id]
    else:
        row = store.kept_player(db, player_id)
        found = None if row is None else since.now(kept_standing(row))
    if found is None:
        return PlayerRating(None, None, None, 0, True, None, ())
    key = rank_key(found)
    near = [since.now(kept_standing(r)) for r in store.kept_rated_between(db, found.rating - _APART, found.rating + _APART,
                                                                      found.rating, found.rd)]
    before = sum(1 for p in near if rank_key(p) < key)
    if since.idle_cap is None:
        before += store.kept_level(db, found.rating, found.rd, player_id)
    else:  # a new period: those of his very rating and deviation may have grown apart
        before += sum(1 for r in store.kept_level_rows(db, found.rating, found.rd, player_id) if rank_key(since.now(kept_standing(r))) < key)
    before += sum(1 for p in since.players.values() if p is not None and p.player != player_id and rank_key(p) < key)
    before -= sum(1 for p in since.kept.values() if rank_key(since.now(p)) < key)
    rank = store.kept_rated_above(db, found.rating + _APART) + before + 1
    names = {e[0]: (e[1], e[2]) for e in store.events(db)}
    steps = [kept_step(row) for row in store.kept_steps_of(db, player_id)]
    if player_id in since.players:
        steps = [s for s in steps if s.event != since.event] + ([since.steps[player_id]] if player_id in since.steps else [])
    events = tuple(EventRating(names[s.event][0], names[s.event][1], s.before.rating, s.after.rating, s.after.rd, s.games, s.points)
                   for s in steps if s.event in names)
    return PlayerRating(found.rating, found.rd, found.volatility, found.games, provisional(found.rd, settings(db).start_rd),
                        rank, events)


def ratings_of(db: Db, players: Sequence[int]) -> dict[int, Standing]:
    """The ratings now of these players (those rated or given a starting rating)."""
    made = current(db).players
    return {p: made[p] for p in players if p in made}


# --- during an event ---------------------------------------------------------------

@record
class Estimate:
    """A player's rating before an event and the estimate so far (TSH's ratings during an event)."""

    before: Rating
    now: Rating
    games: int  # rated games in the event so far


def during(db: Db, event_id: int) -> dict[str, Estimate]:
    """Each single-player entry of the event, by its name: his rating before the event
    (after his last earlier event, or as he started) and the estimate with the event's
    final games so far. A name two entries share is left out (it would be a guess).
    Read once per command (or per data version of the live view, where each player's
    page asks for his own: five statements a page, before)."""
    return db.memo(("during", event_id), READS, lambda: _during(db, event_id))


def _during(db: Db, event_id: int) -> dict[str, Estimate]:
    event = load_event(db, event_id)
    entries = dict(store.single_entries(db, event_id))
    names = entry_names(db, event)
    chosen = settings(db)
    made = current(db)
    order = {e[0]: i for i, e in enumerate(store.events(db))}
    here = order.get(event_id, len(order))
    latest: dict[int, tuple[int, Step]] = {}  # player: his last step before this event
    mine: dict[int, Step] = {}
    wanted = set(entries.values())
    for s in made.steps:
        if s.player not in wanted:
            continue
        if s.event == event_id:
            mine[s.player] = s
        elif order.get(s.event, -1) < here and (s.player not in latest or order[s.event] > latest[s.player][0]):
            latest[s.player] = (order[s.event], s)
    starts = rated_games.starting_ratings(db)
    counted: dict[str, int] = {}
    for shown in names.values():
        counted[shown] = counted.get(shown, 0) + 1
    found: dict[str, Estimate] = {}
    for entry, player in entries.items():
        name = names.get(entry)
        if name is None or counted[name] > 1:
            continue
        if player in mine:
            s = mine[player]
            found[name] = Estimate(s.before, s.after, s.games)
        else:
            before = latest[player][1].after if player in latest else starts.get(player, chosen.newcomer)
            found[name] = Estimate(before, before, 0)
    return found
